/**
 * V8 settings for the commands that own their process: set before the
 * worker pool starts, they apply to every heap of the process (the main
 * thread's and each worker's; V8 reads them at every collection). A flag
 * given to node wins. Measured in benchmarks/README.md ("Batches over all
 * cores").
 */
import v8 from 'node:v8';

/** Whether node was given `flag` (`--name` or `--name=value`, `-` or `_`), on its command line or in NODE_OPTIONS. */
function given(flag: string): boolean {
  const name = flag.replace(/^--(no-)?/, '').replace(/[-_]/g, '[-_]');
  const pattern = new RegExp(`^--(no-)?${name}\\b`);
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
    pattern.test(arg),
  );
}

/**
 * `--no-allocation-site-pretenuring`, for `enrich` and `serve`. V8 learns to
 * allocate the objects of a site that survived its first collections
 * straight in the old generation. Here it learns it from the catalog load
 * and request validation, then pretenures the validated body of every
 * request, which dies a moment later: the old generation fills with garbage,
 * and every scavenge and full collection costs more. Without it, a worker's
 * collections take a third of the time.
 */
export function turnOffPretenuring(): void {
  if (!given('--allocation-site-pretenuring')) v8.setFlagsFromString('--no-allocation-site-pretenuring');
}

/**
 * `--heap-growing-percent`: how far past its live size a heap grows before
 * a full collection. Left to itself V8 lets it reach 2 to 4 times that size.
 * - `enrich` over large files, 150% (2.5 times): with two workers each
 *   holding the catalog (about 180 MB live), the headroom was most of a
 *   1,000,000-row run's peak memory. It costs no speed.
 * - `serve`, 50%: every scavenge reads the header of every page of the old
 *   generation, garbage or not (a cache and TLB miss each, 0.3 µs here), so
 *   a server whose old generation held 700 MB, mostly the leftovers of a
 *   large trigger registration, scavenged 0.5-0.8 ms slower every 40 ms
 *   under load. The live heap of a server changes little, so the extra full
 *   collections are few, and mostly concurrent.
 */
export function capHeapGrowth(percent: number): void {
  if (!given('--heap-growing-percent')) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
