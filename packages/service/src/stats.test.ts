import { describe, expect, it } from 'vitest';
import { createStatsRecorder } from './stats.js';

const pool = { threads: 2, idleThreads: 2, queuedTasks: 0, completedTasks: 0, utilization: 0 };

describe('createStatsRecorder', () => {
  it('moves batch items from pending to running to their end', () => {
    const stats = createStatsRecorder();
    stats.batchSubmitted(5);
    stats.batchQueued(5);
    stats.batchQueued(3);
    expect(stats.snapshot(pool).batchItems).toEqual({ pending: 8, running: 0 });
    stats.batchStarted(5);
    expect(stats.snapshot(pool).batchItems).toEqual({ pending: 3, running: 5 });
    stats.batchEnded(5, 'completed');
    stats.batchStarted(3);
    stats.batchEnded(3, 'interrupted');
    const snapshot = stats.snapshot(pool);
    expect(snapshot.batchItems).toEqual({ pending: 0, running: 0 });
    expect(snapshot.batchItemsTotal).toEqual({ submitted: 5, completed: 5, failed: 0 });
  });

  it('counts callback attempts by kind and outcome, and hands out copies', () => {
    const stats = createStatsRecorder();
    stats.callbackAttempt('batch_callback', 'retried');
    stats.callbackAttempt('batch_callback', 'delivered');
    const before = stats.snapshot(pool);
    stats.callbackAttempt('batch_callback', 'delivered');
    expect(before.callbackAttempts.batch_callback).toEqual({
      delivered: 1,
      retried: 1,
      abandoned: 0,
      refused: 0,
    });
    expect(stats.snapshot(pool).callbackAttempts.batch_callback.delivered).toBe(2);
    expect(stats.snapshot(pool).callbackAttempts.returned_enrichment.delivered).toBe(0);
  });

  it('adds up the records retention pruned, by kind', () => {
    const stats = createStatsRecorder();
    stats.pruned('enrichments', 500);
    stats.pruned('enrichments', 20);
    stats.pruned('batchResults', 1);
    expect(stats.snapshot(pool).retentionPruned).toEqual({
      enrichments: 520,
      batchResults: 1,
      idempotencyKeys: 0,
      deliveredCallbacks: 0,
      recurrenceSeries: 0,
      counterpartyActivity: 0,
      enrichmentOutcomes: 0,
    });
  });
});
