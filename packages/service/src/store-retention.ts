/**
 * What a retention step answers (`Store.prune`), the same for every adapter:
 * only the deleting is SQL.
 */
import type { PruneStep, PruneStepResult } from './store.js';

/** A step with nothing to do: its limit is below 1 (or not a whole number). */
export const pruneNothing = (step: PruneStep): boolean => !Number.isInteger(step.limit) || step.limit < 1;

/** A step that deleted (or cleared) `pruned` records with one statement: more may be left when it hit its limit. */
export const agePruned = (pruned: number, limit: number): PruneStepResult => ({
  pruned,
  more: pruned === limit,
});

/**
 * A `batchResults` step: it deleted `deleted` rows of batches whose results had expired (up to its
 * limit), then marked `expired` batches' results expired, whose rows the steps after delete.
 */
export const batchResultsPruned = (deleted: number, expired: number, limit: number): PruneStepResult => ({
  pruned: expired,
  more: deleted === limit || expired > 0,
});
