/**
 * Batches over all cores (issue #6):
 * - a generated 1,000,000-row card file through `txenrich enrich` with 1 and
 *   2 threads, alternating, several runs each: wall time, rows/s, peak RSS of
 *   the process (workers are threads of it), and the 2/1 ratio of medians;
 * - 50,000 bodies through `pool.enrichMany` in process (array in, results out);
 * - worker start-up: `createPool` to all workers ready, load time inside each
 *   worker, and memory per worker.
 *
 *   pnpm --filter @txenrich/benchmarks bench:pool [--rows 1000000] [--runs 3]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPool } from '@txenrich/pool';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    many: { type: 'string', default: '50000' },
  },
});
const rows = Number(values.rows);
const runs = Number(values.runs);
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
const maxRss = fileURLToPath(new URL('./max-rss.mjs', import.meta.url));
const dir = join(tmpdir(), 'txenrich-bench-pool');
mkdirSync(dir, { recursive: true });
const input = join(dir, `cards-${rows}.jsonl`);
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

if (!existsSync(input)) {
  const started = performance.now();
  execFileSync(
    process.execPath,
    [bin, 'generate', '--kind', 'card', '--rows', String(rows), '--seed', '1', '-o', input],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  console.log(
    `generated ${rows.toLocaleString('en-US')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
console.log(`input: ${input} (${(statSync(input).size / 1e6).toFixed(0)} MB)`);

/** One `txenrich enrich` run in a fresh process: wall seconds and peak RSS. */
function enrichRun(threads: number) {
  const output = join(dir, `out-${threads}.jsonl`);
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      maxRss,
      bin,
      'enrich',
      '--kind',
      'card',
      input,
      '-o',
      output,
      '--threads',
      String(threads),
      '--no-progress',
    ],
    { encoding: 'utf8' },
  );
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`enrich failed: ${run.stderr}`);
  rmSync(output, { force: true });
  const rssKb = Number(/max-rss-kb=(\d+)/.exec(run.stderr)?.[1]);
  return {
    seconds,
    rowsPerSecond: rows / seconds,
    rssMb: rssKb / 1024,
    summary: run.stderr.trim().split('\n')[0],
  };
}

const byThreads: Record<number, ReturnType<typeof enrichRun>[]> = { 1: [], 2: [] };
for (let run = 0; run < runs; run++) {
  for (const threads of [1, 2]) {
    const result = enrichRun(threads);
    byThreads[threads]!.push(result);
    console.log(
      `threads=${threads} run ${run + 1}: ${result.seconds.toFixed(1)} s, ${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s, peak RSS ${result.rssMb.toFixed(0)} MB  | ${result.summary}`,
    );
  }
}
const rate = (threads: number) => median(byThreads[threads]!.map((result) => result.rowsPerSecond));
const rss = (threads: number) => Math.max(...byThreads[threads]!.map((result) => result.rssMb));
console.log(
  `CLI ${rows.toLocaleString('en-US')} rows, median of ${runs}: 1 thread ${Math.round(rate(1)).toLocaleString('en-US')} rows/s (peak RSS ${rss(1).toFixed(0)} MB), 2 threads ${Math.round(rate(2)).toLocaleString('en-US')} rows/s (peak RSS ${rss(2).toFixed(0)} MB); 2/1 = ${(rate(2) / rate(1)).toFixed(2)}x`,
);

// Start-up, then enrichMany in process.
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
await using pool = createPool({ threads: 2 });
const workers = await pool.ready();
const readyMs = performance.now() - started;
const rssPerWorker = (process.memoryUsage().rss - rssBefore) / workers.length / 1e6;
console.log(
  `workers ready: ${readyMs.toFixed(0)} ms from createPool (2 threads); load inside each worker: ${workers.map((worker) => `${worker.loadMs.toFixed(0)} ms`).join(', ')}; per worker: heap ${(median(workers.map((worker) => worker.heapUsed)) / 1e6).toFixed(0)} MB, RSS +${rssPerWorker.toFixed(0)} MB`,
);

const bodies = execFileSync('head', ['-n', values.many, input], { encoding: 'utf8', maxBuffer: 1 << 30 })
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as unknown);
const manyMs: number[] = [];
for (let run = 0; run < 5; run++) {
  const runStarted = performance.now();
  const results = await pool.enrichMany('card', bodies);
  manyMs.push(performance.now() - runStarted);
  if (results.length !== bodies.length) throw new Error('enrichMany lost rows');
}
console.log(
  `enrichMany ${bodies.length.toLocaleString('en-US')} bodies, 2 threads: median ${median(manyMs).toFixed(0)} ms (runs: ${manyMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
);
