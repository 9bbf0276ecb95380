/**
 * @txenrich/generator: deterministic synthetic data for txenrich's tests,
 * evaluation and benchmarks (private: it is not published). `generateCards`
 * writes a year (or several) of card request bodies of a population of users
 * over a catalog `World`, each with its ground truth (`expect`) and tags, some
 * users heavy ones on request; `heavyUserYears` one heavy user's years;
 * `generateHistories` and `yearOfHistory` write labelled payment histories
 * for recurrence detection. The same seed gives the same data everywhere.
 *
 *   for (const row of generateCards(createWorld(loadCatalog()), { rows: 1000, seed: 1 })) ...
 *   for (const row of heavyUserYears(world, { years: 3, seed: 7 })) ...
 *   const cases = generateHistories(1200, 42);
 */
export {
  DEFAULT_START,
  type GenerateOptions,
  generateCards,
  type HeavyUserOptions,
  heavyUserYears,
} from './cards.js';
export {
  type GeneratedTransaction,
  generateHistories,
  type HistoryKind,
  type LabelledHistory,
  yearOfHistory,
} from './histories.js';
export type { GeneratedCard, Truth } from './model.js';
export { mulberry32 } from './random.js';
export { createWorld, type World } from './world.js';
