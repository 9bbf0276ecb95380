/**
 * The callback outbox's dispatcher: POSTs due deliveries with the webhook
 * token, and on a non-2xx answer (a redirect included: it is not followed)
 * or a network error tries again on the schedule of `callback-schedule.ts`
 * for the retry window (72 hours by default), then abandons the delivery,
 * which stays for an operator to see and replay. Deliveries live in the
 * store, so they survive restarts; a lease keeps two dispatchers from
 * sending the same one at once.
 *
 * Deliveries run concurrently, up to `maxConcurrent` in all and
 * `maxConcurrentPerHost` per destination (host and port), and the next one
 * starts as soon as one ends: a slow receiver holds its own few slots, not
 * everyone's callbacks. Only destinations the callback policy allows are
 * connected to (checked again at connect time); a URL the policy refuses
 * without DNS (an internal address, credentials) is abandoned at once. Log
 * lines show a URL without its credentials and query string.
 */
import { type CallbackPolicy, redactUrl } from './callback-policy.js';
import { nextAttemptAt } from './callback-schedule.js';
import { createCallbackSender } from './callback-sender.js';
import type { Logger } from './logger.js';
import type { CallbackOutcome } from './stats.js';
import type { Delivery, Store } from './store.js';

export interface DispatcherOptions {
  store: Store;
  /** Sent as `X-Webhook-Token`; never logged. */
  webhookToken: string;
  /** Where deliveries may go (`createCallbackPolicy`). */
  policy: CallbackPolicy;
  logger: Logger;
  /** How long a failing delivery is retried, from its creation (or replay). */
  retryWindowMs: number;
  timeoutMs: number;
  /** Deliveries under way at once, in all and per destination (`callbacks.maxConcurrent...`). */
  maxConcurrent: number;
  maxConcurrentPerHost: number;
  /** The delays between attempts; `retrySchedule` by default (tests shorten them). */
  schedule?: readonly number[];
  /** How often the outbox is polled when nothing wakes the dispatcher. */
  pollMs?: number;
  now?: () => number;
  random?: () => number;
  /** Told the outcome of every attempt (the service's stats). */
  onAttempt?: (kind: Delivery['kind'], outcome: CallbackOutcome) => void;
}

export interface Dispatcher {
  /** Looks at the outbox now (a delivery was just enqueued). */
  wake(): void;
  /** Stops polling and waits for the deliveries in progress. */
  close(): Promise<void>;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { store, logger, maxConcurrent, maxConcurrentPerHost } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const sender = createCallbackSender(options.policy, { maxConcurrent, maxConcurrentPerHost });
  const headers = { 'content-type': 'application/json', 'x-webhook-token': options.webhookToken };
  // A delivery under way takes at most its timeout; past twice that, its dispatcher is taken for dead.
  const leaseMs = options.timeoutMs * 2;
  const pollMs = options.pollMs ?? 1000;
  const onAttempt = options.onAttempt ?? (() => {});
  /** Deliveries under way, and how many of them go to each destination. */
  const underway = new Set<Promise<void>>();
  const inProgress = new Map<string, number>();
  let closed = false;
  let claiming: Promise<void> | null = null;
  let again = false;

  async function deliver(delivery: Delivery): Promise<void> {
    const attempts = delivery.attempts + 1;
    const about = { delivery: delivery.id, kind: delivery.kind, url: redactUrl(delivery.url), attempts };
    // What DNS cannot change (an internal address, credentials) is not worth days of retries.
    const refused = options.policy.checkWithoutDns(delivery.url);
    if (refused !== null) {
      const failure = `CallbackRefusedError: ${refused}`;
      await store.abandonDelivery(delivery.id, attempts, failure, now());
      onAttempt(delivery.kind, 'refused');
      logger.error({ ...about, failure }, 'callback refused');
      return;
    }
    let failure: string;
    try {
      const status = await sender.post(delivery.url, delivery.body, headers, options.timeoutMs);
      if (status >= 200 && status < 300) {
        await store.markDelivered(delivery.id, attempts, now());
        onAttempt(delivery.kind, 'delivered');
        logger.info(about, 'callback delivered');
        return;
      }
      failure =
        status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
    } catch (error) {
      failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const at = now();
    const next = nextAttemptAt({
      attempts,
      at,
      windowStart: delivery.replayedAt ?? delivery.createdAt,
      windowMs: options.retryWindowMs,
      ...(options.schedule ? { schedule: options.schedule } : {}),
      random,
    });
    if (next === null) {
      await store.abandonDelivery(delivery.id, attempts, failure, at);
      onAttempt(delivery.kind, 'abandoned');
      logger.error({ ...about, failure }, 'callback abandoned');
      return;
    }
    await store.rescheduleDelivery(delivery.id, attempts, next, failure);
    onAttempt(delivery.kind, 'retried');
    logger.warn({ ...about, failure, retryAt: new Date(next).toISOString() }, 'callback failed, will retry');
  }

  function track(destination: string, change: 1 | -1) {
    const count = (inProgress.get(destination) ?? 0) + change;
    if (count === 0) inProgress.delete(destination);
    else inProgress.set(destination, count);
  }

  function start(delivery: Delivery) {
    track(delivery.destination, 1);
    const run: Promise<void> = deliver(delivery)
      // Its lease ends and it is due again: a store fault while recording the outcome loses nothing.
      .catch((error: unknown) =>
        logger.error({ delivery: delivery.id, err: error }, 'callback delivery failed'),
      )
      .finally(() => {
        track(delivery.destination, -1);
        underway.delete(run);
        tick(); // a slot is free
      });
    underway.add(run);
  }

  /** Claims due deliveries and starts them while slots are free. */
  async function fill(): Promise<void> {
    do {
      again = false;
      while (!closed && underway.size < maxConcurrent) {
        const due = await store.claimDueDeliveries(now(), maxConcurrent - underway.size, leaseMs, {
          max: maxConcurrentPerHost,
          inProgress,
        });
        for (const delivery of due) start(delivery);
        if (due.length === 0) break;
      }
    } while (again && !closed);
  }

  const tick = () => {
    if (closed) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = fill()
      .catch((error: unknown) => logger.error({ err: error }, 'callback dispatcher failed'))
      .finally(() => {
        claiming = null;
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
      await claiming;
      await Promise.allSettled([...underway]);
      sender.close();
    },
  };
}
