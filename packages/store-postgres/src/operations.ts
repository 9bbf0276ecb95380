/**
 * How the Postgres store talks to its pool: statements on any connection,
 * transactions on one, and the port's wrapper of every method
 * (`createStoreOperations`: it rejects once the store is closed, and every
 * failure leaves as a `StoreError`).
 */
import {
  type ColumnValue,
  createStoreOperations,
  type InsertMapping,
  type StoreOperation,
} from '@txenrich/service';
import pg from 'pg';
import { toStoreError } from './errors.js';

/** Postgres's int8 (`bigint`, what `count(*)` answers too) as a number: times in ms and counters fit. */
const INT8 = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** Runs one statement. */
export type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: readonly unknown[],
) => Promise<pg.QueryResult<R>>;

/** What each concern of the store is built from. */
export interface StoreContext {
  op: StoreOperation;
  /** A statement on any connection of the pool. */
  query: Query;
  /** Runs `run` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(run: (query: Query) => Promise<T>): Promise<T>;
  /** Opens a read-only transaction on one connection whose statements all read one snapshot. */
  snapshot(): Promise<Snapshot>;
}

/** Statements that read the database as it was at the first of them, whatever commits meanwhile. */
export interface Snapshot {
  query: Query;
  /** Ends the transaction and gives the connection back; never rejects. */
  end(): Promise<void>;
}

const queryOn =
  (on: pg.Pool | pg.PoolClient): Query =>
  (text, values = []) =>
    on.query({ text, values: [...values], types });

export function createOperations(pool: pg.Pool): StoreContext & {
  /** Marks the store closed; answers false when it already was. */
  markClosed(): boolean;
} {
  const { op, markClosed } = createStoreOperations(toStoreError);
  /** The connections of snapshots not ended yet: a reader that stopped mid-way must not keep `close` waiting. */
  const snapshots = new Set<pg.PoolClient>();

  return {
    op,

    markClosed() {
      for (const client of snapshots) client.release(new Error('the store is closed'));
      snapshots.clear();
      return markClosed();
    },

    query: queryOn(pool),

    async transaction(run) {
      const client = await pool.connect();
      // A connection whose rollback failed is broken: it goes, rather than back to the pool.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await run(queryOn(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },

    async snapshot() {
      const client = await pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      snapshots.add(client);
      return {
        query: queryOn(client),
        async end() {
          if (!snapshots.delete(client)) return; // ended already, or released by close
          // Read only: nothing to keep. A connection that cannot even end it is broken, and goes.
          await client.query('ROLLBACK').then(
            () => client.release(),
            (error: Error) => client.release(error),
          );
        },
      };
    },
  };
}

/** `$1, $2, ...`: node-postgres's placeholder for the value at `index`. */
export const placeholder = (index: number): string => `$${index + 1}`;

/** Rows per multi-row INSERT: a chunk's thousand enrichments in one round trip, far from the 65,535 values a statement takes. */
const ROWS_PER_INSERT = 1000;

/** Rows for one table: `suffix` is an ON CONFLICT clause, or empty. */
export interface Insert {
  mapping: InsertMapping<never>;
  rows: readonly ColumnValue[][];
  suffix?: string;
}

/** `INSERT INTO table (columns) VALUES (...), (...) suffix`, its placeholders numbered from `offset` on. */
function insertSql({ mapping, rows, suffix = '' }: Insert, offset: number): string {
  const width = mapping.columns.length;
  const tuples = rows.map(
    (_, row) =>
      `(${mapping.columns.map((_, column) => placeholder(offset + row * width + column)).join(', ')})`,
  );
  return `INSERT INTO ${mapping.table} (${mapping.columns.join(', ')}) VALUES ${tuples.join(', ')} ${suffix}`;
}

/**
 * Inserts rows of `mapping` a thousand per statement (`VALUES (...), (...)`), each statement followed by
 * `suffix` (an ON CONFLICT clause): one round trip where one per row would cost a thousand.
 */
export async function insertRows(
  query: Query,
  mapping: InsertMapping<never>,
  rows: readonly ColumnValue[][],
  suffix = '',
): Promise<void> {
  for (let first = 0; first < rows.length; first += ROWS_PER_INSERT) {
    const group = rows.slice(first, first + ROWS_PER_INSERT);
    await query(insertSql({ mapping, rows: group, suffix }, 0), group.flat());
  }
}

/** Runs each of `inserts` in turn (in the caller's transaction), a thousand rows a statement. */
export async function insertEach(query: Query, inserts: readonly Insert[]): Promise<void> {
  for (const { mapping, rows, suffix } of inserts) await insertRows(query, mapping, rows, suffix);
}

/**
 * Inserts into several tables atomically. As one statement when they are few (`WITH a AS (INSERT ...)
 * INSERT ...`: one round trip, where a transaction takes one per table and two more for BEGIN and
 * COMMIT); else in one transaction, a thousand rows a statement. Two calls with the same tables lock
 * them in the same order either way, so they cannot deadlock on rows each takes in key order.
 */
export async function insertAll(
  { query, transaction }: Pick<StoreContext, 'query' | 'transaction'>,
  inserts: readonly Insert[],
): Promise<void> {
  const written = inserts.filter((insert) => insert.rows.length > 0);
  if (written.length === 0) return;
  if (written.reduce((rows, insert) => rows + insert.rows.length, 0) > ROWS_PER_INSERT) {
    await transaction((tx) => insertEach(tx, written));
    return;
  }
  let offset = 0;
  const statements = written.map((insert) => {
    const sql = insertSql(insert, offset);
    offset += insert.rows.length * insert.mapping.columns.length;
    return sql;
  });
  const last = statements.pop()!;
  const ctes = statements.map((sql, index) => `w${index} AS (${sql})`);
  await query(
    ctes.length > 0 ? `WITH ${ctes.join(', ')} ${last}` : last,
    written.flatMap((insert) => insert.rows.flat()),
  );
}

/**
 * Serialises the transactions that take the same key (until each commits or rolls back), across every
 * process on the database: for checks that read a row which may not exist yet, then insert it.
 */
export const lockKey = (query: Query, ...key: string[]) =>
  query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [JSON.stringify(key)]);
