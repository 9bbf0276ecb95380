/**
 * `createPool`: the engine on every core. Rows go to Piscina workers in
 * chunks; results come back in input order, with recurrence decided in one
 * ordered pass on the calling thread (`recurrence-pass.ts`).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { UserHistoryEntry } from '@txenrich/core';
import type { ResultItem, TransactionKind } from '@txenrich/schema';
import { Piscina } from 'piscina';
import { PoolError } from './errors.js';
import { internalErrorItem, transactionIdOf } from './failures.js';
import { type OutputFormatName, outputFormats, type RecurrenceFill, recurrencePieces } from './output.js';
import {
  type ChunkInput,
  type ChunkResult,
  type ChunkTask,
  HistoryColumnsBuilder,
  historyEntryAt,
  isWorkerReadyMessage,
  type MissingRules,
  rowsOf,
  type TenantRules,
  type WorkerReadyMessage,
} from './protocol.js';
import { createRecurrencePass, type RecurrencePassOptions } from './recurrence-pass.js';
import type { WorkerOptions } from './worker.js';

/** The built worker module, a sibling in `dist/` (workers run built JavaScript, also under tests). */
export const workerFilename = fileURLToPath(new URL('../dist/worker.js', import.meta.url));

export const DEFAULT_CHUNK_SIZE = 1000;

/**
 * Each worker's young generation, in MB (V8 gives a third of it to each semi-space). A row allocates
 * about 20 KB that dies before the next row; V8's default 16 MB semi-space fills every few hundred
 * rows, and twice the room halves the scavenges (benchmarks/README.md, "Batches over all cores").
 */
export const WORKER_YOUNG_GENERATION_MB = 96;

const decoder = new TextDecoder();

export interface PoolOptions {
  /** Worker threads; all cores by default. */
  threads?: number;
  /** The catalog artifact; the built default when omitted. */
  catalogPath?: string;
  /** Base URL of the industry icons (see `createEngine`). */
  assetBaseUrl?: string;
  /** Rows per task. */
  chunkSize?: number;
  /** A ready Piscina pool running `workerFilename`; the caller keeps ownership and closes it. */
  piscina?: Piscina;
  /** Errors of workers outside any task (a task's own failure is retried, then becomes its rows' results). */
  onWorkerError?: (error: Error) => void;
}

export interface EnrichOptions {
  /** `jsonl` by default. */
  output?: OutputFormatName;
  /** Validate rows as batch items: a `transactionId` is required. */
  batchItems?: boolean;
  /** Answer each valid row's request body as JSON text. */
  keepRequests?: boolean;
  /** Add each result's `explanation`. */
  explain?: boolean;
  /** Answer the rows' history entries (to store them for the users' later transactions). */
  keepHistory?: boolean;
  rules?: TenantRules;
  /** Each user's history from before this run, oldest first. */
  history?: RecurrencePassOptions['history'];
  signal?: AbortSignal;
}

export interface EnrichedChunk {
  /**
   * The rows' texts joined by line breaks (none at the end), in input order, recurrence filled in:
   * UTF-8, in pieces to write one after the other (views of the worker's buffer between the
   * recurrence texts).
   */
  pieces: readonly Uint8Array[];
  /** The pieces, decoded and joined. */
  readonly text: string;
  /**
   * The rows' texts, in order, one string each. Cheaper than splitting `text`: a string of a whole
   * chunk is large enough for V8 to map fresh memory pages for it, and the kernel to clear them.
   */
  readonly lines: string[];
  /**
   * Hands the chunk's buffer back to the pool, for a later chunk's output: call it once its bytes
   * are written or decoded, and read none of them after. Optional: a chunk never released is
   * collected as garbage, but a thread receiving a new buffer per chunk runs a full collection
   * every few dozen chunks (V8 counts their memory as external).
   */
  release(): void;
  /** With `keepHistory`: the rows' own history entries, to keep for the users' later transactions. */
  history: UserHistoryEntry[];
  requests: (string | null)[] | null;
  enrichmentIds: (string | null)[];
  rows: number;
  errors: number;
  matched: number;
  /** Rows whose chunk failed twice (status 500 items). */
  failed: number;
}

export interface WorkerReady {
  threadId: number;
  /** Catalog load and index build, inside the worker. */
  loadMs: number;
  heapUsed: number;
}

/** The pool's activity now, for an operator's metrics. */
export interface PoolStats {
  threads: number;
  /** Threads running no task (a thread still loading the catalog is not idle). */
  idleThreads: number;
  /** Tasks waiting for a thread. */
  queuedTasks: number;
  /** Tasks run since the pool started. */
  completedTasks: number;
  /** Share of the threads' time spent running tasks since the pool started, 0 to 1 (Piscina's). */
  utilization: number;
}

export interface EnrichmentPool {
  readonly threads: number;
  readonly chunkSize: number;
  stats(): PoolStats;
  /** Resolves once every worker has loaded the catalog and built its indexes. */
  ready(): Promise<WorkerReady[]>;
  /** Enriches raw bodies on the workers; one result item per body, in input order. */
  enrichMany(
    kind: TransactionKind,
    bodies: readonly unknown[],
    options?: Pick<EnrichOptions, 'batchItems' | 'rules' | 'history' | 'signal'>,
  ): Promise<ResultItem[]>;
  /** Enriches a stream of chunks, keeping a few per thread in flight; yields them in input order. */
  enrichChunks(
    kind: TransactionKind,
    chunks: AsyncIterable<ChunkInput> | Iterable<ChunkInput>,
    options?: EnrichOptions,
  ): AsyncGenerator<EnrichedChunk>;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Chunks in flight per thread: one running and a few queued, so no worker waits while the caller writes. */
const IN_FLIGHT_PER_THREAD = 4;

/** A task's run options: its output buffer, when it has one, is moved to the worker. */
function runOptions(task: ChunkTask, signal: AbortSignal | undefined) {
  return {
    ...(signal ? { signal } : {}),
    ...(task.outputBuffer ? { transferList: [task.outputBuffer] } : {}),
  };
}

/** The task for another run: its output buffer went to the worker of the first run. */
function withoutBuffer({ outputBuffer: _, ...task }: ChunkTask): ChunkTask {
  return task;
}

export function createPool(options: PoolOptions = {}): EnrichmentPool {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const threads = options.piscina?.maxThreads ?? options.threads ?? availableParallelism();
  if (!Number.isInteger(threads) || threads < 1)
    throw new PoolError('INVALID_OPTIONS', `threads must be a positive integer, not ${threads}.`);
  if (!Number.isInteger(chunkSize) || chunkSize < 1)
    throw new PoolError('INVALID_OPTIONS', `chunkSize must be a positive integer, not ${chunkSize}.`);
  const onWorkerError =
    options.onWorkerError ?? ((error: Error) => process.emitWarning(error, 'TxenrichPoolWarning'));
  const workerData: WorkerOptions = {
    ...(options.catalogPath ? { catalogPath: options.catalogPath } : {}),
    ...(options.assetBaseUrl ? { assetBaseUrl: options.assetBaseUrl } : {}),
  };
  const owned = !options.piscina;
  const piscina =
    options.piscina ??
    new Piscina({
      filename: workerFilename,
      minThreads: threads,
      maxThreads: threads,
      // Workers are expensive to start (catalog and indexes): never let them go idle.
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      // Workers run the built JavaScript with no flags of the parent's: not the `@txenrich/source`
      // condition of test runners, and none of the flags Node refuses in workers (`--trace-gc`).
      execArgv: [],
    });

  const readyWorkers: WorkerReady[] = [];
  let readyWaiters: Array<{ resolve: (value: WorkerReady[]) => void; reject: (error: Error) => void }> = [];
  const settleReady = (error?: Error) => {
    if (!error && readyWorkers.length < threads) return;
    for (const waiter of readyWaiters) error ? waiter.reject(error) : waiter.resolve([...readyWorkers]);
    readyWaiters = [];
  };
  piscina.on('message', (message: unknown) => {
    if (!isWorkerReadyMessage(message)) return;
    readyWorkers.push((message as WorkerReadyMessage).txenrichWorkerReady);
    settleReady();
  });
  piscina.on('error', (error: Error) => {
    if (readyWorkers.length < threads)
      settleReady(new PoolError('WORKER_CRASHED', 'A worker failed to start.', { cause: error }));
    onWorkerError(error);
  });
  let closed = false;
  /** Buffers of released chunks, for the next tasks' output. */
  const spareBuffers: ArrayBuffer[] = [];
  const maxSpareBuffers = threads * IN_FLIGHT_PER_THREAD;

  /** Runs one chunk; a failed run is retried once on a fresh worker, then its rows become 500 items. */
  async function runChunk(task: ChunkTask, rules: TenantRules | undefined, signal: AbortSignal | undefined) {
    for (let attempt = 1; ; attempt++) {
      try {
        const run = piscina.run(task, runOptions(task, signal));
        task = withoutBuffer(task);
        let answer = (await run) as ChunkResult | MissingRules;
        // Rules travel by key; a worker that has not compiled them yet asks once for the rules themselves.
        while ('missingRules' in answer)
          answer = (await piscina.run({ ...task, rules }, runOptions(task, signal))) as
            | ChunkResult
            | MissingRules;
        return answer;
      } catch (error) {
        if (signal?.aborted) throw new PoolError('ABORTED', 'The enrichment was aborted.', { cause: error });
        if (closed) throw new PoolError('CLOSED', 'The pool is closed.', { cause: error });
        onWorkerError(error instanceof Error ? error : new Error(String(error)));
        if (attempt >= 2) return failedChunk(task);
      }
    }
  }

  async function* enrichChunks(
    kind: TransactionKind,
    chunks: AsyncIterable<ChunkInput> | Iterable<ChunkInput>,
    enrichOptions: EnrichOptions = {},
  ): AsyncGenerator<EnrichedChunk> {
    if (closed) throw new PoolError('CLOSED', 'The pool is closed.');
    const { rules, signal } = enrichOptions;
    const output = enrichOptions.output ?? 'jsonl';
    const format = outputFormats[output];
    const pass = createRecurrencePass(enrichOptions.history ? { history: enrichOptions.history } : {});
    const inFlight: Array<Promise<ChunkResult>> = [];

    const finish = (result: ChunkResult): EnrichedChunk => {
      const fills: RecurrenceFill[] = [];
      const history: UserHistoryEntry[] = [];
      for (let index = 0; index < result.history.slots.length; index++) {
        const entry = historyEntryAt(result.history, index);
        const info = pass.next(entry);
        if (info) fills.push({ slot: result.history.slots[index]!, info });
        if (enrichOptions.keepHistory) history.push(entry);
      }
      const pieces = recurrencePieces(format, result.bytes, fills);
      let released = false;
      return {
        pieces,
        get text() {
          return pieces.map((piece) => decoder.decode(piece)).join('');
        },
        get lines() {
          return result.rows > 0 ? linesOf(pieces) : [];
        },
        release() {
          if (released) return;
          released = true;
          if (spareBuffers.length < maxSpareBuffers) spareBuffers.push(result.bytes.buffer as ArrayBuffer);
        },
        history,
        requests: result.requests,
        enrichmentIds: result.enrichmentIds,
        rows: result.rows,
        errors: result.errors,
        matched: result.matched,
        failed: result.failed,
      };
    };

    try {
      for await (const chunk of chunks) {
        const outputBuffer = spareBuffers.pop();
        const task: ChunkTask = {
          kind,
          input: chunk,
          batchItems: enrichOptions.batchItems ?? false,
          output,
          keepRequests: enrichOptions.keepRequests ?? false,
          ...(enrichOptions.explain ? { explain: true } : {}),
          ...(rules ? { rules: { key: rules.key } } : {}),
          ...(outputBuffer ? { outputBuffer } : {}),
        };
        const running = runChunk(task, rules, signal);
        running.catch(() => {}); // awaited below, in order; this only keeps an early exit quiet
        inFlight.push(running);
        if (inFlight.length >= threads * IN_FLIGHT_PER_THREAD) yield finish(await inFlight.shift()!);
      }
      while (inFlight.length > 0) yield finish(await inFlight.shift()!);
    } finally {
      inFlight.length = 0;
    }
  }

  return {
    threads,
    chunkSize,
    stats: () => ({
      threads,
      idleThreads: piscina.idleThreads,
      queuedTasks: piscina.queueSize,
      completedTasks: piscina.completed,
      utilization: piscina.utilization,
    }),
    ready() {
      if (!owned) return piscina.run({ ...emptyTask }).then(() => []);
      return new Promise((resolve, reject) => {
        readyWaiters.push({ resolve, reject });
        settleReady();
      });
    },
    async enrichMany(kind, bodies, manyOptions = {}) {
      const chunks: ChunkInput[] = [];
      for (let start = 0; start < bodies.length; start += chunkSize)
        chunks.push({ rows: bodies.slice(start, start + chunkSize) });
      const items: ResultItem[] = [];
      for await (const chunk of enrichChunks(kind, chunks, manyOptions)) {
        for (const line of chunk.lines) items.push(JSON.parse(line) as ResultItem);
        chunk.release();
      }
      return items;
    },
    enrichChunks,
    async close() {
      if (closed) return;
      closed = true;
      if (owned) await piscina.close();
    },
    async [Symbol.asyncDispose]() {
      await this.close();
    },
  };
}

/** The lines of UTF-8 text given in pieces (a line may span pieces), decoded line by line. */
function linesOf(pieces: readonly Uint8Array[]): string[] {
  const lines: string[] = [];
  let start = '';
  for (const piece of pieces) {
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let from = 0;
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, from)) {
      lines.push(start + bytes.toString('utf8', from, at));
      start = '';
      from = at + 1;
    }
    start += bytes.toString('utf8', from);
  }
  lines.push(start);
  return lines;
}

const emptyTask: ChunkTask = {
  kind: 'card',
  input: { rows: [] },
  batchItems: false,
  output: 'jsonl',
  keepRequests: false,
};

/** The result of a chunk whose worker failed twice: every row a 500 item, nothing lost. */
function failedChunk(task: ChunkTask): ChunkResult {
  const format = outputFormats[task.output];
  const rows = rowsOf(task.input);
  const bodies = Array.from({ length: rows.length }, (_, index) => {
    const row = rows.row(index);
    if (!rows.texts) return row;
    try {
      return JSON.parse(row as string) as unknown;
    } catch {
      return null;
    }
  });
  const texts = bodies.map(
    (body, index) => format.render(internalErrorItem(transactionIdOf(body)), rows.lineNumber(index)).text,
  );
  const nothing = texts.map(() => null);
  return {
    bytes: new TextEncoder().encode(texts.join('\n')),
    rows: texts.length,
    history: new HistoryColumnsBuilder(0).build(),
    requests: task.keepRequests ? nothing : null,
    enrichmentIds: nothing,
    errors: texts.length,
    failed: texts.length,
    matched: 0,
  };
}
