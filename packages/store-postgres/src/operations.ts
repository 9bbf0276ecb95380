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

/**
 * A statement run often (every turn of the event loop, every chunk), under a name: prepared once per connection, Postgres
 * parses and plans it once instead of at every call. Its text must never vary (one name, one text), so that
 * each connection holds a small fixed set of them.
 */
export interface Statement {
  name: string;
  text: string;
}

/** A named statement of the store (the prefix keeps clear of the names of a pool's other users). */
export const named = (name: string, text: string): Statement => ({ name: `txenrich_${name}`, text });

/** Runs one statement: its text, or a named one. */
export type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  statement: string | Statement,
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

/**
 * Statements on `on`; a named one prepared when `prepared` (else sent as its text alone, as a pooler in
 * transaction mode without prepared-statement support needs: its connections change between statements).
 */
const queryOn =
  (on: pg.Pool | pg.PoolClient, prepared: boolean): Query =>
  (statement, values = []) =>
    on.query(
      typeof statement === 'string'
        ? { text: statement, values: [...values], types }
        : prepared
          ? { name: statement.name, text: statement.text, values: [...values], types }
          : { text: statement.text, values: [...values], types },
    );

export interface OperationsOptions {
  /** Run the named statements as prepared statements. */
  preparedStatements: boolean;
}

export function createOperations(
  pool: pg.Pool,
  { preparedStatements }: OperationsOptions,
): StoreContext & {
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

    query: queryOn(pool, preparedStatements),

    async transaction(run) {
      const client = await pool.connect();
      // A connection whose rollback failed is broken: it goes, rather than back to the pool.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await run(queryOn(client, preparedStatements));
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
        query: queryOn(client, preparedStatements),
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

/** Rows for one table: `suffix` is an ON CONFLICT clause, or empty. */
export interface Insert {
  mapping: InsertMapping<never>;
  rows: readonly ColumnValue[][];
  suffix?: string;
}

/**
 * `INSERT INTO table (columns) SELECT columns FROM json_populate_recordset(NULL::table, $n) suffix`: the rows
 * as one JSON array, typed by the table's own row type. Its text does not vary with the number of rows.
 */
function jsonInsertSql({ mapping, suffix = '' }: Insert, index: number): string {
  const columns = mapping.columns.join(', ');
  return `INSERT INTO ${mapping.table} (${columns})
    SELECT ${columns} FROM json_populate_recordset(NULL::${mapping.table}, ${placeholder(index)}) ${suffix}`;
}

/**
 * A lone surrogate as `JSON.stringify` escapes it (`\ud800`, after an even number of backslashes: the escape,
 * not an escaped backslash followed by the letters). Postgres's json refuses it.
 */
const LONE_SURROGATE = /(?<=(?:^|[^\\])(?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/**
 * An insert's rows as the JSON array of objects `jsonInsertSql` reads. A lone surrogate becomes U+FFFD, as
 * node-postgres writes it in any other parameter (UTF-8 has none): an id is stored alike either way, and
 * found again by a read that passes it as text.
 */
function jsonRows({ mapping, rows }: Insert): string {
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(mapping.columns.map((column, index) => [column, row[index]]))),
  );
  return json.includes('\\ud') ? json.replace(LONE_SURROGATE, '\\ufffd') : json;
}

/**
 * Inserts into several tables atomically, as one statement (`WITH w0 AS (INSERT ...) INSERT ...`: one round
 * trip, where a transaction takes one per table and two more for BEGIN and COMMIT), the statement `name`.
 * Each table's rows are one JSON parameter, empty or not: the text is one per call site, whatever the rows,
 * so it is prepared once per connection. Two calls with the same tables lock them in the same order, so
 * they cannot deadlock on rows each takes in key order.
 */
export async function insertAll(query: Query, name: string, inserts: readonly Insert[]): Promise<void> {
  if (inserts.every((insert) => insert.rows.length === 0)) return;
  const statements = inserts.map(jsonInsertSql);
  const last = statements.pop()!;
  const ctes = statements.map((sql, index) => `w${index} AS (${sql})`);
  await query(named(name, ctes.length > 0 ? `WITH ${ctes.join(', ')} ${last}` : last), inserts.map(jsonRows));
}

/**
 * Serialises the transactions that take the same key (until each commits or rolls back), across every
 * process on the database: for checks that read a row which may not exist yet, then insert it.
 */
export const lockKey = (query: Query, ...key: string[]) =>
  query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [JSON.stringify(key)]);
