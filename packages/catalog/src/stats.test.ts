import { describe, expect, it } from 'vitest';
import { catalogStats, countCatalog, formatStats, logoSourceOf } from './stats.js';
import type { Catalog, Merchant } from './types.js';

function merchant(key: string, logo: string | null): Merchant {
  return {
    id: key,
    key,
    name: key,
    legalName: null,
    website: null,
    logo,
    industryId: '011-000-000-000',
    countries: ['us'],
    regions: [],
    channel: 'physical',
    aliases: [],
    popularity: 0.5,
    sources: ['nsi'],
    wikidata: null,
  };
}

const body: Omit<Catalog, 'manifest'> = {
  industries: [{ id: '011-000-000-000', name: 'Food', icon: 'food.svg', parentId: null }],
  merchants: [
    merchant('a', 'https://commons.wikimedia.org/wiki/Special:FilePath/A%20logo.svg'),
    merchant('b', 'https://cdn.simpleicons.org/b'),
    merchant('c', 'https://icons.duckduckgo.com/ip3/c.com.ico'),
    merchant('d', 'https://icons.duckduckgo.com/ip3/d.com.ico'),
    merchant('e', null),
  ],
  thirdParties: [],
  descriptorAliases: [],
  unknownFacilitatorPrefixes: [],
  dictionaryWords: [],
  englishWords: [],
  mccs: [],
  geo: { countries: [], regions: [], zips: [], cities: [] },
};

const photoRejected = {
  total: 2,
  byRule: { 'flickr-number': 1, scene: 1 },
  replacedBy: { 'simple-icons': 0, favicon: 1, none: 1 },
};

function catalogOf(counts: ReturnType<typeof countCatalog>): Catalog {
  return {
    manifest: { format: 2, version: '0.1.0', buildHash: 'f'.repeat(64), sources: {}, counts },
    ...body,
  };
}

describe('logo counts', () => {
  it('reads the source of a logo URL', () => {
    expect(body.merchants.map((m) => logoSourceOf(m.logo))).toEqual([
      'wikidata',
      'simple-icons',
      'favicon',
      'favicon',
      'none',
    ]);
  });

  it('counts logos by kind in the manifest when the build says which photos it refused', () => {
    expect(countCatalog(body).logoKinds).toBeUndefined();
    expect(countCatalog(body, photoRejected).logoKinds).toEqual({
      logo: 2,
      favicon: 2,
      missing: 1,
      photoRejected,
    });
  });

  it('shows the kinds in stats, text included', () => {
    const stats = catalogStats(catalogOf(countCatalog(body, photoRejected)));
    expect(stats.logoKinds).toEqual({ logo: 2, favicon: 2, missing: 1, photoRejected });
    const text = formatStats(stats);
    expect(text).toContain(`  ${'brand logo (a Commons logo or a Simple Icons icon)'.padEnd(50)} 2 (40.0%)`);
    expect(text).toContain(`  ${'favicon of the website'.padEnd(50)} 2 (40.0%)`);
    expect(text).toContain(`  ${'missing'.padEnd(50)} 1 (20.0%)`);
    expect(text).toContain(`  ${'Commons photos refused as logos'.padEnd(50)} 2`);
    expect(text).toContain(`  ${'  replaced by favicon'.padEnd(50)} 1`);
    expect(text).toContain(`  ${'  rule flickr-number'.padEnd(50)} 1`);
  });

  it('says when an older artifact did not count refused photos', () => {
    const stats = catalogStats(catalogOf(countCatalog(body)));
    expect(stats.logoKinds).toEqual({ logo: 2, favicon: 2, missing: 1, photoRejected: null });
    expect(formatStats(stats)).toContain('not counted in this artifact: rebuild it');
  });
});
