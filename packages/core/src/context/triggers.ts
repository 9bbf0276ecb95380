/**
 * Merchant action triggers (CONTRACT.md section 5): compile the active
 * triggers of every scope once into maps, then match each enrichment against
 * them in a few hash lookups.
 *
 * - A trigger names its merchant by website (matched on the bare host:
 *   `https://www.netflix.com/x` = `netflix.com`) or, without a website, by
 *   name (`nameKey` without spaces: `WAL-MART` = `Walmart`).
 * - `corporation` triggers match the merchant anywhere. `location` triggers
 *   also need the place to match: the postal code (ZIP+4 counts as its ZIP),
 *   or the city (and the region, when the trigger names one), or the street
 *   address, or coordinates within `NEARBY_KM`; any one the trigger gives is
 *   enough. A `location` trigger that gives no place at all (`level` defaults
 *   to `location`, so `{merchantName, website}` is one) matches anywhere.
 * - The counterparty is matched with source `counterparty`, each third party
 *   with source `third_party`; a trigger matching both is reported once, as
 *   `counterparty`.
 * - Scopes apply when the transaction belongs to them: account always,
 *   program when `programId` is equal, user when `userId` is, card when
 *   `userId` and `cardId` both are.
 * - `action.type` `BLOCK` adds `authRecommendation: 'BLOCK'`; `ALLOW_ONLY`
 *   adds `'ALLOW'` on a match, and a scope holding `ALLOW_ONLY` triggers none
 *   of which matched adds one action `{id: 'allow-only-default', action:
 *   {type: 'ALLOW_ONLY'}, source: null, authRecommendation: 'BLOCK'}`.
 * - Category triggers (an extension) name a category, default or custom,
 *   and match a transaction whose category (`TriggerSubject.category`, the
 *   one the context stage finally decided) is it or one of its descendants,
 *   with type `category_trigger` and source `category`. A scope's category
 *   list is a registration of its own: its `ALLOW_ONLY` triggers are checked
 *   apart from its merchant ones, and add a default action of their type.
 * - Actions come out by scope (account, program, user, card), then
 *   merchant before category matches, each in registration order; `null`
 *   when there are none (the contract's `actions: null`).
 *
 * The compiled form is plain data (objects, arrays and Maps), so it can be
 * handed to a worker thread with `postMessage`.
 */
import type { Action, ActionSource, CategoryTrigger, MerchantTrigger, TriggerScope } from '@txenrich/schema';
import { bareHost, compactKey, nameKey } from '../normalize/text.js';

/** The id of the action added when a scope's `ALLOW_ONLY` triggers all missed. */
export const ALLOW_ONLY_DEFAULT_ID = 'allow-only-default';
/** A location trigger with coordinates matches a transaction located within this distance. */
export const NEARBY_KM = 0.5;

/** Which scope, and whose. */
interface ScopeOfRegistration {
  scope: TriggerScope;
  /** `programId` for program scopes, `userId` for user scopes, `userId` and `cardId` for card scopes. */
  scopeKey: { programId?: string; userId?: string; cardId?: string };
}

/** The active triggers of one scope, of one kind: merchant triggers (`kind` absent), or category triggers. */
export type TriggerRegistration =
  | (ScopeOfRegistration & { kind?: 'merchant'; triggers: readonly MerchantTrigger[] })
  | (ScopeOfRegistration & { kind: 'category'; triggers: readonly CategoryTrigger[] });

export interface CompileTriggersOptions {
  /**
   * Normalises a trigger's region (`California`, `06`) to the code the engine
   * puts on transactions (`CA`), or null when unknown. By default regions are
   * only trimmed and upper-cased.
   */
  regionCode?: (region: string, country: string | null) => string | null;
}

/** A place as the engine resolved it for the transaction. */
export interface TriggerPlace {
  city?: string | null | undefined;
  /** A region code (`CA`), compared upper-cased. */
  region?: string | null | undefined;
  postalCode?: string | null | undefined;
  address?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}

/** What a transaction offers for matching: whose it is, its counterparty (with its place) and third parties. */
export interface TriggerSubject {
  userId?: string | null | undefined;
  cardId?: string | null | undefined;
  programId?: string | null | undefined;
  counterparty: ({ name: string; website: string | null } & TriggerPlace) | null;
  thirdParties: readonly { name: string; website: string | null }[];
  /** The transaction's category as a chain of nodes, broad to specific (category triggers); none without. */
  category?: readonly { id: string }[] | null | undefined;
}

/*
 * The compiled form is kept small: a tenant may hold 300,000 triggers for as
 * long as the service runs, and every full garbage collection walks them.
 * So a trigger is one small object (its scope is its map's, its
 * recommendation follows from its action, alike actions are one object), and
 * a merchant with one trigger, as most have, maps to it directly.
 */

export interface CompiledTrigger {
  id: string;
  /** Shared by the triggers whose actions are alike: read, never changed. */
  action: Readonly<Record<string, unknown>>;
  /** Position in the compiled input: the output order within a scope. */
  order: number;
  /** What a location trigger checks beyond its index key, or null. */
  place: PlaceCheck | null;
}

export interface PlaceCheck {
  /** Region code the city must be in, for city matches. */
  region: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The triggers under one key, in registration order: one alone, or several. */
export type Triggers = CompiledTrigger | CompiledTrigger[];

/** A merchant's location triggers, by the place they need. */
export interface LocatedTriggers {
  byPostalCode: Map<string, Triggers>;
  /** Keyed by `nameKey(city)`; the region is checked on match. */
  byCity: Map<string, Triggers>;
  byAddress: Map<string, Triggers>;
  /** Location triggers with coordinates only. */
  nearby: CompiledTrigger[];
}

/** A scope's triggers of one kind of merchant key (host or name). */
export interface MerchantIndex {
  /** Corporation triggers, and location triggers without a place, by merchant key. */
  anywhere: Map<string, Triggers>;
  /** Location triggers with a place, by merchant key: most merchants have none. */
  located: Map<string, LocatedTriggers>;
}

/** The triggers of one scope instance (the account, one program, one user, one card). */
export interface ScopeTriggers {
  scope: TriggerScope;
  byHost: MerchantIndex;
  byName: MerchantIndex;
  /** Whether any category trigger is registered here (they are in `CompiledTriggers.byCategory`). */
  categories: boolean;
  /** Whether any merchant trigger is registered here: else matching reads none of its merchant maps. */
  merchants: boolean;
  /** Whether any `ALLOW_ONLY` merchant trigger is registered here. */
  allowOnly: boolean;
  /** Whether any `ALLOW_ONLY` category trigger is registered here. */
  categoryAllowOnly: boolean;
}

export interface CompiledTriggers {
  account: ScopeTriggers | null;
  programs: Map<string, ScopeTriggers>;
  users: Map<string, ScopeTriggers>;
  /** userId -> cardId -> triggers. */
  cards: Map<string, Map<string, ScopeTriggers>>;
  /** Triggers compiled (those naming neither a usable website nor a name are left out). */
  size: number;
  /** How many of them are category triggers. */
  categoryTriggers: number;
  /**
   * Category triggers of every scope: category id (lower case, as custom category ids are kept), then
   * scope. One index for all scopes, rather than a map in each: a transaction's category is read in the
   * few shared maps every enrichment of that category reads (warm in the processor's cache), not in its
   * user's own (cold after the pipeline's work: a miss on every read).
   */
  byCategory: Map<string, Map<ScopeTriggers, Triggers>>;
}

/** The lookup key of a website: its bare host without port or trailing dot. */
export function hostKey(website: string): string {
  return bareHost(website.trim()).replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The lookup key of a merchant name: `nameKey` without spaces. */
export function merchantKey(name: string): string {
  return compactKey(nameKey(name));
}

/** Upper case, letters and digits only; a US ZIP+4 becomes its ZIP (`94107-1234` -> `94107`). */
export function postalKey(postalCode: string): string {
  const key = postalCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return /^\d{9}$/.test(key) ? key.slice(0, 5) : key;
}

const streetWords: ReadonlyMap<string, string> = new Map([
  ['street', 'st'],
  ['avenue', 'ave'],
  ['av', 'ave'],
  ['road', 'rd'],
  ['boulevard', 'blvd'],
  ['drive', 'dr'],
  ['lane', 'ln'],
  ['court', 'ct'],
  ['place', 'pl'],
  ['parkway', 'pkwy'],
  ['highway', 'hwy'],
  ['suite', 'ste'],
  ['north', 'n'],
  ['south', 's'],
  ['east', 'e'],
  ['west', 'w'],
]);

/** `nameKey` of a street address with the usual abbreviations applied (`123 Pike Street` = `123 PIKE ST`). */
export function addressKey(address: string): string {
  return nameKey(address)
    .split(' ')
    .map((word) => streetWords.get(word) ?? word)
    .join(' ');
}

const defaultRegionCode = (region: string) => region.trim().toUpperCase() || null;

function add<K>(map: Map<K, Triggers>, key: K, trigger: CompiledTrigger) {
  const present = map.get(key);
  if (present === undefined) map.set(key, trigger);
  else if (Array.isArray(present)) present.push(trigger);
  else map.set(key, [present, trigger]);
}

function locatedOf(index: MerchantIndex, key: string): LocatedTriggers {
  let located = index.located.get(key);
  if (!located) {
    located = { byPostalCode: new Map(), byCity: new Map(), byAddress: new Map(), nearby: [] };
    index.located.set(key, located);
  }
  return located;
}

const emptyIndex = (): MerchantIndex => ({ anywhere: new Map(), located: new Map() });
const isEmpty = (index: MerchantIndex) => index.anywhere.size === 0 && index.located.size === 0;

function scopeOf(compiled: CompiledTriggers, registration: TriggerRegistration): ScopeTriggers | null {
  const { scope, scopeKey } = registration;
  const fresh = (): ScopeTriggers => ({
    scope,
    byHost: emptyIndex(),
    byName: emptyIndex(),
    categories: false,
    merchants: false,
    allowOnly: false,
    categoryAllowOnly: false,
  });
  const lookup = <K>(map: Map<K, ScopeTriggers>, key: K) => {
    let found = map.get(key);
    if (!found) {
      found = fresh();
      map.set(key, found);
    }
    return found;
  };
  switch (scope) {
    case 'account':
      compiled.account ??= fresh();
      return compiled.account;
    case 'program':
      return scopeKey.programId ? lookup(compiled.programs, scopeKey.programId) : null;
    case 'user':
      return scopeKey.userId ? lookup(compiled.users, scopeKey.userId) : null;
    case 'card': {
      if (!scopeKey.userId || !scopeKey.cardId) return null;
      let cards = compiled.cards.get(scopeKey.userId);
      if (!cards) {
        cards = new Map();
        compiled.cards.set(scopeKey.userId, cards);
      }
      return lookup(cards, scopeKey.cardId);
    }
  }
}

/** Compiles triggers a part at a time, so that a caller can share its thread between parts. */
export interface TriggerCompiler {
  /**
   * Adds a scope's triggers after every trigger added before; a scope's list may come in several
   * parts, in order. A registration without the ids its scope needs (a card scope without `cardId`)
   * is ignored.
   */
  add(registration: TriggerRegistration): void;
  /** What was added so far, compiled: the same object throughout. */
  readonly compiled: CompiledTriggers;
}

export function createTriggerCompiler(options: CompileTriggersOptions = {}): TriggerCompiler {
  const regionCode = options.regionCode ?? defaultRegionCode;
  const compiled: CompiledTriggers = {
    account: null,
    programs: new Map(),
    users: new Map(),
    cards: new Map(),
    size: 0,
    categoryTriggers: 0,
    byCategory: new Map(),
  };
  /** One object per distinct action, by its JSON text. */
  const actions = new Map<string, Readonly<Record<string, unknown>>>();
  const sharedAction = (action: Record<string, unknown>) => {
    const text = JSON.stringify(action);
    let shared = actions.get(text);
    if (!shared) {
      shared = action;
      actions.set(text, shared);
    }
    return shared;
  };
  return {
    compiled,
    add(registration) {
      const scope = scopeOf(compiled, registration);
      if (!scope) return;
      if (registration.kind === 'category') {
        for (const trigger of registration.triggers) {
          scope.categories = true;
          if (trigger.action.type === 'ALLOW_ONLY') scope.categoryAllowOnly = true;
          const key = trigger.categoryId.toLowerCase();
          let byScope = compiled.byCategory.get(key);
          if (!byScope) {
            byScope = new Map();
            compiled.byCategory.set(key, byScope);
          }
          add(byScope, scope, {
            id: trigger.id,
            action: sharedAction(trigger.action),
            order: compiled.size++,
            place: null,
          });
          compiled.categoryTriggers++;
        }
        return;
      }
      for (const trigger of registration.triggers) {
        const host = trigger.website ? hostKey(trigger.website) : '';
        const name = host ? '' : merchantKey(trigger.merchantName);
        if (!host && !name) continue;
        scope.merchants = true;
        if (trigger.action.type === 'ALLOW_ONLY') scope.allowOnly = true;
        const atLocation = trigger.level === 'location';
        const postal = atLocation && trigger.postalCode ? postalKey(trigger.postalCode) : '';
        const city = atLocation && trigger.city ? nameKey(trigger.city) : '';
        const address = atLocation && trigger.address ? addressKey(trigger.address) : '';
        const latitude = trigger.latitude ?? null;
        const longitude = trigger.longitude ?? null;
        const nearby = atLocation && latitude !== null && longitude !== null;
        const region = city && trigger.region ? regionCode(trigger.region, trigger.country ?? null) : null;
        const compiledTrigger: CompiledTrigger = {
          id: trigger.id,
          action: sharedAction(trigger.action),
          order: compiled.size++,
          place: region !== null || nearby ? { region, latitude, longitude } : null,
        };
        const index = host ? scope.byHost : scope.byName;
        const key = host || name;
        if (postal) add(locatedOf(index, key).byPostalCode, postal, compiledTrigger);
        if (city) add(locatedOf(index, key).byCity, city, compiledTrigger);
        if (address) add(locatedOf(index, key).byAddress, address, compiledTrigger);
        if (!postal && !city && !address) {
          if (nearby) locatedOf(index, key).nearby.push(compiledTrigger);
          else add(index.anywhere, key, compiledTrigger);
        }
      }
    },
  };
}

/**
 * Compiles the active (succeeded) triggers of every scope for matching, in one go (see
 * `createTriggerCompiler`). Compile once per trigger version, not per enrichment.
 */
export function compileTriggers(
  registrations: readonly TriggerRegistration[],
  options: CompileTriggersOptions = {},
): CompiledTriggers {
  const compiler = createTriggerCompiler(options);
  for (const registration of registrations) compiler.add(registration);
  return compiler.compiled;
}

/** Great-circle distance in km (equirectangular approximation: exact enough under a few km). */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const radians = Math.PI / 180;
  const x = (lon2 - lon1) * radians * Math.cos(((lat1 + lat2) / 2) * radians);
  const y = (lat2 - lat1) * radians;
  return Math.sqrt(x * x + y * y) * 6371;
}

interface Hit {
  trigger: CompiledTrigger;
  scope: TriggerScope;
  source: ActionSource;
}

/** One match in progress: its hits, and the subject's place keys once a location trigger needed them. */
interface Matching {
  hits: Hit[];
  keys: PlaceKeys | null;
}

/** Records a match once: the counterparty is looked up before the third parties, so its source wins. */
function addHit(hits: Hit[], trigger: CompiledTrigger, scope: TriggerScope, source: Hit['source']) {
  for (const hit of hits) if (hit.trigger === trigger) return;
  hits.push({ trigger, scope, source });
}

/**
 * Records each of `triggers` (none, one or several) as a hit. With `cityRegion`, they are city
 * triggers: one naming a region applies only in it.
 */
function addHits(
  hits: Hit[],
  triggers: Triggers | undefined,
  scope: TriggerScope,
  source: Hit['source'],
  cityRegion?: string,
) {
  if (triggers === undefined) return;
  // A key with one trigger maps to it alone (most do): no array is made for it.
  if (!Array.isArray(triggers)) addInRegion(hits, triggers, scope, source, cityRegion);
  else for (const trigger of triggers) addInRegion(hits, trigger, scope, source, cityRegion);
}

function addInRegion(
  hits: Hit[],
  trigger: CompiledTrigger,
  scope: TriggerScope,
  source: Hit['source'],
  cityRegion: string | undefined,
) {
  const required = cityRegion === undefined ? null : (trigger.place?.region ?? null);
  if (required === null || required === cityRegion) addHit(hits, trigger, scope, source);
}

/** The subject's place keys, computed once per match and only when a location trigger needs them. */
interface PlaceKeys {
  postal: string;
  city: string;
  region: string;
  address: string;
}

function placeKeys(place: TriggerPlace): PlaceKeys {
  return {
    postal: place.postalCode ? postalKey(place.postalCode) : '',
    city: place.city ? nameKey(place.city) : '',
    region: place.region ? place.region.trim().toUpperCase() : '',
    address: place.address ? addressKey(place.address) : '',
  };
}

/** The triggers of merchant `key` in `index` that apply at `place` (null: anywhere triggers only). */
function collect(
  matching: Matching,
  scope: TriggerScope,
  source: Hit['source'],
  index: MerchantIndex,
  key: string,
  place: TriggerPlace | null,
) {
  const { hits } = matching;
  addHits(hits, index.anywhere.get(key), scope, source);
  // Third parties (Square, PayPal) have no place of their own: only their corporation triggers apply.
  const located = place && index.located.size > 0 ? index.located.get(key) : undefined;
  if (!place || !located) return;
  const { byPostalCode, byCity, byAddress, nearby } = located;
  matching.keys ??= placeKeys(place);
  const { postal, city, region, address } = matching.keys;
  if (postal) addHits(hits, byPostalCode.get(postal), scope, source);
  if (city) addHits(hits, byCity.get(city), scope, source, region);
  if (address) addHits(hits, byAddress.get(address), scope, source);
  const { latitude, longitude } = place;
  if (nearby.length > 0 && typeof latitude === 'number' && typeof longitude === 'number') {
    for (const trigger of nearby) {
      const at = trigger.place!;
      if (distanceKm(latitude, longitude, at.latitude!, at.longitude!) <= NEARBY_KM)
        addHit(hits, trigger, scope, source);
    }
  }
}

/** Whether a hit from `from` on allows (an `ALLOW_ONLY` trigger matched): else its scope adds a default. */
function allowedSince(hits: readonly Hit[], from: number): boolean {
  for (let index = from; index < hits.length; index++)
    if (recommendationOf(hits[index]!.trigger) === 'ALLOW') return true;
  return false;
}

const scopeRank: Record<TriggerScope, number> = { account: 0, program: 1, user: 2, card: 3 };
/** The order of a result's merchant matches: by scope, then as registered (category matches follow each scope's). */
const inActionOrder = (a: Hit, b: Hit) =>
  scopeRank[a.scope] - scopeRank[b.scope] || a.trigger.order - b.trigger.order;

/** A scope whose `ALLOW_ONLY` triggers of one kind all missed: it adds a blocking action of that kind. */
interface AllowOnlyDefault {
  scope: ScopeTriggers;
  type: Action['type'];
}

/** `BLOCK` blocks; `ALLOW_ONLY` allows what it names. */
function recommendationOf(trigger: CompiledTrigger): 'BLOCK' | 'ALLOW' | null {
  const { type } = trigger.action;
  return type === 'BLOCK' ? 'BLOCK' : type === 'ALLOW_ONLY' ? 'ALLOW' : null;
}

const actionTypeOf = (source: ActionSource): Action['type'] =>
  source === 'category' ? 'category_trigger' : 'merchant_trigger';

function toAction(hit: Hit): Action {
  const { trigger } = hit;
  const action: Action = {
    id: trigger.id,
    type: actionTypeOf(hit.source),
    action: { ...trigger.action },
    scope: hit.scope,
    source: hit.source,
  };
  const recommendation = recommendationOf(trigger);
  if (recommendation) action.authRecommendation = recommendation;
  return action;
}

/**
 * The category actions of one category chain, for every scope, in registration order: each a shared,
 * frozen `Action` (results only read it), its scope beside it. Built the first time a leaf is seen and
 * kept with the compiled triggers, so that matching a category is one lookup and a scan of a short list,
 * and allocates nothing.
 */
interface ChainActions {
  /** The chain's ids, broad to specific: a leaf reached by another chain is built anew. */
  ids: readonly string[];
  /**
   * Shared (frozen) chains found to have these ids, as the hierarchy of custom categories hands them
   * out: one of them is recognised without reading its nodes.
   */
  chains: Array<readonly { id: string }[]>;
  scopes: readonly ScopeTriggers[];
  actions: readonly Action[];
  /** Whether the action at each index allows (`ALLOW_ONLY`): read only for a scope holding one. */
  allows: readonly boolean[];
}

interface ChainCache {
  /** `CompiledTriggers.size` when built: a compiler adding triggers after it empties the cache. */
  size: number;
  byLeaf: Map<string, ChainActions>;
  /** One frozen action per category trigger, shared by every chain it is on. */
  shown: Map<CompiledTrigger, Action>;
}

/** The leaves whose actions are kept: a tenant has at most a few thousand categories. */
const CHAIN_CACHE_LIMIT = 10_000;
/** Beside the compiled triggers rather than in them: they stay plain data, for `postMessage`. */
const chainCaches = new WeakMap<CompiledTriggers, ChainCache>();
const noChainActions: ChainActions = { ids: [], chains: [], scopes: [], actions: [], allows: [] };
/** Shared chains remembered per leaf (a few hierarchies live at once: one per revision being used). */
const KNOWN_CHAINS = 4;

function sameIds(ids: readonly string[], chain: readonly { id: string }[]): boolean {
  if (ids.length !== chain.length) return false;
  for (let index = 0; index < ids.length; index++) if (ids[index] !== chain[index]!.id) return false;
  return true;
}

/** The category triggers of every scope that a transaction of category `chain` matches. */
function chainActionsOf(compiled: CompiledTriggers, chain: readonly { id: string }[]): ChainActions {
  const leaf = chain[chain.length - 1];
  if (!leaf) return noChainActions;
  let cache = chainCaches.get(compiled);
  if (!cache || cache.size !== compiled.size) {
    cache = { size: compiled.size, byLeaf: new Map(), shown: new Map() };
    chainCaches.set(compiled, cache);
  }
  const known = cache.byLeaf.get(leaf.id);
  if (known) {
    const { chains } = known;
    for (let index = 0; index < chains.length; index++) if (chains[index] === chain) return known;
    if (sameIds(known.ids, chain)) {
      if (Object.isFrozen(chain)) {
        if (chains.length === KNOWN_CHAINS) chains.shift();
        chains.push(chain);
      }
      return known;
    }
  }
  // A trigger on a category matches its descendants: every node of the chain is looked up.
  const found: Array<{ trigger: CompiledTrigger; scope: ScopeTriggers }> = [];
  for (const node of chain) {
    const byScope = compiled.byCategory.get(node.id);
    if (!byScope) continue;
    for (const [scope, triggers] of byScope) {
      if (!Array.isArray(triggers)) found.push({ trigger: triggers, scope });
      else for (const trigger of triggers) found.push({ trigger, scope });
    }
  }
  found.sort((a, b) => a.trigger.order - b.trigger.order);
  const { shown } = cache;
  const built: ChainActions = {
    ids: chain.map((node) => node.id),
    chains: Object.isFrozen(chain) ? [chain] : [],
    scopes: found.map((each) => each.scope),
    actions: found.map(({ trigger, scope }) => {
      let action = shown.get(trigger);
      if (!action) {
        action = toAction({ trigger, scope: scope.scope, source: 'category' });
        Object.freeze(action.action);
        Object.freeze(action);
        shown.set(trigger, action);
      }
      return action;
    }),
    allows: found.map(({ trigger }) => recommendationOf(trigger) === 'ALLOW'),
  };
  if (!known && cache.byLeaf.size < CHAIN_CACHE_LIMIT) cache.byLeaf.set(leaf.id, built);
  return built;
}

/**
 * The actions the compiled triggers add to one enrichment, or null when none
 * applies. Pure and allocation-light: a handful of Map lookups per scope; a
 * category's actions are shared (frozen) objects.
 */
export function matchTriggers(compiled: CompiledTriggers, subject: TriggerSubject): Action[] | null {
  if (compiled.size === 0) return null;
  const scopes: ScopeTriggers[] = [];
  if (compiled.account) scopes.push(compiled.account);
  if (subject.programId) {
    const program = compiled.programs.get(subject.programId);
    if (program) scopes.push(program);
  }
  if (subject.userId) {
    const user = compiled.users.get(subject.userId);
    if (user) scopes.push(user);
    const card = subject.cardId ? compiled.cards.get(subject.userId)?.get(subject.cardId) : undefined;
    if (card) scopes.push(card);
  }
  if (scopes.length === 0) return null;

  const { counterparty, thirdParties } = subject;
  // Keys are computed on first need: most scopes index only hosts, or only names.
  let counterpartyHost: string | undefined;
  let counterpartyName: string | undefined;
  let partyHosts: string[] | undefined;
  let partyNames: string[] | undefined;
  const { category } = subject;
  const hits: Hit[] = [];
  const matching: Matching = { hits, keys: null };
  let defaults: AllowOnlyDefault[] | undefined;
  let categories: ChainActions | undefined;
  let categoryHits = false;

  for (const scope of scopes) {
    const before = hits.length;
    // A scope of category triggers alone (a user's few, say) is not a cache miss on four empty maps.
    if (scope.merchants && !isEmpty(scope.byHost)) {
      if (counterparty?.website) {
        counterpartyHost ??= hostKey(counterparty.website);
        collect(matching, scope.scope, 'counterparty', scope.byHost, counterpartyHost, counterparty);
      }
      if (thirdParties.length > 0) {
        partyHosts ??= thirdParties.map((party) => (party.website ? hostKey(party.website) : ''));
        for (const host of partyHosts)
          if (host) collect(matching, scope.scope, 'third_party', scope.byHost, host, null);
      }
    }
    if (scope.merchants && !isEmpty(scope.byName)) {
      if (counterparty) {
        counterpartyName ??= merchantKey(counterparty.name);
        collect(matching, scope.scope, 'counterparty', scope.byName, counterpartyName, counterparty);
      }
      if (thirdParties.length > 0) {
        partyNames ??= thirdParties.map((party) => merchantKey(party.name));
        for (const name of partyNames)
          if (name) collect(matching, scope.scope, 'third_party', scope.byName, name, null);
      }
    }
    if (scope.allowOnly && !allowedSince(hits, before))
      defaults = [...(defaults ?? []), { scope, type: 'merchant_trigger' }];
    if (!scope.categories || !category) continue;
    categories ??= chainActionsOf(compiled, category);
    let allowed = false;
    for (let index = 0; index < categories.scopes.length; index++)
      if (categories.scopes[index] === scope) {
        categoryHits = true;
        if (categories.allows[index]) allowed = true;
      }
    if (scope.categoryAllowOnly && !allowed)
      defaults = [...(defaults ?? []), { scope, type: 'category_trigger' }];
  }
  if (hits.length === 0 && !categoryHits && !defaults) return null;

  // Within a scope, merchant matches then category matches, each in registration order; scopes come in
  // the order account, program, user, card.
  if (hits.length > 1) hits.sort(inActionOrder);
  const actions: Action[] = [];
  let next = 0;
  for (const scope of scopes) {
    while (next < hits.length && hits[next]!.scope === scope.scope) actions.push(toAction(hits[next++]!));
    if (categoryHits && categories)
      for (let index = 0; index < categories.scopes.length; index++)
        if (categories.scopes[index] === scope) actions.push(categories.actions[index]!);
    if (defaults)
      for (const missed of defaults)
        if (missed.scope === scope)
          actions.push({
            id: ALLOW_ONLY_DEFAULT_ID,
            type: missed.type,
            action: { type: 'ALLOW_ONLY' },
            scope: scope.scope,
            source: null,
            authRecommendation: 'BLOCK',
          });
  }
  return actions;
}
