/**
 * The callback outbox of the Postgres store. A claim leases the due deliveries
 * it picks with one UPDATE that checks again that each is still due: a
 * delivery two processes pick at once is leased by one of them only.
 */
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
import { placeholder, type Query, type StoreContext } from './operations.js';

const insertDeliverySql = insertStatement(deliveryInsert, placeholder);

/** Stores a new delivery (in the caller's transaction when `query` is one's). */
export async function insertDelivery(query: Query, delivery: NewDelivery): Promise<void> {
  await query(insertDeliverySql, deliveryInsert.values(delivery));
}

/** The ids of the due deliveries to lease, ranked: `$1` now, `$2` limit. */
const dueSql = `SELECT id, row_number() OVER (ORDER BY ${deliveryDueOrder}) AS position
  FROM deliveries WHERE state = 'pending' AND next_attempt_at <= $1
  ORDER BY ${deliveryDueOrder} LIMIT $2`;

/**
 * As `dueSql`, at most `$3` per destination counting those in progress (`$4`: a JSON object,
 * destination -> count), the next due ones of other destinations taken instead.
 */
const duePerDestinationSql = `WITH busy AS (SELECT key AS destination, value::int AS count FROM jsonb_each_text($4::jsonb)),
  ranked AS (
    SELECT id, destination, next_attempt_at, created_at,
      row_number() OVER (PARTITION BY destination ORDER BY ${deliveryDueOrder}) AS rank
    FROM deliveries WHERE state = 'pending' AND next_attempt_at <= $1
  )
  SELECT id, row_number() OVER (ORDER BY ${deliveryDueOrder}) AS position FROM ranked
  WHERE rank + coalesce((SELECT count FROM busy WHERE busy.destination = ranked.destination), 0) <= $3
  ORDER BY ${deliveryDueOrder} LIMIT $2`;

/** Leases the picked ones still due (`$1` now, `leasedUntil` the lease's end's placeholder), in the order picked. */
const leaseSql = (picked: string, leasedUntil: string) => `WITH picked AS (${picked}),
  leased AS (
    UPDATE deliveries d SET next_attempt_at = ${leasedUntil} FROM picked
    WHERE d.id = picked.id AND d.state = 'pending' AND d.next_attempt_at <= $1
    RETURNING ${deliveryColumnsOfD}, picked.position
  )
  SELECT ${deliveryColumns} FROM leased ORDER BY position`;

export function createDeliveries({ op, query }: StoreContext): DeliveryMethods {
  const claimSql = leaseSql(dueSql, '$3');
  const claimPerDestinationSql = leaseSql(duePerDestinationSql, '$5');

  return {
    enqueueDelivery: op('enqueueDelivery', (delivery: NewDelivery) => insertDelivery(query, delivery)),

    claimDueDeliveries: op(
      'claimDueDeliveries',
      async (now: number, limit: number, leaseMs: number, perDestination?: DestinationLimit) => {
        if (limit < 1) return [];
        const leasedUntil = now + leaseMs;
        const { rows } = perDestination
          ? await query<DeliveryRow>(claimPerDestinationSql, [
              now,
              limit,
              perDestination.max,
              inProgressJson(perDestination.inProgress),
              leasedUntil,
            ])
          : await query<DeliveryRow>(claimSql, [now, limit, leasedUntil]);
        return rows.map(toDelivery);
      },
    ),

    markDelivered: op('markDelivered', async (id: string, attempts: number, at: number) => {
      await query(
        `UPDATE deliveries SET state = 'delivered', attempts = $1, delivered_at = $2 WHERE id = $3 AND state = 'pending'`,
        [attempts, at, id],
      );
    }),

    rescheduleDelivery: op(
      'rescheduleDelivery',
      async (id: string, attempts: number, nextAttemptAt: number, lastError: string) => {
        await query(
          `UPDATE deliveries SET attempts = $1, next_attempt_at = $2, last_error = $3
           WHERE id = $4 AND state = 'pending'`,
          [attempts, nextAttemptAt, lastError, id],
        );
      },
    ),

    abandonDelivery: op(
      'abandonDelivery',
      async (id: string, attempts: number, lastError: string, at: number) => {
        await query(
          `UPDATE deliveries SET state = 'abandoned', attempts = $1, last_error = $2, abandoned_at = $3
         WHERE id = $4 AND state = 'pending'`,
          [attempts, lastError, at, id],
        );
      },
    ),

    pendingDeliveries: op('pendingDeliveries', async () => {
      const { rows } = await query<DeliveryRow>(
        `SELECT ${deliveryColumns} FROM deliveries WHERE state = 'pending' ORDER BY ${deliveryDueOrder}`,
      );
      return rows.map(toDelivery);
    }),

    listDeliveries: op('listDeliveries', async (state: DeliveryState | undefined, limit: number) => {
      const { rows } =
        state === undefined
          ? await query<DeliveryRecordRow>(
              `SELECT ${deliveryRecordColumns} FROM deliveries ORDER BY created_at DESC, id LIMIT $1`,
              [limit],
            )
          : await query<DeliveryRecordRow>(
              `SELECT ${deliveryRecordColumns} FROM deliveries WHERE state = $1 ORDER BY created_at DESC, id LIMIT $2`,
              [state, limit],
            );
      return rows.map(toDeliveryRecord);
    }),

    findDelivery: op('findDelivery', async (id: string) => {
      const { rows } = await query<DeliveryRecordRow>(
        `SELECT ${deliveryRecordColumns} FROM deliveries WHERE id = $1`,
        [id],
      );
      return rows[0] ? toDeliveryRecord(rows[0]) : null;
    }),

    replayDelivery: op('replayDelivery', async (id: string, at: number) => {
      const { rowCount } = await query(
        `UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = $1, replayed_at = $1,
           abandoned_at = NULL
         WHERE id = $2 AND state = 'abandoned'`,
        [at, id],
      );
      return rowCount === 1;
    }),
  };
}
