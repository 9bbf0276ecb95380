/**
 * Saves one enriched chunk of a batch: its results, the enrichments a report
 * may name, and the series states it changed, in one store transaction. The
 * states are answered from memory (`SeriesStates.unsaved`) until the
 * transaction ends, so requests of this process see them meanwhile. Answers
 * the counterparties of the enrichments saved, one per enrichment, for this
 * process to count (`TenantRulesCache.counted`).
 */
import type { EnrichedChunk } from '@txenrich/pool';
import type { SeriesStates } from './series.js';
import type { BatchRecord, EnrichmentRecord, Store } from './store.js';

export async function saveEnrichedChunk(
  store: Store,
  series: SeriesStates,
  batch: BatchRecord,
  index: number,
  chunk: EnrichedChunk,
  createdAt: number,
): Promise<string[]> {
  const enrichments: EnrichmentRecord[] = [];
  chunk.enrichmentIds.forEach((enrichmentId, row) => {
    const request = chunk.requests?.[row];
    const counterpartyId = chunk.counterpartyIds[row] ?? null;
    if (enrichmentId && request)
      enrichments.push({ enrichmentId, kind: batch.kind, request, createdAt, counterpartyId });
  });
  // The pool's bytes, not a string per result: a store thread decodes them (and the buffer goes back).
  const results = chunk.rows > 0 ? chunk.bytes.slice() : [];
  chunk.release();
  const rows = series.rowsOf(chunk.series);
  series.unsaved(batch.scope, rows);
  try {
    await store.saveBatchChunk(batch.id, { index, results, enrichments, series: rows });
  } finally {
    series.saved(batch.scope, rows);
  }
  return enrichments.flatMap((record) => (record.counterpartyId === null ? [] : [record.counterpartyId]));
}
