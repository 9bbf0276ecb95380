/**
 * What the store and its batch writer thread send each other, and a
 * `StoreError` in a form that crosses the thread boundary (an error loses its
 * class there: its code, message, details and its cause's code are sent
 * explicitly).
 */
import {
  type BatchChunk,
  type IdempotentBatch,
  type NewBatch,
  StoreError,
  type StoreErrorCode,
} from '@txenrich/service';

/** What the thread is started with (`workerData`). */
export interface BatchWriterSettings {
  path: string;
  busyTimeoutMs: number;
}

/** A write for the thread: the store method it does, and its arguments. */
export type Write =
  | { type: 'createBatch'; batch: NewBatch }
  | { type: 'saveBatchChunk'; batchId: string; chunk: BatchChunk };

export type WriterRequest =
  | { type: 'write'; id: number; write: Write }
  /** Close the connection and end: sent once no write is under way. */
  | { type: 'close' };

export interface WireStoreError {
  code: StoreErrorCode;
  message: string;
  details: Record<string, unknown>;
  /** The driver's error: its message, and its SQLite code when it has one. */
  cause?: { message: string; code?: string };
}

/** What a write answers once committed (`createBatch`'s answer; nothing for a chunk). */
export type WriteAnswer = IdempotentBatch | null | undefined;

/** The answer to a write: committed, or the `StoreError` of the transaction rolled back. */
export type WriterReply = { id: number; answer: WriteAnswer } | { id: number; error: WireStoreError };

export function toWireError(error: StoreError): WireStoreError {
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    code: error.code,
    message: error.message,
    details: error.details,
    ...(cause && typeof cause.message === 'string'
      ? {
          cause: {
            message: cause.message,
            ...(typeof cause.code === 'string' ? { code: cause.code } : {}),
          },
        }
      : {}),
  };
}

export function fromWireError(wire: WireStoreError): StoreError {
  const cause = wire.cause && Object.assign(new Error(wire.cause.message), { code: wire.cause.code });
  return new StoreError(wire.code, wire.message, {
    details: wire.details,
    ...(cause ? { cause } : {}),
  });
}
