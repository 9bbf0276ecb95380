/**
 * `createPool`: the engine on every core. Rows go to Piscina workers in
 * chunks and come back rendered, in input order. Recurrence is the workers'
 * too: a chunk asks the pool for the series states its rows extend
 * (`SeriesSource`), after every earlier chunk has answered the states it
 * changed, so that each user's payments meet their series in input order
 * however many chunks run at once (`series-relay.ts`).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import type { ResultItem, TransactionKind } from '@txenrich/schema';
import { Piscina } from 'piscina';
import { PoolError } from './errors.js';
import { internalErrorItem, transactionIdOf } from './failures.js';
import { jsonLines, type OutputFormat, outputFormat } from './output.js';
import {
  type ChunkInput,
  type ChunkResult,
  type ChunkTask,
  isWorkerReadyMessage,
  type MissingRules,
  rowsOf,
  type SeriesUpdate,
  type TenantRules,
  type WorkerReadyMessage,
} from './protocol.js';
import { createSeriesRelay, type SeriesSource } from './series-relay.js';
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
  /**
   * The module of the rows' output format (a file path or URL whose default export is an
   * `OutputFormat`, loaded by each worker once); JSON lines by default.
   */
  output?: string;
  /** Validate rows as batch items: a `transactionId` is required. */
  batchItems?: boolean;
  /** Answer each valid row's request body as JSON text. */
  keepRequests?: boolean;
  /** Add each result's `explanation`. */
  explain?: boolean;
  rules?: TenantRules;
  /**
   * The users' series states (recurrence); without them, results carry no recurrence. The states a
   * chunk changes come with it (`EnrichedChunk.series`), for `series.keep` or the caller to keep where
   * `series.load` finds them (see `SeriesSource`).
   */
  series?: SeriesSource;
  signal?: AbortSignal;
}

export interface EnrichedChunk {
  /** The rows' texts joined by line breaks (none at the end), in input order, as UTF-8: the worker's buffer. */
  bytes: Uint8Array;
  /** The bytes, decoded. */
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
  /** With `series`: the series states the chunk changed, to keep for the users' later transactions. */
  series: SeriesUpdate[];
  requests: (string | null)[] | null;
  enrichmentIds: (string | null)[];
  /** Per row, its counterparty's id (null for a row that failed or has none). */
  counterpartyIds: (string | null)[];
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
    options?: Pick<EnrichOptions, 'batchItems' | 'rules' | 'series' | 'signal'>,
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

/** A task's run options: its output buffer and series port, when it has them, are moved to the worker. */
function runOptions(task: ChunkTask, signal: AbortSignal | undefined) {
  const transferList = [task.outputBuffer, task.series].filter((moved) => moved !== undefined);
  return {
    ...(signal ? { signal } : {}),
    ...(transferList.length > 0 ? { transferList } : {}),
  };
}

/** The task for another run: its output buffer and series port went to the worker of the first run. */
function withoutMoved({ outputBuffer: _, series: __, ...task }: ChunkTask): ChunkTask {
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

  /**
   * Runs one chunk; a failed run is retried once on a fresh worker, then its rows become 500 items.
   * `series` gives each run the port to its chunk's series, and hears of a chunk that failed twice (see
   * `createSeriesRelay`).
   */
  async function runChunk(
    task: ChunkTask,
    rules: TenantRules | undefined,
    signal: AbortSignal | undefined,
    series: { port: () => MessagePort; failed: () => void } | undefined,
  ) {
    const seriesPort = series?.port;
    for (let attempt = 1; ; attempt++) {
      try {
        let run = { ...task, ...(seriesPort ? { series: seriesPort() } : {}) };
        let answer = (await piscina.run(run, runOptions(run, signal))) as ChunkResult | MissingRules;
        // Rules travel by key; a worker that has not compiled them yet asks once for the rules themselves.
        while ('missingRules' in answer) {
          run = {
            ...withoutMoved(task),
            ...(rules ? { rules } : {}),
            ...(seriesPort ? { series: seriesPort() } : {}),
          };
          answer = (await piscina.run(run, runOptions(run, signal))) as ChunkResult | MissingRules;
        }
        return answer;
      } catch (error) {
        if (signal?.aborted) throw new PoolError('ABORTED', 'The enrichment was aborted.', { cause: error });
        if (closed) throw new PoolError('CLOSED', 'The pool is closed.', { cause: error });
        onWorkerError(error instanceof Error ? error : new Error(String(error)));
        if (attempt >= 2) {
          series?.failed();
          return failedChunk(task);
        }
      } finally {
        task = withoutMoved(task);
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
    const relay = enrichOptions.series ? createSeriesRelay(enrichOptions.series) : null;
    const inFlight: Array<{ index: number; result: Promise<ChunkResult> }> = [];
    const maxInFlight = threads * IN_FLIGHT_PER_THREAD;

    const finish = (index: number, result: ChunkResult): EnrichedChunk => {
      let released = false;
      const { bytes } = result;
      return {
        bytes,
        get text() {
          return decoder.decode(bytes);
        },
        get lines() {
          return result.rows > 0 ? linesOf(bytes) : [];
        },
        release() {
          if (released) return;
          released = true;
          if (spareBuffers.length < maxSpareBuffers) spareBuffers.push(bytes.buffer as ArrayBuffer);
        },
        series: relay?.updatesOf(index) ?? [],
        requests: result.requests,
        enrichmentIds: result.enrichmentIds,
        counterpartyIds: result.counterpartyIds,
        rows: result.rows,
        errors: result.errors,
        matched: result.matched,
        failed: result.failed,
      };
    };
    /** The next chunk in input order, once done; its series updates are the caller's from then on. */
    const next = async () => {
      const { index, result } = inFlight.shift()!;
      const done = await result;
      // The chunk's series changes come on their own port, maybe after its result.
      await relay?.sent(index);
      const chunk = finish(index, done);
      enrichOptions.series?.keep?.(chunk.series);
      return { index, chunk };
    };

    try {
      let index = 0;
      for await (const chunk of chunks) {
        const outputBuffer = spareBuffers.pop();
        const task: ChunkTask = {
          kind,
          input: chunk,
          batchItems: enrichOptions.batchItems ?? false,
          keepRequests: enrichOptions.keepRequests ?? false,
          ...(enrichOptions.output ? { output: enrichOptions.output } : {}),
          ...(enrichOptions.explain ? { explain: true } : {}),
          ...(rules
            ? { rules: { key: rules.key, ...(rules.outcomes ? { outcomesKey: rules.outcomes.key } : {}) } }
            : {}),
          ...(outputBuffer ? { outputBuffer } : {}),
        };
        const chunkIndex = index++;
        // A chunk waits for the series changes of the chunks before it, and Piscina does not promise to
        // start queued tasks in order: with series, a chunk is queued only once the one before it has
        // started, so that the one chunk waiting in Piscina's queue is never one a running chunk waits for.
        // (Or once it ended: aborted, it never starts.)
        const previous = inFlight.at(-1)?.result;
        if (relay && previous) await Promise.race([relay.started(chunkIndex - 1), previous.catch(() => {})]);
        const series = relay
          ? { port: () => relay.port(chunkIndex), failed: () => relay.settle(chunkIndex) }
          : undefined;
        const running = runChunk(task, rules, signal, series);
        running.catch(() => {}); // awaited below, in order; this only keeps an early exit quiet
        inFlight.push({ index: chunkIndex, result: running });
        if (inFlight.length >= maxInFlight) {
          const done = await next();
          yield done.chunk;
          relay?.handedOver(done.index);
        }
      }
      while (inFlight.length > 0) {
        const done = await next();
        yield done.chunk;
        relay?.handedOver(done.index);
      }
    } finally {
      inFlight.length = 0;
      relay?.close();
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

/** The lines of UTF-8 text, decoded line by line. */
function linesOf(text: Uint8Array): string[] {
  const lines: string[] = [];
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  let from = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, from)) {
    lines.push(bytes.toString('utf8', from, at));
    from = at + 1;
  }
  lines.push(bytes.toString('utf8', from));
  return lines;
}

const emptyTask: ChunkTask = {
  kind: 'card',
  input: { rows: [] },
  batchItems: false,
  keepRequests: false,
};

/** The result of a chunk whose worker failed twice: every row a 500 item, nothing lost. */
async function failedChunk(task: ChunkTask): Promise<ChunkResult> {
  const format: OutputFormat = await Promise.resolve(outputFormat(task.output)).catch(() => jsonLines);
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
  const texts = bodies.map((body, index) =>
    format.render(internalErrorItem(transactionIdOf(body)), rows.lineNumber(index)),
  );
  const nothing = texts.map(() => null);
  return {
    bytes: new TextEncoder().encode(texts.join('\n')),
    rows: texts.length,
    requests: task.keepRequests ? nothing : null,
    enrichmentIds: nothing,
    counterpartyIds: nothing,
    errors: texts.length,
    failed: texts.length,
    matched: 0,
  };
}
