/**
 * `buildCatalog`: reads the installed source packages and the curated lists,
 * merges them and writes `catalog.json` plus `manifest.json`. Deterministic:
 * no clock, no randomness, sorted output, so the same inputs give the same bytes.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogError } from '../errors.js';
import { ARTIFACT_FORMAT, defaultArtifactDir } from '../paths.js';
import { countCatalog } from '../stats.js';
import type {
  Catalog,
  CatalogManifest,
  DescriptorAlias,
  Industry,
  LogoKinds,
  Merchant,
  ThirdParty,
} from '../types.js';
import { uuidv5 } from '../uuid.js';
import { readColleges } from './colleges.js';
import { parentIndustryId, readCurated } from './curated.js';
import { placeKey, readCountries, readGeo } from './geo.js';
import { buildMccs, readMccCodes } from './mcc.js';
import { type MergedMerchant, mergeMerchants } from './merchants.js';
import { readNsi } from './nsi.js';
import { readSimpleIcons } from './simple-icons.js';
import { packageRoot, packageVersion, readJson, SOURCE_PACKAGES } from './sources.js';
import { faviconOf, websiteOf } from './web.js';
import { dictionaryWordsOf, englishWordBands } from './words.js';

export interface BuildCatalogOptions {
  /** Output directory; default `packages/catalog/artifact`. */
  outDir?: string;
  /** Curated lists; default `packages/catalog/data`. */
  dataDir?: string;
  /** Industry icons; default `packages/catalog/icons`. */
  iconsDir?: string;
  /** Rebuild even when the inputs are those of the artifact already in `outDir`. */
  force?: boolean;
}

/** `manifest.json`: the catalog manifest plus what the build needs to skip an unchanged rebuild. */
export interface BuildManifest extends CatalogManifest {
  /** SHA-256 of every build input: source versions, curated files, icons, the build code. */
  inputsHash: string;
  /** SHA-256 of `catalog.json`. */
  artifactSha256: string;
  /** Size of `catalog.json` in bytes. */
  artifactBytes: number;
  /** NSI merchants by NSI tree (brands, operators, transit networks). */
  nsiKinds: Record<string, number>;
  /**
   * US chain brands: NSI brands with a Wikidata id present in the US (its
   * countries include the US, or it is global), and how many carry a website,
   * a logo URL, and a brand logo (Commons or Simple Icons, not the favicon fallback).
   */
  usChainBrands: { total: number; withWebsite: number; withLogo: number; withBrandLogo: number };
  /** simple-icons brands dropped: no own domain and no merchant to join. */
  droppedSimpleIcons: number;
  warnings: string[];
}

export interface BuildCatalogResult {
  artifactPath: string;
  manifestPath: string;
  manifest: BuildManifest;
  /** True when the artifact was already up to date and nothing was written. */
  skipped: boolean;
  durationMs: number;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function listFiles(dir: string, filter: (path: string) => boolean = () => true): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (filter(path)) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/** A hash of everything the artifact depends on. */
function hashInputs(dataDir: string, iconsDir: string, sources: Record<string, string>): string {
  const hash = createHash('sha256');
  hash.update(`format ${ARTIFACT_FORMAT}\n${JSON.stringify(sources)}\n`);
  const codeDir = fileURLToPath(new URL('../', import.meta.url));
  const groups: [string, string, string[]][] = [
    ['data', dataDir, listFiles(dataDir)],
    ['icons', iconsDir, listFiles(iconsDir)],
    ['code', codeDir, listFiles(codeDir, (path) => /\.(?:js|ts)$/.test(path) && !path.endsWith('.d.ts'))],
  ];
  for (const [label, root, files] of groups) {
    for (const file of files) {
      hash.update(`${label}/${relative(root, file)}\n`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

function writeAtomic(path: string, data: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (cause) {
    throw new CatalogError('WRITE_FAILED', `Cannot write ${path}.`, { cause, details: { path } });
  }
}

/** The merchants whose Commons image was refused as a photograph: by rule, and by what replaced it. */
function countPhotoRejected(merchants: readonly MergedMerchant[]): LogoKinds['photoRejected'] {
  const byRule = new Map<string, number>();
  const replacedBy: Record<string, number> = { 'simple-icons': 0, favicon: 0, none: 0 };
  let total = 0;
  for (const merchant of merchants) {
    if (merchant.logoRejected === null) continue;
    total++;
    byRule.set(merchant.logoRejected, (byRule.get(merchant.logoRejected) ?? 0) + 1);
    replacedBy[merchant.logoSource] = (replacedBy[merchant.logoSource] ?? 0) + 1;
  }
  const rules = [...byRule].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return { total, byRule: Object.fromEntries(rules), replacedBy };
}

/** Build the catalog artifact. Throws a CatalogError when a source or curated list is invalid. */
export function buildCatalog(options: BuildCatalogOptions = {}): BuildCatalogResult {
  const started = performance.now();
  const outDir = options.outDir ?? defaultArtifactDir;
  const dataDir = options.dataDir ?? join(packageRoot, 'data');
  const iconsDir = options.iconsDir ?? join(packageRoot, 'icons');
  const artifactPath = join(outDir, 'catalog.json');
  const manifestPath = join(outDir, 'manifest.json');

  const sources: Record<string, string> = {};
  for (const name of SOURCE_PACKAGES) sources[name] = packageVersion(name);
  const version = (readJson(join(packageRoot, 'package.json')) as { version: string }).version;
  const inputsHash = hashInputs(dataDir, iconsDir, sources);

  if (!options.force && existsSync(manifestPath) && existsSync(artifactPath)) {
    try {
      const previous = readJson(manifestPath) as BuildManifest;
      if (
        previous.inputsHash === inputsHash &&
        previous.version === version &&
        previous.artifactBytes === statSync(artifactPath).size &&
        previous.artifactSha256 === sha256(readFileSync(artifactPath))
      ) {
        return {
          artifactPath,
          manifestPath,
          manifest: previous,
          skipped: true,
          durationMs: performance.now() - started,
        };
      }
    } catch {
      // An unreadable previous manifest just means a rebuild.
    }
  }

  const countries = readCountries();
  const countryCodes = new Set(countries.map((country) => country.alpha2));
  const mccCodes = readMccCodes();
  const { data, issues, missing } = readCurated({
    dataDir,
    iconsDir,
    mccCodes: mccCodes.map(({ code }) => code),
    countryCodes,
  });
  if (issues.length > 0) {
    const shown = issues
      .slice(0, 20)
      .map((i) => `  ${i.file}${i.at === null ? '' : ` [${i.at}]`}: ${i.message}`);
    const more = issues.length > 20 ? `\n  ... and ${issues.length - 20} more` : '';
    throw new CatalogError(
      'INVALID_SOURCE',
      `The curated lists have ${issues.length} problem(s):\n${shown.join('\n')}${more}`,
      { details: { issues } },
    );
  }

  const industries: Industry[] = data.industries
    .map((industry) => ({ ...industry, parentId: parentIndustryId(industry.id) }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));

  const nsi = readNsi({ tagIndustries: data.nsiTagIndustries, countryCodes });
  const mccs = buildMccs(mccCodes, data.mccIndustries, data.mccFlags);
  const merged = mergeMerchants({
    nsi: nsi.drafts,
    curated: [...data.merchants, ...readColleges(data.merchants)],
    icons: readSimpleIcons(),
    descriptorAliases: data.descriptorAliases,
    wikidata: nsi.wikidata,
    mccIndustries: data.mccIndustries,
    cardNotPresentMccs: new Set(data.mccFlags.cardNotPresent),
  });

  const merchantByKey = new Map(merged.merchants.map((merchant) => [merchant.key, merchant]));
  const merchants: Merchant[] = merged.merchants.map(
    ({ nsiKind: _kind, logoSource: _logo, logoRejected: _rejected, ...merchant }) => merchant,
  );

  const sameNameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const sameName = (a: string, b: string) => sameNameKey(a) === sameNameKey(b);
  const thirdParties: ThirdParty[] = data.thirdParties.map((party) => {
    const key = merged.keyOfDomain(party.domain);
    const merchant = key ? merchantByKey.get(key) : undefined;
    // The same company as the merchant of its domain shares its id; a product of
    // that company (`Apple Pay` on apple.com) gets an id of its own.
    const sameCompany = merchant !== undefined && sameName(merchant.name, party.name);
    return {
      id: sameCompany ? merchant.id : uuidv5(`third-party:${sameNameKey(party.name)}`),
      name: party.name,
      type: party.type,
      roles: party.roles,
      prefixes: party.prefixes,
      markers: party.markers,
      website: websiteOf(party.domain),
      ownBrands: party.ownBrands.map(websiteOf),
      logo: merchant?.logo ?? faviconOf(party.domain),
      industryId: party.industry,
      confidence: party.confidence,
    };
  });

  const descriptorAliases: DescriptorAlias[] = data.descriptorAliases
    .map((alias) => ({
      descriptor: alias.descriptor,
      merchantId: merchantByKey.get(merged.aliasKeys.get(alias)!)!.id,
      mcc: alias.mcc,
    }))
    .sort((a, b) => (a.descriptor < b.descriptor ? -1 : a.descriptor > b.descriptor ? 1 : 0));

  const body: Omit<Catalog, 'manifest'> = {
    industries,
    merchants,
    thirdParties,
    descriptorAliases,
    unknownFacilitatorPrefixes: data.unknownFacilitatorPrefixes,
    dictionaryWords: dictionaryWordsOf(merchants, descriptorAliases),
    englishWords: englishWordBands(),
    mccs,
    // A ZIP code USPS gave a brand (`AMERICAN EXPRESS NY`) is no town.
    geo: readGeo(
      countries,
      new Set(merchants.flatMap((merchant) => [merchant.name, ...merchant.aliases].map(placeKey))),
      data.cityLocalNames,
    ),
  };
  const buildHash = sha256(JSON.stringify(body));
  const manifest: CatalogManifest = {
    format: ARTIFACT_FORMAT,
    version,
    buildHash,
    sources,
    counts: countCatalog(body, countPhotoRejected(merged.merchants)),
  };
  const artifact = JSON.stringify({ manifest, ...body });

  const nsiKinds: Record<string, number> = { brand: 0, operator: 0, transit: 0 };
  const usChainBrands = { total: 0, withWebsite: 0, withLogo: 0, withBrandLogo: 0 };
  for (const merchant of merged.merchants) {
    if (merchant.nsiKind) nsiKinds[merchant.nsiKind] = (nsiKinds[merchant.nsiKind] ?? 0) + 1;
    if (
      merchant.nsiKind === 'brand' &&
      merchant.wikidata &&
      (merchant.countries.length === 0 || merchant.countries.includes('us'))
    ) {
      usChainBrands.total++;
      if (merchant.website) usChainBrands.withWebsite++;
      if (merchant.logo) usChainBrands.withLogo++;
      if (merchant.logoSource === 'wikidata' || merchant.logoSource === 'simple-icons')
        usChainBrands.withBrandLogo++;
    }
  }
  const buildManifest: BuildManifest = {
    ...manifest,
    inputsHash,
    artifactSha256: sha256(artifact),
    artifactBytes: Buffer.byteLength(artifact),
    nsiKinds,
    usChainBrands,
    droppedSimpleIcons: merged.droppedIcons,
    warnings: [
      ...missing.map((file) => `curated list ${file} is missing: built without it`),
      ...merged.warnings,
    ],
  };

  try {
    mkdirSync(outDir, { recursive: true });
  } catch (cause) {
    throw new CatalogError('WRITE_FAILED', `Cannot create ${outDir}.`, { cause });
  }
  writeAtomic(artifactPath, artifact);
  writeAtomic(manifestPath, `${JSON.stringify(buildManifest, null, 2)}\n`);
  return {
    artifactPath,
    manifestPath,
    manifest: buildManifest,
    skipped: false,
    durationMs: performance.now() - started,
  };
}
