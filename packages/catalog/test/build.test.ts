import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildCatalogResult, buildCatalog } from '../src/build/index.js';
import { classifyLogoUrl } from '../src/build/logos.js';
import { type Catalog, catalogStats, formatStats, loadCatalog, uuidv5 } from '../src/index.js';

const dirs = [
  mkdtempSync(join(tmpdir(), 'txenrich-build-a-')),
  mkdtempSync(join(tmpdir(), 'txenrich-build-b-')),
];
let first: BuildCatalogResult;
let catalog: Catalog;

beforeAll(() => {
  first = buildCatalog({ outDir: dirs[0]!, force: true });
  catalog = loadCatalog(first.artifactPath);
}, 120_000);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('buildCatalog', () => {
  it('is deterministic: two builds give the same bytes', () => {
    const second = buildCatalog({ outDir: dirs[1]!, force: true });
    expect(second.skipped).toBe(false);
    expect(readFileSync(second.artifactPath).equals(readFileSync(first.artifactPath))).toBe(true);
    expect(readFileSync(second.manifestPath, 'utf8')).toBe(readFileSync(first.manifestPath, 'utf8'));
  }, 120_000);

  it('skips a rebuild when nothing changed, and says so', () => {
    const again = buildCatalog({ outDir: dirs[0]! });
    expect(again.skipped).toBe(true);
    expect(again.manifest.buildHash).toBe(first.manifest.buildHash);
  });

  it('records source versions, counts and a content hash in the manifest', () => {
    const { manifest } = catalog;
    expect(manifest.sources['name-suggestion-index']).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.sources['simple-icons']).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.sources['merchant-category-codes']).toBeDefined();
    expect(manifest.buildHash).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.counts.merchants).toBe(catalog.merchants.length);
    expect(first.manifest.artifactBytes).toBe(readFileSync(first.artifactPath).length);
  });
});

describe('the built catalog', () => {
  it('holds at least 20,000 merchants, at least 3,000 of them in the US', () => {
    expect(catalog.merchants.length).toBeGreaterThanOrEqual(20_000);
    expect(catalog.merchants.filter((m) => m.countries.includes('us')).length).toBeGreaterThanOrEqual(3_000);
  });

  it("counts common words of brands' names as generic, but not a brand's name that became a verb", () => {
    const words = new Set(catalog.dictionaryWords);
    expect(words.has('target')).toBe(true);
    expect(words.has('google')).toBe(false);
  });

  it('gives every merchant the UUIDv5 of its stable key, unique', () => {
    const ids = new Set<string>();
    for (const merchant of catalog.merchants) {
      expect(merchant.id).toBe(uuidv5(merchant.key));
      expect(merchant.key).toMatch(/^(?:wikidata:Q\d+|domain:[a-z0-9.-]+|nsi:.+|curated:[\p{L}\p{N}-]+)$/u);
      ids.add(merchant.id);
    }
    expect(ids.size).toBe(catalog.merchants.length);
  });

  it('gives every third party an id of its own, shared with its merchant only when they are one company', () => {
    const ids = catalog.thirdParties.map((party) => party.id);
    expect(new Set(ids).size).toBe(ids.length);
    const byName = (name: string) => catalog.thirdParties.find((party) => party.name === name)!;
    expect(byName('Apple Pay').id).not.toBe(byName('Apple').id);
    // An id shared with a merchant means one company: the names agree.
    const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const merchantsById = new Map(catalog.merchants.map((merchant) => [merchant.id, merchant]));
    const shared = catalog.thirdParties.filter((party) => merchantsById.has(party.id));
    expect(shared.length).toBeGreaterThan(10);
    for (const party of shared) expect(squash(merchantsById.get(party.id)!.name)).toBe(squash(party.name));
  });

  it('keys known brands by their Wikidata ids', () => {
    const mcdonalds = catalog.merchants.find((m) => m.key === 'wikidata:Q38076');
    expect(mcdonalds).toMatchObject({
      name: "McDonald's",
      website: 'https://mcdonalds.com',
      channel: 'physical',
    });
    expect(mcdonalds!.logo).toMatch(/^https:\/\/commons\.wikimedia\.org\//);
    // Same-named brands of different countries stay apart; the Wikidata label tells them apart.
    const us = catalog.merchants.find((m) => m.key === 'wikidata:Q1046951');
    const australia = catalog.merchants.find((m) => m.key === 'wikidata:Q7685854');
    expect(us).toMatchObject({ name: 'Target', countries: ['us'] });
    expect(australia).toMatchObject({ name: 'Target Australia', countries: ['au'] });
    expect(australia!.aliases.map((alias) => alias.toLowerCase())).toContain('target');
    expect(us!.id).not.toBe(australia!.id);
  });

  it('gives at least 95% of the US chain brands a website and a logo URL', () => {
    const chains = catalog.merchants.filter(
      (m) => m.sources.includes('nsi') && m.wikidata !== null && m.countries.includes('us'),
    );
    expect(chains.length).toBeGreaterThan(2_000);
    expect(chains.filter((m) => m.website !== null).length / chains.length).toBeGreaterThanOrEqual(0.95);
    expect(chains.filter((m) => m.logo !== null).length / chains.length).toBeGreaterThanOrEqual(0.95);
  });

  it('gives no brand a photograph for a logo: Blue Bottle Coffee shows its website favicon', () => {
    const blueBottle = catalog.merchants.find((m) => m.key === 'wikidata:Q4928917');
    expect(blueBottle).toMatchObject({
      name: 'Blue Bottle Coffee',
      logo: 'https://icons.duckduckgo.com/ip3/bluebottlecoffee.com.ico',
    });
    const commons = catalog.merchants.filter((m) => m.logo?.startsWith('https://commons.wikimedia.org/'));
    expect(commons.length).toBeGreaterThan(5_000);
    expect(commons.filter((m) => classifyLogoUrl(m.logo!).kind === 'photo').map((m) => m.logo)).toEqual([]);
  });

  it('counts logos by kind: logo, favicon and missing make every merchant; refused photos apart', () => {
    const kinds = catalog.manifest.counts.logoKinds!;
    const { logoSources } = catalog.manifest.counts;
    expect(kinds.logo + kinds.favicon + kinds.missing).toBe(catalog.merchants.length);
    expect(kinds.logo).toBe(logoSources.wikidata! + logoSources['simple-icons']!);
    expect(kinds.photoRejected.total).toBeGreaterThan(100);
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(sum(kinds.photoRejected.byRule)).toBe(kinds.photoRejected.total);
    expect(sum(kinds.photoRejected.replacedBy)).toBe(kinds.photoRejected.total);
    expect(Object.keys(kinds.photoRejected.replacedBy)).toEqual(['simple-icons', 'favicon', 'none']);
    expect(catalogStats(catalog).logoKinds).toEqual(kinds);
    expect(formatStats(catalogStats(catalog))).toMatch(
      new RegExp(`Commons photos refused as logos +${kinds.photoRejected.total}\\n`),
    );
  });

  it('holds well-formed merchants', () => {
    const industries = new Set(catalog.industries.map((industry) => industry.id));
    for (const m of catalog.merchants) {
      expect(industries.has(m.industryId), `${m.key} ${m.industryId}`).toBe(true);
      if (m.website !== null) expect(m.website, m.key).toMatch(/^https:\/\/[a-z0-9.-]+$/);
      if (m.logo !== null) expect(() => new URL(m.logo!), m.key).not.toThrow();
      expect(m.popularity).toBeGreaterThanOrEqual(0);
      expect(m.popularity).toBeLessThanOrEqual(1);
      expect(m.sources.length).toBeGreaterThan(0);
      for (const country of m.countries) expect(country, m.key).toMatch(/^[a-z]{2}$/);
    }
    // About 200,000 expectations: over vitest's 5 s default on a loaded machine.
  }, 60_000);

  it('maps every MCC to an industry and points descriptor aliases at merchants', () => {
    const industries = new Set(catalog.industries.map((industry) => industry.id));
    expect(catalog.mccs.length).toBeGreaterThan(1000);
    expect(catalog.mccs.filter((mcc) => !industries.has(mcc.industryId))).toEqual([]);
    expect(catalog.mccs.find((mcc) => mcc.code === '6011')).toMatchObject({ atm: true, cashLike: true });
    const merchantIds = new Set(catalog.merchants.map((m) => m.id));
    expect(catalog.descriptorAliases.filter((alias) => !merchantIds.has(alias.merchantId))).toEqual([]);
    const walmart = catalog.descriptorAliases.find((alias) => alias.descriptor === 'WM SUPERCENTER');
    expect(catalog.merchants.find((m) => m.id === walmart?.merchantId)?.name).toBe('Walmart');
  });

  it('holds third parties with uppercase prefixes and websites', () => {
    const square = catalog.thirdParties.find((party) => party.name === 'Square');
    expect(square).toMatchObject({ type: 'payment_processor', website: 'https://squareup.com' });
    expect(square!.prefixes).toContain('SQ *');
    for (const party of catalog.thirdParties) {
      expect(party.id).toMatch(/^[0-9a-f-]{36}$/);
      for (const prefix of party.prefixes) expect(prefix).toBe(prefix.toUpperCase());
    }
  });

  it('holds geodata: countries, US states with ANSI codes, ZIP codes and cities', () => {
    const { geo } = catalog;
    expect(geo.countries.find((country) => country.alpha2 === 'us')).toMatchObject({ alpha3: 'usa' });
    expect(geo.regions.find((region) => region.country === 'us' && region.code === 'CA')).toMatchObject({
      name: 'California',
      ansi: '06',
    });
    expect(geo.regions.filter((region) => region.country === 'ca')).toHaveLength(13);
    expect(geo.zips.find(([zip]) => zip === '10001')).toEqual(['10001', 'New York', 'NY', 40.7484, -73.9967]);
    expect(geo.zips.find(([zip]) => zip === 'M5V')?.[2]).toBe('ON');
    const albuquerque = geo.cities.find(([name, country]) => name === 'Albuquerque' && country === 'us');
    expect(albuquerque?.[2]).toBe('NM');
    // Abroad, towns from 15,000 people; in Britain, Ireland, Australia, New Zealand and Canada from 1,000.
    const small = geo.cities.filter(
      ([, country, , , , population]) => country !== 'us' && population < 15_000,
    );
    expect(
      small.filter(
        ([, country, , , , population]) =>
          !['gb', 'ie', 'au', 'nz', 'ca'].includes(country) || population < 1_000,
      ),
    ).toEqual([]);
    expect(small.some(([name, country]) => name === 'Bondi Beach' && country === 'au')).toBe(true);
  });

  it('has stats with the keys the CLI promises', () => {
    const stats = catalogStats(catalog);
    for (const key of [
      'merchants',
      'usMerchants',
      'withWebsite',
      'withLogo',
      'thirdParties',
      'aliases',
      'industries',
      'mccsMapped',
    ] as const) {
      expect(typeof stats[key], key).toBe('number');
    }
    expect(stats.merchants).toBe(catalog.merchants.length);
    expect(Object.keys(stats.byCountry)[0]).toBe('us');
    expect(stats.mccsMapped).toBe(catalog.mccs.length);
    expect(stats.byTopLevelIndustry.reduce((sum, industry) => sum + industry.merchants, 0)).toBe(
      stats.merchants,
    );
  });
});
