/**
 * The service over HTTP on loopback (issues #7 and #8), against a real
 * `txenrich serve` child process on SQLite:
 * - single card enrichment with autocannon, 10 connections: requests/s, p50, p99;
 * - a 50,000-card batch: submission answered, then `completed` after it;
 * - merchant search latency, requests one at a time (its rate limit raised for the measurement),
 *   beside the latency of `GET /healthz` measured the same way (the floor of this client and server);
 * - single enrichment latency, requests one at a time;
 * - both single enrichment measures on this server and, at the same time, a second one holding
 *   300,000 account triggers (requests alternate between the two, so that the drift of this
 *   shared machine falls on both alike), and the ratios.
 *
 *   pnpm --filter @txenrich/benchmarks bench:http [--duration 10] [--skip-triggers | --triggers-only [--same-history]]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    'skip-triggers': { type: 'boolean', default: false },
    'triggers-only': { type: 'boolean', default: false },
    'same-history': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
const devSet = fileURLToPath(new URL('../../datasets/eval/cards.jsonl', import.meta.url));
const apiKey = 'bench-key-000000000000000000000001';
const dir = mkdtempSync(join(tmpdir(), 'txenrich-bench-http-'));
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const p99 = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length * 0.99)]!;
const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };

interface Server {
  name: string;
  child: ChildProcess;
  url: string;
}

/** The servers started and not yet stopped. */
const running: Server[] = [];

async function stop(server: Server): Promise<void> {
  const index = running.indexOf(server);
  if (index >= 0) running.splice(index, 1);
  server.child.kill('SIGTERM');
  if (server.child.exitCode === null) await new Promise((resolve) => server.child.once('exit', resolve));
}

/** A `txenrich serve` child on its own SQLite database under `dir/name`. */
function serve(name: string): Promise<Server> {
  const configPath = join(dir, `${name}.json`);
  writeFileSync(
    configPath,
    JSON.stringify({
      port: 0,
      dataDir: join(dir, name),
      keys: [
        { key: apiKey, tenant: 'bench', environment: 'sandbox', features: ['merchantSearch', 'triggers'] },
      ],
      // Raised so that the latency of search is measured, not the limiter.
      rateLimits: { batchPerSecond: 10, searchPerSecond: 1_000_000 },
    }),
  );
  const child = spawn(process.execPath, [bin, 'serve', '--config', configPath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = { name, child, url: '' };
  running.push(started);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // keep draining the request logs
        started.url = listening[1]!;
        resolve(started);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

const cards = readFileSync(devSet, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { kind: string; input: Record<string, unknown> })
  .filter((line) => line.kind === 'card')
  .map((line) => line.input);

async function singleEnrichment(url: string, label: string, seconds = duration, quiet = false) {
  const result = await autocannon({
    url: `${url}/transactions/cards/enrich`,
    connections: 10,
    duration: seconds,
    method: 'POST',
    headers,
    requests: cards.slice(0, 200).map((card) => ({ method: 'POST', body: JSON.stringify(card) })),
  });
  const line = {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  if (line.non2xx || line.errors) throw new Error(`${label}: non-2xx ${line.non2xx}, errors ${line.errors}`);
  if (!quiet)
    console.log(
      `${label}: ${Math.round(line.requestsPerSecond).toLocaleString('en-US')} requests/s, p50 ${line.p50Ms} ms, p99 ${line.p99Ms} ms (10 connections, ${seconds} s)`,
    );
  return line;
}

/**
 * CPU time (ms) a process has used so far: its main thread, and its other threads together (V8's
 * collector and compiler helpers, libuv's pool). From `/proc`, in clock ticks of 10 ms.
 */
function threadCpu(pid: number): { main: number; others: number } {
  const total = { main: 0, others: 0 };
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    if (Number(thread) === pid) total.main += ms;
    else total.others += ms;
  }
  return total;
}

/**
 * `singleEnrichment` on each server in turn, in `slices` runs of `duration / slices` seconds each:
 * medians per server, and the CPU each server's threads and this client used per request.
 */
async function alternatingLoad(servers: Server[], slices = 5) {
  const runs = new Map(
    servers.map((server) => [server, [] as Awaited<ReturnType<typeof singleEnrichment>>[]]),
  );
  const cpu = new Map(servers.map((server) => [server, { main: 0, others: 0, client: 0, requests: 0 }]));
  for (let slice = 0; slice < slices; slice++)
    for (const server of servers) {
      const [threadsBefore, clientBefore] = [threadCpu(server.child.pid!), process.cpuUsage()];
      const run = await singleEnrichment(server.url, server.name, duration / slices, true);
      const [threadsAfter, clientUsed] = [threadCpu(server.child.pid!), process.cpuUsage(clientBefore)];
      const used = cpu.get(server)!;
      used.main += threadsAfter.main - threadsBefore.main;
      used.others += threadsAfter.others - threadsBefore.others;
      used.client += (clientUsed.user + clientUsed.system) / 1000;
      used.requests += run.requests;
      runs.get(server)!.push(run);
    }
  for (const server of servers) {
    const { main, others, client, requests } = cpu.get(server)!;
    const perRequest = (ms: number) => `${((ms * 1000) / requests).toFixed(1)} us`;
    console.log(
      `CPU per request, ${server.name}: server main thread ${perRequest(main)}, server's other threads ${perRequest(others)}, client ${perRequest(client)}`,
    );
  }
  return servers.map((server) => {
    const line = {
      requestsPerSecond: median(runs.get(server)!.map((run) => run.requestsPerSecond)),
      p50Ms: median(runs.get(server)!.map((run) => run.p50Ms)),
      p99Ms: median(runs.get(server)!.map((run) => run.p99Ms)),
    };
    console.log(
      `single card enrichment, ${server.name}: ${Math.round(line.requestsPerSecond).toLocaleString('en-US')} requests/s, p50 ${line.p50Ms} ms, p99 ${line.p99Ms} ms (10 connections; medians of ${slices} runs of ${duration / slices} s, alternating between the servers)`,
    );
    return line;
  });
}

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, { ...init, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until(check: () => Promise<boolean>, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const server = await serve('plain');
const { url } = server;
const singleRequests = cards
  .slice(0, 10)
  .map((card) => ({ method: 'POST', path: '/transactions/cards/enrich', body: JSON.stringify(card) }));

/**
 * Latency of requests sent one at a time on one kept-alive connection per
 * server, with microsecond resolution (autocannon's percentiles are whole
 * milliseconds): median and p99 as the client sees them and as the server
 * logs them. With several servers, each request goes to each in turn.
 * node:http, not `fetch`, which adds a few hundred microseconds of its own
 * per request and its own garbage to the client's tail. 3,000 requests are
 * measured after as many unmeasured ones: the first thousands after a start
 * or a batch run while both processes still compile and collect (p99 2-3 ms
 * even for `/healthz`), and a running service is past them.
 */
async function sequentialLatency(
  label: string,
  requests: Array<{ method: string; path: string; body?: string }>,
  servers: Server[] = [server],
  rounds = Math.ceil(3000 / requests.length),
  warmUpRounds = rounds,
) {
  const clients = servers.map(({ url }) => ({
    port: new URL(url).port,
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  }));
  const send = (client: (typeof clients)[number], request: (typeof requests)[number]) =>
    new Promise<number>((resolve, reject) => {
      const { port, agent } = client;
      http
        .request(
          { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        )
        .on('error', reject)
        .end(request.body);
    });
  // Start from a settled server and a collected client heap: the phases before (autocannon, 10 MB
  // batches) leave garbage on both sides, and a pause of either would land in this phase's tail.
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // The servers' request log lines of this phase: their own time for each request.
  const logs = servers.map(({ child }) => {
    const lines: string[] = [];
    const onLog = (chunk: Buffer) => lines.push(chunk.toString());
    child.stdout!.on('data', onLog);
    return { child, lines, onLog };
  });
  const latencies = servers.map(() => [] as number[]);
  // Warm-up rounds first (the code paths compiled on both sides), then the measured ones.
  for (let round = 0; round < warmUpRounds + rounds; round++) {
    for (const request of requests) {
      for (const [index, client] of clients.entries()) {
        const started = performance.now();
        const status = await send(client, request);
        if (status !== 200) throw new Error(`${request.method} ${request.path}: ${status}`);
        if (round >= warmUpRounds) latencies[index]!.push(performance.now() - started);
      }
    }
  }
  for (const { agent } of clients) agent.destroy();
  await new Promise((resolve) => setTimeout(resolve, 200)); // the last lines are logged after the answer
  const paths = new Set(requests.map((request) => `"url":"${request.path}"`));
  return servers.map(({ name }, index) => {
    const { child, lines, onLog } = logs[index]!;
    child.stdout!.off('data', onLog);
    const measured = latencies[index]!;
    const serverMs = lines
      .join('')
      .split('\n')
      .filter((line) => [...paths].some((path) => line.includes(path)))
      .map((line) => (JSON.parse(line) as { ms: number }).ms)
      .slice(-measured.length);
    const result = { median: median(measured), p99: p99(measured) };
    console.log(
      `${label}${servers.length > 1 ? `, ${name}` : ''}: median ${result.median.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (${measured.length} sequential requests; in the server: median ${median(serverMs).toFixed(2)} ms, p99 ${p99(serverMs).toFixed(2)} ms)`,
    );
    return result;
  });
}
try {
  if (!values['triggers-only']) await plainPhases();
  if (!values['skip-triggers']) await triggerPhases();
} finally {
  // A copy: `stop` takes each server out of `running`.
  await Promise.all([...running].map(stop));
  rmSync(dir, { recursive: true, force: true });
}

/** Single enrichment under load, batches, and the sequential latencies, on one server. */
async function plainPhases() {
  await singleEnrichment(url, 'warm-up');
  await singleEnrichment(url, 'single card enrichment');

  // A 50,000-card batch, three times.
  const transactions = Array.from({ length: 50_000 }, (_, index) => ({
    ...cards[index % cards.length],
    transactionId: `b-${index}`,
  }));
  const body = JSON.stringify({ transactions });
  const submitMs: number[] = [];
  const completeMs: number[] = [];
  for (let run = 0; run < 3; run++) {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // stay under the batch rate limit
    const started = performance.now();
    const submitted = await json(`${url}/batches/transactions/cards/enrich`, { method: 'POST', body });
    const answered = performance.now();
    if (submitted.status !== 200) throw new Error(`batch submission: ${submitted.status}`);
    await until(
      async () => (await json(`${url}/batches/${submitted.body.batchId}`)).body.status === 'completed',
    );
    submitMs.push(answered - started);
    completeMs.push(performance.now() - answered);
    console.log(
      `batch of 50,000 (${(body.length / 1e6).toFixed(1)} MB): submission answered in ${(answered - started).toFixed(0)} ms, completed ${(performance.now() - answered).toFixed(0)} ms later`,
    );
  }
  console.log(
    `batch of 50,000, median of 3: submission ${median(submitMs).toFixed(0)} ms, completed ${median(completeMs).toFixed(0)} ms after`,
  );

  // The floor: the same client and server answering the cheapest route.
  await sequentialLatency('baseline, GET /healthz', [{ method: 'GET', path: '/healthz' }]);
  // Merchant search, sequential requests.
  const prefixes = [
    'star',
    'starbuks',
    'wholef',
    'mcdon',
    'targ',
    'walgr',
    'netfl',
    'chipot',
    'home dep',
    'shel',
  ];
  await sequentialLatency(
    'merchant search over HTTP',
    prefixes.map((name) => ({ method: 'GET', path: `/corporations?name=${encodeURIComponent(name)}` })),
  );
  await sequentialLatency('single card enrichment, sequential', singleRequests);
}

/** 300,000 account triggers: one PUT and two PATCH adds of 100,000 (the per-request maximum). */
async function registerTriggers(target: Server) {
  const triggersUrl = `${target.url}/merchant-action-triggers`;
  const started = performance.now();
  for (let part = 0; part < 3; part++) {
    const merchantTriggers = Array.from({ length: 100_000 }, (_, index) => ({
      id: `t-${part}-${index}`,
      merchantName: `Merchant ${part}-${index}`,
      website: `https://merchant-${part}-${index}.example.com`,
      level: 'corporation',
      action: { type: 'NOTIFY' },
    }));
    const write =
      part === 0
        ? await json(triggersUrl, { method: 'PUT', body: JSON.stringify({ merchantTriggers }) })
        : await json(triggersUrl, {
            method: 'PATCH',
            body: JSON.stringify({ operation: 'add', merchantTriggers }),
          });
    if (write.status !== 201) throw new Error(`trigger write: ${write.status} ${JSON.stringify(write.body)}`);
    await until(async () => (await json(triggersUrl)).body.status === 'succeeded');
  }
  const { body: registration } = await json(triggersUrl);
  console.log(
    `${target.name}: registered ${registration.totalCount} account triggers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Single enrichment on two fresh servers, alike but for the 300,000 triggers one of them holds. With
 * `--same-history`, the other one registers them too, compiles them (one enrichment) and deletes them:
 * what remains is the cost of holding them, apart from the lasting effects of having loaded them.
 */
async function triggerPhases() {
  // This server (after its batches) stops first.
  await stop(server);
  const [without, withTriggers] = await Promise.all([
    serve('without triggers'),
    serve('with 300,000 triggers'),
  ]);
  await registerTriggers(withTriggers);
  if (values['same-history']) {
    await registerTriggers(without);
    await singleEnrichment(without.url, 'compiling them', 1, true);
    const cleared = await fetch(`${without.url}/merchant-action-triggers`, {
      method: 'DELETE',
      headers: { 'x-api-key': apiKey },
    });
    if (cleared.status !== 204) throw new Error(`trigger delete: ${cleared.status}`);
    await until(async () => (await json(`${without.url}/merchant-action-triggers`)).body.totalCount === 0);
    console.log(`${without.name}: deleted them again`);
  }
  for (const each of [without, withTriggers]) await singleEnrichment(each.url, `warm-up, ${each.name}`);
  const [plainLoad, triggersLoad] = await alternatingLoad([without, withTriggers]);
  const [plainLatency, triggersLatency] = await sequentialLatency(
    'single card enrichment, sequential',
    singleRequests,
    [without, withTriggers],
  );
  console.log(
    `with 300,000 triggers / without: requests/s ${(triggersLoad!.requestsPerSecond / plainLoad!.requestsPerSecond).toFixed(3)}x, p99 under load ${(triggersLoad!.p99Ms / plainLoad!.p99Ms).toFixed(3)}x; sequential latency median ${(triggersLatency!.median / plainLatency!.median).toFixed(3)}x, p99 ${(triggersLatency!.p99 / plainLatency!.p99).toFixed(3)}x`,
  );
}
