/**
 * Recurring payments: streaming, music, phone, internet, insurance, gyms,
 * software, memberships and meal kits, each user's utility, and a few local
 * services. A series keeps one descriptor (reference numbers aside), one
 * amount (utilities drift with the seasons) and one day of the month or week;
 * bills move off weekends and post a day or two late now and then; an annual
 * payment falls on the same date each year. The truth names the interval from
 * the third payment in a row in the file on (two earlier payments at the
 * interval: what anyone, and any detector, needs to call it a series); a
 * payment left out of the file starts the count again. Heavy users
 * (`heavy.ts`) add their quarterly and annual bills through `addBill`.
 */
import type { Merchant } from '@txenrich/catalog';
import {
  type HeavyBillSpec,
  type IntervalKind,
  type SubscriptionGroup,
  type SubscriptionSpec,
  subscriptionGroups,
  utilitiesByState,
} from './brands.js';
import { compactName, derivedSlot, fillTemplate, remoteTail, storeTail } from './descriptor.js';
import { type LocalKind, localKinds } from './local-names.js';
import type { Calendar, Draft, Place, Truth, User } from './model.js';
import { inventLocalName } from './purchases.js';
import { hash32, Random, weightedList } from './random.js';
import { domainOf, type World } from './world.js';

interface Subscription {
  user: User;
  key: string;
  template: string;
  interval: IntervalKind;
  /** Day of the month (monthly, quarterly), day index of the first year's payment (annually) or first day (weekly, biweekly). */
  anchor: number;
  /** Quarterly: months after the first month of the year covered. */
  phase: number;
  bill: boolean;
  shiftsWeekends: boolean;
  amount: number;
  /** A price rise from this day on (0 = none). */
  riseDay: number;
  riseAmount: number;
  /** Utilities: the month their bill peaks (0-11), else -1. */
  peakMonth: number;
  mcc: string;
  place: Place;
  seconds: number;
  truth: Truth;
  tags: string[];
  /** Seeds the descriptor's noise, so every payment of the series prints alike. */
  noiseSeed: number;
  startDay: number;
  endDay: number;
  /** Next payment number. */
  next: number;
  /** Payments in a row so far. */
  inRow: number;
  /** The descriptor, once known not to change. */
  descriptor: string | null;
}

/** States whose utility bills peak in summer (air conditioning) rather than winter (heating). */
const SUMMER_PEAK = new Set(['AZ', 'TX', 'FL', 'NV', 'LA', 'MS', 'AL', 'GA', 'SC', 'OK', 'AR', 'HI', 'NM']);
const PAYPAL_WRAPPABLE = new Set(['Netflix', 'Spotify', 'Hulu', 'Disney+', 'Adobe', 'Dropbox', 'HBO Max']);
const GOOGLE_BILLABLE = new Set(['Duolingo', 'Tinder', 'Bumble', 'Hinge', 'OpenAI']);

const cents = (value: number) => Math.round(value * 100) / 100;

export class Subscriptions {
  /** Payments due, by day. */
  readonly due: Subscription[][];
  private readonly groups: {
    group: SubscriptionGroup;
    merchants: { spec: SubscriptionSpec; merchant: Merchant }[];
  }[];
  private readonly gym: LocalKind;
  private readonly cleaning: LocalKind;

  constructor(
    private readonly world: World,
    private readonly random: Random,
    private readonly calendar: Calendar,
    private readonly seed: number,
  ) {
    this.due = Array.from({ length: calendar.days }, () => []);
    this.groups = subscriptionGroups.map((group) => ({
      group,
      merchants: group.merchants.flatMap((spec) => {
        const merchant = world.brand(spec.name);
        return merchant ? [{ spec, merchant }] : [];
      }),
    }));
    this.gym = localKinds.find((kind) => kind.id === 'fitness-studio')!;
    this.cleaning = {
      ...localKinds.find((kind) => kind.id === 'trades')!,
      nouns: ['CLEANING', 'HOUSEKEEPING', 'LAWN CARE'],
    };
  }

  /** Brand names of the tables the catalog does not know (a test keeps this empty). */
  static unresolved(world: World): string[] {
    const names = [
      ...subscriptionGroups.flatMap((group) => group.merchants.map((spec) => spec.name)),
      ...Object.values(utilitiesByState).flat(),
    ];
    return [...new Set(names)].filter((name) => !world.brand(name));
  }

  /**
   * Gives a user their recurring payments and schedules the first of each; answers the names paid, one
   * per series. `longIntervals: false` leaves out the quarterly and annual groups (a heavy user's come
   * from `heavyBills`).
   */
  createFor(user: User, longIntervals = true): string[] {
    const random = this.random;
    const paid: string[] = [];
    let count = 0;
    for (const { group, merchants } of this.groups) {
      if (!longIntervals && (group.interval === 'quarterly' || group.interval === 'annually')) continue;
      if (!merchants.length || !random.chance(group.probability)) continue;
      const wanted = Math.min(group.max, 1 + Math.floor(random.next() ** 2 * group.max));
      const list = weightedList(merchants, (entry) => entry.spec.weight);
      const taken = new Set<string>();
      for (let attempt = 0; taken.size < wanted && attempt < wanted * 4; attempt++) {
        const entry = random.weighted(list);
        if (taken.has(entry.spec.name)) continue;
        taken.add(entry.spec.name);
        paid.push(entry.spec.name);
        this.add(this.brandSeries(user, group, entry.spec, entry.merchant, count++));
      }
    }
    const utilities = (utilitiesByState[user.home.state] ?? [])
      .map((name) => this.world.brand(name))
      .filter((merchant): merchant is Merchant => !!merchant);
    if (utilities.length && random.chance(0.55)) {
      const merchant = random.weighted(weightedList(utilities, (_, index) => 1 / (index + 1)));
      paid.push(merchant.name);
      this.add(this.utilitySeries(user, merchant, count++));
    }
    if (random.chance(0.05)) {
      const series = this.localSeries(user, this.gym, 'ABC*', 'monthly', count++);
      paid.push(series.template);
      this.add(series);
    }
    if (random.chance(0.03)) {
      const series = this.localSeries(user, this.cleaning, 'SQ *', 'biweekly', count++);
      paid.push(series.template);
      this.add(series);
    }
    return paid;
  }

  /**
   * A heavy user's bill: series number `index` of the user, paid from the first day covered to the last
   * (a long-standing membership or policy); `as` gives its interval and tag when not the spec's own
   * (a gym's monthly dues).
   */
  addBill(
    user: User,
    spec: HeavyBillSpec,
    merchant: Merchant,
    index: number,
    as: Pick<SubscriptionGroup, 'id' | 'interval' | 'bill'>,
  ): void {
    const series = this.brandSeries(user, as, spec, merchant, index);
    series.startDay = 0;
    series.endDay = this.calendar.days;
    this.add(series);
  }

  /** The draft of a payment due today; the series' next payment is scheduled. */
  payment(subscription: Subscription, day: number): Draft {
    const { place, user, truth } = subscription;
    const descriptor = subscription.descriptor ?? this.descriptorOf(subscription, day);
    subscription.inRow++;
    this.scheduleNext(subscription);
    return {
      user,
      descriptor,
      mcc: subscription.mcc,
      amount: this.amountOn(subscription, day),
      seconds: subscription.seconds,
      place,
      walletable: false,
      truth: {
        merchant: truth.merchant,
        website: truth.website,
        channel: truth.channel,
        type: truth.type,
        thirdParty: truth.thirdParty,
        isPeerToPeer: truth.isPeerToPeer,
        recurrence: subscription.inRow >= 3 ? subscription.interval : null,
      },
      tags: subscription.tags,
    };
  }

  /** The series' descriptor on a day; kept when nothing in it changes from payment to payment. */
  private descriptorOf(subscription: Subscription, day: number): string {
    const { place, user } = subscription;
    const fixed = new Random(subscription.noiseSeed);
    const name = fillTemplate(
      subscription.template,
      {
        storeKey: subscription.key,
        city: user.home.name,
        weekday: this.calendar.weekday(day),
        hour: Math.floor(subscription.seconds / 3600),
        month: this.calendar.monthLabel(day),
      },
      this.random,
    );
    const descriptor =
      place.kind === 'remote'
        ? remoteTail(name, place.slot, place.state, fixed)
        : storeTail(name, place.city.name, place.city.state, fixed);
    if (!/\{(?:[dr]\d|mon|when)/.test(subscription.template)) subscription.descriptor = descriptor;
    return descriptor;
  }

  /** A payment that did not fit in the day's rows: the series starts over. */
  skip(subscription: Subscription): void {
    subscription.inRow = 0;
    this.scheduleNext(subscription);
  }

  private amountOn(subscription: Subscription, day: number): number {
    if (subscription.peakMonth >= 0) {
      const month = this.calendar.monthIndex(day);
      const season = Math.cos((2 * Math.PI * (month - subscription.peakMonth)) / 12);
      return cents(subscription.amount * (1 + 0.14 * season) * (0.97 + this.random.next() * 0.06));
    }
    return subscription.riseDay > 0 && day >= subscription.riseDay
      ? subscription.riseAmount
      : subscription.amount;
  }

  private add(subscription: Subscription): void {
    this.scheduleNext(subscription);
  }

  /** Day of payment number `index`, before weekend shifts and posting delays. */
  private nominalDay(subscription: Subscription, index: number): number {
    switch (subscription.interval) {
      case 'weekly':
        return subscription.anchor + 7 * index;
      case 'biweekly':
        return subscription.anchor + 14 * index;
      case 'monthly':
        return this.calendar.dayInMonth(index, subscription.anchor);
      case 'quarterly':
        return this.calendar.dayInMonth(subscription.phase + 3 * index, subscription.anchor);
      case 'annually':
        return this.calendar.yearsAfter(subscription.anchor, index);
    }
  }

  private scheduleNext(subscription: Subscription): void {
    const random = this.random;
    for (;;) {
      let day = this.nominalDay(subscription, subscription.next++);
      if (day < subscription.startDay) continue;
      if (subscription.shiftsWeekends) {
        const weekday = this.calendar.weekday(day);
        if (weekday === 6) day += 2;
        else if (weekday === 0) day += 1;
      }
      if (subscription.bill ? random.chance(0.25) : random.chance(0.08)) day += random.int(1, 2);
      if (day < subscription.endDay && day < this.calendar.days) this.due[day]!.push(subscription);
      return;
    }
  }

  private base(user: User, index: number, interval: IntervalKind, bill: boolean) {
    const random = this.random;
    const roll = random.next();
    const days = this.calendar.days;
    return {
      user,
      key: `${user.id}|${index}`,
      interval,
      anchor:
        interval === 'weekly'
          ? random.int(0, 6)
          : interval === 'biweekly'
            ? random.int(0, 13)
            : interval === 'annually'
              ? random.int(0, Math.min(days, 365) - 1)
              : random.chance(0.1)
                ? random.int(29, 31)
                : random.int(1, 28),
      phase: random.int(0, 2),
      bill,
      shiftsWeekends: bill && random.chance(0.6),
      riseDay: interval !== 'annually' && random.chance(0.1) ? random.int(60, days - 30) : 0,
      peakMonth: -1,
      seconds: bill ? random.int(6 * 3600, 20 * 3600) : random.int(0, 8 * 3600),
      noiseSeed: hash32(this.seed, user.id, index),
      startDay: roll < 0.12 ? random.int(20, days - 90) : 0,
      endDay: roll > 0.92 ? random.int(90, days) : days,
      next: 0,
      inRow: 0,
      descriptor: null,
    };
  }

  private brandSeries(
    user: User,
    group: Pick<SubscriptionGroup, 'id' | 'interval' | 'bill'>,
    spec: SubscriptionSpec,
    merchant: Merchant,
    index: number,
  ): Subscription {
    const random = this.random;
    const base = this.base(user, index, group.interval, group.bill);
    const domain = domainOf(merchant.website);
    let template = random.pick(spec.forms.length ? spec.forms : this.world.catalogForms(merchant));
    let thirdParty: string | null = null;
    if (PAYPAL_WRAPPABLE.has(spec.name) && random.chance(0.08)) {
      template = `PAYPAL *${domain && random.chance(0.4) ? domain.toUpperCase() : compactName(merchant.name, random)}`;
      thirdParty = 'PayPal';
    } else if (GOOGLE_BILLABLE.has(spec.name) && random.chance(0.3)) {
      template = `GOOGLE *${merchant.name}`;
      thirdParty = 'Google';
    }
    const amount = random.pick(spec.prices);
    return {
      ...base,
      template,
      amount,
      riseAmount: cents(amount * (1.08 + random.next() * 0.07)),
      mcc: spec.mcc,
      place: {
        kind: 'remote',
        slot: spec.slot || derivedSlot(merchant.name, domain),
        state: spec.state || user.home.state,
      },
      truth: {
        ...this.world.truthOf(merchant),
        channel: 'digital',
        type: 'spending',
        thirdParty,
        isPeerToPeer: false,
        recurrence: null,
      },
      tags: ['subscription', group.id, ...(thirdParty ? ['facilitator'] : [])],
    };
  }

  private utilitySeries(user: User, merchant: Merchant, index: number): Subscription {
    const random = this.random;
    const domain = domainOf(merchant.website);
    return {
      ...this.base(user, index, 'monthly', true),
      riseDay: 0,
      template: random.pick(this.world.catalogForms(merchant)),
      amount: cents(random.logUniform(45, 220)),
      riseAmount: 0,
      peakMonth: SUMMER_PEAK.has(user.home.state) ? 6 : 0,
      mcc: '4900',
      place: { kind: 'remote', slot: derivedSlot(merchant.name, domain), state: user.home.state },
      truth: {
        ...this.world.truthOf(merchant),
        channel: 'digital',
        type: 'spending',
        thirdParty: null,
        isPeerToPeer: false,
        recurrence: null,
      },
      tags: ['subscription', 'utility'],
    };
  }

  /** A local gym billed by its club-management processor, or a cleaner or gardener paid by Square. */
  private localSeries(
    user: User,
    kind: LocalKind,
    prefix: string,
    interval: IntervalKind,
    index: number,
  ): Subscription {
    const random = this.random;
    const named = new Random(hash32(this.seed, 'series', user.id, index));
    const name = inventLocalName(this.world, kind, user.home, named);
    const square = prefix === 'SQ *';
    return {
      ...this.base(user, index, interval, !square),
      template: `${prefix}${name}`,
      amount: square ? random.pick([80, 95, 120, 140, 160]) : random.pick([29, 39, 49, 59, 89, 129]),
      riseAmount: 0,
      riseDay: 0,
      mcc: square ? '7349' : '7997',
      place: square
        ? { kind: 'store', city: user.home, zip: user.zip }
        : { kind: 'remote', slot: derivedSlot(name, null), state: user.home.state },
      truth: {
        merchant: null,
        website: null,
        channel: square ? 'physical' : 'digital',
        type: 'spending',
        thirdParty: square ? 'Square' : null,
        isPeerToPeer: false,
        recurrence: null,
      },
      tags: ['subscription', 'unknown-local', ...(square ? ['facilitator'] : [])],
    };
  }
}
