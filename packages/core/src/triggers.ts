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
 * - Actions come out by scope (account, program, user, card), then in
 *   registration order; `null` when there are none (the contract's
 *   `actions: null`).
 *
 * The compiled form is plain data (objects, arrays and Maps), so it can be
 * handed to a worker thread with `postMessage`.
 */
import type { Action, MerchantTrigger, TriggerScope } from '@txenrich/schema';
import { bareHost, compactKey, nameKey } from './text.js';

/** The id of the action added when a scope's `ALLOW_ONLY` triggers all missed. */
export const ALLOW_ONLY_DEFAULT_ID = 'allow-only-default';
/** A location trigger with coordinates matches a transaction located within this distance. */
export const NEARBY_KM = 0.5;

/** The active triggers of one scope: which scope, and whose. */
export interface TriggerRegistration {
  scope: TriggerScope;
  /** `programId` for program scopes, `userId` for user scopes, `userId` and `cardId` for card scopes. */
  scopeKey: { programId?: string; userId?: string; cardId?: string };
  triggers: readonly MerchantTrigger[];
}

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
}

type Recommendation = 'BLOCK' | 'ALLOW';

export interface CompiledTrigger {
  id: string;
  action: Record<string, unknown>;
  scope: TriggerScope;
  /** Position in the compiled input: the output order within a scope. */
  order: number;
  recommendation: Recommendation | null;
  /** Region code the city must be in, for city matches of location triggers. */
  region: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The triggers of one merchant (one host or one name) in one scope. */
export interface MerchantTriggers {
  /** Corporation triggers, and location triggers without a place. */
  anywhere: CompiledTrigger[];
  /**
   * Location triggers with a place; null while there are none, as for most merchants (a scope may
   * hold 300,000 of them: empty maps each would cost hundreds of megabytes).
   */
  located: LocatedTriggers | null;
}

/** A merchant's location triggers, by the place they need. */
export interface LocatedTriggers {
  byPostalCode: Map<string, CompiledTrigger[]>;
  /** Keyed by `nameKey(city)`; the region is checked on match. */
  byCity: Map<string, CompiledTrigger[]>;
  byAddress: Map<string, CompiledTrigger[]>;
  /** Location triggers with coordinates only. */
  nearby: CompiledTrigger[];
}

/** The triggers of one scope instance (the account, one program, one user, one card). */
export interface ScopeTriggers {
  scope: TriggerScope;
  byHost: Map<string, MerchantTriggers>;
  byName: Map<string, MerchantTriggers>;
  /** Whether any `ALLOW_ONLY` trigger is registered here. */
  allowOnly: boolean;
}

export interface CompiledTriggers {
  account: ScopeTriggers | null;
  programs: Map<string, ScopeTriggers>;
  users: Map<string, ScopeTriggers>;
  /** userId -> cardId -> triggers. */
  cards: Map<string, Map<string, ScopeTriggers>>;
  /** Triggers compiled (those naming neither a usable website nor a name are left out). */
  size: number;
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

function emptyMerchant(): MerchantTriggers {
  return { anywhere: [], located: null };
}

function locatedOf(merchant: MerchantTriggers): LocatedTriggers {
  merchant.located ??= { byPostalCode: new Map(), byCity: new Map(), byAddress: new Map(), nearby: [] };
  return merchant.located;
}

function push<K>(map: Map<K, CompiledTrigger[]>, key: K, trigger: CompiledTrigger) {
  const list = map.get(key);
  if (list) list.push(trigger);
  else map.set(key, [trigger]);
}

function scopeOf(compiled: CompiledTriggers, registration: TriggerRegistration): ScopeTriggers | null {
  const { scope, scopeKey } = registration;
  const fresh = (): ScopeTriggers => ({ scope, byHost: new Map(), byName: new Map(), allowOnly: false });
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

/**
 * Compiles the active (succeeded) triggers of every scope for matching. A
 * registration without the ids its scope needs (a card scope without
 * `cardId`) is ignored. Compile once per trigger version, not per enrichment.
 */
export function compileTriggers(
  registrations: readonly TriggerRegistration[],
  options: CompileTriggersOptions = {},
): CompiledTriggers {
  const regionCode = options.regionCode ?? defaultRegionCode;
  const compiled: CompiledTriggers = {
    account: null,
    programs: new Map(),
    users: new Map(),
    cards: new Map(),
    size: 0,
  };
  for (const registration of registrations) {
    const scope = scopeOf(compiled, registration);
    if (!scope) continue;
    for (const trigger of registration.triggers) {
      const host = trigger.website ? hostKey(trigger.website) : '';
      const name = host ? '' : merchantKey(trigger.merchantName);
      if (!host && !name) continue;
      const actionType = trigger.action.type;
      const compiledTrigger: CompiledTrigger = {
        id: trigger.id,
        action: trigger.action,
        scope: registration.scope,
        order: compiled.size++,
        recommendation: actionType === 'BLOCK' ? 'BLOCK' : actionType === 'ALLOW_ONLY' ? 'ALLOW' : null,
        region: trigger.region ? regionCode(trigger.region, trigger.country ?? null) : null,
        latitude: trigger.latitude ?? null,
        longitude: trigger.longitude ?? null,
      };
      if (actionType === 'ALLOW_ONLY') scope.allowOnly = true;
      const index = host ? scope.byHost : scope.byName;
      const key = host || name;
      let merchant = index.get(key);
      if (!merchant) {
        merchant = emptyMerchant();
        index.set(key, merchant);
      }

      const postal = trigger.level === 'location' && trigger.postalCode ? postalKey(trigger.postalCode) : '';
      const city = trigger.level === 'location' && trigger.city ? nameKey(trigger.city) : '';
      const address = trigger.level === 'location' && trigger.address ? addressKey(trigger.address) : '';
      const located =
        trigger.level === 'location' &&
        compiledTrigger.latitude !== null &&
        compiledTrigger.longitude !== null;
      if (postal) push(locatedOf(merchant).byPostalCode, postal, compiledTrigger);
      if (city) push(locatedOf(merchant).byCity, city, compiledTrigger);
      if (address) push(locatedOf(merchant).byAddress, address, compiledTrigger);
      if (!postal && !city && !address) {
        if (located) locatedOf(merchant).nearby.push(compiledTrigger);
        else merchant.anywhere.push(compiledTrigger);
      }
    }
  }
  return compiled;
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
  source: 'counterparty' | 'third_party';
}

/** Records a match once: the counterparty is looked up before the third parties, so its source wins. */
function addHit(hits: Hit[], trigger: CompiledTrigger, source: Hit['source']) {
  for (const hit of hits) if (hit.trigger === trigger) return;
  hits.push({ trigger, source });
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

function collect(
  hits: Hit[],
  merchant: MerchantTriggers,
  source: Hit['source'],
  place: TriggerPlace | null,
  keys: { value: PlaceKeys | null },
) {
  for (const trigger of merchant.anywhere) addHit(hits, trigger, source);
  // Third parties (Square, PayPal) have no place of their own: only their corporation triggers apply.
  if (!place || !merchant.located) return;
  const { byPostalCode, byCity, byAddress, nearby } = merchant.located;
  keys.value ??= placeKeys(place);
  const { postal, city, region, address } = keys.value;
  if (postal) for (const trigger of byPostalCode.get(postal) ?? []) addHit(hits, trigger, source);
  if (city) {
    for (const trigger of byCity.get(city) ?? []) {
      if (trigger.region === null || trigger.region === region) addHit(hits, trigger, source);
    }
  }
  if (address) for (const trigger of byAddress.get(address) ?? []) addHit(hits, trigger, source);
  const { latitude, longitude } = place;
  if (nearby.length > 0 && typeof latitude === 'number' && typeof longitude === 'number') {
    for (const trigger of nearby) {
      if (distanceKm(latitude, longitude, trigger.latitude!, trigger.longitude!) <= NEARBY_KM) {
        addHit(hits, trigger, source);
      }
    }
  }
}

function toAction(hit: Hit): Action {
  const { trigger } = hit;
  const action: Action = {
    id: trigger.id,
    type: 'merchant_trigger',
    action: { ...trigger.action },
    scope: trigger.scope,
    source: hit.source,
  };
  if (trigger.recommendation) action.authRecommendation = trigger.recommendation;
  return action;
}

/**
 * The actions the compiled triggers add to one enrichment, or null when none
 * applies. Pure and allocation-light: a handful of Map lookups per scope.
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
  const keys: { value: PlaceKeys | null } = { value: null };
  const hits: Hit[] = [];
  let defaults: ScopeTriggers[] | undefined;

  for (const scope of scopes) {
    const before = hits.length;
    if (scope.byHost.size > 0) {
      if (counterparty?.website) {
        counterpartyHost ??= hostKey(counterparty.website);
        const merchant = scope.byHost.get(counterpartyHost);
        if (merchant) collect(hits, merchant, 'counterparty', counterparty, keys);
      }
      if (thirdParties.length > 0) {
        partyHosts ??= thirdParties.map((party) => (party.website ? hostKey(party.website) : ''));
        for (const host of partyHosts) {
          const merchant = host ? scope.byHost.get(host) : undefined;
          if (merchant) collect(hits, merchant, 'third_party', null, keys);
        }
      }
    }
    if (scope.byName.size > 0) {
      if (counterparty) {
        counterpartyName ??= merchantKey(counterparty.name);
        const merchant = scope.byName.get(counterpartyName);
        if (merchant) collect(hits, merchant, 'counterparty', counterparty, keys);
      }
      if (thirdParties.length > 0) {
        partyNames ??= thirdParties.map((party) => merchantKey(party.name));
        for (const name of partyNames) {
          const merchant = name ? scope.byName.get(name) : undefined;
          if (merchant) collect(hits, merchant, 'third_party', null, keys);
        }
      }
    }
    if (scope.allowOnly) {
      let allowed = false;
      for (let index = before; index < hits.length; index++) {
        if (hits[index]!.trigger.recommendation === 'ALLOW') allowed = true;
      }
      if (!allowed) {
        defaults ??= [];
        defaults.push(scope);
      }
    }
  }
  if (hits.length === 0 && !defaults) return null;

  // Within a scope, registration order; scopes come in the order account, program, user, card.
  hits.sort((a, b) => a.trigger.order - b.trigger.order);
  const actions: Action[] = [];
  for (const scope of scopes) {
    for (const hit of hits) if (hit.trigger.scope === scope.scope) actions.push(toAction(hit));
    if (defaults?.includes(scope)) {
      actions.push({
        id: ALLOW_ONLY_DEFAULT_ID,
        type: 'merchant_trigger',
        action: { type: 'ALLOW_ONLY' },
        scope: scope.scope,
        source: null,
        authRecommendation: 'BLOCK',
      });
    }
  }
  return actions;
}
