/**
 * Heavy users: 40 to 80 one-off purchases a month, the usual subscriptions
 * and, from `heavyBills`, one to three annual and one or two quarterly bills,
 * paid from the first day covered to the last. Most of those bills are at a
 * merchant the user also buys from again and again (a haunt): a Costco
 * membership and a Costco trip a week, Prime and Subscribe & Save among
 * Amazon orders. That is the hard case for a detector: one counterparty, one
 * series among many one-off purchases, and the series' payments months apart.
 *
 * A heavy user's purchases of a day are drawn for that user alone (their
 * rate times the day's weight, rounded at random), so every month has about
 * the same count; ordinary users fill the rest of the day's rows.
 */
import type { Merchant } from '@txenrich/catalog';
import { type HeavyBillSpec, heavyBills } from './brands.js';
import type { Draft, Haunt, User } from './model.js';
import type { Purchases } from './purchases.js';
import { type Random, type WeightedList, weightedList } from './random.js';
import type { Subscriptions } from './subscriptions.js';
import type { World } from './world.js';

/** One-off purchases a month, haunts included, drawn per user. */
const ONE_OFFS_PER_MONTH: readonly [number, number] = [40, 80];
/** At least this share of them goes elsewhere than the haunts. */
const ELSEWHERE_SHARE = 0.4;
const MONTHS_PER_DAY = 12 / 365;

interface Bill {
  spec: HeavyBillSpec;
  merchant: Merchant;
}

export class HeavyUsers {
  readonly users: User[] = [];
  private readonly annual: WeightedList<Bill>;
  private readonly quarterly: WeightedList<Bill>;

  /** `dayWeights`: each day's share of the rows relative to the average day (weekday, season). */
  constructor(
    world: World,
    private readonly random: Random,
    private readonly purchases: Purchases,
    private readonly subscriptions: Subscriptions,
    private readonly dayWeights: readonly number[],
  ) {
    const bills = heavyBills.flatMap((spec) => {
      const merchant = world.brand(spec.name);
      return merchant ? [{ spec, merchant }] : [];
    });
    const list = (interval: HeavyBillSpec['interval']) =>
      weightedList(
        bills.filter((bill) => bill.spec.interval === interval),
        (bill) => bill.spec.weight,
      );
    this.annual = list('annually');
    this.quarterly = list('quarterly');
  }

  /** Brand names of `heavyBills` the catalog does not know (a test keeps this empty). */
  static unresolved(world: World): string[] {
    return [...new Set(heavyBills.map((spec) => spec.name))].filter((name) => !world.brand(name));
  }

  /** Makes `user` heavy: their subscriptions, bills, haunts and purchase rate. */
  add(user: User): void {
    const random = this.random;
    const paid = this.subscriptions.createFor(user, false);
    let index = paid.length;
    const haunts: Haunt[] = [];
    const picks = [
      ...this.pick(user, this.annual, 1 + Number(random.chance(0.5)) + Number(random.chance(0.2)), paid),
      ...this.pick(user, this.quarterly, 1 + Number(random.chance(0.35)), paid),
    ];
    for (const { spec, merchant } of picks) {
      if (spec.dues && !paid.includes(spec.name)) {
        const dues = { ...spec, forms: spec.dues.forms, prices: spec.dues.prices };
        this.subscriptions.addBill(user, dues, merchant, index++, {
          id: 'heavy-dues',
          interval: 'monthly',
          bill: true,
        });
      }
      paid.push(spec.name);
      this.subscriptions.addBill(user, spec, merchant, index++, {
        id: spec.interval === 'annually' ? 'heavy-annual' : 'heavy-quarterly',
        interval: spec.interval,
        bill: spec.bill,
      });
      const shop = spec.shop;
      if (shop && !haunts.some((haunt) => haunt.name === spec.name)) {
        haunts.push({
          at: shop.at,
          group: shop.group,
          name: spec.name,
          perMonth: random.int(...shop.perMonth),
        });
      }
    }
    const atHaunts = haunts.reduce((sum, haunt) => sum + haunt.perMonth, 0);
    const total = random.int(...ONE_OFFS_PER_MONTH);
    user.heavy = { perMonth: Math.max(total - atHaunts, Math.round(total * ELSEWHERE_SHARE)), haunts };
    this.users.push(user);
  }

  /**
   * `count` bills of a list, each at a merchant the user can reach and pays no series yet (unless the
   * bill goes alongside another).
   */
  private pick(user: User, list: WeightedList<Bill>, count: number, paid: readonly string[]): Bill[] {
    const picked: Bill[] = [];
    for (let attempt = 0; picked.length < count && attempt < count * 8; attempt++) {
      const bill = this.random.weighted(list);
      const { spec } = bill;
      if (picked.some((other) => other.spec === spec)) continue;
      if (
        !spec.alongside &&
        (paid.includes(spec.name) || picked.some((other) => other.spec.name === spec.name))
      )
        continue;
      if (spec.shop && !this.purchases.serves(spec.shop.at, spec.shop.group, spec.name, user.home.state))
        continue;
      picked.push(bill);
    }
    return picked;
  }

  /** Adds the heavy users' one-off purchases of `day` to `drafts`, up to `limit` drafts in all. */
  draftsOn(day: number, drafts: Draft[], limit: number): void {
    const months = MONTHS_PER_DAY * this.dayWeights[day]!;
    for (const user of this.users) {
      const habits = user.heavy!;
      for (const haunt of habits.haunts) {
        for (let count = this.count(haunt.perMonth * months); count > 0 && drafts.length < limit; count--)
          drafts.push(this.purchases.at(user, haunt, day));
      }
      for (let count = this.count(habits.perMonth * months); count > 0 && drafts.length < limit; count--)
        drafts.push(this.purchases.draft(user, day));
    }
  }

  /** `expected` rounded down or up at random, so the mean is right and a month's count varies little. */
  private count(expected: number): number {
    const whole = Math.floor(expected);
    return whole + Number(this.random.chance(expected - whole));
  }
}
