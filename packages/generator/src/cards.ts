/**
 * The synthetic card dataset: a year of transactions of a population of
 * users, oldest first, each row a card request body with its truth.
 *
 * Users live in US cities (weighted by population), have recurring payments
 * (`Subscriptions`) and make one-off purchases (`Purchases`); each user's
 * bank prints their lines its own way (casing, bank-added text, date form,
 * location fields). The rows of a day are drawn, sorted by time and written
 * before the next day is drawn, so memory stays flat for any row count. One
 * mulberry32 stream drives everything: the same seed gives the same rows.
 *
 *   for (const row of generateCards(createWorld(loadCatalog()), { rows: 1000, seed: 1 })) ...
 */
import { applyCase, bankTexts, wallets } from './descriptor.js';
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
  rows: number;
  seed: number;
  /** First day covered, `YYYY-MM-DD`; a year from it (default `2024-11-01`). */
  start?: string;
}

export const DEFAULT_START = '2024-11-01';
/** One-off purchases and payments per user and year, on average. */
const ROWS_PER_USER = 280;
const DAYS = 365;

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

/** How many rows fall on each day: the total is `rows` exactly, busier on Fridays and in December. */
function dailyQuotas(rows: number, calendar: Calendar): number[] {
  const weights = Array.from(
    { length: calendar.days },
    (_, day) => WEEKDAY_WEIGHTS[calendar.weekday(day)]! * MONTH_WEIGHTS[calendar.monthIndex(day)]!,
  );
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

function createUser(index: number, width: number, world: World, random: Random): User {
  const home = random.weighted(world.cities);
  const roll = random.next();
  const dateRoll = random.next();
  const locationRoll = random.next();
  return {
    index,
    id: `user-${String(index + 1).padStart(width, '0')}`,
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

/** Generates `rows` card rows, oldest first. */
export function* generateCards(world: World, options: GenerateOptions): Generator<GeneratedCard> {
  const { rows, seed } = options;
  const random = new Random(seed);
  const calendar = new Calendar(options.start ?? DEFAULT_START, DAYS);
  const purchases = new Purchases(world, random, calendar, seed);
  const subscriptions = new Subscriptions(world, random, calendar, seed);
  const userCount = Math.max(1, Math.round(rows / ROWS_PER_USER));
  const width = Math.max(5, String(userCount).length);
  const users: User[] = [];
  for (let index = 0; index < userCount; index++) {
    const user = createUser(index, width, world, random);
    users.push(user);
    subscriptions.createFor(user);
  }
  const byActivity = weightedList(users, (user) => user.activity);
  const quotas = dailyQuotas(rows, calendar);

  let produced = 0;
  for (let day = 0; day < calendar.days; day++) {
    const quota = quotas[day]!;
    const drafts: Draft[] = [];
    for (const subscription of subscriptions.due[day]!) {
      if (drafts.length < quota) drafts.push(subscriptions.payment(subscription, day));
      else subscriptions.skip(subscription);
    }
    subscriptions.due[day] = [];
    while (drafts.length < quota) drafts.push(purchases.draft(random.weighted(byActivity), day));
    drafts.sort((a, b) => a.seconds - b.seconds);
    for (const draft of drafts) yield finish(draft, calendar.dates[day]!, ++produced, seed, random);
  }
}

/** Applies the user's feed style to a draft: wallet marker, bank text, casing, date form, location fields. */
function finish(draft: Draft, date: string, number: number, seed: number, random: Random): GeneratedCard {
  const { user, place, truth } = draft; // a draft's truth is its own: it may change here
  let tags = draft.tags;
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
    transactionId: `txn-${seed}-${number}`,
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
