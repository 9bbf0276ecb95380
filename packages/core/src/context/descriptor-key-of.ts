/**
 * The normalised descriptor (`descriptorKey`) the engine keys a request's
 * corrections by, so that a correction rule stored for a reported enrichment
 * applies to the same transactions later. It cannot always be computed from
 * the raw request alone: the name of a DE43 field depends on the layout the
 * catalog's geography recognises, and a universal line is read either as a
 * card purchase (its `merchantName`) or as a transfer (its `description`) by
 * the engine's own wording rules. So the engine answers: the request goes
 * through the pipeline up to its context stage, which knows the key.
 */
import type { TransactionByKind } from '@txenrich/schema';
import type { Engine } from '../engine.js';
import type { EnrichableKind } from '../result-item.js';

/** The `descriptorKey` of a validated request of `kind`, as the engine computes it when enriching it. */
export function descriptorKeyOf<K extends EnrichableKind>(
  engine: Engine,
  kind: K,
  body: TransactionByKind[K],
): string {
  return engine.begin(kind, body).descriptorKey;
}
