// A test worker: the real one, but it dies on rows that ask it to.
// `CRASH_ONCE` kills the first worker that sees it (a shared counter remembers);
// `CRASH_ALWAYS` kills every worker that sees it.
import { workerData } from 'node:worker_threads';
import { enrichChunk } from '../dist/worker.js';

const crashes = new Int32Array(workerData.crashes);

export default function crashingChunk(task) {
  const text = JSON.stringify(task.input.rows);
  if (text.includes('CRASH_ALWAYS')) process.exit(1);
  if (text.includes('CRASH_ONCE') && Atomics.add(crashes, 0, 1) === 0) process.exit(1);
  return enrichChunk(task);
}
