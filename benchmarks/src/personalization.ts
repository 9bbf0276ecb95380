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
 * scope, 500 in each program, 4 per user.
 *
 * Category rules: 10,000 of a mix of every criterion (exact names and
 * name prefixes of the lines, names with a leading star, industries, MCC
 * ranges narrow and wide, types and subTypes, channels, directions and
 * amounts), with the same number of personalizations of which only every
 * other counterparty of the lines is one (so that the rules decide the
 * rest): compiled (median of 5), their cost per transaction alone
 * (`ruledCategory` over every line's facts: mean, median and p99), and
 * enrichment with personalizations and rules, and with them and the
 * triggers, against none (the target).
 *
 * The sides alternate in slices within one run (`--slices`, 10); the ratios
 * are of their medians; each enrichment is also timed alone (median and p99
 * over every slice). A new side is one more entry in `sides`.
 *
 *   pnpm --filter @txenrich/benchmarks bench:personalization
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type CategoryRule,
  type CounterpartyPersonalization,
  type CustomCategory,
  createEngine,
  type EnrichableKind,
  type EnrichmentContext,
  enrichByKind,
  type RuleFacts,
  ruledCategory,
  type TriggerRegistration,
} from '@txenrich/core';
import {
  type CategoryRuleMatch,
  type CategoryTrigger,
  type Enrichment,
  transactionSchemas,
  validate,
} from '@txenrich/schema';

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
/** Each line's result without context: what the rules read of it (`ruleFacts`). */
const plain: Enrichment[] = [];
for (const { kind, body } of work) {
  const result = enrichByKind(engine, kind, body, undefined);
  plain.push(result);
  for (const party of result.counterparty) counterpartyIds.add(party.id);
}
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
const quantile = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.floor(list.length * q)]!;
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

// 10,000 category rules, a mix of every criterion; the lines' own names and categories, so that many hold.
const lineNames = [...new Set(plain.map((result) => result.transactionInfo.display.name.toUpperCase()))];
const words = [...new Set(lineNames.flatMap((name) => name.split(/\s+/)).filter((word) => word.length >= 4))];
const escaped = (text: string) => text.replace(/[\\*?]/g, (char) => `\\${char}`);
const directions = ['incoming', 'outgoing'] as const;
const channels = ['physical', 'digital'] as const;
const typeMatches: CategoryRuleMatch[] = [
  { type: 'spending' },
  { type: 'fee', subType: 'overdraft' },
  { type: 'atm' },
  { type: 'income', subType: 'earned_income' },
  { type: 'other_money_movement', subType: 'transfer' },
  { subType: 'payment', direction: 'outgoing' },
];
const ruleMatch = (index: number): CategoryRuleMatch => {
  const pick = <T>(list: readonly T[]) => list[(index * 7919) % list.length]!;
  switch (index % 10) {
    case 0:
    case 1:
    case 2:
      return { namePattern: escaped(pick(lineNames)), ...(index % 3 === 0 ? { direction: 'outgoing' } : {}) };
    case 3:
    case 4:
      return { namePattern: `${escaped(pick(lineNames).slice(0, 4))}*`, channel: pick(channels) };
    case 5:
      return { namePattern: `*${escaped(pick(words))}*`, amount: { min: index % 50 } };
    case 6:
      return { industryId: pick(defaults), ...(index % 2 === 0 ? { direction: pick(directions) } : {}) };
    case 7: {
      const from = 4_000 + ((index * 37) % 5_000);
      return { mcc: { from, to: from + (index % 4 === 0 ? 400 : index % 20) } };
    }
    case 8:
      return { ...pick(typeMatches), amount: { min: index % 100, max: 100 + (index % 1_000) } };
    default:
      return { channel: pick(channels), direction: pick(directions), amount: { max: index % 500 } };
  }
};
const rules: CategoryRule[] = Array.from({ length: 10_000 }, (_, index) => ({
  categoryId: categoryIds[(index * 13) % categoryIds.length]!,
  match: ruleMatch(index),
}));
// As many personalizations, of every other counterparty of the lines: the rules decide the rest.
const halfPersonalized = personalizations.map((personalization, index) =>
  index < named.length && index % 2 === 1
    ? { ...personalization, counterpartyId: `made-up-${index}` }
    : personalization,
);
const rulesMs: number[] = [];
let withRules = engine.compileCategories({ categories, personalizations: halfPersonalized, rules });
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  withRules = engine.compileCategories({ categories, personalizations: halfPersonalized, rules });
  rulesMs.push(performance.now() - started);
}
const compiledRules = withRules!.rules!;
console.log(
  `${compiledRules.size.toLocaleString('en-US')} category rules with ${halfPersonalized.length.toLocaleString('en-US')} personalizations (half the lines' counterparties): compiled in ${median(rulesMs).toFixed(0)} ms (median of 5)`,
);

// The rules alone: what each line offers them, then `ruledCategory` over every line, timed.
const ruleFacts: RuleFacts[] = plain.map((result, index) => {
  const body = work[index]!.body as { categoryCode?: string; amount?: number };
  const { transactionInfo } = result;
  const top = result.counterparty[0];
  return {
    name: transactionInfo.display.name,
    category: () => top?.industry ?? [],
    mcc: body.categoryCode ?? null,
    amount: body.amount ?? null,
    type: transactionInfo.type,
    subType: transactionInfo.subType,
    direction: transactionInfo.transferInfo?.direction ?? ((body.amount ?? 0) < 0 ? 'incoming' : 'outgoing'),
    channel: transactionInfo.spendingInfo?.channel.value ?? null,
  };
});
let ruled = 0;
for (const facts of ruleFacts) if (ruledCategory(compiledRules, facts)) ruled++;
const ruleNs: number[] = [];
const passNs: number[] = [];
for (let pass = 0; pass < 50; pass++) {
  const started = process.hrtime.bigint();
  for (const facts of ruleFacts) ruledCategory(compiledRules, facts);
  passNs.push(Number(process.hrtime.bigint() - started) / ruleFacts.length);
  for (const facts of ruleFacts) {
    const one = process.hrtime.bigint();
    ruledCategory(compiledRules, facts);
    ruleNs.push(Number(process.hrtime.bigint() - one));
  }
}
console.log(
  `rules alone: ${median(passNs).toFixed(0)} ns a transaction (mean over the ${ruleFacts.length} lines, median of 50 passes); each timed alone: median ${quantile(ruleNs, 0.5)} ns, p99 ${quantile(ruleNs, 0.99)} ns (timer included); ${((ruled / ruleFacts.length) * 100).toFixed(0)}% of the lines match a rule (target <= 1 µs)`,
);

const sides = {
  none: {},
  personalized: { categories: compiled },
  triggers: { categories: compiled, triggers },
  rules: { categories: withRules },
  all: { categories: withRules, triggers },
} satisfies Record<string, EnrichmentContext>;
type Side = keyof typeof sides;
const sideNames = Object.keys(sides) as Side[];
/** Whether a personalization or rule changed the category the engine found (its leaf, or the displayed name). */
const categoryChanged = (before: Enrichment, after: Enrichment) =>
  before.counterparty[0]?.industry.at(-1)?.id !== after.counterparty[0]?.industry.at(-1)?.id ||
  before.transactionInfo.display.categoryName !== after.transactionInfo.display.categoryName;
const perSide = <T>(make: () => T) =>
  Object.fromEntries(sideNames.map((side) => [side, make()])) as Record<Side, T>;
const latencies = perSide((): number[] => []);
function slice(side: Side): { perSecond: number; perCpuSecond: number; applied: number; matched: number } {
  const context: EnrichmentContext = sides[side];
  const times = latencies[side];
  let applied = 0;
  let matched = 0;
  let ns = 0;
  // CPU time too: on a shared machine, wall time also counts the turns this process waited for a core.
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++)
    for (let index = 0; index < work.length; index++) {
      const { kind, body } = work[index]!;
      const started = process.hrtime.bigint();
      const result = enrichByKind(engine, kind, body, context);
      const took = Number(process.hrtime.bigint() - started);
      ns += took;
      times.push(took / 1e3);
      if (categoryChanged(plain[index]!, result)) applied++;
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
for (const side of sideNames) slice(side);
for (const side of sideNames) latencies[side] = [];
const rates = perSide((): number[] => []);
const cpuRates = perSide((): number[] => []);
const applied = perSide(() => 0);
const matched = perSide(() => 0);
for (let index = 0; index < slices; index++) {
  for (let turn = 0; turn < sideNames.length; turn++) {
    const side = sideNames[(turn + index) % sideNames.length]!;
    const result = slice(side);
    rates[side].push(result.perSecond);
    cpuRates[side].push(result.perCpuSecond);
    applied[side] = result.applied;
    matched[side] = result.matched;
  }
}
const share = (count: number) => `${((count / (rounds * work.length)) * 100).toFixed(0)}%`;
const per = (side: Side) =>
  `${Math.round(median(rates[side])).toLocaleString('en-US')} enrichments/s, ${Math.round(median(cpuRates[side])).toLocaleString('en-US')} per CPU second (medians of ${slices}); each: median ${quantile(latencies[side], 0.5).toFixed(1)} µs, p99 ${quantile(latencies[side], 0.99).toFixed(1)} µs`;
console.log(`none:                    ${per('none')}`);
console.log(
  `personalized:            ${per('personalized')} (${share(applied.personalized)} of categories changed: every counterparty of the lines has a personalization)`,
);
console.log(
  `personalized + triggers: ${per('triggers')} (${share(matched.triggers)} matched a category trigger)`,
);
console.log(
  `personalized + rules:    ${per('rules')} (${share(applied.rules)} of categories changed: half the counterparties personalized, rules for the rest)`,
);
console.log(`  + triggers:            ${per('all')} (${share(matched.all)} matched a category trigger)`);
const ratio = (side: Side) =>
  `${(median(rates[side]) / median(rates.none)).toFixed(3)} (per CPU second ${(median(cpuRates[side]) / median(cpuRates.none)).toFixed(3)}; target >= 0.9)`;
console.log(`ratio personalized/none:                    ${ratio('personalized')}`);
console.log(`ratio personalized + triggers/none:         ${ratio('triggers')}`);
console.log(`ratio personalized + rules/none:            ${ratio('rules')}`);
console.log(`ratio personalized + rules + triggers/none: ${ratio('all')}`);
