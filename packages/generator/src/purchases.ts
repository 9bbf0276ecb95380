/**
 * One-off purchases: chains in store (with the long tail of regional brands),
 * unknown local businesses (often through Square or Toast), online shops,
 * rides and delivery, PayPal/Shopify/BNPL-wrapped checkouts, P2P payments and
 * ATM withdrawals. Each builder returns a draft with its truth.
 */
import type { Merchant } from '@txenrich/catalog';
import {
  atmOwners,
  type ChainSpec,
  type OnlineSpec,
  onlineGroups,
  type SegmentSpec,
  segments,
} from './brands.js';
import { compactName, derivedSlot, fillTemplate, remoteTail, storeTail, truncate } from './descriptor.js';
import {
  adjectives,
  animals,
  cuisineNames,
  cuisineWords,
  eventNames,
  firstNames,
  type LocalKind,
  localKinds,
  personFirstNames,
  personLastNames,
  placeWords,
  surnames,
  things,
} from './local-names.js';
import type { Calendar, Draft, Haunt, Place, Truth, User } from './model.js';
import { hash32, Random, type WeightedList, weightedList } from './random.js';
import { type City, domainOf, type World } from './world.js';

type RemotePlace = Extract<Place, { kind: 'remote' }>;

/** A chain resolved against the catalog. */
interface Chain {
  spec: ChainSpec | null;
  merchant: Merchant;
}

/** States where remote merchants whose HQ is unknown say they are. */
const HQ_STATES = ['CA', 'WA', 'NY', 'TX', 'DE', 'IL', 'MA', 'GA', 'FL', 'NV', 'UT', 'AZ'];
/** Segments whose brands print their own MCC (3000-3999) much of the time. */
const BRAND_MCC_SEGMENTS = new Set(['hotel', 'car-rental']);
/** Segments mostly bought away from home. */
const TRAVEL_SEGMENTS = new Set(['hotel', 'car-rental']);
/** Which chain segment's long tail stands for a local kind when a "local" shop is in fact a small chain. */
const LOCAL_KIND_TAIL: Readonly<Record<string, string>> = {
  restaurant: 'restaurant',
  cafe: 'coffee',
  pizza: 'fast-food',
  bakery: 'fast-food',
};
const FACILITATOR_NAMES: Readonly<Record<string, string>> = {
  'SQ *': 'Square',
  'TST* ': 'Toast',
  'TST.': 'Toast',
  'SUMUP *': 'SumUp',
  'IN *': 'QuickBooks',
};
/** Digital brands seen behind `PAYPAL *`, DTC brands behind `SP `, shops selling with BNPL. */
const PAYPAL_BRANDS = [
  'Netflix',
  'Spotify',
  'Walmart',
  'Uber',
  'Steam',
  'Disney+',
  'Hulu',
  'Best Buy',
  'Target',
  'Temu',
  'Shein',
  'Nintendo',
  'Adobe',
  'Dropbox',
  'Airbnb',
  'Expedia',
  'DoorDash',
  'Chewy',
  'Wayfair',
  'Zappos',
  'Roblox',
];
const SHOPIFY_BRANDS = [
  'Allbirds',
  'Gymshark',
  'Bombas',
  'Skims',
  'Fashion Nova',
  'Dollar Shave Club',
  'Warby Parker',
];
const BNPL_BRANDS = [
  'Nike',
  'Target',
  'Walmart',
  'Best Buy',
  'Wayfair',
  'Sephora',
  'Ulta Beauty',
  "Macy's",
  'Peloton',
  'Fashion Nova',
  'Skims',
  'Allbirds',
  'Adidas',
  'Newegg',
];
const BNPL_PREFIXES: readonly (readonly [prefix: string, party: string])[] = [
  ['KLARNA*', 'Klarna'],
  ['AFTERPAY*', 'Afterpay'],
  ['AFFIRM *', 'Affirm'],
  ['SEZZLE*', 'Sezzle'],
];

/** Tag lists shared by the drafts that carry them (drafts never change their tags). */
const TAGS = {
  'chain-store': [['chain-store'], ['chain-store', 'travel']],
  'long-tail': [['long-tail'], ['long-tail', 'travel']],
  online: ['online'],
  p2p: ['p2p'],
  atm: ['atm'],
} as const;

const cents = (value: number) => Math.round(value * 100) / 100;

/** A spending truth without a brand (keys in the labelled sets' order). */
const noBrand = (
  channel: Truth['channel'],
  thirdParty: string | null = null,
  isPeerToPeer = false,
): Truth => ({
  merchant: null,
  website: null,
  channel,
  type: 'spending',
  thirdParty,
  isPeerToPeer,
  recurrence: null,
});

interface Builder {
  id: string;
  share: number;
  build(user: User, day: number): Draft;
}

export class Purchases {
  private readonly builders: WeightedList<Builder>;
  private readonly chainsBySegment = new Map<string, Chain[]>();
  private readonly chainsInState = new Map<string, WeightedList<Chain> | null>();
  private readonly onlineByGroup = new Map<string, WeightedList<{ spec: OnlineSpec; merchant: Merchant }>>();
  private readonly localKinds = weightedList(localKinds, (kind) => kind.weight);
  private readonly facilitators = new Map(
    localKinds.map((kind) => [kind.id, weightedList(kind.facilitators, ([, weight]) => weight)]),
  );
  private readonly paypalBrands: Merchant[];
  private readonly shopifyBrands: Merchant[];
  private readonly bnplBrands: Merchant[];
  private readonly atmChains: Chain[];

  constructor(
    private readonly world: World,
    private readonly random: Random,
    private readonly calendar: Calendar,
    private readonly seed: number,
  ) {
    const resolve = (names: readonly string[]) =>
      names.map((name) => world.brand(name)).filter((merchant): merchant is Merchant => !!merchant);
    for (const segment of segments) {
      this.chainsBySegment.set(segment.id, this.resolveChains(segment.chains));
    }
    for (const group of onlineGroups) {
      const merchants = group.merchants.flatMap((spec) => {
        const merchant = world.brand(spec.name);
        return merchant ? [{ spec, merchant }] : [];
      });
      this.onlineByGroup.set(
        group.id,
        weightedList(merchants, (entry) => entry.spec.weight),
      );
    }
    this.paypalBrands = resolve(PAYPAL_BRANDS);
    this.shopifyBrands = resolve(SHOPIFY_BRANDS);
    this.bnplBrands = resolve(BNPL_BRANDS);
    this.atmChains = this.resolveChains(atmOwners);

    const builders: Builder[] = [
      ...segments.map((segment) => ({
        id: segment.id,
        share: segment.share,
        build: (user: User, day: number) => this.inStore(segment, user, day),
      })),
      ...onlineGroups.map((group) => ({
        id: group.id,
        share: group.share,
        build: (user: User, day: number) => this.online(group.id, user, day),
      })),
      { id: 'local', share: 17, build: (user) => this.local(user) },
      { id: 'delivery', share: 2, build: (user) => this.delivery(user) },
      { id: 'wrapped', share: 2.5, build: (user) => this.wrapped(user) },
      { id: 'p2p', share: 1.5, build: (user) => this.peerToPeer(user) },
      { id: 'atm', share: 1.5, build: (user, day) => this.atm(user, day) },
    ];
    this.builders = weightedList(builders, (builder) => builder.share);
  }

  private brandTruth(merchant: Merchant, channel: Truth['channel'], thirdParty: string | null = null): Truth {
    const truth = this.world.truthOf(merchant);
    return {
      merchant: truth.merchant,
      website: truth.website,
      channel,
      type: 'spending',
      thirdParty,
      isPeerToPeer: false,
      recurrence: null,
    };
  }

  /** Brand names of the tables the catalog does not know (a test keeps this empty). */
  static unresolved(world: World): string[] {
    const names = [
      ...segments.flatMap((segment) => segment.chains.map((spec) => spec.name)),
      ...onlineGroups.flatMap((group) => group.merchants.map((spec) => spec.name)),
      ...atmOwners.map((spec) => spec.name),
      ...PAYPAL_BRANDS,
      ...SHOPIFY_BRANDS,
      ...BNPL_BRANDS,
    ];
    return [...new Set(names)].filter((name) => !world.brand(name));
  }

  /** One purchase of `user` on `day`. */
  draft(user: User, day: number): Draft {
    return this.random.weighted(this.builders).build(user, day);
  }

  private resolveChains(specs: readonly ChainSpec[]): Chain[] {
    return specs.flatMap((spec) => {
      const merchant = this.world.brand(spec.name);
      return merchant ? [{ spec, merchant }] : [];
    });
  }

  private chainsIn(segmentId: string, state: string, specs?: readonly Chain[]): WeightedList<Chain> | null {
    const key = `${segmentId}|${state}`;
    if (!this.chainsInState.has(key)) {
      const chains = (specs ?? this.chainsBySegment.get(segmentId) ?? []).filter(
        (chain) => !chain.spec || chain.spec.states.length === 0 || chain.spec.states.includes(state),
      );
      this.chainsInState.set(
        key,
        chains.length ? weightedList(chains, (chain) => chain.spec?.weight ?? 1) : null,
      );
    }
    return this.chainsInState.get(key)!;
  }

  private seconds([from, to]: readonly [number, number]): number {
    return this.random.int(from * 3600, to * 3600 + 3599) % 86_400;
  }

  private amount([min, max]: readonly [number, number]): number {
    return cents(this.random.logUniform(min, max));
  }

  /** The user's home city, or (travelling) another one. */
  private cityFor(user: User, travelShare: number): City {
    return this.random.chance(travelShare) ? this.random.weighted(this.world.cities) : user.home;
  }

  /** The store of a brand a user goes to in a city: its ZIP and the key its numbers derive from. */
  private store(brand: string, user: User, city: City): { zip: string; key: string } {
    const home = city === user.home;
    const zip =
      home && this.random.chance(0.5)
        ? user.zip
        : city.zips[hash32(brand, city.name, user.zip) % city.zips.length]!;
    return { zip, key: `${brand}|${city.name}|${city.state}|${zip}` };
  }

  private context(storeKey: string, city: string, day: number, seconds: number) {
    return {
      storeKey,
      city,
      weekday: this.calendar.weekday(day),
      hour: Math.floor(seconds / 3600),
      month: this.calendar.monthLabel(day),
    };
  }

  private remotePlace(name: string, domain: string | null, slot?: string, state?: string): RemotePlace {
    return {
      kind: 'remote',
      slot: slot || derivedSlot(name, domain),
      state: state || HQ_STATES[hash32(name, 'hq') % HQ_STATES.length]!,
    };
  }

  private inStore(segment: SegmentSpec, user: User, day: number): Draft {
    const random = this.random;
    const city = this.cityFor(user, TRAVEL_SEGMENTS.has(segment.id) ? 0.85 : 0.04);
    const tail =
      segment.tailShare > 0 && random.chance(segment.tailShare)
        ? this.world.tail(segment.id, city.state)
        : null;
    let chain: Chain;
    let templates: readonly string[];
    if (tail) {
      const merchant = random.weighted(tail);
      chain = { spec: null, merchant };
      const storeNumber = random.pick(['', ' #{4}', ' {4}', ' #{3}', ' {5}', ' #{5}']);
      templates = this.world.storeForms(merchant).map((form) => `${form}${storeNumber}`);
    } else {
      const list = this.chainsIn(segment.id, city.state);
      if (!list) return this.local(user);
      chain =
        city === user.home ? this.favorite(user, segments.indexOf(segment), list) : random.weighted(list);
      templates = this.templatesOf(chain);
    }
    return this.storeDraft(segment, chain, templates, city, !!tail, user, day);
  }

  private templatesOf(chain: Chain): readonly string[] {
    return chain.spec && this.random.chance(0.85) ? chain.spec.forms : this.world.storeForms(chain.merchant);
  }

  /** A chain of a segment by catalog name, when it trades in the state. */
  private chainOf(segmentId: string, name: string, state: string): Chain | undefined {
    return this.chainsIn(segmentId, state)?.items.find((chain) => chain.merchant.name === name);
  }

  /** An online merchant of a group by catalog name. */
  private onlineOf(groupId: string, name: string) {
    return this.onlineByGroup.get(groupId)?.items.find((entry) => entry.merchant.name === name);
  }

  /** Whether a user living in `state` can go to the merchant of a haunt (a chain may not trade there). */
  serves(at: Haunt['at'], group: string, name: string, state: string): boolean {
    return at === 'online' ? !!this.onlineOf(group, name) : !!this.chainOf(group, name, state);
  }

  /** One purchase of `user` on `day` at one of their haunts (in their home city, for a chain). */
  at(user: User, haunt: Haunt, day: number): Draft {
    if (haunt.at === 'online') {
      const entry = this.onlineOf(haunt.group, haunt.name)!;
      return this.onlineDraft(entry.spec, entry.merchant, user, day);
    }
    const segment = segments.find((candidate) => candidate.id === haunt.group)!;
    const chain = this.chainOf(haunt.group, haunt.name, user.home.state)!;
    return this.storeDraft(segment, chain, this.templatesOf(chain), user.home, false, user, day);
  }

  private storeDraft(
    segment: SegmentSpec,
    chain: Chain,
    templates: readonly string[],
    city: City,
    tail: boolean,
    user: User,
    day: number,
  ): Draft {
    const random = this.random;
    const seconds = this.seconds(segment.hours);
    const store = this.store(chain.merchant.name, user, city);
    const name = fillTemplate(
      random.pick(templates),
      this.context(store.key, city.name, day, seconds),
      random,
    );
    let mcc = chain.spec?.mcc ?? random.pick(segment.mcc);
    if (BRAND_MCC_SEGMENTS.has(segment.id) && random.chance(0.6)) mcc = this.world.mccOf(chain.merchant, mcc);
    else if (tail) mcc = this.world.mccOf(chain.merchant, mcc);
    let amount = this.amount(segment.amount);
    if (segment.id === 'gas' && random.chance(0.25)) amount = Math.max(10, Math.round(amount));
    return {
      user,
      descriptor: storeTail(name, city.name, city.state, random),
      mcc,
      amount,
      seconds,
      place: { kind: 'store', city, zip: store.zip },
      walletable: true,
      truth: this.brandTruth(chain.merchant, 'physical'),
      tags: TAGS[tail ? 'long-tail' : 'chain-store'][city === user.home ? 0 : 1]!,
    };
  }

  /** One of the two or three chains of a segment the user usually goes to, now and then another. */
  private favorite(user: User, segment: number, list: WeightedList<Chain>): Chain {
    let favorites = user.favorites[segment] as Chain[] | undefined;
    if (!favorites) {
      favorites = [this.random.weighted(list), this.random.weighted(list), this.random.weighted(list)];
      user.favorites[segment] = favorites;
    }
    return this.random.chance(0.75) ? this.random.pick(favorites) : this.random.weighted(list);
  }

  private facilitatorsOf(kind: LocalKind) {
    return this.facilitators.get(kind.id)!;
  }

  /** A local business of a kind in a city: its name and how it takes cards, derived from (city, kind, slot). */
  private localBusiness(city: City, kind: LocalKind, slot: number) {
    const random = new Random(hash32(this.seed, 'local', city.name, city.state, kind.id, slot));
    const name = inventLocalName(this.world, kind, city, random);
    const [prefix] = random.weighted(this.facilitatorsOf(kind));
    return { name, prefix };
  }

  private local(user: User): Draft {
    const random = this.random;
    const kind = random.weighted(this.localKinds);
    const city = this.cityFor(user, 0.08);
    const seconds = this.seconds(kind.hours);
    // popular places come up more often than the rest; several users of a city share them
    const slot = Math.floor(random.next() ** 1.6 * (4 + Math.round(kind.weight)));
    const business = this.localBusiness(city, kind, slot);
    const tailSegment = LOCAL_KIND_TAIL[kind.id];
    const smallChain = tailSegment && random.chance(0.12) ? this.world.tail(tailSegment, city.state) : null;
    const merchant = smallChain ? random.weighted(smallChain) : null;
    const prefix = merchant ? random.pick(['SQ *', 'TST* ', 'TST* ', '']) : business.prefix;
    const name = merchant ? compactName(merchant.name, random) : business.name;
    let descriptor = `${prefix}${prefix === 'IN *' && random.chance(0.3) ? `${name} LLC` : name}`;
    if (prefix === '' && random.chance(0.15)) descriptor += ` #${1 + (hash32(name, city.name) % 9)}`;
    const thirdParty = FACILITATOR_NAMES[prefix] ?? null;
    const channel = prefix === 'IN *' ? 'digital' : 'physical';
    const tags = merchant ? ['small-chain'] : ['unknown-local'];
    if (prefix) tags.push('facilitator');
    if (!merchant && this.world.startsWithCatalogName(business.name)) tags.push('hard-negative');
    return {
      user,
      descriptor: storeTail(descriptor, city.name, city.state, random),
      mcc: kind.mcc,
      amount: this.amount(kind.amount),
      seconds,
      place: { kind: 'store', city, zip: this.store(name, user, city).zip },
      walletable: !thirdParty,
      truth: merchant ? this.brandTruth(merchant, channel, thirdParty) : noBrand(channel, thirdParty),
      tags,
    };
  }

  private online(groupId: string, user: User, day: number): Draft {
    const { spec, merchant } = this.random.weighted(this.onlineByGroup.get(groupId)!);
    return this.onlineDraft(spec, merchant, user, day);
  }

  private onlineDraft(spec: OnlineSpec, merchant: Merchant, user: User, day: number): Draft {
    const random = this.random;
    const seconds = this.seconds([0, 23]);
    const domain = domainOf(merchant.website);
    const place = this.remotePlace(merchant.name, domain, spec.slot, spec.state);
    const forms = spec.forms.length ? spec.forms : this.world.catalogForms(merchant);
    const name = fillTemplate(
      random.pick(forms),
      this.context(`${merchant.name}|${user.id}`, user.home.name, day, seconds),
      random,
      () => shopName(random),
    );
    return {
      user,
      descriptor: remoteTail(name, place.slot, place.state, random),
      mcc: spec.mcc ? random.pick(spec.mcc.split('|')) : this.world.mccOf(merchant, ''),
      amount: this.amount(spec.amount),
      seconds,
      place,
      walletable: false,
      truth: this.brandTruth(merchant, 'digital'),
      tags: TAGS.online,
    };
  }

  /** A restaurant or store order through DoorDash, Grubhub or Instacart: the brand, or an unknown local restaurant. */
  private delivery(user: User): Draft {
    const random = this.random;
    const seconds = this.seconds([11, 22]);
    const roll = random.next();
    let merchant: Merchant | null = null;
    let name: string;
    let descriptor: string;
    let party: string;
    let mcc = '5814';
    let amount: number;
    if (roll < 0.3) {
      const list = this.chainsIn('grocery', user.home.state) ?? this.chainsIn('warehouse', user.home.state)!;
      merchant = random.weighted(list).merchant;
      name = merchant.name.toUpperCase().replace(/[’']/g, '');
      descriptor = random.chance(0.5) ? truncate(`IC* ${name} BY INSTACART`, 22) : `IC* ${name}`;
      party = 'Instacart';
      mcc = '5411';
      amount = this.amount([25, 240]);
    } else {
      const segment = random.chance(0.7) ? 'fast-food' : 'restaurant';
      if (random.chance(0.6)) {
        merchant = random.weighted(this.chainsIn(segment, user.home.state)!).merchant;
        name = compactName(merchant.name, random);
      } else {
        const kind = localKinds.find((candidate) => candidate.id === 'restaurant')!;
        name = compactName(this.localBusiness(user.home, kind, random.int(0, 12)).name, random);
      }
      mcc = segment === 'restaurant' ? '5812' : '5814';
      amount = this.amount([14, 90]);
      if (roll < 0.8) {
        party = 'DoorDash';
        descriptor = `${random.pick(['DD *DOORDASH ', 'DD *', 'DOORDASH*'])}${name}`;
      } else {
        party = 'Grubhub';
        descriptor = `GRUBHUB*${name}`;
      }
      if (random.chance(0.5)) descriptor = truncate(descriptor, random.chance(0.5) ? 22 : 25);
    }
    return this.behindFacilitator(user, { descriptor, mcc, amount, seconds }, party, merchant);
  }

  /** An online purchase a third party (`party`) stands in front of: a known brand, or an unknown shop. */
  private behindFacilitator(
    user: User,
    line: Pick<Draft, 'descriptor' | 'mcc' | 'amount' | 'seconds'>,
    party: string,
    merchant: Merchant | null,
  ): Draft {
    return {
      user,
      ...line,
      place: this.remotePlace(party, null),
      walletable: false,
      truth: merchant ? this.brandTruth(merchant, 'digital', party) : noBrand('digital', party),
      tags: merchant ? ['facilitator'] : ['facilitator', 'unknown-local'],
    };
  }

  /** An online checkout through PayPal, Shopify, a BNPL lender or Eventbrite. */
  private wrapped(user: User): Draft {
    const random = this.random;
    const seconds = this.seconds([7, 23]);
    const roll = random.next();
    let merchant: Merchant | null = null;
    let descriptor: string;
    let party: string;
    let mcc = '5999';
    let amount = this.amount([8, 180]);
    if (roll < 0.45) {
      party = 'PayPal';
      const prefix = random.chance(0.85) ? 'PAYPAL *' : 'PP*';
      if (random.chance(0.6)) {
        merchant = random.pick(this.paypalBrands);
        const domain = domainOf(merchant.website);
        const name = domain && random.chance(0.3) ? domain.toUpperCase() : compactName(merchant.name, random);
        descriptor = `${prefix}${name}`;
        mcc = this.world.mccOf(merchant, '');
      } else {
        descriptor = `${prefix}${shopName(random)}`;
      }
    } else if (roll < 0.7) {
      party = 'Shopify';
      const prefix = random.pick(['SP ', 'SP * ', 'SP *']);
      if (random.chance(0.55)) {
        merchant = random.pick(this.shopifyBrands);
        descriptor = `${prefix}${compactName(merchant.name, random)}`;
      } else {
        descriptor = `${prefix}${this.localBusiness(user.home, localKinds.find((kind) => kind.id === 'boutique')!, random.int(0, 30)).name}`;
      }
      mcc = random.pick(['5651', '5999', '5699', '5947']);
    } else if (roll < 0.9) {
      const [prefix, name] = random.pick(BNPL_PREFIXES);
      party = name;
      merchant = random.pick(this.bnplBrands);
      const domain = domainOf(merchant.website);
      descriptor = `${prefix}${domain && random.chance(0.4) ? domain.toUpperCase() : compactName(merchant.name, random)}`;
      mcc = this.world.mccOf(merchant, '5999');
      amount = this.amount([25, 320]);
    } else {
      party = 'Eventbrite';
      descriptor = `EB *${random.pick(eventNames)}`;
      mcc = random.pick(['7922', '8699', '7999']);
      amount = this.amount([10, 150]);
    }
    if (random.chance(0.4)) descriptor = truncate(descriptor, random.chance(0.5) ? 22 : 25);
    return this.behindFacilitator(user, { descriptor, mcc, amount, seconds }, party, merchant);
  }

  private peerToPeer(user: User): Draft {
    const random = this.random;
    const payee = random.pick(user.payees);
    const venmo = random.chance(0.55);
    const shown = random.chance(0.15)
      ? payee
          .split(' ')
          .map((word) => word[0] + word.slice(1).toLowerCase())
          .join(' ')
      : payee;
    const descriptor = venmo
      ? `${random.pick(['VENMO *', 'VENMO* '])}${shown}`
      : random.chance(0.2)
        ? `Cash App*${shown}*${user.home.name} ${user.home.state}`
        : `CASH APP*${shown}`;
    const amount = random.chance(0.4) ? random.int(1, 30) * 5 : this.amount([5, 320]);
    const party = venmo ? 'Venmo' : 'Cash App';
    return {
      user,
      descriptor,
      mcc: random.pick(['4829', '4829', '6538']),
      amount,
      seconds: this.seconds([8, 23]),
      place: this.remotePlace(party, null),
      walletable: false,
      truth: noBrand('digital', party, true),
      tags: TAGS.p2p,
    };
  }

  private atm(user: User, day: number): Draft {
    const random = this.random;
    const city = this.cityFor(user, 0.1);
    const seconds = this.seconds([7, 23]);
    const owners = this.chainsIn('atm', city.state, this.atmChains);
    const store = this.store('ATM', user, city);
    const context = this.context(store.key, city.name, day, seconds);
    let merchant: Merchant | null = null;
    let name: string;
    if (owners && random.chance(0.65)) {
      const chain = random.weighted(owners);
      merchant = chain.merchant;
      name = fillTemplate(random.pick(chain.spec!.forms), context, random);
    } else {
      const date = this.calendar.dates[day]!;
      const mmddyy = `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(2, 4)}`;
      name = fillTemplate(
        random.pick([
          'ATM CASH WITHDRAWAL {4}',
          `NON-CHASE ATM WITHDRAW ${mmddyy} 7-ELEVEN`,
          'ATM WITHDRAWAL {street}',
          'CASH WITHDRAWAL ATM {4}',
        ]),
        context,
        random,
      );
    }
    return {
      user,
      descriptor: storeTail(name, city.name, city.state, random),
      mcc: '6011',
      amount: random.int(1, 20) * 20,
      seconds,
      place: { kind: 'store', city, zip: store.zip },
      walletable: false,
      truth: { ...(merchant ? this.brandTruth(merchant, null) : noBrand(null)), type: 'atm' },
      tags: TAGS.atm,
    };
  }
}

/** An invented local business name that no catalog merchant has (name or alias). */
export function inventLocalName(world: World, kind: LocalKind, city: City, random: Random): string {
  for (let attempt = 0; attempt < 100; attempt++) {
    const name = inventName(kind, city, random);
    if (!world.isCatalogName(name)) return name;
  }
  throw new Error(`no ${kind.id} name outside the catalog in ${city.name}`);
}

/** An invented local business name of a kind, upper case, apostrophes as statements print them. */
export function inventName(kind: LocalKind, city: City, random: Random): string {
  const noun = random.pick(kind.nouns);
  const pattern = random.pick(kind.patterns);
  switch (pattern) {
    case 'possessive':
      return `${random.pick(firstNames)}${random.chance(0.6) ? 'S' : "'S"} ${noun}`;
    case 'surname':
      return `${random.pick(surnames)} ${noun}`;
    case 'the-adjective-animal':
      return `THE ${random.pick(adjectives)} ${random.pick(animals)}`;
    case 'place':
      return `${random.pick(placeWords)} ${noun}`;
    case 'city':
      return `${city.name} ${noun}`;
    case 'adjective-thing':
      return `${random.pick(adjectives)} ${random.pick(things)} ${noun}`;
    case 'cuisine':
      return random.pick(cuisineNames).replace('{w}', random.pick(cuisineWords));
    case 'professional':
      return random.chance(0.5) ? `${random.pick(surnames)} ${noun}` : `${city.name} ${noun}`;
  }
}

/** A small online seller's name as PayPal or Etsy prints it: `VINTAGEFINDS`, `SMITHCONSULT`. */
function shopName(random: Random): string {
  const first = random.chance(0.5) ? random.pick(adjectives) : random.pick(personLastNames);
  const second = random.pick([
    'FINDS',
    'DESIGNS',
    'CONSULT',
    'CRAFTS',
    'STUDIO',
    'GOODS',
    'SUPPLY',
    'PRINTS',
    'CO',
  ]);
  return random.chance(0.7) ? `${first}${second}` : `${first} ${second}`;
}

/** The people a user pays by P2P: a handful, stable per user. */
export function payeesOf(random: Random): string[] {
  const count = random.int(2, 6);
  const people: string[] = [];
  for (let index = 0; index < count; index++) {
    const middle = random.chance(0.15) ? ` ${random.pick([...'ABCDEFGHJKLMNPRSTW'])}` : '';
    people.push(`${random.pick(personFirstNames)}${middle} ${random.pick(personLastNames)}`);
  }
  return people;
}
