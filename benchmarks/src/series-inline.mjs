/**
 * Single card enrichments in process, without HTTP: a service on SQLite with one heavy user's 10,000 earlier
 * transactions (sent one by one, as single requests), then that user's next 600 sent again and again and
 * the same without userId, in turns of ten (each request in a macrotask of its own, as ten connections'
 * requests are, so the ten share a group commit), alternating. On a shared machine the HTTP ratio moves
 * with the load more than builds differ; this tells builds apart by the CPU time a request takes.
 *
 *   node benchmarks/src/series-inline.mjs <worktree> [rounds]   (a built worktree: its packages' dist)
 *   CPU=1: CPU time (user + system, the whole process) rather than wall time; MODE=user or MODE=none: only
 *   those rounds (for a --cpu-prof of one kind); BYTES=1: bytes the process wrote to disk per request.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [worktree, roundsArg = '5'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const mode = process.env.MODE ?? 'both';
const load = (name) => import(join(worktree, 'packages', name, 'dist', 'index.js'));
const [
  { createEngine },
  { createPool },
  { createSqliteStore },
  { createService, parseConfig },
  generator,
  catalog,
] = await Promise.all(['core', 'pool', 'store-sqlite', 'service', 'generator', 'catalog'].map(load));

const dir = mkdtempSync(join(tmpdir(), 'txenrich-series-inline-'));
const config = parseConfig({
  keys: [
    { key: 'bench-key-000000000000000000000001', tenant: 'bench', environment: 'sandbox', features: [] },
  ],
});
const store = createSqliteStore({ path: join(dir, 'txenrich.db') });
const pool = createPool({ threads: 1 });
const service = createService({ config, store, engine: createEngine(), pool });
const scope = { tenant: 'bench', environment: 'sandbox' };

const world = generator.createWorld(catalog.loadCatalog());
const bodies = [];
for (const { expect: _expect, tags: _tags, ...body } of generator.heavyUserYears(world, {
  years: 14,
  seed: 1,
})) {
  bodies.push(body);
  if (bodies.length === 10_600) break;
}
for (const body of bodies.slice(0, 10_000)) await service.enrichOne(scope, 'card', body);
const next = bodies.slice(10_000);
const withoutUser = next.map(({ userId: _userId, ...body }) => body);

const bytesWritten = () => Number(/write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))[1]);
/** µs a request (wall, or CPU with CPU=1) over `count` requests, ten at a time; and bytes written a request. */
async function run(sent, count) {
  const [bytes, cpu, started] = [bytesWritten(), process.cpuUsage(), performance.now()];
  for (let at = 0; at < count; at += 10) {
    const turn = [];
    for (let index = 0; index < 10; index++) {
      const body = sent[(at + index) % sent.length];
      turn.push(
        new Promise((resolve, reject) =>
          setImmediate(() => service.enrichOne(scope, 'card', body).then(resolve, reject)),
        ),
      );
    }
    await Promise.all(turn);
  }
  const used = process.cpuUsage(cpu);
  const us = process.env.CPU ? used.user + used.system : (performance.now() - started) * 1000;
  return { us: us / count, bytes: Math.round((bytesWritten() - bytes) / count) };
}

// Warm up both paths, then alternate.
await run(next, 2000);
await run(withoutUser, 2000);
const runs = { user: [], none: [] };
for (let round = 0; round < rounds; round++) {
  if (mode !== 'user') runs.none.push(await run(withoutUser, 3000));
  if (mode !== 'none') runs.user.push(await run(next, 3000));
}
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const show = (kind) =>
  `${kind} ${runs[kind].map((each) => each.us.toFixed(0)).join(' ')}` +
  (process.env.BYTES ? ` (bytes written ${runs[kind].map((each) => each.bytes).join(' ')})` : '');
const [user, none] = [median(runs.user.map((each) => each.us)), median(runs.none.map((each) => each.us))];
console.log(
  `${worktree}: µs/request ${[mode !== 'none' ? show('user') : '', mode !== 'user' ? show('none') : ''].join(' ')}` +
    (mode === 'both'
      ? ` | medians ${user.toFixed(0)} vs ${none.toFixed(0)}: ratio ${(none / user).toFixed(2)}`
      : ''),
);
await pool.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
