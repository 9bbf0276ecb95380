/**
 * Cold load of the built catalog: each run is a fresh Node process that
 * imports `@txenrich/catalog` from its built `dist/` and calls
 * `loadCatalog()` on the default artifact, as a worker thread does at start.
 * Prints the load time (median, p99-ish max) and the heap the catalog holds
 * after a forced GC, plus the artifact size.
 *
 *   pnpm build && pnpm --filter @txenrich/benchmarks bench:catalog-load
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const runs = Number(process.env.RUNS ?? 7);

if (process.argv[2] === 'child') {
  globalThis.gc();
  const before = process.memoryUsage();
  const { loadCatalog } = await import('@txenrich/catalog');
  const started = performance.now();
  const catalog = loadCatalog();
  const loadMs = performance.now() - started;
  globalThis.gc();
  const after = process.memoryUsage();
  console.log(
    JSON.stringify({
      loadMs,
      heapMb: (after.heapUsed - before.heapUsed) / 1_048_576,
      rssMb: (after.rss - before.rss) / 1_048_576,
      merchants: catalog.merchants.length,
    }),
  );
} else {
  const { defaultArtifactPath } = await import('@txenrich/catalog');
  const results = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), 'child'], {
      encoding: 'utf8',
    });
    results.push(JSON.parse(out));
  }
  const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
  const median = (values) => values[Math.floor(values.length / 2)];
  const load = sorted('loadMs');
  const heap = sorted('heapMb');
  const rss = sorted('rssMb');
  const size = statSync(defaultArtifactPath).size / 1_048_576;
  console.log(
    `catalog artifact: ${defaultArtifactPath} (${size.toFixed(1)} MB, ${results[0].merchants} merchants)`,
  );
  console.log(`cold loadCatalog() over ${runs} fresh processes:`);
  console.log(
    `  time   median ${median(load).toFixed(0)} ms, min ${load[0].toFixed(0)} ms, max ${load.at(-1).toFixed(0)} ms`,
  );
  console.log(`  heap   median +${median(heap).toFixed(1)} MB (after GC)`);
  console.log(`  rss    median +${median(rss).toFixed(1)} MB`);
}
