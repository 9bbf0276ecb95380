/** The callback outbox of the SQLite store. */
import {
  type DeliveryMethods,
  type DeliveryRecordRow,
  type DeliveryRow,
  type DeliveryState,
  type DestinationLimit,
  deliveryColumns,
  deliveryColumnsOfD,
  deliveryDueOrder,
  deliveryInsert,
  deliveryRecordColumns,
  inProgressJson,
  insertStatement,
  type NewDelivery,
  toDelivery,
  toDeliveryRecord,
} from '@txenrich/service';
import type { StoreContext } from './operations.js';

export function createDeliveries({ db, op, write }: StoreContext): {
  /** Stores a new delivery, inside the caller's transaction. */
  insertDelivery(delivery: NewDelivery): void;
  methods: DeliveryMethods;
} {
  const s = {
    insert: db.prepare(insertStatement(deliveryInsert, () => '?')),
    due: db.prepare<[now: number, limit: number], DeliveryRow>(
      `SELECT ${deliveryColumns} FROM deliveries WHERE state = 'pending' AND next_attempt_at <= ?
       ORDER BY ${deliveryDueOrder} LIMIT ?`,
    ),
    // Each due delivery ranked within its destination, oldest due first; a destination takes as many as
    // its limit leaves after those in progress (`inProgress`: a JSON object, destination -> count).
    duePerDestination: db.prepare<[inProgress: string, now: number, max: number, limit: number], DeliveryRow>(
      `WITH busy (destination, count) AS (SELECT key, value FROM json_each(?)),
       ranked AS (
         SELECT id, destination,
           row_number() OVER (PARTITION BY destination ORDER BY ${deliveryDueOrder}) AS rank
         FROM deliveries WHERE state = 'pending' AND next_attempt_at <= ?
       )
       SELECT ${deliveryColumnsOfD} FROM ranked JOIN deliveries d ON d.id = ranked.id
       WHERE ranked.rank + coalesce((SELECT count FROM busy WHERE busy.destination = ranked.destination), 0) <= ?
       ORDER BY d.next_attempt_at, d.created_at, d.id LIMIT ?`,
    ),
    lease: db.prepare<[until: number, id: string]>('UPDATE deliveries SET next_attempt_at = ? WHERE id = ?'),
    markDelivered: db.prepare<[attempts: number, at: number, id: string]>(
      `UPDATE deliveries SET state = 'delivered', attempts = ?, delivered_at = ? WHERE id = ? AND state = 'pending'`,
    ),
    reschedule: db.prepare<[attempts: number, nextAttemptAt: number, lastError: string, id: string]>(
      `UPDATE deliveries SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND state = 'pending'`,
    ),
    abandon: db.prepare<[attempts: number, lastError: string, at: number, id: string]>(
      `UPDATE deliveries SET state = 'abandoned', attempts = ?, last_error = ?, abandoned_at = ?
       WHERE id = ? AND state = 'pending'`,
    ),
    pending: db.prepare<[], DeliveryRow>(
      `SELECT ${deliveryColumns} FROM deliveries WHERE state = 'pending' ORDER BY ${deliveryDueOrder}`,
    ),
    all: db.prepare<[limit: number], DeliveryRecordRow>(
      `SELECT ${deliveryRecordColumns} FROM deliveries ORDER BY created_at DESC, id LIMIT ?`,
    ),
    byState: db.prepare<[state: DeliveryState, limit: number], DeliveryRecordRow>(
      `SELECT ${deliveryRecordColumns} FROM deliveries WHERE state = ? ORDER BY created_at DESC, id LIMIT ?`,
    ),
    one: db.prepare<[id: string], DeliveryRecordRow>(
      `SELECT ${deliveryRecordColumns} FROM deliveries WHERE id = ?`,
    ),
    replay: db.prepare<[at: number, at: number, id: string]>(
      `UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, replayed_at = ?, abandoned_at = NULL
       WHERE id = ? AND state = 'abandoned'`,
    ),
  };

  function insertDelivery(delivery: NewDelivery): void {
    s.insert.run(...deliveryInsert.values(delivery));
  }

  return {
    insertDelivery,
    methods: {
      enqueueDelivery: write('enqueueDelivery', insertDelivery),

      claimDueDeliveries: write(
        'claimDueDeliveries',
        db.transaction((now: number, limit: number, leaseMs: number, perDestination?: DestinationLimit) => {
          if (limit < 1) return [];
          const leasedUntil = now + leaseMs;
          const due = perDestination
            ? s.duePerDestination.all(
                inProgressJson(perDestination.inProgress),
                now,
                perDestination.max,
                limit,
              )
            : s.due.all(now, limit);
          return due.map((row) => {
            s.lease.run(leasedUntil, row.id);
            return toDelivery({ ...row, next_attempt_at: leasedUntil });
          });
        }).immediate,
      ),

      markDelivered: write('markDelivered', (id: string, attempts: number, at: number) => {
        s.markDelivered.run(attempts, at, id);
      }),

      rescheduleDelivery: write(
        'rescheduleDelivery',
        (id: string, attempts: number, nextAttemptAt: number, lastError: string) => {
          s.reschedule.run(attempts, nextAttemptAt, lastError, id);
        },
      ),

      abandonDelivery: write(
        'abandonDelivery',
        (id: string, attempts: number, lastError: string, at: number) => {
          s.abandon.run(attempts, lastError, at, id);
        },
      ),

      pendingDeliveries: op('pendingDeliveries', () => s.pending.all().map(toDelivery)),

      listDeliveries: op('listDeliveries', (state: DeliveryState | undefined, limit: number) =>
        (state === undefined ? s.all.all(limit) : s.byState.all(state, limit)).map(toDeliveryRecord),
      ),

      findDelivery: op('findDelivery', (id: string) => {
        const row = s.one.get(id);
        return row === undefined ? null : toDeliveryRecord(row);
      }),

      replayDelivery: write(
        'replayDelivery',
        (id: string, at: number) => s.replay.run(at, at, id).changes === 1,
      ),
    },
  };
}
