/**
 * The normalised descriptor (`descriptorKey`) the engine keys a request's
 * corrections by, so that a correction rule stored for a reported enrichment
 * applies to the same transactions later. It cannot always be computed from
 * the raw request alone: the name of a DE43 field depends on the layout the
 * catalog's geography recognises, and a universal line is read either as a
 * card purchase (its `merchantName`) or as a transfer (its `description`) by
 * the engine's own wording rules. So the engine answers: the request is
 * enriched once with a context that records its history entry, which
 * carries the key `applyContext` computed.
 */
import type { TransactionByKind } from '@txenrich/schema';
import type { Engine } from '../engine.js';
import { type EnrichableKind, enrichByKind } from '../result-item.js';

/** Stand-ins for the fields without which no history entry is recorded; neither changes the descriptor. */
const PROBE_USER = 'descriptor-key-probe';
const PROBE_DATE = '1970-01-01';

/** The `descriptorKey` of a validated request of `kind`, as the engine computes it when enriching it. */
export function descriptorKeyOf<K extends EnrichableKind>(
  engine: Engine,
  kind: K,
  body: TransactionByKind[K],
): string {
  let key = '';
  const probe = { ...body, userId: body.userId ?? PROBE_USER, occurredAt: body.occurredAt ?? PROBE_DATE };
  enrichByKind(engine, kind, probe, {
    recordHistory: (entry) => {
      key = entry.descriptorKey;
    },
  });
  return key;
}
