/**
 * What every adapter of the `Store` port builds its methods from: the port's
 * methods grouped by concern (each adapter has a module per group), and the
 * wrapper each method runs in (it rejects once the store is closed, and every
 * failure leaves as a `StoreError` of the adapter's mapping).
 */

import type { Store } from './store.js';
import { StoreError } from './store-errors.js';

export type BatchMethods = Pick<
  Store,
  | 'createBatch'
  | 'findBatch'
  | 'batchItems'
  | 'startBatch'
  | 'saveBatchChunk'
  | 'finishBatch'
  | 'batchResults'
  | 'batchResultsPage'
  | 'unfinishedBatches'
>;

export type EnrichmentMethods = Pick<
  Store,
  'recordEnrichments' | 'findEnrichment' | 'loadSeries' | 'userSeries'
>;

export type OutcomeMethods = Pick<Store, 'countActivity' | 'recordOutcome' | 'counterpartyOutcomes'>;

export type DeliveryMethods = Pick<
  Store,
  | 'enqueueDelivery'
  | 'claimDueDeliveries'
  | 'markDelivered'
  | 'rescheduleDelivery'
  | 'abandonDelivery'
  | 'pendingDeliveries'
  | 'listDeliveries'
  | 'findDelivery'
  | 'replayDelivery'
>;

export type TriggerMethods = Pick<
  Store,
  | 'findTriggerScope'
  | 'readTriggers'
  | 'writeTriggers'
  | 'setTriggerWriteStatus'
  | 'unfinishedTriggerWrites'
  | 'activeTriggerScopes'
>;

export type CategoryMethods = Pick<
  Store,
  | 'listCategories'
  | 'createCategory'
  | 'deleteCategories'
  | 'listPersonalizations'
  | 'putPersonalization'
  | 'deletePersonalizations'
  | 'listCategoryRules'
  | 'createCategoryRule'
  | 'deleteCategoryRule'
  | 'tenantCategories'
>;

export type ReportMethods = Pick<
  Store,
  'createReport' | 'listReports' | 'findReport' | 'closeReport' | 'corrections'
>;

/** How `closeReport` closes a report. */
export type ReportOutcome = Parameters<Store['closeReport']>[1];

/** The statuses `setTriggerWriteStatus` moves a background write to. */
export type TriggerWriteStatus = Parameters<Store['setTriggerWriteStatus']>[3];

/** Wraps a step (synchronous or not) into a store method. */
export type StoreOperation = <A extends unknown[], R>(
  name: string,
  run: (...args: A) => R | Promise<R>,
) => (...args: A) => Promise<R>;

/**
 * The wrapper of a store's methods, with `toStoreError`, the adapter's mapping of its driver's errors;
 * `markClosed` answers false when the store already was.
 */
export function createStoreOperations(toStoreError: (operation: string, error: unknown) => StoreError): {
  op: StoreOperation;
  markClosed(): boolean;
} {
  let closed = false;
  return {
    op:
      (name, run) =>
      async (...args) => {
        if (closed) throw new StoreError('STORE_UNAVAILABLE', `${name}: the store is closed`);
        try {
          return await run(...args);
        } catch (error) {
          throw toStoreError(name, error);
        }
      },
    markClosed() {
      if (closed) return false;
      closed = true;
      return true;
    },
  };
}
