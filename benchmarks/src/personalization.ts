/**
 * Counterparty category personalization and category action triggers in
 * process (issue 23): the time to compile a tenant's 1,000 custom categories
 * and 100,000 integration-level personalizations plus 10,000 of 1,000 users,
 * and its 10,000 category triggers (median of 5 each), then single
 * enrichment throughput with the personalizations, and with them and the
 * triggers, against none, over the lines of the labelled development sets
 * (`real-shapes.jsonl`, `cards.jsonl`), each given one of those users and
 * one of 10 programs. The personalizations name every counterparty those
 * lines resolve to (so most enrichments apply one), the rest made-up ids.
 * The triggers name default and custom categories: 1,000 in the account
 * scope, 500 in each program, 4 per user. The sides alternate in slices
 * within one run (`--slices`, 10); the ratios are of their medians; each
 * enrichment is also timed alone (median and p99 over every slice).
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
  type TriggerRegistration,
} from '@txenrich/core';
import { type CategoryTrigger, transactionSchemas, validate } from '@txenrich/schema';

const { values } = parseArgs({
  options: { slices: { type: 'string', default: '10' }, rounds: { type: 'string', default: '20' } },
});
const slices = Number(values.slices);
const rounds = Number(values.rounds);

const engine = createEngine({ newId: () => '00000000-0000-4000-8000-000000000000' });
const users = Array.from({ length: 1_000 }, (_, index) => `user-${index}`);
const programs = Array.from({ length: 10 }, (_, index) => `program-${index}`);

const work: Array<{ kind: EnrichableKind; body: never }> = [];
for (const set of ['real-shapes.jsonl', 'cards.jsonl']) {
  const text = readFileSync(new URL(`../../datasets/eval/${set}`, import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const { kind, input } = JSON.parse(line) as { kind: EnrichableKind; input: Record<string, unknown> };
    const body = validate(transactionSchemas[kind], {
      ...input,
      userId: users[work.length % users.length],
      programId: programs[work.length % programs.length],
    });
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

// 10,000 category triggers: 1,000 in the account scope, 500 in each of 10 programs, 4 for each of 1,000 users.
const categoryIds = [...defaults, ...categories.map((category) => category.id)];
let triggerCount = 0;
const onCategories = (count: number): CategoryTrigger[] =>
  Array.from({ length: count }, () => {
    const index = triggerCount++;
    return {
      id: `trigger-${index}`,
      categoryId: categoryIds[(index * 7) % categoryIds.length]!,
      action: { type: index % 10 === 0 ? 'BLOCK' : 'NOTIFY' },
    };
  });
const registrations: TriggerRegistration[] = [
  { kind: 'category', scope: 'account', scopeKey: {}, triggers: onCategories(1_000) },
  ...programs.map(
    (programId): TriggerRegistration => ({
      kind: 'category',
      scope: 'program',
      scopeKey: { programId },
      triggers: onCategories(500),
    }),
  ),
  ...users.map(
    (userId): TriggerRegistration => ({
      kind: 'category',
      scope: 'user',
      scopeKey: { userId },
      triggers: onCategories(4),
    }),
  ),
];
const triggerMs: number[] = [];
let triggers = engine.compileTriggers(registrations);
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  triggers = engine.compileTriggers(registrations);
  triggerMs.push(performance.now() - started);
}
console.log(
  `${triggers.categoryTriggers.toLocaleString('en-US')} category triggers: compiled in ${median(triggerMs).toFixed(1)} ms (median of 5)`,
);

type Side = 'none' | 'personalized' | 'triggers';
const sides: Record<Side, EnrichmentContext> = {
  none: {},
  personalized: { categories: compiled },
  triggers: { categories: compiled, triggers },
};
const latencies: Record<Side, number[]> = { none: [], personalized: [], triggers: [] };
function slice(side: Side): { perSecond: number; perCpuSecond: number; applied: number; matched: number } {
  const context = sides[side];
  const times = latencies[side];
  let applied = 0;
  let matched = 0;
  let ns = 0;
  // CPU time too: on a shared machine, wall time also counts the turns this process waited for a core.
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++)
    for (const { kind, body } of work) {
      const started = process.hrtime.bigint();
      const result = enrichByKind(engine, kind, body, context);
      const took = Number(process.hrtime.bigint() - started);
      ns += took;
      times.push(took / 1e3);
      if (context.categories && result.counterparty[0]?.industry.at(-1)?.id !== undefined) applied++;
      if (result.actions?.some((action) => action.type === 'category_trigger')) matched++;
    }
  const used = process.cpuUsage(cpu);
  const cpuMicros = used.user + used.system;
  return {
    perSecond: (rounds * work.length * 1e9) / ns,
    perCpuSecond: (rounds * work.length * 1e6) / cpuMicros,
    applied,
    matched,
  };
}
// Warm up every side.
for (const side of ['none', 'personalized', 'triggers'] as const) slice(side);
for (const side of ['none', 'personalized', 'triggers'] as const) latencies[side] = [];
const rates: Record<Side, number[]> = { none: [], personalized: [], triggers: [] };
const cpuRates: Record<Side, number[]> = { none: [], personalized: [], triggers: [] };
let applied = 0;
let matched = 0;
for (let index = 0; index < slices; index++) {
  const order: Side[] = ['none', 'personalized', 'triggers'];
  for (let turn = 0; turn < order.length; turn++) {
    const side = order[(turn + index) % order.length]!;
    const result = slice(side);
    rates[side].push(result.perSecond);
    cpuRates[side].push(result.perCpuSecond);
    if (side === 'personalized') applied = result.applied;
    if (side === 'triggers') matched = result.matched;
  }
}
const share = (count: number) => `${((count / (rounds * work.length)) * 100).toFixed(0)}%`;
const quantile = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.floor(list.length * q)]!;
const per = (side: Side) =>
  `${Math.round(median(rates[side])).toLocaleString('en-US')} enrichments/s, ${Math.round(median(cpuRates[side])).toLocaleString('en-US')} per CPU second (medians of ${slices}); each: median ${quantile(latencies[side], 0.5).toFixed(1)} µs, p99 ${quantile(latencies[side], 0.99).toFixed(1)} µs`;
console.log(`none:                    ${per('none')}`);
console.log(
  `personalized:            ${per('personalized')} (${share(applied)} personalized: every counterparty of the lines has a personalization)`,
);
console.log(`personalized + triggers: ${per('triggers')} (${share(matched)} matched a category trigger)`);
const ratio = (side: Side) =>
  `${(median(rates[side]) / median(rates.none)).toFixed(3)} (per CPU second ${(median(cpuRates[side]) / median(cpuRates.none)).toFixed(3)}; target >= 0.9)`;
console.log(`ratio personalized/none:            ${ratio('personalized')}`);
console.log(`ratio personalized + triggers/none: ${ratio('triggers')}`);
