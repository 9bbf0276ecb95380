/**
 * Counterparty category personalization in process (issue 23): the time to
 * compile a tenant's 1,000 custom categories and 100,000 integration-level
 * personalizations plus 10,000 of 1,000 users (median of 5), and single
 * enrichment throughput with them against none, over the lines of the
 * labelled development sets (`real-shapes.jsonl`, `cards.jsonl`), each
 * given one of those users. The personalizations name every counterparty
 * those lines resolve to (so most enrichments apply one), the rest made-up
 * ids. The two sides alternate in slices within one run (`--slices`, 10);
 * the ratio is of their medians.
 *
 *   pnpm --filter @txenrich/benchmarks bench:personalization
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type CounterpartyPersonalization,
  type CustomCategory,
  createEngine,
  type EnrichableKind,
  type EnrichmentContext,
  enrichByKind,
} from '@txenrich/core';
import { transactionSchemas, validate } from '@txenrich/schema';

const { values } = parseArgs({
  options: { slices: { type: 'string', default: '10' }, rounds: { type: 'string', default: '20' } },
});
const slices = Number(values.slices);
const rounds = Number(values.rounds);

const engine = createEngine({ newId: () => '00000000-0000-4000-8000-000000000000' });
const users = Array.from({ length: 1_000 }, (_, index) => `user-${index}`);

const work: Array<{ kind: EnrichableKind; body: never }> = [];
for (const set of ['real-shapes.jsonl', 'cards.jsonl']) {
  const text = readFileSync(new URL(`../../datasets/eval/${set}`, import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const { kind, input } = JSON.parse(line) as { kind: EnrichableKind; input: Record<string, unknown> };
    const body = validate(transactionSchemas[kind], { ...input, userId: users[work.length % users.length] });
    if (body.ok) work.push({ kind, body: body.value as never });
  }
}

const defaults = engine.defaultCategories().map((category) => category.id);
const categories: CustomCategory[] = Array.from({ length: 1_000 }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Custom ${index}`,
  parentId:
    index < 100
      ? defaults[index % defaults.length]!
      : `00000000-0000-4000-8000-${String(index % 100).padStart(12, '0')}`,
}));
const counterpartyIds = new Set<string>();
for (const { kind, body } of work)
  for (const party of enrichByKind(engine, kind, body, undefined).counterparty) counterpartyIds.add(party.id);
const named = [...counterpartyIds];
const personalizations: CounterpartyPersonalization[] = [];
for (let index = 0; index < 100_000; index++)
  personalizations.push({
    counterpartyId: named[index] ?? `made-up-${index}`,
    categoryId:
      index % 2 === 0 ? categories[index % categories.length]!.id : defaults[index % defaults.length]!,
  });
for (let index = 0; index < 10_000; index++)
  personalizations.push({
    counterpartyId: named[index % named.length]!,
    categoryId: defaults[(index * 7) % defaults.length]!,
    userId: users[index % users.length]!,
  });

const compileMs: number[] = [];
let compiled = engine.compileCategories({ categories, personalizations });
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  compiled = engine.compileCategories({ categories, personalizations });
  compileMs.push(performance.now() - started);
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(
  `${work.length} lines (${named.length} distinct counterparties), ${categories.length} custom categories, ${personalizations.length.toLocaleString('en-US')} personalizations: compiled in ${median(compileMs).toFixed(0)} ms (median of 5)`,
);

const sides: Record<'none' | 'personalized', EnrichmentContext> = {
  none: {},
  personalized: { categories: compiled },
};
function slice(context: EnrichmentContext): { perSecond: number; applied: number } {
  let applied = 0;
  const started = process.hrtime.bigint();
  for (let round = 0; round < rounds; round++)
    for (const { kind, body } of work) {
      const result = enrichByKind(engine, kind, body, context);
      if (context.categories && result.counterparty[0]?.industry.at(-1)?.id !== undefined) applied++;
    }
  const ns = Number(process.hrtime.bigint() - started);
  return { perSecond: (rounds * work.length * 1e9) / ns, applied };
}
// Warm up both sides.
slice(sides.none);
slice(sides.personalized);
const rates = { none: [] as number[], personalized: [] as number[] };
let applied = 0;
for (let index = 0; index < slices; index++)
  for (const side of index % 2 === 0
    ? (['none', 'personalized'] as const)
    : (['personalized', 'none'] as const)) {
    const result = slice(sides[side]);
    rates[side].push(result.perSecond);
    if (side === 'personalized') applied = result.applied;
  }
const none = median(rates.none);
const personalized = median(rates.personalized);
console.log(`none:          ${Math.round(none).toLocaleString('en-US')} enrichments/s (median of ${slices})`);
console.log(
  `personalized:  ${Math.round(personalized).toLocaleString('en-US')} enrichments/s (${((applied / (rounds * work.length)) * 100).toFixed(0)}% personalized: every counterparty of the lines has a personalization)`,
);
console.log(`ratio:         ${(personalized / none).toFixed(3)} (target >= 0.9)`);
