/**
 * The operator's view of the callback outbox (admin API): deliveries of
 * every tenant by state (the abandoned ones, above all), and the replay of an
 * abandoned one, which makes it pending again with a fresh retry window.
 */
import { type CallbackDelivery, deliveryListLimits } from '@txenrich/schema';
import { redactUrl } from './callback-policy.js';
import { ServiceError } from './errors.js';
import { isUuid } from './ids.js';
import type { DeliveryRecord, DeliveryState, Store } from './store.js';

/** A delivery as the admin API shows it (`callbackDeliverySchema`); its URL as log lines show it. */
export type DeliveryView = CallbackDelivery;

export { deliveryListLimits };

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());

export function deliveryView(record: DeliveryRecord): DeliveryView {
  return {
    id: record.id,
    kind: record.kind,
    tenant: record.scope.tenant,
    environment: record.scope.environment,
    url: redactUrl(record.url),
    state: record.state,
    attempts: record.attempts,
    lastError: record.lastError,
    createdAt: new Date(record.createdAt).toISOString(),
    nextAttemptAt: record.state === 'pending' ? new Date(record.nextAttemptAt).toISOString() : null,
    deliveredAt: isoOrNull(record.deliveredAt),
    abandonedAt: isoOrNull(record.abandonedAt),
    replayedAt: isoOrNull(record.replayedAt),
    body: JSON.parse(record.body) as unknown,
  };
}

export interface CallbackAdmin {
  /** The latest `limit` deliveries in `state` (of any state without it), the latest created first. */
  list(state: DeliveryState | undefined, limit?: number): Promise<DeliveryView[]>;
  /** Sends an abandoned delivery again: `NOT_FOUND` for an unknown id, `CONFLICT` unless abandoned. */
  replay(id: string): Promise<DeliveryView>;
}

export interface CallbackAdminOptions {
  store: Store;
  now: () => number;
  /** Called after a replay, so the dispatcher sends it at once. */
  onReplay(): void;
}

export function createCallbackAdmin(options: CallbackAdminOptions): CallbackAdmin {
  const { store, now } = options;

  const notFound = () => new ServiceError('NOT_FOUND', 'Callback not found.');

  async function find(id: string): Promise<DeliveryRecord> {
    const record = isUuid(id) ? await store.findDelivery(id) : null;
    if (!record) throw notFound();
    return record;
  }

  return {
    async list(state, limit = deliveryListLimits.default) {
      return (await store.listDeliveries(state, limit)).map(deliveryView);
    },

    async replay(id) {
      if (!isUuid(id)) throw notFound();
      if (!(await store.replayDelivery(id, now()))) {
        const { state } = await find(id);
        throw new ServiceError(
          'CONFLICT',
          `Only an abandoned callback can be replayed; this one is ${state}.`,
        );
      }
      options.onReplay();
      return deliveryView(await find(id));
    },
  };
}
