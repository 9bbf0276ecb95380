/**
 * What the pool and its workers send each other. Plain data only: a task and
 * its result are structured-cloned across the thread boundary; a task's
 * series port is moved.
 */
import type { MessagePort } from 'node:worker_threads';
import type {
  CorrectionRule,
  SeriesChange,
  SeriesRef,
  TenantCategories,
  TenantOutcomes,
  TriggerRegistration,
} from '@txenrich/core';
import type { TransactionKind } from '@txenrich/schema';

/** A tenant's corrections, categories, triggers and outcomes. Workers compile them once per `key` and cache the result. */
export interface TenantRules {
  /** Changes whenever the rules change (e.g. `acme:sandbox:<revision>`). */
  key: string;
  corrections?: readonly CorrectionRule[];
  triggers?: readonly TriggerRegistration[];
  /** Custom categories, counterparty personalizations and category rules. */
  categories?: TenantCategories;
  /**
   * The reported outcomes' counts per counterparty, as of the batch's start, with a key of their own:
   * they change more often than the rules, and a worker compiles each once per key.
   */
  outcomes?: TenantOutcomes & { key: string };
}

/** The rules of a task by their keys: what is sent first (`MissingRules` asks for the rules themselves). */
export interface TenantRulesKeys {
  key: string;
  outcomesKey?: string;
}

/** Parsed request bodies. */
export interface ValueRows {
  rows: readonly unknown[];
  /** The file line of each row, for errors. */
  lineNumbers?: readonly number[];
  /** Rows the reader could not read (a malformed CSV record): `[row, message]`; the row's value is ignored. */
  unreadable?: ReadonlyArray<readonly [row: number, message: string]>;
}

/**
 * A block of whole JSON lines, as bytes read from a file: the worker decodes,
 * splits and parses them, so the reading thread does no per-row work.
 */
export interface LineBlock {
  lines: Uint8Array;
  /** The file line number of the block's first line, when the lines come from a file (error items name it). */
  firstLine?: number;
}

export type ChunkInput = ValueRows | LineBlock;

export interface ChunkTask {
  kind: TransactionKind;
  input: ChunkInput;
  /** Validate rows as batch items (a `transactionId` is required). */
  batchItems: boolean;
  /** The module of the rows' output format (`OutputFormat`, its default export); JSON lines when absent. */
  output?: string;
  /**
   * With the caller's series states (recurrence): the port on which the worker asks for the states its
   * rows need and answers those it changed (`SeriesRequest`, `SeriesStates`, `SeriesUpdates`).
   */
  series?: MessagePort;
  /** Also answer each valid row's request body as JSON text (what a report re-enriches later). */
  keepRequests: boolean;
  /** Add each result's `explanation` (the line's anatomy, the rules that fired, the candidates). */
  explain?: boolean;
  /** Only `key` at first; with the rules themselves when the worker answered `missingRules`. */
  rules?: TenantRules | TenantRulesKeys;
  /**
   * The buffer of an earlier chunk's output, moved back for this chunk's output to reuse: a
   * thread that received a new buffer per chunk would collect garbage for it (see `EnrichedChunk.release`).
   */
  outputBuffer?: ArrayBuffer;
}

/** Pool -> worker: a chunk's series states, as asked (`SeriesRequest`): JSON text, or null for a new series. */
export interface SeriesStates {
  states: (string | null)[];
}

/** Worker -> pool, on the task's `series` port, first: the chunk is running (see `SeriesRelay.started`). */
export interface SeriesStarted {
  started: true;
}

/** Worker -> pool, on the task's `series` port: the states of the series its rows extend. */
export interface SeriesRequest {
  load: SeriesRef[];
}

/** A series state a chunk changed: what the caller keeps for the users' later transactions. */
/** A series a chunk changed: its state as JSON text, with its latest payment's day (what a store indexes it by). */
export type SeriesUpdate = SeriesChange;

/**
 * Worker -> pool, on the task's `series` port, once every row's recurrence is decided (before its
 * rows are rendered): the states the chunk changed. Sent by every chunk that has the port, even
 * with none, for the next chunk waits for it.
 */
export interface SeriesUpdates {
  updates: SeriesUpdate[];
}

export interface ChunkResult {
  /** The rows' output texts joined by line breaks (none at the end), in row order, as UTF-8. */
  bytes: Uint8Array;
  rows: number;
  /** Per row, the validated request body as JSON text (null for a row that failed), when asked. */
  requests: (string | null)[] | null;
  /** Per row, the enrichment id (null for a row that failed). */
  enrichmentIds: (string | null)[];
  /** Per row, the id of its counterparty (null for a row that failed or has none). */
  counterpartyIds: (string | null)[];
  /** Rows in error: 400 (invalid) and 500 (the engine failed on them). */
  errors: number;
  /** Rows the engine failed on (status 500). */
  failed: number;
  matched: number;
}

/** The worker's answer when it has not seen the rules of `key` yet. */
export interface MissingRules {
  missingRules: string;
}

/** Posted by a worker once its catalog and indexes are ready (a Piscina pool `message` event). */
export interface WorkerReadyMessage {
  txenrichWorkerReady: { threadId: number; loadMs: number; heapUsed: number };
}

export function isWorkerReadyMessage(message: unknown): message is WorkerReadyMessage {
  return typeof message === 'object' && message !== null && 'txenrichWorkerReady' in message;
}

/**
 * A chunk's rows, read one at a time: a line block's rows are decoded only
 * when asked for, so that each row's text dies young instead of living (and
 * being promoted by the collector) until the chunk ends.
 */
export interface ChunkRows {
  readonly length: number;
  /** Whether rows are JSON texts (a line block's lines) rather than parsed values. */
  readonly texts: boolean;
  /** Row `index`: its value, or its JSON text. */
  row(index: number): unknown;
  /** The file line of row `index`, when known. */
  lineNumber(index: number): number | undefined;
  /** Why row `index` could not be read, or undefined when it could. */
  unreadable(index: number): string | undefined;
}

const decoder = new TextDecoder();

/** Space, tab, carriage return, and the other ASCII blanks: a line of nothing else is skipped. */
const isBlank = (byte: number) => byte === 32 || (byte >= 9 && byte <= 13);

export function rowsOf(input: ChunkInput): ChunkRows {
  if ('lines' in input) return lineRows(input);
  const unreadable = new Map(input.unreadable);
  return {
    length: input.rows.length,
    texts: false,
    row: (index) => input.rows[index],
    lineNumber: (index) => input.lineNumbers?.[index],
    unreadable: (index) => unreadable.get(index),
  };
}

/** The non-blank lines of a block, located once, decoded one by one. */
function lineRows({ lines: bytes, firstLine }: LineBlock): ChunkRows {
  let lineCount = 1;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lineCount++;
  const starts = new Int32Array(lineCount);
  const ends = new Int32Array(lineCount);
  const lineNumbers = new Int32Array(lineCount);
  let length = 0;
  let lineStart = 0;
  for (let line = 0; line < lineCount; line++) {
    const newline = bytes.indexOf(10, lineStart);
    const lineEnd = newline < 0 ? bytes.length : newline;
    let blank = true;
    for (let at = lineStart; at < lineEnd && blank; at++) blank = isBlank(bytes[at]!);
    if (!blank) {
      starts[length] = lineStart;
      ends[length] = bytes[lineEnd - 1] === 13 ? lineEnd - 1 : lineEnd; // without a `\r`
      lineNumbers[length] = (firstLine ?? 0) + line;
      length++;
    }
    lineStart = lineEnd + 1;
  }
  return {
    length,
    texts: true,
    row: (index) => decoder.decode(bytes.subarray(starts[index], ends[index])),
    lineNumber: (index) => (firstLine === undefined ? undefined : lineNumbers[index]),
    unreadable: () => undefined,
  };
}
