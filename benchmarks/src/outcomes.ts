/**
 * Transaction outcomes at scale (issue 24): single card enrichment over HTTP
 * for a tenant whose outcome state holds `--counterparties` (100,000)
 * counterparties, against the same for a tenant without outcomes, on two
 * `txenrich serve` children (the built CLI) on SQLite, side by side in one
 * run: autocannon with 10 connections, slices alternating between the two
 * servers (`--slices`, 6, over `--duration` seconds each side), medians of
 * requests/s and of p50/p99, and their ratio. Both databases are seeded
 * alike through the store (one enrichment per counterparty, the bench's
 * cards' counterparties among them); the first also gets a chargeback,
 * decline, refund or fraud outcome on every one of them, so every
 * enrichment it answers looks its counterparty up in the compiled state and
 * carries `riskInsights.outcomeHistory`. Both count every enrichment per
 * counterparty (in memory, added to the store every second).
 *
 * With `--against-bin <cli>` (another build, e.g. the one before outcomes),
 * a second part: the same load on this build and on that one, both on fresh
 * databases without outcomes: what counting every enrichment per
 * counterparty in the group commit costs.
 *
 *   pnpm --filter @txenrich/benchmarks bench:outcomes [--duration 30] [--counterparties 100000] [--bin <cli>] [--against-bin <cli>]
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '@txenrich/core';
import { cardTransactionSchema, validate } from '@txenrich/schema';
import { activityRows, type EnrichmentRecord, type OutcomeRecord, type Scope } from '@txenrich/service';
import { createSqliteStore } from '@txenrich/store-sqlite';
import autocannon from 'autocannon';
import { defaultBin, type ServeChild, startServe } from './serve-child.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    slices: { type: 'string', default: '6' },
    counterparties: { type: 'string', default: '100000' },
    bin: { type: 'string', default: defaultBin },
    'against-bin': { type: 'string' },
  },
});
const duration = Number(values.duration);
const slices = Number(values.slices);
const counterpartyCount = Number(values.counterparties);
const apiKey = 'bench-key-000000000000000000000001';
const scope: Scope = { tenant: 'bench', environment: 'sandbox' };
const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

// The development set's card lines, and the counterparties they resolve to.
const cards: unknown[] = [];
const text = readFileSync(new URL('../../datasets/eval/cards.jsonl', import.meta.url), 'utf8');
for (const line of text.split('\n')) {
  if (!line.trim()) continue;
  const { kind, input } = JSON.parse(line) as { kind: string; input: unknown };
  if (kind === 'card' && validate(cardTransactionSchema, input).ok) cards.push(input);
}
const engine = createEngine();
const cardCounterparties = new Set<string>();
for (const card of cards) {
  const id = engine.enrichCard(card as never).counterparty[0]?.id;
  if (id) cardCounterparties.add(id);
}
const counterparties = [...cardCounterparties];
while (counterparties.length < counterpartyCount) counterparties.push(randomUUID());

const dir = mkdtempSync(join(tmpdir(), 'txenrich-bench-outcomes-'));
const kinds = ['chargeback', 'decline', 'refund', 'fraud'] as const;

/** A data folder seeded with one enrichment per counterparty, and with `outcomes` one outcome on each. */
async function seed(name: string, outcomes: boolean): Promise<string> {
  const dataDir = join(dir, name);
  mkdirSync(dataDir);
  const store = createSqliteStore({ path: join(dataDir, 'txenrich.db') });
  const now = Date.now();
  const ids: string[] = [];
  for (let start = 0; start < counterparties.length; start += 5_000) {
    const enrichments: EnrichmentRecord[] = counterparties
      .slice(start, start + 5_000)
      .map((counterpartyId) => {
        const enrichmentId = randomUUID();
        ids.push(enrichmentId);
        return {
          enrichmentId,
          kind: 'card',
          request: '{"merchantName":"SEED"}',
          createdAt: now,
          counterpartyId,
        };
      });
    await store.recordEnrichments([{ scope, enrichments, series: [], usage: [] }]);
    await store.countActivity(activityRows([{ scope, enrichments }]));
  }
  if (outcomes)
    for (const [index, enrichmentId] of ids.entries()) {
      const kind = kinds[index % kinds.length]!;
      const outcome: OutcomeRecord = {
        enrichmentId,
        kind,
        body: kind === 'chargeback' ? '{"state":"chargeback_lost"}' : '{}',
        state: kind === 'chargeback' ? 'chargeback_lost' : null,
        isFraud: kind === 'fraud',
        reportedAt: now,
      };
      await store.recordOutcome(scope, outcome);
    }
  await store.close();
  return dataDir;
}

/** A server on `dataDir`; `risk` off for a build from before outcomes, whose configuration has no `risk`. */
async function serve(name: string, dataDir: string, bin = values.bin, risk = true): Promise<ServeChild> {
  const configPath = join(dir, `${name}.json`);
  writeFileSync(
    configPath,
    JSON.stringify({
      port: 0,
      dataDir,
      keys: [{ key: apiKey, tenant: scope.tenant, environment: scope.environment, features: [] }],
      // One enrichment each: every rate counts at once.
      ...(risk ? { risk: { minEnrichments: 1 } } : {}),
    }),
  );
  return startServe({ configPath, logLevel: 'warn', bin });
}

/** CPU seconds the process has used (user and system, all its threads), from `/proc`. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name, in ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function load(server: ServeChild, seconds: number) {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({
    url: `${server.url}/transactions/cards/enrich`,
    connections: 10,
    duration: seconds,
    method: 'POST',
    headers,
    requests: cards.map((body) => ({ method: 'POST', body: JSON.stringify(body) })),
  });
  if (result.non2xx || result.errors) throw new Error(`non-2xx ${result.non2xx}, errors ${result.errors}`);
  // The server's CPU per request: what the machine's other load changes least (throughput swings with it).
  const cpuUs = ((cpuSeconds(server.pid) - cpuBefore) / result.requests.total) * 1e6;
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs };
}

type Side = Awaited<ReturnType<typeof load>>;

/** The load on both servers in alternating slices (which goes first alternating too): each side's medians. */
async function alternate(first: ServeChild, second: ServeChild): Promise<[Side, Side]> {
  await load(first, 3);
  await load(second, 3);
  const runs: [Side[], Side[]] = [[], []];
  for (let slice = 0; slice < slices; slice++) {
    const order = slice % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const side of order) runs[side].push(await load(side === 0 ? first : second, duration / slices));
  }
  const summary = (sideRuns: Side[]): Side => ({
    perSecond: median(sideRuns.map((run) => run.perSecond)),
    p50: median(sideRuns.map((run) => run.p50)),
    p99: median(sideRuns.map((run) => run.p99)),
    cpuUs: median(sideRuns.map((run) => run.cpuUs)),
  });
  const slicesText = runs[0].map(
    (run, slice) => `${Math.round(run.perSecond)}/${Math.round(runs[1][slice]!.perSecond)}`,
  );
  console.log(`  req/s per slice (first/second): ${slicesText.join(' ')}`);
  return [summary(runs[0]), summary(runs[1])];
}

const servers: ServeChild[] = [];
try {
  let started = performance.now();
  const [withDir, withoutDir] = [await seed('with', true), await seed('without', false)];
  console.log(
    `seeded ${counterparties.length.toLocaleString('en-US')} counterparties (${cardCounterparties.size} of them the cards'), one enrichment each, and on one side one outcome each, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const withState = await serve('with', withDir);
  const without = await serve('without', withoutDir);
  servers.push(withState, without);

  // The state is compiled on the first enrichment after a change: that compile, then a check of the answer.
  started = performance.now();
  const first = await fetch(`${withState.url}/transactions/cards/enrich`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ merchantName: 'NETFLIX.COM', categoryCode: '4899' }),
  });
  const firstMs = performance.now() - started;
  const history = (
    (await first.json()) as { transactionInfo: { riskInsights: { outcomeHistory?: unknown } } }
  ).transactionInfo.riskInsights.outcomeHistory;
  if (!history) throw new Error('the server with outcome state answered without outcomeHistory');
  console.log(`first enrichment with the state (reads and compiles it): ${firstMs.toFixed(0)} ms`);

  const [a, b] = await alternate(withState, without);
  const line = (label: string, side: Side) =>
    `${label}: ${Math.round(side.perSecond)} req/s, p50 ${side.p50} ms, p99 ${side.p99} ms, server CPU ${Math.round(side.cpuUs)} us/request`;
  console.log(line(`outcome state for ${counterparties.length.toLocaleString('en-US')} counterparties`, a));
  console.log(line('no outcome state', b));
  const ratio = a.perSecond / b.perSecond;
  const cpuRatio = b.cpuUs / a.cpuUs;
  console.log(
    `ratio ${ratio.toFixed(3)} req/s, ${cpuRatio.toFixed(3)} by server CPU per request (medians of ${slices} alternating slices of ${(duration / slices).toFixed(1)} s, 10 connections; target >= 0.95)`,
  );

  if (values['against-bin']) {
    const [emptyDir, otherDir] = [join(dir, 'empty'), join(dir, 'other')];
    mkdirSync(emptyDir);
    mkdirSync(otherDir);
    const current = await serve('empty', emptyDir, values.bin, false);
    const other = await serve('other', otherDir, values['against-bin'], false);
    servers.push(current, other);
    const [c, o] = await alternate(current, other);
    console.log(line('this build, fresh database, no outcomes', c));
    console.log(line(`${values['against-bin']}, fresh database`, o));
    console.log(
      `ratio ${(c.perSecond / o.perSecond).toFixed(3)} (the cost of counting enrichments per counterparty)`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  rmSync(dir, { recursive: true, force: true });
}
