/**
 * In-process single-transaction enrichment on one thread, over the lines of
 * the labelled development sets: the real-shaped bank, card and aggregator
 * lines (`real-shapes.jsonl`: card, transfer and universal) and the card set
 * (`cards.jsonl`: chains, facilitators, DE43, ATM). Prints median and p99
 * latency and enrichments per second, overall, per set and per kind, then the
 * cost of one line of 1,024 characters (the anatomy's cost must stay linear).
 *
 *   pnpm --filter @txenrich/benchmarks bench:enrich
 */
import { readFileSync } from 'node:fs';
import { createEngine, type EnrichableKind, enrichByKind } from '@txenrich/core';
import { transactionSchemas, validate } from '@txenrich/schema';
import { formatSummary, summarize } from './stats.js';

const sets = ['real-shapes.jsonl', 'cards.jsonl'] as const;
const rounds = Number(process.env.ROUNDS ?? 200);

const startedNs = process.hrtime.bigint();
const engine = createEngine({ newId: () => '00000000-0000-4000-8000-000000000000' });
console.log(`engine ready in ${(Number(process.hrtime.bigint() - startedNs) / 1e6).toFixed(0)} ms`);

interface Work {
  set: (typeof sets)[number];
  kind: EnrichableKind;
  run: () => unknown;
}
const work: Work[] = [];
for (const set of sets) {
  const text = readFileSync(new URL(`../../datasets/eval/${set}`, import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const { kind, input } = JSON.parse(line) as { kind: EnrichableKind; input: unknown };
    const body = validate(transactionSchemas[kind], input);
    if (body.ok) work.push({ set, kind, run: () => enrichByKind(engine, kind, body.value, undefined) });
  }
}

// Warm up the JIT on the same mix.
for (let round = 0; round < 20; round++) for (const item of work) item.run();

const latencies = new Map<string, number[]>();
const record = (label: string, elapsed: number) => {
  const list = latencies.get(label) ?? [];
  list.push(elapsed);
  latencies.set(label, list);
};
const wallStart = process.hrtime.bigint();
for (let round = 0; round < rounds; round++) {
  for (const item of work) {
    const before = process.hrtime.bigint();
    item.run();
    const elapsed = Number(process.hrtime.bigint() - before);
    record('all', elapsed);
    record(item.set, elapsed);
    record(`${item.set} ${item.kind}`, elapsed);
  }
}
const wallNs = Number(process.hrtime.bigint() - wallStart);
console.log(`${work.length} distinct transactions x ${rounds} rounds, one thread, ${process.version}`);
console.log(formatSummary('enrich (whole run)', summarize(latencies.get('all')!, wallNs)));
for (const [label, values] of latencies) {
  if (label !== 'all') console.log(formatSummary(`  ${label}`, summarize(values)));
}

// Long lines of 1,024 characters: a wrapped descriptor padded with words, an address and ids; and two
// shapes that make a careless pattern retry at every position (one run of letters, dashed words).
const head = 'PURCHASE AUTHORIZED ON 02/14 SQ *BLUE BOTTLE COFFEE ';
const tail = ' 1420 W BROADWAY AVE SAN FRANCISCO CA 94110 S381045129834567 CARD 1234';
const filler = 'ROASTERY AND BAKERY ';
const longLines: [string, string][] = [
  ['a wrapped descriptor', (head + filler.repeat(60)).slice(0, 1024 - tail.length) + tail],
  ['one run of letters', 'REINDEERRUNCOMEDYSHOWCASE'.repeat(41).slice(0, 1024)],
  ['dashed words', `${'AB-CD EF-GH '.repeat(93).slice(0, 1019)} -XYZ`],
];
for (const [label, long] of longLines) {
  const longBody = validate(transactionSchemas.card, { merchantName: long, amount: 4.5 });
  if (!longBody.ok) throw new Error(`the long line (${label}) does not validate`);
  const longLatencies: number[] = [];
  for (let round = 0; round < 2000; round++) {
    const before = process.hrtime.bigint();
    enrichByKind(engine, 'card', longBody.value, undefined);
    if (round >= 200) longLatencies.push(Number(process.hrtime.bigint() - before));
  }
  console.log(formatSummary(`a ${long.length}-character line, ${label}`, summarize(longLatencies)));
}
