import { type Catalog, loadCatalog, type Merchant } from '@txenrich/catalog';
import type {
  CardTransaction,
  Corporation,
  De43Transaction,
  Enrichment,
  Merchants,
  TransactionByKind,
  TransactionKind,
  TransferTransaction,
  UniversalTransaction,
} from '@txenrich/schema';
import { v7 } from 'uuid';
import { givenNames } from './anatomy/given-names.js';
import type { PendingEnrichment } from './context/apply-context.js';
import {
  type Category,
  type CategoryHierarchy,
  type CustomCategory,
  categoryOf,
  createCategoryHierarchy,
} from './context/categories.js';
import type { EnrichmentContext } from './context/context.js';
import { type CorrectionRule, compileCorrections } from './context/corrections.js';
import {
  type CompiledCategories,
  compileCategories,
  type TenantCategories,
} from './context/personalization.js';
import {
  type CompiledTriggers,
  type CompileTriggersOptions,
  compileTriggers,
  createTriggerCompiler,
  type TriggerCompiler,
  type TriggerRegistration,
} from './context/triggers.js';
import type { EngineParts } from './engine-parts.js';
import { buildLexicon } from './lexicon.js';
import { bareHost, nameKey } from './normalize/text.js';
import { beginInPipeline } from './pipeline.js';
import { type Autocomplete, createAutocomplete } from './resolve/autocomplete.js';
import { bankWords } from './resolve/evidence.js';
import type { MatchEntry } from './resolve/match-entry.js';
import { createMatcher } from './resolve/matcher.js';
import { createMerchantLookup, type MerchantLookup } from './resolve/merchant-lookup.js';
import { shapeCounterparty } from './shape/counterparty.js';
import type { EnrichOptions } from './shape/explanation.js';
import { createIndustryChains } from './shape/industry.js';

/**
 * The random bytes of enrichment ids, drawn 4 KB at a time: by itself `uuid` asks
 * `crypto.getRandomValues` for each id's 16 bytes, 1.9 µs an id here, against 0.12 µs from the pool.
 */
const randomPool = new Uint8Array(4096);
let randomPoolUsed = randomPool.length;
function pooledRandomBytes(): Uint8Array {
  if (randomPoolUsed === randomPool.length) {
    globalThis.crypto.getRandomValues(randomPool);
    randomPoolUsed = 0;
  }
  randomPoolUsed += 16;
  return randomPool.subarray(randomPoolUsed - 16, randomPoolUsed);
}

export interface EngineOptions {
  /** The merchant catalog; the built default catalog when omitted. */
  catalog?: Catalog;
  /**
   * Enrichment ids; by default fresh UUIDs version 7 (RFC 9562), which begin with the millisecond
   * clock: stores index them in insertion order, appending instead of rewriting a random page of the
   * index. Inject for reproducible output.
   */
  newId?: () => string;
  /** Base URL under which the catalog's industry icons are served (a trailing `/` is added). */
  assetBaseUrl?: string;
}

export interface Engine {
  /** Enriches a validated card request (CONTRACT.md 1.1). Synchronous and pure but for `newId`. */
  enrichCard(body: CardTransaction, context?: EnrichmentContext, options?: EnrichOptions): Enrichment;
  /** Enriches a validated DE43 request: the raw field 43 wins over the body's name and place when it parses. */
  enrichCardDe43(body: De43Transaction, context?: EnrichmentContext, options?: EnrichOptions): Enrichment;
  /** Enriches a validated bank transfer (CONTRACT.md 1.2): ACH, wire, RTP, check, ATM, P2P. */
  enrichTransfer(body: TransferTransaction, context?: EnrichmentContext, options?: EnrichOptions): Enrichment;
  /** Enriches a validated line from any source (CONTRACT.md 1.3): card spending, transfer, income, fee, ATM. */
  enrichUniversal(
    body: UniversalTransaction,
    context?: EnrichmentContext,
    options?: EnrichOptions,
  ): Enrichment;
  /** Enriches a validated body of any kind: the one pipeline the four methods above share. */
  enrich<K extends TransactionKind>(
    kind: K,
    body: TransactionByKind[K],
    context?: EnrichmentContext,
    options?: EnrichOptions,
  ): Enrichment;
  /**
   * `enrich` in two steps, for a caller whose series states live in a store it reads asynchronously:
   * every stage up to the context's recurrence, which names the series the transaction extends; the
   * caller loads that state into `context.series`, then calls `finish`.
   */
  begin<K extends TransactionKind>(
    kind: K,
    body: TransactionByKind[K],
    context?: EnrichmentContext,
    options?: EnrichOptions,
  ): PendingEnrichment;
  /** Merchants for autocomplete, best first: a prefix or a near spelling of their name. */
  searchMerchants(name: string, limit: number): Corporation[];
  /**
   * Merchant details for a name (`GET /merchants`): up to five catalog merchants in the counterparty
   * shape, with their expected MCCs, alternates and affiliates, and up to five third parties; most
   * similar first.
   */
  lookupMerchants(name: string): Merchants;
  /** Compiles trigger registrations for `context.triggers`, resolving region names (`California`) as the engine does. */
  compileTriggers(registrations: readonly TriggerRegistration[]): CompiledTriggers;
  /** The same compile a part at a time (a caller sharing its thread between parts of a long list). */
  createTriggerCompiler(): TriggerCompiler;
  /**
   * A tenant's custom categories and counterparty personalizations compiled for `context.categories`
   * (undefined when no personalization applies).
   */
  compileCategories(categories: TenantCategories): CompiledCategories | undefined;
  /** A tenant's corrections, categories and triggers compiled for the context (each undefined when it has none). */
  compileRules(rules: {
    corrections?: readonly CorrectionRule[] | undefined;
    triggers?: readonly TriggerRegistration[] | undefined;
    categories?: TenantCategories | undefined;
  }): Pick<EnrichmentContext, 'corrections' | 'triggers' | 'categories'>;
  /** The default taxonomy: every industry of the catalog as a category, in id order (broad before specific). */
  defaultCategories(): readonly Category[];
  /** The hierarchy of every default category and of `custom` (null for an id neither has). */
  categoryHierarchy(custom: readonly CustomCategory[]): CategoryHierarchy;
  /** The catalog the engine runs on. */
  readonly catalog: Catalog;
}

/** Where icons are served by `txenrich serve` on its default port. */
export const DEFAULT_ASSET_BASE_URL = 'http://localhost:8080/icons/';

/**
 * A letter of another script than the Latin: no descriptor prints it, and the name's key would keep only its
 * Latin scraps (`cбербанк` keyed as `c`, `31冰淇淋` as `31`).
 */
const otherScriptLetter = /(?=\p{L})\P{Script=Latin}/u;

/** A public body's name (`city of austin`): an alias of one of its departments names the body, not them. */
const publicBody = /^(?:city|county|town|village|state) of /i;

/**
 * The aliases a line may name the merchant by. Left out: names in another script, a common word that is no
 * word of the merchant's own name (OpenStreetMap's tagging aliases: `mobile` for Mobil), and a public body's
 * name given to one of its departments (`city of austin` for its parks department).
 */
function printableAliases(merchant: Merchant, isCommonWord: (word: string) => boolean): string[] {
  const ownWords = new Set(nameKey(merchant.name).split(' '));
  return merchant.aliases.filter((alias) => {
    if (otherScriptLetter.test(alias)) return false;
    const key = nameKey(alias);
    if (!key.includes(' ') && isCommonWord(key) && !ownWords.has(key)) return false;
    return !publicBody.test(key) || publicBody.test(merchant.name);
  });
}

function matchEntry(
  merchant: Merchant,
  aliases: readonly string[],
  statementForms: readonly string[],
): MatchEntry {
  // A company's legal name is what its ACH entries print (`UBER TECHNOLOGIES`, `CAMDEN PROPERTY TRUST`).
  const legalName =
    merchant.legalName && !otherScriptLetter.test(merchant.legalName) ? [merchant.legalName] : [];
  return {
    names: [merchant.name, ...aliases, ...legalName, ...statementForms],
    statementForms: statementForms.length,
    hosts: merchant.website ? [bareHost(merchant.website)] : [],
    industryId: merchant.industryId,
    countries: merchant.countries,
    popularity: merchant.popularity,
  };
}

/** Builds an engine: loads the catalog (unless given) and its indexes, once. */
export function createEngine(options: EngineOptions = {}): Engine {
  const catalog = options.catalog ?? loadCatalog();
  const base = (options.assetBaseUrl ?? DEFAULT_ASSET_BASE_URL).replace(/\/?$/, '/');
  const indexOf = new Map(catalog.merchants.map((merchant, index) => [merchant.id, index]));
  const statementForms = new Map<number, string[]>();
  const merchantOfMcc = new Map<string, number>();
  for (const alias of catalog.descriptorAliases) {
    const index = indexOf.get(alias.merchantId);
    if (index === undefined) continue;
    statementForms.set(index, [...(statementForms.get(index) ?? []), alias.descriptor]);
    if (alias.mcc && alias.mcc >= '3000' && alias.mcc <= '3999') merchantOfMcc.set(alias.mcc, index);
  }
  const lexicon = buildLexicon(catalog);
  const genericWords = new Set(catalog.dictionaryWords);
  for (const name of givenNames) genericWords.add(name.toLowerCase());
  for (const word of bankWords) genericWords.add(word);
  /** A name made of dictionary words and given names (and their possessives) only (`target`, `rosas`). */
  const isGenericToken = (token: string) =>
    genericWords.has(token) || (token.endsWith('s') && givenNames.has(token.slice(0, -1).toUpperCase()));
  const isGeneric = (key: string) => key !== '' && key.split(' ').every(isGenericToken);
  const dictionary = new Set(catalog.dictionaryWords);
  const isCommonWord = (word: string) => dictionary.has(word);
  const entries = catalog.merchants.map((merchant, index) =>
    matchEntry(merchant, printableAliases(merchant, isCommonWord), statementForms.get(index) ?? []),
  );
  const merchantById = new Map(catalog.merchants.map((merchant) => [merchant.id, merchant]));
  const parts: EngineParts = {
    resolveCounterparty: (id) => {
      const merchant = merchantById.get(id);
      return merchant ? shapeCounterparty(parts, merchant, 100, null, null) : null;
    },
    lexicon,
    matcher: createMatcher(entries, {
      isGeneric,
      isCutWord: lexicon.isCutCommonWord,
      isWord: lexicon.isCommonWord,
    }),
    merchants: catalog.merchants,
    merchantOfMcc,
    industryChain: createIndustryChains(lexicon.industries, (file) => base + file),
    newId: options.newId ?? (() => v7({ rng: pooledRandomBytes })),
  };
  let autocomplete: Autocomplete | undefined;
  // Built on first use: engines that never search (batch workers) never pay for it.
  const autocompleteIndex = () => (autocomplete ??= createAutocomplete(entries));
  let merchantLookup: MerchantLookup | undefined;
  const triggerOptions: CompileTriggersOptions = {
    regionCode: (region, country) => lexicon.geography.regionCode(region, country),
  };
  const compileWithRegions = (registrations: readonly TriggerRegistration[]) =>
    compileTriggers(registrations, triggerOptions);
  // Only the taxonomy's ids reach the industry chains' cache: category ids may come from a client.
  const industryIds = new Set(catalog.industries.map((industry) => industry.id));
  const defaultChain = (id: string) => (industryIds.has(id) ? parts.industryChain(id) : []);
  let defaults: readonly Category[] | undefined;
  return {
    catalog,
    enrichCard: (body, context, options) => beginInPipeline(parts, 'card', body, context, options).finish(),
    enrichCardDe43: (body, context, options) =>
      beginInPipeline(parts, 'de43', body, context, options).finish(),
    enrichTransfer: (body, context, options) =>
      beginInPipeline(parts, 'transfer', body, context, options).finish(),
    enrichUniversal: (body, context, options) =>
      beginInPipeline(parts, 'universal', body, context, options).finish(),
    enrich: (kind, body, context, options) => beginInPipeline(parts, kind, body, context, options).finish(),
    begin: (kind, body, context, options) => beginInPipeline(parts, kind, body, context, options),
    compileTriggers: compileWithRegions,
    createTriggerCompiler: () => createTriggerCompiler(triggerOptions),
    compileCategories: (categories) => compileCategories(categories, defaultChain),
    compileRules: ({ corrections, triggers, categories }) => ({
      corrections: corrections?.length ? compileCorrections(corrections) : undefined,
      triggers: triggers?.length ? compileWithRegions(triggers) : undefined,
      categories: categories ? compileCategories(categories, defaultChain) : undefined,
    }),
    defaultCategories: () => {
      if (!defaults) {
        const hierarchy = createCategoryHierarchy(defaultChain, []);
        defaults = [...catalog.industries]
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map((industry) => categoryOf(hierarchy(industry.id)!));
      }
      return defaults;
    },
    categoryHierarchy: (custom) => createCategoryHierarchy(defaultChain, custom),
    searchMerchants: (name, limit) => {
      return autocompleteIndex()
        .search(name, limit)
        .map((entry) => {
          const merchant = catalog.merchants[entry]!;
          return { name: merchant.name, logo: merchant.logo, website: merchant.website };
        });
    },
    lookupMerchants: (name) => {
      merchantLookup ??= createMerchantLookup(catalog, parts, (query, limit) =>
        autocompleteIndex().search(query, limit),
      );
      return merchantLookup.lookup(name);
    },
  };
}
