/**
 * The synthetic card dataset: a year (or several) of transactions of a
 * population of users, oldest first, each row a card request body with its
 * truth.
 *
 * Users live in US cities (weighted by population), have recurring payments
 * (`Subscriptions`) and make one-off purchases (`Purchases`); a share of them
 * may be heavy users (`heavy.ts`: 40 to 80 one-off purchases a month,
 * quarterly and annual bills at shops they also buy from). Each user's bank
 * prints their lines its own way (casing, bank-added text, date form,
 * location fields). The rows of a day are drawn, sorted by time and written
 * before the next day is drawn, so memory stays flat for any row count and
 * any number of years (what is kept is per user and per day covered). One
 * mulberry32 stream drives everything: the same seed gives the same rows.
 *
 *   for (const row of generateCards(createWorld(loadCatalog()), { rows: 1000, seed: 1 })) ...
 *   for (const row of heavyUserYears(world, { years: 3, seed: 7 })) ...   // one heavy user
 */
import { applyCase, bankTexts, wallets } from './descriptor.js';
import { HeavyUsers } from './heavy.js';
import {
  Calendar,
  type DateStyle,
  type Draft,
  type GeneratedCard,
  type LocationStyle,
  type User,
} from './model.js';
import { Purchases, payeesOf } from './purchases.js';
import { Random, weightedList } from './random.js';
import { Subscriptions } from './subscriptions.js';
import type { World } from './world.js';

export interface GenerateOptions {
  /** Rows written, exactly. */
  rows: number;
  seed: number;
  /** First day covered, `YYYY-MM-DD` (default `2024-11-01`). */
  start?: string;
  /**
   * Years covered, 365 days each (default 1): the same users throughout, so an annual bill reaches its
   * third payment (and its label) in a file of three years. The rows are spread over them.
   */
  years?: number;
  /**
   * Share of the users who are heavy users, in [0, 1) (default 0): 40 to 80 one-off purchases a month,
   * with quarterly and annual bills among their subscriptions. Their rows carry the tag `heavy-user`.
   */
  heavyShare?: number;
}

export interface HeavyUserOptions {
  seed: number;
  /** Years covered, 365 days each. */
  years: number;
  /** First day covered, `YYYY-MM-DD` (default `2024-11-01`). */
  start?: string;
}

export const DEFAULT_START = '2024-11-01';
/** One-off purchases and payments per user and year, on average. */
const ROWS_PER_USER = 280;
/** The same for a heavy user (some 60 one-off purchases a month and their bills). */
const HEAVY_ROWS_PER_USER = 800;
const DAYS_PER_YEAR = 365;

const WEEKDAY_WEIGHTS = [0.95, 0.9, 0.92, 0.95, 1, 1.15, 1.13];
const MONTH_WEIGHTS = [0.92, 0.93, 1, 1, 1, 1, 1, 1, 1, 1, 1.04, 1.12];
/** UTC offsets (standard time) by state, for the `+hh:mm` date form. */
const UTC_OFFSET: Readonly<Record<string, number>> = Object.fromEntries([
  ...'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'.split(' ').map((s) => [s, -5]),
  ...'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'.split(' ').map((s) => [s, -6]),
  ...'AZ CO ID MT NM UT WY'.split(' ').map((s) => [s, -7]),
  ...'CA NV OR WA'.split(' ').map((s) => [s, -8]),
  ['AK', -9],
  ['HI', -10],
]);

const two = (value: number) => String(value).padStart(2, '0');

/** How busy each day is: Fridays and December more than other days. */
function dayWeights(calendar: Calendar): number[] {
  return Array.from(
    { length: calendar.days },
    (_, day) => WEEKDAY_WEIGHTS[calendar.weekday(day)]! * MONTH_WEIGHTS[calendar.monthIndex(day)]!,
  );
}

/** How many rows fall on each day: the total is `rows` exactly, in proportion to the days' weights. */
function dailyQuotas(rows: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const quotas: number[] = [];
  let cumulative = 0;
  let given = 0;
  for (const weight of weights) {
    cumulative += weight;
    const upTo = Math.round((rows * cumulative) / total);
    quotas.push(upTo - given);
    given = upTo;
  }
  return quotas;
}

function createUser(index: number, id: string, world: World, random: Random): User {
  const home = random.weighted(world.cities);
  const roll = random.next();
  const dateRoll = random.next();
  const locationRoll = random.next();
  return {
    index,
    id,
    home,
    zip: random.pick(home.zips),
    last4: random.digits(4),
    activity: random.logUniform(0.3, 3),
    caseStyle: roll < 0.8 ? 'upper' : roll < 0.92 ? 'as-is' : 'title',
    dateStyle: (dateRoll < 0.5
      ? 'iso'
      : dateRoll < 0.75
        ? 'date'
        : dateRoll < 0.85
          ? 'space'
          : 'offset') as DateStyle,
    locationStyle: (locationRoll < 0.4
      ? 'fields'
      : locationRoll < 0.75
        ? 'location'
        : 'none') as LocationStyle,
    bankText: random.chance(0.1) ? random.int(0, bankTexts.length - 1) : -1,
    walletRate: random.chance(0.25) ? random.logUniform(0.1, 0.6) : 0,
    favorites: [],
    payees: payeesOf(random),
    heavy: null,
  };
}

/** `occurredAt` in the user's feed's form; the date is the local calendar date. */
function occurredAt(user: User, date: string, seconds: number, random: Random): string {
  const time = `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  switch (user.dateStyle) {
    case 'date':
      return date;
    case 'space':
      return `${date} ${time}Z`;
    case 'iso':
      return `${date}T${time}Z`;
    case 'offset': {
      const month = Number(date.slice(5, 7));
      const summer = month > 3 && month < 11 && user.home.state !== 'AZ' && user.home.state !== 'HI';
      const offset = (UTC_OFFSET[user.home.state] ?? -5) + (summer ? 1 : 0);
      const millis = String(random.int(0, 999)).padStart(3, '0');
      return `${date}T${time}.${millis}${offset < 0 ? '-' : '+'}${two(Math.abs(offset))}:00`;
    }
  }
}

function calendarOf(start: string | undefined, years: number): Calendar {
  if (!Number.isSafeInteger(years) || years < 1)
    throw new RangeError(`years: expected a whole number of at least 1, got ${years}`);
  return new Calendar(start ?? DEFAULT_START, DAYS_PER_YEAR * years);
}

/**
 * Generates `rows` card rows, oldest first, over `years` years; a share `heavyShare` of the users are
 * heavy users. With the defaults (one year, no heavy user) a seed gives the rows it always gave.
 */
export function* generateCards(world: World, options: GenerateOptions): Generator<GeneratedCard> {
  const { rows, seed } = options;
  const heavyShare = options.heavyShare ?? 0;
  if (!(heavyShare >= 0 && heavyShare < 1))
    throw new RangeError(`heavyShare: expected [0, 1), got ${heavyShare}`);
  const calendar = calendarOf(options.start, options.years ?? 1);
  const years = calendar.days / DAYS_PER_YEAR;
  const rowsPerUser = ROWS_PER_USER * (1 - heavyShare) + HEAVY_ROWS_PER_USER * heavyShare;
  const userCount = Math.max(1, Math.round(rows / (rowsPerUser * years)));
  // heavy users spread evenly over the ids; at least one ordinary user fills the days' rows
  const heavyCount = Math.min(Math.round(userCount * heavyShare), userCount - 1);
  const isHeavy = (index: number) =>
    Math.floor(((index + 1) * heavyCount) / userCount) > Math.floor((index * heavyCount) / userCount);
  const width = Math.max(5, String(userCount).length);
  const weights = dayWeights(calendar);
  yield* draw(world, seed, calendar, weights, {
    count: userCount,
    idOf: (index) => `user-${String(index + 1).padStart(width, '0')}`,
    isHeavy,
    quotas: dailyQuotas(rows, weights),
    transactionPrefix: `txn-${seed}-`,
  });
}

/**
 * One heavy user's rows over `years` years, oldest first: request bodies with their truth, as
 * `generateCards` writes them, for user `heavy-<seed>` (transaction ids `heavy-<seed>-<n>`). A different
 * seed gives a different user; the same seed, the same rows.
 */
export function* heavyUserYears(world: World, options: HeavyUserOptions): Generator<GeneratedCard> {
  const { seed } = options;
  const calendar = calendarOf(options.start, options.years);
  yield* draw(world, seed, calendar, dayWeights(calendar), {
    count: 1,
    idOf: () => `heavy-${seed}`,
    isHeavy: () => true,
    quotas: null,
    transactionPrefix: `heavy-${seed}-`,
  });
}

interface Population {
  count: number;
  idOf(index: number): string;
  isHeavy(index: number): boolean;
  /** Rows of each day, exactly (ordinary users fill them); null: the heavy users' rows alone. */
  quotas: readonly number[] | null;
  transactionPrefix: string;
}

function* draw(
  world: World,
  seed: number,
  calendar: Calendar,
  weights: readonly number[],
  population: Population,
): Generator<GeneratedCard> {
  const random = new Random(seed);
  const purchases = new Purchases(world, random, calendar, seed);
  const subscriptions = new Subscriptions(world, random, calendar, seed);
  const mean = weights.reduce((sum, weight) => sum + weight, 0) / weights.length;
  const heavy = new HeavyUsers(
    world,
    random,
    purchases,
    subscriptions,
    weights.map((weight) => weight / mean),
  );
  const users: User[] = [];
  for (let index = 0; index < population.count; index++) {
    const user = createUser(index, population.idOf(index), world, random);
    if (population.isHeavy(index)) heavy.add(user);
    else {
      users.push(user);
      subscriptions.createFor(user);
    }
  }
  const byActivity = users.length > 0 ? weightedList(users, (user) => user.activity) : null;
  const { quotas } = population;

  let produced = 0;
  for (let day = 0; day < calendar.days; day++) {
    const quota = quotas ? quotas[day]! : Number.POSITIVE_INFINITY;
    const drafts: Draft[] = [];
    for (const subscription of subscriptions.due[day]!) {
      if (drafts.length < quota) drafts.push(subscriptions.payment(subscription, day));
      else subscriptions.skip(subscription);
    }
    subscriptions.due[day] = [];
    heavy.draftsOn(day, drafts, quota);
    if (byActivity) {
      while (drafts.length < quota) drafts.push(purchases.draft(random.weighted(byActivity), day));
    }
    drafts.sort((a, b) => a.seconds - b.seconds);
    for (const draft of drafts) {
      yield finish(draft, calendar.dates[day]!, `${population.transactionPrefix}${++produced}`, random);
    }
  }
}

const HEAVY_TAG = 'heavy-user';

/** Applies the user's feed style to a draft: wallet marker, bank text, casing, date form, location fields. */
function finish(draft: Draft, date: string, transactionId: string, random: Random): GeneratedCard {
  const { user, place, truth } = draft; // a draft's truth is its own: it may change here
  let tags = user.heavy ? [...draft.tags, HEAVY_TAG] : draft.tags;
  let descriptor = draft.descriptor;
  if (draft.walletable && user.walletRate > 0 && random.chance(user.walletRate)) {
    const wallet = random.pick(wallets);
    descriptor = wallet.render(descriptor, user.last4);
    truth.thirdParty = wallet.name;
    tags = [...tags, 'wallet'];
  }
  if (user.bankText >= 0) {
    const seconds = draft.seconds;
    descriptor = bankTexts[user.bankText]!(
      descriptor,
      {
        mm: date.slice(5, 7),
        dd: date.slice(8, 10),
        yy: date.slice(2, 4),
        hh: two(Math.floor(seconds / 3600)),
        mi: two(Math.floor(seconds / 60) % 60),
      },
      user.last4,
    );
  }
  const occurred = occurredAt(user, date, draft.seconds, random);
  // undefined fields are left out of the JSON; one object shape for every row keeps it fast
  let city: string | undefined;
  let state: string | undefined;
  let country: string | undefined;
  let location: GeneratedCard['location'];
  if (place && user.locationStyle !== 'none') {
    const remote = place.kind === 'remote';
    // card-not-present lines carry the phone or URL in the city slot, when they carry one
    if (!remote || random.chance(0.5)) {
      const where = remote ? place.slot : place.city.title;
      const region = remote ? place.state : place.city.state;
      if (user.locationStyle === 'fields') {
        city = where;
        state = region;
        country = 'US';
      } else {
        location = remote
          ? { city: where, region, country: 'US' }
          : { city: where, region, country: 'US', postalCode: place.zip };
      }
    }
  }
  return {
    transactionId,
    userId: user.id,
    merchantName: applyCase(descriptor, user.caseStyle),
    amount: draft.amount,
    currencyCode: 'USD',
    occurredAt: occurred,
    categoryCode: draft.mcc,
    city,
    state,
    country,
    location,
    expect: truth,
    tags,
  };
}
