/**
 * Batches over all cores (issue #6):
 * - a generated 1,000,000-row card file through `txenrich enrich` with 1 and
 *   2 threads, alternating, several runs each: wall time, rows/s, peak RSS of
 *   the process (workers are threads of it), and the 2/1 ratio of medians;
 *   also 1 thread with the whole process held to one core (`taskset`, when
 *   installed): a 1-thread run otherwise does its reading, writing and
 *   garbage collection on the second core, which 2 threads keep busy;
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

/** How a run is made: its threads, and whether the process may use one core only. */
interface Setup {
  label: string;
  threads: number;
  oneCore: boolean;
}

const setups: Setup[] = [
  { label: '1 thread', threads: 1, oneCore: false },
  { label: '2 threads', threads: 2, oneCore: false },
];
if (spawnSync('taskset', ['-c', '0', 'true']).status === 0)
  setups.push({ label: '1 thread, one core', threads: 1, oneCore: true });

/** One `txenrich enrich` run in a fresh process: wall seconds and peak RSS. */
function enrichRun({ threads, oneCore }: Setup) {
  const output = join(dir, `out-${threads}.jsonl`);
  const started = performance.now();
  const command = [
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
  ] as const;
  const run = oneCore
    ? spawnSync('taskset', ['-c', '0', command[0], ...command[1]], { encoding: 'utf8' })
    : spawnSync(...command, { encoding: 'utf8' });
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

const results = new Map(setups.map((setup) => [setup, [] as ReturnType<typeof enrichRun>[]]));
for (let run = 0; run < runs; run++) {
  for (const setup of setups) {
    const result = enrichRun(setup);
    results.get(setup)!.push(result);
    console.log(
      `${setup.label}, run ${run + 1}: ${result.seconds.toFixed(1)} s, ${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s, peak RSS ${result.rssMb.toFixed(0)} MB  | ${result.summary}`,
    );
  }
}
const rate = (setup: Setup) => median(results.get(setup)!.map((result) => result.rowsPerSecond));
const rss = (setup: Setup) => Math.max(...results.get(setup)!.map((result) => result.rssMb));
const [oneThread, twoThreads, oneCore] = setups as [Setup, Setup, Setup | undefined];
console.log(
  `CLI ${rows.toLocaleString('en-US')} rows, median of ${runs}: ${setups.map((setup) => `${setup.label} ${Math.round(rate(setup)).toLocaleString('en-US')} rows/s (peak RSS ${rss(setup).toFixed(0)} MB)`).join(', ')}; 2/1 = ${(rate(twoThreads) / rate(oneThread)).toFixed(2)}x${oneCore ? `, 2 threads / 1 thread on one core = ${(rate(twoThreads) / rate(oneCore)).toFixed(2)}x` : ''}`,
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
