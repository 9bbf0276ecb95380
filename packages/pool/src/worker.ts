/**
 * The Piscina worker: its top level loads the catalog and builds the
 * engine's indexes once; each task then enriches one chunk of rows.
 */
import { type MessagePort, parentPort, threadId, workerData } from 'node:worker_threads';
import { loadCatalog } from '@txenrich/catalog';
import {
  beginResultItem,
  type CompiledOutcomes,
  compileOutcomes,
  createEngine,
  createTextSeriesBook,
  type EnrichmentContext,
  seriesRefKey as keyOf,
  type PendingResultItem,
  type SeriesRef,
} from '@txenrich/core';
import type { ResultItem } from '@txenrich/schema';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { internalErrorItem, transactionIdOf, unreadableLineItem, unreadableRowItem } from './failures.js';
import { outputFormat } from './output.js';
import {
  type ChunkResult,
  type ChunkTask,
  type MissingRules,
  rowsOf,
  type SeriesRequest,
  type SeriesStarted,
  type SeriesStates,
  type SeriesUpdates,
  type TenantRules,
  type TenantRulesKeys,
  type WorkerReadyMessage,
} from './protocol.js';
import type { SeriesFailure } from './series-relay.js';

/** What `createPool` hands each worker. */
export interface WorkerOptions {
  catalogPath?: string;
  assetBaseUrl?: string;
}

const started = performance.now();
const options = (workerData ?? {}) as WorkerOptions;
const engine = createEngine({
  catalog: loadCatalog(options.catalogPath),
  ...(options.assetBaseUrl ? { assetBaseUrl: options.assetBaseUrl } : {}),
});
const ready: WorkerReadyMessage = {
  txenrichWorkerReady: {
    threadId,
    loadMs: performance.now() - started,
    heapUsed: process.memoryUsage().heapUsed,
  },
};
parentPort?.postMessage(ready);

/** Compiled rules by key, and compiled outcome states by theirs; a few tenants' worth, the oldest dropped first. */
const compiledRules = new Map<string, Pick<EnrichmentContext, 'corrections' | 'triggers' | 'categories'>>();
const compiledOutcomes = new Map<string, CompiledOutcomes>();
const MAX_CACHED_RULES = 16;

function cache<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= MAX_CACHED_RULES) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** The task's compiled rules and outcomes, or null when this worker lacks either and needs them sent. */
function rulesContext(rules: TenantRules | TenantRulesKeys | undefined): EnrichmentContext | null {
  if (!rules) return {};
  const full = 'corrections' in rules || 'triggers' in rules || 'categories' in rules || 'outcomes' in rules;
  let compiled = compiledRules.get(rules.key);
  if (!compiled) {
    if (!full) return null;
    compiled = cache(compiledRules, rules.key, engine.compileRules(rules as TenantRules));
  }
  const outcomesKey = 'outcomesKey' in rules ? rules.outcomesKey : (rules as TenantRules).outcomes?.key;
  if (outcomesKey === undefined) return compiled;
  let outcomes = compiledOutcomes.get(outcomesKey);
  if (!outcomes) {
    const data = (rules as TenantRules).outcomes;
    if (!data) return null;
    outcomes = cache(compiledOutcomes, outcomesKey, compileOutcomes(data));
  }
  return { ...compiled, outcomes };
}

const encoder = new TextEncoder();

/**
 * A chunk's output, encoded row by row into one growing buffer: each row's
 * text dies young instead of living (and being promoted) until the chunk ends.
 */
class OutputBuffer {
  #buffer: Uint8Array;
  #length = 0;

  /** `reused`: an earlier chunk's buffer, handed back by the pool. */
  constructor(reused: ArrayBuffer | undefined) {
    this.#buffer = new Uint8Array(reused ?? new ArrayBuffer(1 << 21));
  }

  /** Appends UTF-8 text; answers the byte offset where it ends. */
  append(text: string): number {
    const needed = this.#length + text.length * 3;
    if (needed > this.#buffer.length) {
      const grown = new Uint8Array(Math.max(needed, this.#buffer.length * 2));
      grown.set(this.#buffer.subarray(0, this.#length));
      this.#buffer = grown;
    }
    this.#length += encoder.encodeInto(text, this.#buffer.subarray(this.#length)).written;
    return this.#length;
  }

  bytes(): Uint8Array {
    return this.#buffer.subarray(0, this.#length);
  }
}

/** How long a chunk waits for its series states before it fails (and is run again). */
const SERIES_WAIT_MS = 60_000;

/** Asks the pool for the states of `refs` on the chunk's port; rejects when the pool's source failed. */
async function loadSeries(port: MessagePort, refs: SeriesRef[]): Promise<(string | null)[]> {
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<SeriesStates | SeriesFailure>((resolve) => {
    port.once('message', resolve);
    // A chunk run again (its worker died) may sit queued behind chunks that wait for it: a wait this long
    // fails the chunk, which frees its thread and is run again itself.
    timer = setTimeout(() => resolve({ error: 'no answer in time' }), SERIES_WAIT_MS);
  });
  port.postMessage({ load: refs } satisfies SeriesRequest);
  const reply = await answer;
  clearTimeout(timer);
  if ('error' in reply) throw new Error(`The series states could not be read: ${reply.error}`);
  return reply.states;
}

/** A row up to its context stage, or its final item when it went no further. */
type Begun = PendingResultItem | ResultItem;

/**
 * Enriches one chunk: every row up to its context stage; then, with the
 * pool's series, the states they extend, asked for at once; then each row's
 * recurrence and triggers in row order, the changed states sent back; then
 * the rows rendered. A row that fails is an error item in its place; it never
 * fails the chunk.
 */
export async function enrichChunk(task: ChunkTask): Promise<ChunkResult | MissingRules> {
  const rules = rulesContext(task.rules);
  if (!rules) {
    task.series?.close();
    return { missingRules: task.rules!.key };
  }
  task.series?.postMessage({ started: true } satisfies SeriesStarted);
  const format = await outputFormat(task.output);
  const rows = rowsOf(task.input);
  const series = task.series ? createTextSeriesBook() : undefined;
  const context: EnrichmentContext = { ...rules, ...(series ? { series } : {}) };
  const requests: (string | null)[] | null = task.keepRequests ? [] : null;

  const begun: Begun[] = [];
  const transactionIds: (string | null)[] = [];
  for (let row = 0; row < rows.length; row++) {
    let raw = rows.row(row);
    const line = rows.texts ? (raw as string) : null;
    transactionIds.push(null);
    try {
      const unreadableMessage = rows.unreadable(row);
      if (unreadableMessage !== undefined) begun.push(unreadableRowItem(unreadableMessage));
      else {
        if (line !== null) raw = JSON.parse(line);
        transactionIds[row] = transactionIdOf(raw);
        const pending = beginResultItem(engine, task.kind, raw, {
          batchItem: task.batchItems,
          context,
          explain: task.explain ?? false,
        });
        begun.push(pending);
        // The request as it came: a line of text is kept as it is, never stringified again.
        requests?.push(line ?? JSON.stringify(raw));
        continue;
      }
    } catch (error) {
      begun.push(
        line !== null && error instanceof SyntaxError
          ? unreadableLineItem(rows.lineNumber(row) ?? row + 1, error)
          : internalErrorItem(transactionIdOf(raw)),
      );
    }
    requests?.push(null);
  }

  if (series && task.series) {
    const refs = new Map<string, SeriesRef>();
    for (const row of begun) if ('finish' in row && row.series) refs.set(keyOf(row.series), row.series);
    if (refs.size > 0) series.fill([...refs.values()], await loadSeries(task.series, [...refs.values()]));
  }
  const items = begun.map((row, index): ResultItem => {
    if (!('finish' in row)) return row;
    try {
      return row.finish();
    } catch {
      return internalErrorItem(transactionIds[index]!);
    }
  });
  if (series && task.series) {
    const updates = series.changes().map(({ written: _written, ...update }) => update);
    task.series.postMessage({ updates } satisfies SeriesUpdates);
    task.series.close();
  }

  const output = new OutputBuffer(task.outputBuffer);
  const enrichmentIds: (string | null)[] = [];
  const counterpartyIds: (string | null)[] = [];
  let errors = 0;
  let failed = 0;
  let matched = 0;
  items.forEach((item, row) => {
    if (row > 0) output.append('\n');
    output.append(format.render(item, rows.lineNumber(row)));
    if (item.statusCode === 200) {
      enrichmentIds.push(item.enrichmentId);
      counterpartyIds.push(item.counterparty[0]?.id ?? null);
      // Matched to the catalog: an unverified counterparty (a merchant read from the line) is not a match.
      if (item.counterparty[0]?.verified) matched++;
    } else {
      errors++;
      if (item.statusCode === 500) failed++;
      enrichmentIds.push(null);
      counterpartyIds.push(null);
      if (requests) requests[row] = null;
    }
  });
  const result: ChunkResult = {
    // Moved (not copied) to the pool's thread, which writes the bytes as they are.
    bytes: output.bytes(),
    rows: rows.length,
    requests,
    enrichmentIds,
    counterpartyIds,
    errors,
    failed,
    matched,
  };
  return move({
    [transferableSymbol]: [result.bytes.buffer],
    [valueSymbol]: result,
  }) as unknown as ChunkResult;
}

export default enrichChunk;
