import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEngine, createSeriesBook, enrichResultItem } from '@txenrich/core';
import type { ResultItem } from '@txenrich/schema';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemorySeries,
  createPool,
  type EnrichedChunk,
  type EnrichmentPool,
  INTERNAL_ERROR_MESSAGE,
} from '../src/index.ts';

const statusOutput = fileURLToPath(new URL('./status-output.mjs', import.meta.url));

const devSet = readFileSync(
  fileURLToPath(new URL('../../../datasets/eval/cards.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { input: Record<string, unknown> }).input);

/** A result without its fresh ids, for comparing two runs. */
function comparable(item: ResultItem) {
  if (item.statusCode !== 200) return item;
  const { enrichmentId: _id, ...rest } = item;
  const recurrence = rest.transactionInfo.recurrenceInfo;
  return {
    ...rest,
    transactionInfo: {
      ...rest.transactionInfo,
      recurrenceInfo: recurrence && {
        ...recurrence,
        recentRecurrences: recurrence.recentRecurrences.map(({ enrichmentId: _e, ...kept }) => kept),
      },
    },
  };
}

/** A user's monthly subscription interleaved with another user's coffees, 14 months. */
function subscriptionRows() {
  const rows: Record<string, unknown>[] = [];
  for (let month = 0; month < 14; month++) {
    const date = new Date(Date.UTC(2024, month, 3)).toISOString().slice(0, 10);
    rows.push({
      transactionId: `n-${month}`,
      merchantName: 'NETFLIX.COM',
      categoryCode: '4899',
      amount: '15.49',
      occurredAt: date,
      userId: 'user-1',
    });
    for (let day = 0; day < 3; day++)
      rows.push({
        transactionId: `c-${month}-${day}`,
        merchantName: 'STARBUCKS STORE 1234 SEATTLE WA',
        categoryCode: '5814',
        amount: (4 + day).toFixed(2),
        occurredAt: new Date(Date.UTC(2024, month, 5 + day * 7)).toISOString().slice(0, 10),
        userId: 'user-2',
      });
  }
  return rows;
}

describe('createPool', () => {
  let pool: EnrichmentPool;
  const engine = createEngine();

  beforeAll(async () => {
    pool = createPool({ threads: 2, chunkSize: 7 });
    const workers = await pool.ready();
    expect(workers).toHaveLength(2);
    for (const worker of workers) expect(worker.loadMs).toBeGreaterThan(0);
  }, 60_000); // two workers loading the catalog on a loaded machine
  afterAll(() => pool.close());

  it('gives the same results as the engine in process, in input order', async () => {
    const results = await pool.enrichMany('card', devSet);
    expect(results).toHaveLength(devSet.length);
    const expected = devSet.map((body) => comparable(enrichResultItem(engine, 'card', body)));
    expect(results.map(comparable)).toEqual(expected);
  });

  it('counts its tasks and idle threads in its stats', async () => {
    const before = pool.stats();
    await pool.enrichMany('card', devSet.slice(0, 14)); // two chunks of 7
    const after = pool.stats();
    expect(after.threads).toBe(2);
    expect(after.completedTasks - before.completedTasks).toBe(2);
    expect(after).toMatchObject({ idleThreads: 2, queuedTasks: 0 });
    expect(after.utilization).toBeGreaterThan(0);
    expect(after.utilization).toBeLessThanOrEqual(1);
  });

  it('finds recurrence across chunks and workers as a sequential run does', async () => {
    const rows = subscriptionRows();
    const results = await pool.enrichMany('card', rows, { series: createMemorySeries() });
    // The reference: one thread, each user's series in memory.
    const context = { series: createSeriesBook() };
    const sequential = rows.map((body) => enrichResultItem(engine, 'card', body, { context }));
    expect(results.map(comparable)).toEqual(sequential.map(comparable));
    const netflix = results.filter((item) => item.transactionInfo.transactionId?.startsWith('n-'));
    const recurring = netflix.map((item) =>
      item.statusCode === 200 ? item.transactionInfo.recurrenceInfo : null,
    );
    expect(recurring.slice(0, 2)).toEqual([null, null]);
    for (const info of recurring.slice(2)) expect(info?.intervalType).toBe('monthly');
  });

  it('starts from the series states it is given, and lists the recurring ones', async () => {
    const rows = subscriptionRows().filter((row) => row.userId === 'user-1');
    const [earlier, later] = [rows.slice(0, 5), rows.slice(5)];
    const series = createMemorySeries();
    await pool.enrichMany('card', earlier, { series });
    const [next] = await pool.enrichMany('card', later.slice(0, 1), { series });
    expect(next?.statusCode === 200 && next.transactionInfo.recurrenceInfo?.recentRecurrences).toHaveLength(
      6,
    );
    const [view] = [...series.views()];
    expect(view).toMatchObject({
      userId: 'user-1',
      series: [{ counterparty: { name: 'Netflix' }, count: 6, periodicity: { label: 'monthly' } }],
    });
  });

  it('decides recurrence in input order however many chunks run at once', async () => {
    // One user's monthly fee, a payment per chunk of one row: eight chunks in flight on two threads.
    const rows = subscriptionRows().filter((row) => row.userId === 'user-1');
    const chunks = rows.map((row) => ({ rows: [row] }));
    const intervals: string[] = [];
    for await (const chunk of pool.enrichChunks('card', chunks, { series: createMemorySeries() }))
      intervals.push(
        ...chunk.lines.map(
          (line) =>
            (
              JSON.parse(line) as ResultItem & {
                transactionInfo: { recurrenceInfo: { intervalType: string } | null };
              }
            ).transactionInfo.recurrenceInfo?.intervalType ?? '-',
        ),
      );
    expect(intervals).toEqual(rows.map((_, index) => (index < 2 ? '-' : 'monthly')));
  });

  it("reuses a released chunk's buffer for a later chunk's output, which stays right", async () => {
    const chunks = Array.from({ length: 20 }, (_, index) => ({
      rows: devSet.slice(index * 7, index * 7 + 7),
    }));
    let first: EnrichedChunk | undefined;
    const texts: string[] = [];
    for await (const chunk of pool.enrichChunks('card', chunks)) {
      texts.push(chunk.text);
      if (first) continue;
      first = chunk;
      chunk.release();
    }
    // Moved to a worker with a later task, the buffer is detached here.
    expect(first?.bytes.byteLength).toBe(0);
    const items = texts.flatMap((text) => text.split('\n')).map((line) => JSON.parse(line) as ResultItem);
    const expected = devSet.slice(0, 140).map((body) => comparable(enrichResultItem(engine, 'card', body)));
    expect(items.map(comparable)).toEqual(expected);
  });

  it('turns a line that is not JSON into a 400 item with its line number, keeping its place', async () => {
    const file =
      '{"merchantName": "NETFLIX.COM"}\n\n{not json\r\n{"merchantName": "SHELL OIL 1234"}\n{"amount": "abc"}';
    const chunks = pool.enrichChunks('card', [{ lines: new TextEncoder().encode(file), firstLine: 3 }]);
    const outputs: string[] = [];
    for await (const chunk of chunks) outputs.push(...chunk.text.split('\n'));
    const items = outputs.map((text) => JSON.parse(text) as ResultItem & { line?: number });
    expect(items.map((item) => item.statusCode)).toEqual([200, 400, 200, 400]);
    // Every error item names its line in the file, right after its status; enriched items do not.
    expect(Object.keys(items[1]!).slice(0, 2)).toEqual(['statusCode', 'line']);
    expect(items[1]).toMatchObject({
      line: 5,
      errors: { non_field_errors: [expect.stringMatching(/^Line 5 is not valid JSON/)] },
    });
    expect(items[3]).toMatchObject({ line: 7, errors: { merchantName: ['This field is required.'] } });
    expect(items[0]).not.toHaveProperty('line');
  });

  it('renders rows with the output module it is given, error lines and recurrence included', async () => {
    const input = { rows: [{ merchantName: 'NETFLIX.COM' }, { amount: 'abc' }], lineNumbers: [2, 4] };
    const linesOf = async (output?: string) => {
      const lines: string[] = [];
      for await (const chunk of pool.enrichChunks('card', [input], output ? { output } : {}))
        lines.push(...chunk.lines);
      return lines;
    };
    expect(JSON.parse((await linesOf())[1]!)).toMatchObject({ statusCode: 400, line: 4 });
    expect(await linesOf(statusOutput)).toEqual(['200,2,', '400,4,']);
    const rows = subscriptionRows().filter((row) => row.userId === 'user-1');
    const texts: string[] = [];
    for await (const chunk of pool.enrichChunks('card', [{ rows }], {
      output: statusOutput,
      series: createMemorySeries(),
    }))
      texts.push(...chunk.lines);
    expect(texts.slice(0, 3)).toEqual(['200,,', '200,,', '200,,monthly']);
  });

  it('applies a tenant rules key, compiling the rules once per worker', async () => {
    const rules = {
      key: 'acme:sandbox:1',
      corrections: [{ descriptorKey: 'netflix com', counterparty: { name: 'Corrected Co' } }],
    };
    const [item] = await pool.enrichMany('card', [{ merchantName: 'NETFLIX.COM' }], { rules });
    expect(item?.statusCode === 200 && item.counterparty[0]?.name).toBe('Corrected Co');
  });
});

describe('a crashing worker', () => {
  const crashes = new SharedArrayBuffer(4);
  const piscina = new Piscina({
    filename: fileURLToPath(new URL('./crashing-worker.mjs', import.meta.url)),
    minThreads: 2,
    maxThreads: 2,
    workerData: { crashes },
    execArgv: [],
  });
  const workerErrors: Error[] = [];
  const pool = createPool({ piscina, chunkSize: 2, onWorkerError: (error) => workerErrors.push(error) });
  afterAll(async () => {
    await pool.close();
    await piscina.destroy();
  });

  it('is replaced and its chunk retried once', async () => {
    const bodies = [
      { merchantName: 'NETFLIX.COM' },
      { merchantName: 'CRASH_ONCE' },
      { merchantName: 'SHELL' },
    ];
    const results = await pool.enrichMany('card', bodies);
    expect(results.map((item) => item.statusCode)).toEqual([200, 200, 200]);
    expect(workerErrors.length).toBe(1);
  });

  it('fails only its chunk when the retry crashes too', async () => {
    const bodies = [
      { merchantName: 'NETFLIX.COM' },
      { merchantName: 'SHELL' },
      { merchantName: 'CRASH_ALWAYS', transactionId: 't-3' },
      { merchantName: 'SPOTIFY' },
      { merchantName: 'TARGET' },
    ];
    const results = await pool.enrichMany('card', bodies);
    expect(results.map((item) => item.statusCode)).toEqual([200, 200, 500, 500, 200]);
    expect(results[2]).toEqual({
      statusCode: 500,
      errors: { non_field_errors: [INTERNAL_ERROR_MESSAGE] },
      transactionInfo: { transactionId: 't-3' },
    });
  });
});
