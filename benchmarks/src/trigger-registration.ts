/**
 * A large trigger registration against a running service (issue #20, point 13): a real `txenrich
 * serve` child process on SQLite receives a `PUT` of 100,000 account triggers over HTTP while `GET
 * /healthz` is sent on its own kept-alive connection, one request after the other, all along, by a
 * process of its own (health-poller.mjs: nothing this one does delays its measures). Printed
 * per run: the longest `/healthz` answer, its p99 and median, how many were answered, when the `PUT`
 * was answered, and when the server logged the registration `succeeded`; then one enrichment, to show
 * that the triggers apply. Polling goes on for `--tail` seconds after `succeeded` (compiling the list,
 * or collecting its garbage, may come after it).
 *
 * Each run replaces the scope's list with a new one of the same size (the first run creates it).
 * `--bin` runs another build of the CLI: `git worktree add /tmp/wt-old <commit>`, build it there, and
 * pass `--bin /tmp/wt-old/packages/cli/dist/bin.js` to measure that commit the same way.
 *
 *   pnpm --filter @txenrich/benchmarks bench:trigger-registration [--triggers 100000] [--runs 3] [--tail 3] [--bin path] [--server-flags=--trace-gc]
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    triggers: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    tail: { type: 'string', default: '3' },
    bin: {
      type: 'string',
      default: fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url)),
    },
    // Node flags for the server, e.g. `--trace-gc` to see its collections.
    'server-flags': { type: 'string', default: '' },
  },
});
const triggerCount = Number(values.triggers);
const tailMs = Number(values.tail) * 1000;
const apiKey = 'bench-key-000000000000000000000001';
const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
const dir = mkdtempSync(join(tmpdir(), 'txenrich-bench-trigger-registration-'));

/** `count` triggers like a card program's: corporations by website, and store locations of chains. */
function triggerList(count: number, run: number) {
  const list: Array<Record<string, unknown>> = [
    {
      id: 'netflix',
      merchantName: 'Netflix',
      website: 'netflix.com',
      level: 'corporation',
      action: { type: 'BLOCK' },
    },
  ];
  for (let index = 1; index < count; index++) {
    const id = `r${run}-${index}`;
    list.push(
      index % 2 === 0
        ? {
            id,
            merchantName: `Merchant ${index}`,
            website: `https://www.merchant-${index}.example.com/`,
            level: 'corporation',
            action: { type: index % 50 === 0 ? 'BLOCK' : 'NOTIFY', note: id },
          }
        : {
            id,
            merchantName: `Chain ${index % 1_500}`,
            website: `https://chain-${index % 1_500}.example.com`,
            level: 'location',
            postalCode: String(10_000 + (index % 89_999)),
            city: `City ${index % 400}`,
            region: 'CA',
            action: { type: 'NOTIFY', channel: 'push' },
          },
    );
  }
  return list;
}

interface Server {
  child: ChildProcess;
  url: string;
  /** Resolves at the next log line that includes `text`. */
  nextLog(text: string): Promise<void>;
}

function serve(): Promise<Server> {
  const configPath = join(dir, 'config.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      port: 0,
      dataDir: join(dir, 'data'),
      keys: [{ key: apiKey, tenant: 'bench', environment: 'sandbox', features: ['triggers'] }],
    }),
  );
  const flags = values['server-flags'].split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, values.bin, 'serve', '--config', configPath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const waiting: Array<{ text: string; resolve: () => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const lines = output.split('\n');
    output = lines.pop()!;
    for (const line of lines) {
      // What the flags make it print (a collection's trace), not its JSON log.
      if (!line.startsWith('{') && flags.length > 0) console.log(`server: ${line}`);
      for (const waiter of [...waiting])
        if (line.includes(waiter.text)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve();
        }
    }
  });
  const nextLog = (text: string) => new Promise<void>((resolve) => waiting.push({ text, resolve }));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
      if (!listening) return;
      child.stdout!.off('data', onData);
      resolve({ child, url: listening[1]!, nextLog });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

/**
 * `GET /healthz` one request after the other on one kept-alive connection, in a process of its own
 * (health-poller.mjs), until `stop()`: each answer's latency, and when it was sent (epoch ms).
 */
async function pollHealth(url: string) {
  const child = fork(fileURLToPath(new URL('./health-poller.mjs', import.meta.url)), [url], { execArgv: [] });
  await new Promise((resolve) => child.once('message', resolve)); // ready
  return {
    async stop(): Promise<Array<[sentAt: number, ms: number]>> {
      const answers = new Promise<Array<[number, number]>>((resolve) =>
        child.once('message', (message) => resolve(message as Array<[number, number]>)),
      );
      child.send('stop');
      return answers;
    },
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const server = await serve();
const clientDelay = monitorEventLoopDelay({ resolution: 10 });
try {
  for (let run = 1; run <= Number(values.runs); run++) {
    // Bytes made before, and this client's heap collected: its pauses delay the upload.
    const body = Buffer.from(JSON.stringify({ merchantTriggers: triggerList(triggerCount, run) }));
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const succeeded = server.nextLog('trigger registration succeeded');
    clientDelay.reset();
    clientDelay.enable();
    // Polling runs on a warm connection before the PUT starts; what is measured is sent after it started.
    const health = await pollHealth(server.url);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const startedAt = performance.timeOrigin + performance.now();
    const started = performance.now();
    const put = await fetch(`${server.url}/merchant-action-triggers`, { method: 'PUT', headers, body });
    const answeredMs = performance.now() - started;
    const answer = await put.text();
    if (put.status !== 201) throw new Error(`PUT answered ${put.status}: ${answer}`);
    await succeeded;
    const succeededMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, tailMs));
    const measured = (await health.stop())
      .map(([sentAt, ms]) => ({ ms, at: sentAt - startedAt }))
      .filter(({ at }) => at >= 0);
    clientDelay.disable();
    const latencies = measured.map(({ ms }) => ms).sort((a, b) => a - b);
    const slowest = [...measured].sort((a, b) => b.ms - a.ms).slice(0, 3);
    const enrichStarted = performance.now();
    const enrichment = await fetch(`${server.url}/transactions/cards/enrich`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ merchantName: 'NETFLIX.COM', amount: '15.49', categoryCode: '4899' }),
    });
    const { actions } = (await enrichment.json()) as { actions: Array<{ id: string }> | null };
    console.log(
      [
        `run ${run}: PUT of ${triggerCount.toLocaleString('en-US')} triggers (${(body.length / 1e6).toFixed(1)} MB) answered ${put.status} ${answer} in ${answeredMs.toFixed(0)} ms, succeeded after ${succeededMs.toFixed(0)} ms`,
        `  GET /healthz meanwhile (until ${values.tail} s after succeeded): max ${latencies.at(-1)!.toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, median ${quantile(latencies, 0.5).toFixed(2)} ms, ${latencies.length} answers`,
        `  slowest: ${slowest.map(({ ms, at }) => `${ms.toFixed(0)} ms sent at ${at.toFixed(0)} ms`).join(', ')}`,
        `  enrichment after: actions ${JSON.stringify(actions?.map((action) => action.id) ?? null)} in ${(performance.now() - enrichStarted).toFixed(0)} ms; this client's own event-loop delay max ${(clientDelay.max / 1e6).toFixed(1)} ms`,
      ].join('\n'),
    );
  }
} finally {
  server.child.kill('SIGTERM');
  if (server.child.exitCode === null) await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
