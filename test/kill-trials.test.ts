/**
 * kill -9 during batches, the always-on slice (issue #20, targets): 3 trials of a real `txenrich serve`
 * child process killed while a submission is under way, while batches run (and again while it resumes
 * them), and while batches run, each restarted on its data folder: every acknowledged batch ends
 * `completed` or `failed` with each item's result exactly once, idempotent resubmissions answer the same
 * batch, and the database holds nothing twice. The full run is `pnpm --filter @txenrich/benchmarks
 * bench:kill-trials` (20 trials); see benchmarks/src/kill-trial.ts. Runs the built CLI (`pnpm build` first).
 */
import { describe, expect, it } from 'vitest';
import { describeTrial, runTrial } from '../benchmarks/src/kill-trial.ts';

describe('kill -9 during batches', () => {
  it('loses, leaves stuck and duplicates no batch over 3 trials', async () => {
    const options = {
      trials: 3,
      seed: 20,
      batches: 4,
      items: [1500, 3000] as [number, number],
      settleMs: 150_000,
    };
    for (let trial = 1; trial <= options.trials; trial++) {
      const result = await runTrial(trial, options);
      const problems = [...result.lost, ...result.stuck, ...result.duplicated, ...result.other];
      expect(problems, describeTrial(result)).toEqual([]);
      expect(result.acked, describeTrial(result)).toBeGreaterThan(0);
      expect(result.completed + result.failed).toBe(result.acked);
    }
  }, 300_000);
});
