import { describe, expect, it } from 'vitest';
import { uuidv5 } from '../uuid.js';
import type { CuratedDescriptorAlias, CuratedMerchant } from './curated.js';
import { emptyCoverage } from './locations.js';
import { type MergeInput, mergeMerchants } from './merchants.js';
import type { NsiDraft } from './nsi.js';
import type { SimpleIconDraft } from './simple-icons.js';

function nsi(
  fields: Partial<NsiDraft> & { key: string; names: string[] },
  countries: string[] = ['us'],
): NsiDraft {
  const coverage = emptyCoverage();
  if (countries.length === 0) coverage.global = true;
  for (const country of countries) coverage.countries.add(country);
  return {
    wikidata: fields.key.startsWith('wikidata:') ? fields.key.slice('wikidata:'.length) : null,
    aliases: [],
    industryIds: ['011-002-000-000'],
    categories: 1,
    kind: 'brand',
    coverage,
    domain: null,
    domains: [],
    logo: null,
    rejectedLogo: null,
    ...fields,
  };
}

function curated(fields: Partial<CuratedMerchant> & { name: string }): CuratedMerchant {
  return {
    legalName: null,
    domain: null,
    industry: '015-001-000-000',
    channel: null,
    countries: [],
    aliases: [],
    wikidata: null,
    file: 'merchants/test.json',
    ...fields,
  };
}

function merge(input: Partial<MergeInput>) {
  return mergeMerchants({
    nsi: [],
    curated: [],
    icons: [],
    descriptorAliases: [],
    wikidata: () => null,
    mccIndustries: { '5411': '011-007-000-000', '5912': '009-005-000-000', '5815': '015-006-000-000' },
    cardNotPresentMccs: new Set(['5815']),
    ...input,
  });
}

describe('mergeMerchants', () => {
  it('keeps same-named brands with different Wikidata ids apart', () => {
    const { merchants } = merge({
      nsi: [
        nsi({ key: 'wikidata:Q1046951', names: ['Target'], domain: 'target.com', domains: ['target.com'] }),
        nsi(
          {
            key: 'wikidata:Q7685854',
            names: ['Target'],
            domain: 'target.com.au',
            domains: ['target.com.au'],
          },
          ['au'],
        ),
      ],
    });
    expect(merchants.map((m) => [m.key, m.countries])).toEqual([
      ['wikidata:Q1046951', ['us']],
      ['wikidata:Q7685854', ['au']],
    ]);
  });

  it('joins a curated merchant to the NSI brand of its Wikidata id, keeping every alias and source', () => {
    const { merchants } = merge({
      nsi: [
        nsi(
          {
            key: 'wikidata:Q37158',
            names: ['Starbucks'],
            aliases: ['starbucks coffee'],
            domain: 'starbucks.com',
          },
          [],
        ),
      ],
      curated: [
        curated({ name: 'Starbucks', domain: 'starbucks.com', wikidata: 'Q37158', aliases: ['SBUX'] }),
      ],
    });
    expect(merchants).toHaveLength(1);
    const [starbucks] = merchants;
    expect(starbucks).toMatchObject({
      id: uuidv5('wikidata:Q37158'),
      key: 'wikidata:Q37158',
      name: 'Starbucks',
      website: 'https://starbucks.com',
      sources: ['nsi', 'curated'],
      channel: 'mixed',
      countries: [],
      industryId: '015-001-000-000',
    });
    expect(starbucks!.aliases).toEqual(['SBUX', 'starbucks coffee']);
  });

  it("narrows a brand NSI places everywhere to the curated list's countries, and widens a placed one", () => {
    const { merchants } = merge({
      nsi: [
        nsi({ key: 'wikidata:Q958209', names: ['Springfield'], domain: 'myspringfield.com' }, []),
        nsi({ key: 'wikidata:Q1', names: ['Lidl'], domain: 'lidl.com' }, ['de']),
      ],
      curated: [
        curated({ name: 'Springfield', domain: 'myspringfield.com', countries: ['es', 'pt'] }),
        curated({ name: 'Lidl', domain: 'lidl.com', countries: ['us'] }),
      ],
    });
    expect(merchants.map((m) => [m.name, m.countries])).toEqual([
      ['Lidl', ['de', 'us']],
      ['Springfield', ['es', 'pt']],
    ]);
  });

  it('joins by domain only when the names agree', () => {
    const { merchants } = merge({
      nsi: [
        nsi({ key: 'wikidata:Q672170', names: ['Publix'], domain: 'publix.com', domains: ['publix.com'] }),
        nsi({ key: 'wikidata:Q2', names: ['Amazon Locker'], domain: 'amazon.com', domains: ['amazon.com'] }),
      ],
      curated: [
        curated({ name: 'Publix Super Markets', domain: 'publix.com' }),
        curated({ name: 'Amazon', domain: 'amazon.com' }),
      ],
    });
    const byKey = Object.fromEntries(merchants.map((m) => [m.key, m]));
    expect(byKey['wikidata:Q672170']!.sources).toEqual(['nsi', 'curated']);
    expect(byKey['wikidata:Q2']!.sources).toEqual(['nsi']);
    expect(byKey['domain:amazon.com']).toMatchObject({
      name: 'Amazon',
      sources: ['curated'],
      channel: 'digital',
    });
  });

  it('adds simple-icons brands with an own domain, joins them, and drops the rest', () => {
    const icons: SimpleIconDraft[] = [
      { slug: 'netflix', title: 'Netflix', aliases: [], domain: 'netflix.com' },
      { slug: 'vite', title: 'Vite', aliases: [], domain: null },
      { slug: 'spotify', title: 'Spotify', aliases: ['Spotify AB'], domain: 'spotify.com' },
    ];
    const result = merge({ icons, curated: [curated({ name: 'Netflix', domain: 'netflix.com' })] });
    expect(result.droppedIcons).toBe(1);
    expect(result.merchants.map((m) => [m.key, m.sources, m.logo, m.channel])).toEqual([
      ['domain:netflix.com', ['simple-icons', 'curated'], 'https://cdn.simpleicons.org/netflix', 'digital'],
      ['domain:spotify.com', ['simple-icons'], 'https://cdn.simpleicons.org/spotify', 'digital'],
    ]);
  });

  it("joins an icon from a brand's site of one country to the brand, never a project of the same name", () => {
    const icons: SimpleIconDraft[] = [
      { slug: 'harbor', title: 'Harbor', aliases: [], domain: 'harbor.ie' },
      { slug: 'roots', title: 'Roots', aliases: [], domain: 'roots.io' },
    ];
    const result = merge({
      icons,
      nsi: [
        nsi({ key: 'wikidata:Q1', names: ['Harbor'], domain: 'harbor.com' }),
        nsi({ key: 'wikidata:Q2', names: ['Roots'], domain: 'roots.com' }),
      ],
    });
    const sourcesByKey = Object.fromEntries(result.merchants.map((m) => [m.key, [...m.sources].sort()]));
    expect(sourcesByKey).toEqual({
      'wikidata:Q1': ['nsi', 'simple-icons'],
      'wikidata:Q2': ['nsi'],
      'domain:roots.io': ['simple-icons'],
    });
  });

  it('gives a simple-icons brand the trade its name says, else digital services', () => {
    const icons: SimpleIconDraft[] = [
      { slug: 'harborair', title: 'Harbor Air', aliases: [], domain: 'harborair.com' },
      { slug: 'harborbank', title: 'Harbor Bank', aliases: [], domain: 'harborbank.com' },
      { slug: 'harborapp', title: 'Harbor App', aliases: [], domain: 'harborapp.com' },
    ];
    const industries = Object.fromEntries(merge({ icons }).merchants.map((m) => [m.name, m.industryId]));
    expect(industries).toEqual({
      'Harbor Air': '013-001-000-000',
      'Harbor Bank': '005-001-000-000',
      'Harbor App': '016-000-000-000',
    });
  });

  it('prefers a Commons logo, then Simple Icons, then the favicon of the website', () => {
    const { merchants } = merge({
      nsi: [
        nsi({
          key: 'wikidata:Q1',
          names: ['A'],
          domain: 'a.com',
          logo: 'https://commons.wikimedia.org/a.svg',
        }),
        nsi({ key: 'wikidata:Q3', names: ['C'], domain: 'c.com' }),
        nsi({ key: 'nsi:d-123456', names: ['D'] }),
      ],
    });
    expect(merchants.map((m) => [m.name, m.logo])).toEqual([
      ['D', null],
      ['A', 'https://commons.wikimedia.org/a.svg'],
      ['C', 'https://icons.duckduckgo.com/ip3/c.com.ico'],
    ]);
  });

  it('gives a brand whose Commons image is a photograph the next logo, and records why', () => {
    const photo = {
      url: 'https://commons.wikimedia.org/w/index.php?title=Special%3ARedirect%2Ffile%2FBlue%20Bottle%20Mint%20Plaza%20(14764565700).jpg&width=150',
      rule: 'flickr-number',
    };
    const withPhoto = (key: string, name: string, domain: string | null) =>
      nsi({ key, names: [name], domain, domains: domain ? [domain] : [], logo: null, rejectedLogo: photo });
    const { merchants } = merge({
      nsi: [
        withPhoto('wikidata:Q4928917', 'Blue Bottle Coffee', 'bluebottlecoffee.com'),
        withPhoto('wikidata:Q5', 'Spotify', 'spotify.com'),
        withPhoto('wikidata:Q6', 'Nowhere', null),
        nsi({ key: 'wikidata:Q7', names: ['Logo'], logo: 'https://commons.wikimedia.org/l.svg' }),
      ],
      icons: [{ slug: 'spotify', title: 'Spotify', aliases: [], domain: 'spotify.com' }],
    });
    expect(merchants.map((m) => [m.name, m.logo, m.logoSource, m.logoRejected])).toEqual([
      [
        'Blue Bottle Coffee',
        'https://icons.duckduckgo.com/ip3/bluebottlecoffee.com.ico',
        'favicon',
        'flickr-number',
      ],
      ['Spotify', 'https://cdn.simpleicons.org/spotify', 'simple-icons', 'flickr-number'],
      ['Nowhere', null, 'none', 'flickr-number'],
      ['Logo', 'https://commons.wikimedia.org/l.svg', 'wikidata', null],
    ]);
    // A refused photograph still shows a notable brand: popularity is that of a Commons logo.
    const nowhere = merchants.find((m) => m.name === 'Nowhere')!;
    const logo = merchants.find((m) => m.name === 'Logo')!;
    expect(nowhere.popularity).toBe(logo.popularity);
  });

  it('joins descriptor aliases by domain, by US brand name, or creates a merchant with a warning', () => {
    const aliases: CuratedDescriptorAlias[] = [
      { descriptor: 'CVS/PHARMACY', merchant: 'CVS Pharmacy', domain: 'cvs.com', mcc: '5912' },
      { descriptor: 'TEXAS ROADHOUSE', merchant: 'Texas Roadhouse', domain: 'texasroadhouse.com', mcc: null },
      { descriptor: 'FINNAIR', merchant: 'Finnair', domain: 'finnair.com', mcc: null },
    ];
    const result = merge({
      nsi: [
        nsi({
          key: 'wikidata:Q2078880',
          names: ['CVS Pharmacy'],
          domain: 'cvs.com',
          domains: ['cvs.com'],
          industryIds: ['012-014-000-000', '009-005-000-000'],
        }),
        nsi({ key: 'wikidata:Q7707945', names: ['Texas Roadhouse'], domain: 'texasroadhousemenues.com' }),
      ],
      descriptorAliases: aliases,
    });
    expect(aliases.map((alias) => result.aliasKeys.get(alias))).toEqual([
      'wikidata:Q2078880',
      'wikidata:Q7707945',
      'domain:finnair.com',
    ]);
    const byKey = Object.fromEntries(result.merchants.map((m) => [m.key, m]));
    // The alias MCC singles out the pharmacy among CVS's NSI categories.
    expect(byKey['wikidata:Q2078880']!.industryId).toBe('009-005-000-000');
    // The curated domain replaces the odd Wikidata website.
    expect(byKey['wikidata:Q7707945']!.website).toBe('https://texasroadhouse.com');
    expect(byKey['domain:finnair.com']).toMatchObject({
      name: 'Finnair',
      sources: ['curated'],
      industryId: '024-001-000-000',
    });
    expect(result.warnings).toEqual([
      'descriptor alias FINNAIR: no merchant has finnair.com; created merchant Finnair',
    ]);
  });

  it('names a brand as its descriptor aliases agree, unless only case or accents differ', () => {
    const alias = (descriptor: string, merchant: string, domain: string): CuratedDescriptorAlias => ({
      descriptor,
      merchant,
      domain,
      mcc: null,
    });
    const { merchants } = merge({
      nsi: [
        nsi({ key: 'wikidata:Q41171672', names: ['Aldi Süd'], domain: 'aldi.us', domains: ['aldi.us'] }),
        nsi({ key: 'wikidata:Q1', names: ['ARCO'], domain: 'arco.com', domains: ['arco.com'] }),
        nsi({ key: 'wikidata:Q2', names: ['Amazon'], domain: 'amazon.com', domains: ['amazon.com'] }),
      ],
      descriptorAliases: [
        alias('ALDI', 'Aldi', 'aldi.us'),
        alias('ARCO', 'Arco', 'arco.com'),
        alias('AMZN MKTP', 'Amazon Marketplace', 'amazon.com'),
        alias('AMAZON.COM', 'Amazon', 'amazon.com'),
      ],
    });
    expect(merchants.map((m) => m.name).sort()).toEqual(['ARCO', 'Aldi', 'Amazon']);
  });

  it("drops an alias that is a better-known merchant's name in the same country, never a curated one", () => {
    const { merchants } = merge({
      nsi: [
        nsi({ key: 'wikidata:Q5495932', names: ['Fred Meyer'], domain: 'fredmeyer.com' }, []),
        nsi({ key: 'wikidata:Q5495935', names: ['Fred Meyer Jewelers'], aliases: ['fred meyer', 'fmj'] }),
        nsi({ key: 'wikidata:Q3', names: ['MetaBank'], domain: 'mbank.com.ua' }, ['ua']),
        nsi({ key: 'wikidata:Q4', names: ['Pathward'], aliases: ['metabank'] }),
        nsi({ key: 'wikidata:Q5', names: ['Citibank'] }, []),
      ],
      curated: [curated({ name: 'Citi', domain: 'citi.com', aliases: ['CITIBANK'], countries: ['us'] })],
    });
    const aliasesOf = (name: string) => merchants.find((m) => m.name === name)!.aliases;
    expect(aliasesOf('Fred Meyer Jewelers')).toEqual(['fmj']);
    expect(aliasesOf('Pathward')).toEqual(['metabank']);
    expect(aliasesOf('Citi')).toEqual(['CITIBANK']);
  });

  it('gives a generic curated counterparty without a website a name key', () => {
    const { merchants } = merge({ curated: [curated({ name: 'State Tax Department', countries: ['us'] })] });
    expect(merchants[0]).toMatchObject({
      key: 'curated:state-tax-department',
      id: uuidv5('curated:state-tax-department'),
      website: null,
      logo: null,
      countries: ['us'],
    });
  });

  it('scores popularity within 0..1, curated and global brands higher', () => {
    const { merchants } = merge({
      nsi: [
        nsi(
          {
            key: 'wikidata:Q38076',
            names: ["McDonald's"],
            domain: 'mcdonalds.com',
            logo: 'https://x.org/m.svg',
            categories: 2,
          },
          [],
        ),
        nsi({ key: 'nsi:local-abc123', names: ['Local Diner'] }),
      ],
    });
    const [global, local] = [
      merchants.find((m) => m.name === "McDonald's")!,
      merchants.find((m) => m.name === 'Local Diner')!,
    ];
    expect(global.popularity).toBeGreaterThan(local.popularity);
    for (const m of merchants) expect(m.popularity).toBeGreaterThanOrEqual(0);
    for (const m of merchants) expect(m.popularity).toBeLessThanOrEqual(1);
    expect(local.popularity).toBe(0.15);
  });
});
