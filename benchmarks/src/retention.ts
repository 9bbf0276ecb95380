/**
 * The retention pass on a large SQLite store (issue 21, part 4): how much it
 * deletes, how much the file shrinks, and how long it holds the thread.
 *
 * A store in a temporary folder is filled with `--enrichments` (1,000,000)
 * enrichments spread evenly over the year before "now" (one in ten in
 * sandbox), `--batches` (60) completed batches of `--batch-items` (2,000)
 * items finished over the 60 days before (their results synthetic texts of
 * 1.4 KB, a card result's size), each with an idempotency key, 20,000
 * callbacks delivered over those 60 days, and `--series` (200,000)
 * recurrence series rows last seen over the 3 years before (a 250-character
 * state). Then the service's retention pass runs with the default periods
 * (enrichments 180 days, batch results 30, delivered callbacks 30, series
 * 730, idempotency keys 24 h). Printed: the file's size before and after
 * (each after a WAL checkpoint), the space each table and its indexes hold
 * (`dbstat`), the records pruned, the steps by kind (count, median, p99 and
 * longest, in ms), and the longest event-loop delay during the pass.
 *
 * Enrichment ids are UUIDv7 of their time, as the engine makes them;
 * `--random-ids` makes them random (UUIDv4), each deleted row then on a key
 * page of its own, like the deliveries' and series' keys. `--step-rows N`
 * sets the rows of a step of enrichments, delivered callbacks and series
 * (`PRUNE_STEP_ROWS` by default).
 *
 *   node --conditions=@txenrich/source --import tsx src/retention.ts [--enrichments N] [--batches N] [--batch-items N] [--series N] [--step-rows N] [--random-ids]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  createRetention,
  type EnrichmentRecord,
  IDEMPOTENCY_WINDOW_MS,
  type PrunableRecords,
  parseConfig,
  prunableRecords,
  type Store,
} from '@txenrich/service';
import { createSqliteStore } from '@txenrich/store-sqlite';

const { values } = parseArgs({
  options: {
    enrichments: { type: 'string', default: '1000000' },
    batches: { type: 'string', default: '60' },
    'batch-items': { type: 'string', default: '2000' },
    series: { type: 'string', default: '200000' },
    'step-rows': { type: 'string' },
    'random-ids': { type: 'boolean', default: false },
  },
});
const STEP_ROWS = values['step-rows'] === undefined ? undefined : Number(values['step-rows']);
const ENRICHMENTS = Number(values.enrichments);
const BATCHES = Number(values.batches);
const BATCH_ITEMS = Number(values['batch-items']);
const SERIES = Number(values.series);
const DELIVERIES = 20_000;
const CHUNK = 1_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 1);

/** better-sqlite3, as the store package has it (the benchmarks do not depend on it themselves). */
interface Database {
  readonly name: string;
  prepare(sql: string): { run(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
  pragma(source: string): unknown;
  transaction<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void;
  close(): void;
}
const requireOfStore = createRequire(new URL('../../packages/store-sqlite/package.json', import.meta.url));
const Sqlite = requireOfStore('better-sqlite3') as new (path: string) => Database;

const dir = mkdtempSync(join(tmpdir(), 'txenrich-bench-retention-'));
const db = new Sqlite(join(dir, 'txenrich.db'));
const store = createSqliteStore({ database: db as never });

/** A UUIDv7 of `ms`, as the engine's enrichment ids are (time-ordered: the key index grows at its end). */
function uuidV7(ms: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
/** The file's size with every committed page in it (the WAL checkpointed and emptied). */
function fileSize(): number {
  db.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(db.name).size;
}

/** Bytes and rows of each table with its indexes (`dbstat`), the largest first. */
function tableSizes(): Array<{ table: string; bytes: number; rows: number }> {
  const pages = db
    .prepare(
      `SELECT coalesce(m.tbl_name, d.name) AS "table", sum(d.pgsize) AS bytes
       FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY 1 ORDER BY 2 DESC`,
    )
    .all() as Array<{ table: string; bytes: number }>;
  return pages.map(({ table, bytes }) => ({
    table,
    bytes,
    rows: /^\w+$/.test(table)
      ? Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).all()[0] as { n: number }).n)
      : 0,
  }));
}

function printSizes(label: string) {
  console.log(`${label}: the file ${mb(fileSize())}`);
  for (const { table, bytes, rows } of tableSizes().slice(0, 8))
    console.log(
      `  ${table.padEnd(20)} ${mb(bytes).padStart(10)}  ${rows.toLocaleString('en-US').padStart(10)} rows${rows > 0 ? `  ${Math.round(bytes / rows)} B a row` : ''}`,
    );
}

// ---------------------------------------------------------------- filling

const request = (index: number) =>
  JSON.stringify({
    transactionId: `tx-${index}`,
    userId: `user-${index % 50_000}`,
    merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA',
    amount: '4.50',
    currencyCode: 'USD',
    categoryCode: '5814',
    occurredAt: '2025-06-01T12:30:00Z',
  });

async function fillEnrichments() {
  const perWrite = 5_000;
  for (let first = 0; first < ENRICHMENTS; first += perWrite) {
    const production: EnrichmentRecord[] = [];
    const sandbox: EnrichmentRecord[] = [];
    for (let index = first; index < Math.min(first + perWrite, ENRICHMENTS); index++) {
      // Oldest first, evenly over the year before now.
      const createdAt = NOW - 365 * DAY + Math.floor((index / ENRICHMENTS) * 365 * DAY);
      const record = {
        enrichmentId: values['random-ids'] ? randomUUID() : uuidV7(createdAt),
        kind: 'card' as const,
        request: request(index),
        createdAt,
        counterpartyId: null,
      };
      (index % 10 === 0 ? sandbox : production).push(record);
    }
    await store.recordEnrichments([
      {
        scope: { tenant: 'acme', environment: 'production' },
        enrichments: production,
        series: [],
        usage: [],
      },
      { scope: { tenant: 'acme', environment: 'sandbox' }, enrichments: sandbox, series: [], usage: [] },
    ]);
  }
}

const result = `{"transactionInfo":{"transactionId":"t"},"padding":"${'x'.repeat(1_350)}"}`;

async function fillBatches() {
  const items = JSON.stringify(Array.from({ length: BATCH_ITEMS }, (_, index) => JSON.parse(request(index))));
  for (let batch = 0; batch < BATCHES; batch++) {
    const finishedAt = NOW - 60 * DAY + Math.floor((batch / BATCHES) * 60 * DAY);
    const id = randomUUID();
    await store.createBatch({
      id,
      scope: { tenant: 'acme', environment: 'production' },
      kind: 'card',
      size: BATCH_ITEMS,
      submittedAt: new Date(finishedAt).toISOString(),
      callbackUrl: null,
      chunkSize: CHUNK,
      items,
      idempotency: { key: `upload-${batch}`, requestHash: 'h', createdAt: finishedAt, since: finishedAt },
    });
    for (let index = 0; index * CHUNK < BATCH_ITEMS; index++) {
      const count = Math.min(CHUNK, BATCH_ITEMS - index * CHUNK);
      await store.saveBatchChunk(id, {
        index,
        results: Array(count).fill(result),
        enrichments: [],
        series: [],
      });
    }
    await store.finishBatch(id, 'completed', finishedAt, null);
  }
}

async function fillDeliveries() {
  for (let index = 0; index < DELIVERIES; index++) {
    const at = NOW - 60 * DAY + Math.floor((index / DELIVERIES) * 60 * DAY);
    const id = randomUUID();
    await store.enqueueDelivery({
      id,
      kind: 'batch_callback',
      scope: { tenant: 'acme', environment: 'production' },
      url: 'https://client.example/hooks/batches',
      destination: 'client.example',
      body: `{"batchId":"${randomUUID()}","status":"completed"}`,
      createdAt: at,
      nextAttemptAt: at,
    });
    await store.markDelivered(id, 1, at);
  }
}

function fillSeries() {
  const insert = db.prepare(
    `INSERT INTO recurrence_series (tenant, environment, user_id, series_key, state, last_day, seen_at)
     VALUES ('acme', 'production', ?, ?, ?, 0, ?)`,
  );
  const state = JSON.stringify({ padding: 'x'.repeat(235) });
  db.transaction(() => {
    for (let index = 0; index < SERIES; index++)
      insert.run(
        `user-${index % 50_000}`,
        `series-${index}`,
        state,
        NOW - 3 * 365 * DAY + index * Math.floor((3 * 365 * DAY) / SERIES),
      );
  })();
}

// ---------------------------------------------------------------- the run

const filling = performance.now();
await fillEnrichments();
await fillBatches();
await fillDeliveries();
fillSeries();
console.log(`filled in ${((performance.now() - filling) / 1000).toFixed(1)} s on ${process.version}`);
const sizeBefore = fileSize();
printSizes('before');

/** Each step's duration by kind, in ms. */
const steps = new Map<PrunableRecords, number[]>(prunableRecords.map((records) => [records, []]));
const timed: Store = {
  ...store,
  async prune(step) {
    const started = performance.now();
    const answer = await store.prune(step);
    steps.get(step.records)!.push(performance.now() - started);
    return answer;
  },
};
const retention = createRetention({
  store: timed,
  config: parseConfig({
    keys: [{ key: 'a-key-of-sixteen-chars', tenant: 'acme', environment: 'production' }],
  }),
  idempotencyWindowMs: IDEMPOTENCY_WINDOW_MS,
  now: () => NOW,
  ...(STEP_ROWS === undefined
    ? {}
    : { stepRows: { enrichments: STEP_ROWS, deliveredCallbacks: STEP_ROWS, recurrenceSeries: STEP_ROWS } }),
});
/** Every step's duration, whatever its kind. */
const allSteps = () => [...steps.values()].flat();
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const pass = await retention.runPass();
delay.disable();

console.log(
  `\nthe pass (enrichment ids ${values['random-ids'] ? 'random' : 'UUIDv7'}${STEP_ROWS === undefined ? '' : `, ${STEP_ROWS} rows a step`}): ${pass.steps.toLocaleString('en-US')} steps in ${(pass.elapsedMs / 1000).toFixed(1)} s, the longest ${pass.longestStepMs.toFixed(1)} ms; the longest event-loop delay ${(delay.max / 1e6).toFixed(1)} ms`,
);
console.log('pruned', pass.pruned);
const every = allSteps().sort((a, b) => a - b);
console.log(
  `  all kinds: median=${every[every.length >> 1]!.toFixed(2)} ms  p99=${every[Math.floor(every.length * 0.99)]!.toFixed(2)} ms  over 50 ms: ${every.filter((ms) => ms > 50).length} of ${every.length}`,
);
for (const [records, durations] of steps) {
  if (durations.length === 0) continue;
  const sorted = durations.sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!;
  const over50 = sorted.filter((ms) => ms > 50).length;
  console.log(
    `  ${records.padEnd(20)} ${String(sorted.length).padStart(6)} steps  median=${at(0.5).toFixed(2)} ms  p90=${at(0.9).toFixed(2)} ms  p99=${at(0.99).toFixed(2)} ms  max=${sorted.at(-1)!.toFixed(2)} ms  over 50 ms: ${over50}`,
  );
}
const sizeAfter = fileSize();
console.log();
printSizes('after');
console.log(
  `\nthe file: ${mb(sizeBefore)} -> ${mb(sizeAfter)} (${((sizeAfter / sizeBefore) * 100).toFixed(0)}%)`,
);

await store.close();
db.close();
rmSync(dir, { recursive: true, force: true });
