/** The records of the callback outbox: a new delivery, and where it goes. */
import { randomUUID } from 'node:crypto';
import type { DeliveryKind, NewDelivery, Scope } from './store.js';

/**
 * Where a callback goes, for the bound on concurrent deliveries per destination: the URL's host and port
 * as the WHATWG parser normalises them (`hooks.example.com`, `127.0.0.1:9000`); '' for an invalid URL.
 */
export function destinationOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** A delivery of `body` (as JSON) to `url`, created and due at `at`. */
export function newDelivery(
  kind: DeliveryKind,
  scope: Scope,
  url: string,
  body: unknown,
  at: number,
): NewDelivery {
  return {
    id: randomUUID(),
    kind,
    scope,
    url,
    destination: destinationOf(url),
    body: JSON.stringify(body),
    createdAt: at,
    nextAttemptAt: at,
  };
}
