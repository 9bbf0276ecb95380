/**
 * `GET /merchants` over HTTP against a real `txenrich serve` child on SQLite (issue #24): what a merchant
 * lookup adds to the cheapest route, `GET /healthz`, measured in the same run. Requests go one at a
 * time over one keep-alive connection, alternating a lookup and a health check, so the drift of this
 * shared machine falls on both alike; the lookups cycle through prefixes, full names, typos and third
 * parties. Warm-up rounds first (both sides compile their code paths; the first lookup builds the
 * index), then the measured ones. Target: the lookup's p99 at most 1 ms above /healthz's.
 *
 *   pnpm --filter @txenrich/benchmarks bench:merchants [--rounds 3000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServe } from './serve-child.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3000' } } });
const rounds = Number(values.rounds);
const apiKey = 'bench-key-000000000000000000000001';
const names = [
  'star',
  'starbucks',
  'starbuks',
  'comfort suites',
  'walmart',
  'home dep',
  'netfl',
  'paypal',
  'square',
  'chipot',
];

const dir = mkdtempSync(join(tmpdir(), 'txenrich-bench-merchants-'));
const configPath = join(dir, 'config.json');
writeFileSync(
  configPath,
  JSON.stringify({
    port: 0,
    dataDir: join(dir, 'data'),
    keys: [{ key: apiKey, tenant: 'bench', environment: 'sandbox', features: ['merchantSearch'] }],
    // Raised so that the latency of the lookup is measured, not the limiter.
    rateLimits: { batchPerSecond: 10, searchPerSecond: 1_000_000 },
  }),
);
const server = await startServe({ configPath, logLevel: 'warn' });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const { port } = new URL(server.url);

function send(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, headers: { 'x-api-key': apiKey }, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject)
      .end();
  });
}

async function timed(path: string): Promise<number> {
  const started = performance.now();
  const status = await send(path);
  if (status !== 200) throw new Error(`GET ${path}: ${status}`);
  return performance.now() - started;
}

const quantile = (numbers: number[], q: number) =>
  [...numbers].sort((a, b) => a - b)[Math.min(numbers.length - 1, Math.floor(numbers.length * q))]!;

try {
  const health: number[] = [];
  const lookups: number[] = [];
  for (let round = 0; round < 2 * rounds; round++) {
    const lookup = await timed(`/merchants?name=${encodeURIComponent(names[round % names.length]!)}`);
    const healthz = await timed('/healthz');
    if (round < rounds) continue; // warm-up
    lookups.push(lookup);
    health.push(healthz);
  }
  const line = (label: string, ms: number[]) =>
    `${label}: median ${quantile(ms, 0.5).toFixed(3)} ms, p99 ${quantile(ms, 0.99).toFixed(3)} ms (${ms.length} requests)`;
  console.log(line('GET /healthz', health));
  console.log(line('GET /merchants', lookups));
  const added = quantile(lookups, 0.99) - quantile(health, 0.99);
  console.log(
    `GET /merchants adds ${(quantile(lookups, 0.5) - quantile(health, 0.5)).toFixed(3)} ms at the median, ${added.toFixed(3)} ms at p99 (target: at most 1 ms at p99): ${added <= 1 ? 'met' : 'NOT met'}`,
  );
} finally {
  agent.destroy();
  await server.stop('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
