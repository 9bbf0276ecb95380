import v8 from 'node:v8';

/**
 * Caps how far V8 lets each heap of this process (the main thread's and every
 * worker's) grow past its live size before a full collection, for commands
 * that own their process and run the worker pool over large files. Left to
 * itself V8 lets a heap reach 2 to 4 times its live size; with two workers
 * each holding the catalog (about 180 MB live), that headroom was most of a
 * 1,000,000-row run's peak memory. 150% (2.5 times) measured the same speed
 * with about 370 MB less peak RSS (benchmarks/README.md). A
 * `--heap-growing-percent` given to node wins.
 */
export function capHeapGrowth(percent = 150): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) =>
    /^--heap[-_]growing[-_]percent\b/.test(flag),
  );
  // Read at every full collection, so setting it now applies to the heaps that exist and those to come.
  if (!given) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
