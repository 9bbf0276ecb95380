/**
 * The Piscina worker: its top level loads the catalog and builds the
 * engine's indexes once; each task then enriches one chunk of rows.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { loadCatalog } from '@txenrich/catalog';
import {
  createEngine,
  type EnrichmentContext,
  enrichResultItem,
  type UserHistoryEntry,
} from '@txenrich/core';
import type { ResultItem } from '@txenrich/schema';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { internalErrorItem, transactionIdOf, unreadableLineItem, unreadableRowItem } from './failures.js';
import { outputFormats } from './output.js';
import {
  type ChunkResult,
  type ChunkTask,
  HistoryColumnsBuilder,
  type MissingRules,
  rowsOf,
  type TenantRules,
  type WorkerReadyMessage,
} from './protocol.js';

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

/** Compiled rules by key; a few tenants' worth, the oldest dropped first. */
const compiledRules = new Map<string, Pick<EnrichmentContext, 'corrections' | 'triggers'>>();
const MAX_CACHED_RULES = 16;

function rulesContext(rules: TenantRules | { key: string } | undefined) {
  if (!rules) return {};
  const cached = compiledRules.get(rules.key);
  if (cached) return cached;
  if (!('corrections' in rules || 'triggers' in rules)) return null;
  const compiled = engine.compileRules(rules as TenantRules);
  if (compiledRules.size >= MAX_CACHED_RULES) compiledRules.delete(compiledRules.keys().next().value!);
  compiledRules.set(rules.key, compiled);
  return compiled;
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

/** Enriches one chunk. A row that fails is an error item in its place; it never fails the chunk. */
export function enrichChunk(task: ChunkTask): ChunkResult | MissingRules {
  const rules = rulesContext(task.rules);
  if (!rules) return { missingRules: task.rules!.key };
  const format = outputFormats[task.output];
  const rows = rowsOf(task.input);
  const output = new OutputBuffer(task.outputBuffer);
  const history = new HistoryColumnsBuilder(rows.length);
  const requests: (string | null)[] | null = task.keepRequests ? [] : null;
  const enrichmentIds: (string | null)[] = [];
  let recorded: UserHistoryEntry | null = null;
  const context: EnrichmentContext = {
    ...rules,
    recordHistory: (entry) => {
      recorded = entry;
    },
  };
  let errors = 0;
  let failed = 0;
  let matched = 0;
  for (let row = 0; row < rows.length; row++) {
    let raw = rows.row(row);
    const line = rows.texts ? (raw as string) : null;
    let item: ResultItem;
    recorded = null;
    try {
      const unreadableMessage = rows.unreadable(row);
      if (unreadableMessage !== undefined) item = unreadableRowItem(unreadableMessage);
      else {
        if (line !== null) raw = JSON.parse(line);
        item = enrichResultItem(engine, task.kind, raw, {
          batchItem: task.batchItems,
          context,
          explain: task.explain ?? false,
        });
      }
    } catch (error) {
      item =
        line !== null && error instanceof SyntaxError
          ? unreadableLineItem(rows.lineNumber(row) ?? row + 1, error)
          : internalErrorItem(transactionIdOf(raw));
    }
    const { text, slot } = format.render(item, rows.lineNumber(row));
    if (row > 0) output.append('\n');
    // The placeholder's byte offset: the UTF-8 length of what precedes it.
    const slotOffset = slot < 0 ? -1 : output.append(text.slice(0, slot));
    output.append(slot < 0 ? text : text.slice(slot));
    if (item.statusCode === 200) {
      enrichmentIds.push(item.enrichmentId);
      requests?.push(line ?? JSON.stringify(raw));
      // Matched to the catalog: an unverified counterparty (a merchant read from the line) is not a match.
      if (item.counterparty[0]?.verified) matched++;
      const entry = recorded as UserHistoryEntry | null;
      if (entry) history.add(entry, slotOffset);
    } else {
      errors++;
      if (item.statusCode === 500) failed++;
      enrichmentIds.push(null);
      requests?.push(null);
    }
  }
  const columns = history.build();
  const result: ChunkResult = {
    // Moved (not copied) to the pool's thread, which writes the bytes as they are.
    bytes: output.bytes(),
    rows: rows.length,
    history: columns,
    requests,
    enrichmentIds,
    errors,
    failed,
    matched,
  };
  return move({
    [transferableSymbol]: [result.bytes.buffer, columns.amounts.buffer, columns.slots.buffer],
    [valueSymbol]: result,
  }) as unknown as ChunkResult;
}

export default enrichChunk;
