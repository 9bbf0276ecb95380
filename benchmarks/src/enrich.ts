/**
 * In-process single-transaction enrichment on one thread, over the realistic
 * mix of the labelled development set (matched, unmatched, prefixed, DE43).
 * Prints median and p99 latency and enrichments per second, overall and per kind.
 *
 *   pnpm --filter @txenrich/benchmarks bench:enrich
 */
import { readFileSync } from 'node:fs';
import { createEngine } from '@txenrich/core';
import { cardTransactionSchema, de43TransactionSchema, validate } from '@txenrich/schema';
import { formatSummary, summarize } from './stats.js';

const datasetUrl = new URL('../../datasets/eval/cards.jsonl', import.meta.url);
const rounds = Number(process.env.ROUNDS ?? 400);

const startedNs = process.hrtime.bigint();
const engine = createEngine({ newId: () => '00000000-0000-4000-8000-000000000000' });
console.log(`engine ready in ${(Number(process.hrtime.bigint() - startedNs) / 1e6).toFixed(0)} ms`);

type Work = { kind: 'card' | 'de43'; run: () => unknown };
const work: Work[] = [];
for (const line of readFileSync(datasetUrl, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const { kind, input } = JSON.parse(line) as { kind: 'card' | 'de43'; input: unknown };
  if (kind === 'de43') {
    const body = validate(de43TransactionSchema, input);
    if (body.ok) work.push({ kind, run: () => engine.enrichCardDe43(body.value) });
  } else {
    const body = validate(cardTransactionSchema, input);
    if (body.ok) work.push({ kind, run: () => engine.enrichCard(body.value) });
  }
}

// Warm up the JIT on the same mix.
for (let round = 0; round < 20; round++) for (const item of work) item.run();

const latencies: Record<'all' | Work['kind'], number[]> = { all: [], card: [], de43: [] };
const wallStart = process.hrtime.bigint();
for (let round = 0; round < rounds; round++) {
  for (const item of work) {
    const before = process.hrtime.bigint();
    item.run();
    const elapsed = Number(process.hrtime.bigint() - before);
    latencies.all.push(elapsed);
    latencies[item.kind].push(elapsed);
  }
}
const wallNs = Number(process.hrtime.bigint() - wallStart);
console.log(`${work.length} distinct transactions x ${rounds} rounds, one thread, ${process.version}`);
console.log(formatSummary('enrich (whole run)', summarize(latencies.all, wallNs)));
for (const kind of ['card', 'de43'] as const) {
  if (latencies[kind].length > 0) console.log(formatSummary(`enrich ${kind}`, summarize(latencies[kind])));
}
