/**
 * What the pool and its workers send each other. Plain data only: a task and
 * its result are structured-cloned across the thread boundary.
 */
import type { CorrectionRule, TriggerRegistration, UserHistoryEntry } from '@txenrich/core';
import type { TransactionKind } from '@txenrich/schema';
import type { OutputFormatName } from './output.js';

/** A tenant's corrections and triggers. Workers compile them once per `key` and cache the result. */
export interface TenantRules {
  /** Changes whenever the rules change (e.g. `acme:sandbox:<revision>`). */
  key: string;
  corrections?: readonly CorrectionRule[];
  triggers?: readonly TriggerRegistration[];
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
  /** The file line number of the block's first line. */
  firstLine: number;
}

export type ChunkInput = ValueRows | LineBlock;

export interface ChunkTask {
  kind: TransactionKind;
  input: ChunkInput;
  /** Validate rows as batch items (a `transactionId` is required). */
  batchItems: boolean;
  output: OutputFormatName;
  /** Also answer each valid row's request body as JSON text (what a report re-enriches later). */
  keepRequests: boolean;
  /** Only `key` at first; with the rules themselves when the worker answered `missingRules`. */
  rules?: TenantRules | { key: string };
}

/**
 * The history entries of a chunk's rows that have a user and a date, as
 * columns (cheaper to clone across threads than one object per row), with
 * the byte offset of each row's `recurrenceInfo` placeholder in the chunk's output.
 */
export interface ChunkHistory {
  userIds: string[];
  counterpartyIds: (string | null)[];
  descriptorKeys: string[];
  enrichmentIds: string[];
  transactionIds: (string | null)[];
  /** NaN for no amount. */
  amounts: Float64Array;
  occurredAts: string[];
  slots: Int32Array;
}

/** A chunk's history as columns, from entries in row order. */
export function historyColumns(
  entries: ReadonlyArray<{ entry: UserHistoryEntry; slot: number }>,
): ChunkHistory {
  return {
    userIds: entries.map(({ entry }) => entry.userId),
    counterpartyIds: entries.map(({ entry }) => entry.counterpartyId),
    descriptorKeys: entries.map(({ entry }) => entry.descriptorKey),
    enrichmentIds: entries.map(({ entry }) => entry.enrichmentId),
    transactionIds: entries.map(({ entry }) => entry.transactionId),
    amounts: Float64Array.from(entries, ({ entry }) => entry.amount ?? Number.NaN),
    occurredAts: entries.map(({ entry }) => entry.occurredAt),
    slots: Int32Array.from(entries, ({ slot }) => slot),
  };
}

/** Row `index` of the columns as a history entry. */
export function historyEntryAt(history: ChunkHistory, index: number): UserHistoryEntry {
  const amount = history.amounts[index]!;
  return {
    userId: history.userIds[index]!,
    counterpartyId: history.counterpartyIds[index]!,
    descriptorKey: history.descriptorKeys[index]!,
    enrichmentId: history.enrichmentIds[index]!,
    transactionId: history.transactionIds[index]!,
    amount: Number.isNaN(amount) ? null : amount,
    occurredAt: history.occurredAts[index]!,
  };
}

export interface ChunkResult {
  /** The rows' output texts joined by line breaks (none at the end), in row order, as UTF-8. */
  bytes: Uint8Array;
  rows: number;
  /** The rows that extend a user's history, in row order. */
  history: ChunkHistory;
  /** Per row, the validated request body as JSON text (null for a row that failed), when asked. */
  requests: (string | null)[] | null;
  /** Per row, the enrichment id (null for a row that failed). */
  enrichmentIds: (string | null)[];
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

const decoder = new TextDecoder();

/** The rows of a chunk: bodies, or the JSON texts of a block's non-blank lines, with their line numbers. */
export function rowsOf(input: ChunkInput): ValueRows & { texts: boolean } {
  if (!('lines' in input)) return { ...input, texts: false };
  const rows: string[] = [];
  const lineNumbers: number[] = [];
  const lines = decoder.decode(input.lines).split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.trim()) continue;
    rows.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    lineNumbers.push(input.firstLine + index);
  }
  return { rows, lineNumbers, texts: true };
}
