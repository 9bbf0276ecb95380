/**
 * The callback outbox's dispatcher: POSTs due deliveries with the webhook
 * token, and on a non-2xx answer (a redirect included: it is not followed)
 * or a network error tries again later, with exponential backoff and jitter,
 * for the configured retry window (24 hours by default). Deliveries live in
 * the store, so they survive restarts; a lease keeps two dispatchers from
 * sending the same one at once. Only destinations the callback policy allows
 * are connected to (checked again at connect time); a URL the policy refuses
 * without DNS (an internal address, credentials) is abandoned at once. Log
 * lines show a URL without its credentials and query string.
 */
import { type CallbackPolicy, redactUrl } from './callback-policy.js';
import { createCallbackSender } from './callback-sender.js';
import type { Logger } from './logger.js';
import type { Delivery, Store } from './store.js';

export interface DispatcherOptions {
  store: Store;
  /** Sent as `X-Webhook-Token`; never logged. */
  webhookToken: string;
  /** Where deliveries may go (`createCallbackPolicy`). */
  policy: CallbackPolicy;
  logger: Logger;
  /** How long a failing delivery is retried. */
  retryWindowMs: number;
  timeoutMs: number;
  /** The first retry's delay; each later one doubles it (with jitter), up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the outbox is polled when nothing wakes the dispatcher. */
  pollMs?: number;
  now?: () => number;
  random?: () => number;
}

export interface Dispatcher {
  /** Looks at the outbox now (a delivery was just enqueued). */
  wake(): void;
  /** Stops polling and waits for the deliveries in progress. */
  close(): Promise<void>;
}

const CLAIM_LIMIT = 16;

/** The delay before attempt `attempts + 1`: doubling from `initial`, capped, times a jitter in [0.5, 1.5). */
export function backoffDelay(attempts: number, initial: number, max: number, random: () => number): number {
  const base = Math.min(initial * 2 ** Math.max(0, attempts - 1), max);
  return Math.round(base * (0.5 + random()));
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const sender = createCallbackSender(options.policy);
  const headers = { 'content-type': 'application/json', 'x-webhook-token': options.webhookToken };
  const initialBackoff = options.initialBackoffMs ?? 1000;
  const maxBackoff = options.maxBackoffMs ?? 3_600_000;
  const pollMs = options.pollMs ?? 1000;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function deliver(delivery: Delivery): Promise<void> {
    const attempts = delivery.attempts + 1;
    const about = { delivery: delivery.id, kind: delivery.kind, url: redactUrl(delivery.url), attempts };
    // What DNS cannot change (an internal address, credentials) is not worth a day of retries.
    const refused = options.policy.checkWithoutDns(delivery.url);
    if (refused !== null) {
      const failure = `CallbackRefusedError: ${refused}`;
      await options.store.abandonDelivery(delivery.id, attempts, failure);
      options.logger.error({ ...about, failure }, 'callback refused');
      return;
    }
    let failure: string;
    try {
      const status = await sender.post(delivery.url, delivery.body, headers, options.timeoutMs);
      if (status >= 200 && status < 300) {
        await options.store.markDelivered(delivery.id, now());
        options.logger.info(about, 'callback delivered');
        return;
      }
      failure =
        status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
    } catch (error) {
      failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const at = now();
    if (at - delivery.createdAt >= options.retryWindowMs) {
      await options.store.abandonDelivery(delivery.id, attempts, failure);
      options.logger.error({ ...about, failure }, 'callback abandoned');
      return;
    }
    const next = at + backoffDelay(attempts, initialBackoff, maxBackoff, random);
    await options.store.rescheduleDelivery(delivery.id, attempts, next, failure);
    options.logger.warn({ ...about, failure }, 'callback failed, will retry');
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      const due = await options.store.claimDueDeliveries(now(), CLAIM_LIMIT, options.timeoutMs * 2);
      await Promise.all(due.map(deliver));
      if (due.length === CLAIM_LIMIT) again = true;
    } while (again && !closed);
  }

  const tick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => options.logger.error({ err: error }, 'callback dispatcher failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();
  tick();

  return {
    wake: tick,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      sender.close();
    },
  };
}
