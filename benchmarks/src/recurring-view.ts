/**
 * The subscriptions view against the generator's truth: heavy users' three years (a few hundred
 * purchases a year, subscriptions, annual and quarterly bills among them) enriched in process, oldest
 * first, each user in a series book of its own; then the series `book.recurring(userId)` lists, keyed by
 * counterparty name and periodicity, against the recurring series the generator labelled. Prints how
 * many listed are right (precision) and how many labelled are listed (recall), and what was listed wrong
 * by periodicity.
 *
 *   pnpm --filter @txenrich/benchmarks bench:recurring-view [--users 20] [--seed 5000]
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '@txenrich/catalog';
import { beginResultItem, createEngine, createSeriesBook } from '@txenrich/core';
import { createWorld, heavyUserYears } from '@txenrich/generator';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '20' }, seed: { type: 'string', default: '5000' } },
});
const world = createWorld(loadCatalog());
const engine = createEngine();
let listed = 0;
let right = 0;
let wanted = 0;
let found = 0;
const wrong = new Map<string, number>();
for (let user = 1; user <= Number(values.users); user++) {
  const book = createSeriesBook();
  const truth = new Set<string>();
  let userId = '';
  for (const { expect, tags: _tags, ...body } of heavyUserYears(world, {
    years: 3,
    seed: Number(values.seed) + user,
  })) {
    userId = body.userId;
    // As a request comes: validated, then enriched.
    const begun = beginResultItem(engine, 'card', body, { batchItem: false, context: { series: book } });
    const result = 'finish' in begun ? begun.finish() : begun;
    const name = 'counterparty' in result ? result.counterparty[0]?.name : undefined;
    if (expect.recurrence) truth.add(`${name ?? expect.merchant}|${expect.recurrence}`);
  }
  const view = book.recurring(userId);
  const keys = new Set(
    view.series.map((series) => `${series.counterparty.name}|${series.periodicity.label}`),
  );
  for (const series of view.series) {
    listed++;
    if (truth.has(`${series.counterparty.name}|${series.periodicity.label}`)) right++;
    else wrong.set(series.periodicity.label, (wrong.get(series.periodicity.label) ?? 0) + 1);
  }
  wanted += truth.size;
  found += [...truth].filter((key) => keys.has(key)).length;
}
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
console.log(
  `subscriptions view of ${values.users} heavy users' three years (seeds ${Number(values.seed) + 1}-${Number(values.seed) + Number(values.users)}): ${right} of ${listed} listed are right (precision ${percent(right, listed)}), ${found} of ${wanted} labelled series listed (recall ${percent(found, wanted)}); listed wrong: ${JSON.stringify(Object.fromEntries(wrong))}`,
);
