/**
 * The thread that reads long batch bodies (`readBatchBody`, intake-worker.ts):
 * an on-demand thread of its own, so a submission never waits behind the
 * batches running on the worker pool, and the main thread keeps answering
 * while a 50,000-item body is parsed, checked and cut into lines.
 */
import { fileURLToPath } from 'node:url';
import type { Validation } from '@txenrich/schema';
import type { BatchBody, ReadBatch } from './batch-intake.js';
import { createOnDemandThread } from './on-demand-thread.js';

const workerFilename = fileURLToPath(new URL('../dist/intake-worker.js', import.meta.url));

export interface IntakeThread {
  read(body: BatchBody): Promise<Validation<ReadBatch>>;
  close(): Promise<void>;
}

export function createIntakeThread(options: { idleMs?: number } = {}): IntakeThread {
  const thread = createOnDemandThread<BatchBody, Validation<ReadBatch>>(workerFilename, {
    name: 'intake thread',
    ...options,
  });
  return { read: (body) => thread.request([body]), close: thread.close };
}
