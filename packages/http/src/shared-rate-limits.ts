/**
 * Rate limits that hold across API processes: @fastify/rate-limit's store
 * over the service's store (`Store.countRequest`), when the store is shared
 * by several processes (Postgres). Each route counts apart, as with the
 * plugin's own in-memory store, which serves one process (SQLite).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Store } from '@txenrich/service';

type CountRequest = NonNullable<Store['countRequest']>;

export function sharedRateLimitStore(countRequest: CountRequest): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    route = '';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      const now = Date.now();
      countRequest(`${this.route} ${key}`, timeWindow ?? 1000, now).then(
        (window) => callback(null, { current: window.count, ttl: Math.max(0, window.endsAt - now) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
      const child = new SharedRateLimitStore();
      child.route = `${routeOptions.method} ${routeOptions.url}`;
      return child;
    }
  };
}
