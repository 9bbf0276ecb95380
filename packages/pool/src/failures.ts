/** The result items of rows that could not be enriched. */
import type { ResultItem } from '@txenrich/schema';

/** A line of a file that could not be read: a 400 item that keeps its place, with the reason. */
export function unreadableRowItem(message: string): ResultItem {
  return {
    statusCode: 400,
    errors: { non_field_errors: [message] },
    transactionInfo: { transactionId: null },
  };
}

/** A line of a JSON-lines file that is not JSON. */
export function unreadableLineItem(lineNumber: number, error: unknown): ResultItem {
  const reason = error instanceof Error ? error.message : String(error);
  return unreadableRowItem(`Line ${lineNumber} is not valid JSON: ${reason}`);
}

/** The `transactionId` of a raw body, when it has a string one. */
export function transactionIdOf(raw: unknown): string | null {
  const id =
    typeof raw === 'object' && raw !== null ? (raw as { transactionId?: unknown }).transactionId : null;
  return typeof id === 'string' ? id : null;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal error: this transaction could not be enriched.';

/** A row the engine failed on (or whose worker crashed twice): not the caller's fault. */
export function internalErrorItem(transactionId: string | null): ResultItem {
  return {
    statusCode: 500,
    errors: { non_field_errors: [INTERNAL_ERROR_MESSAGE] },
    transactionInfo: { transactionId },
  };
}
