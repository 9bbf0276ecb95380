import { isWordOrCutStart } from '../normalize/text.js';

/**
 * Words that name an industry. When a descriptor carries such a word that a
 * brand's own name does not explain, it is evidence against that brand:
 * `SHELL BEACH CAFE` is a cafe, not Shell; `APPLE VALLEY DENTAL` is a dentist.
 * Keys are the first group of top-level industry ids of the catalog's taxonomy.
 */
export const industryWordGroups: Readonly<Record<string, readonly string[]>> = {
  /** Food and Drink */
  '011': [
    'cafe',
    'coffee',
    'grill',
    'pizza',
    'pizzeria',
    'bakery',
    'bistro',
    'diner',
    'kitchen',
    'taqueria',
    'panaderia',
    'sushi',
    'bbq',
    'burger',
    'burgers',
    'deli',
    'restaurant',
    'restaurants',
    'steakhouse',
    'tavern',
    'pub',
    'bar',
    'cantina',
    'eatery',
    'donut',
    'donuts',
    'bagel',
    'bagels',
    'noodle',
    'noodles',
    'ramen',
    'pho',
    'thai',
    'wok',
    'wings',
    'creamery',
    'saloon',
    'liquor',
    'liquors',
    'brewery',
    'brewing',
    'winery',
    'catering',
    'yogurt',
    'gyro',
    'tacos',
    'seafood',
  ],
  /** Personal Care and Fitness */
  '010': [
    'salon',
    'nails',
    'manicure',
    'nail',
    'spa',
    'barber',
    'barbershop',
    'beauty',
    'lashes',
    'tattoo',
    'massage',
    'yoga',
    'fitness',
    'laundry',
    'laundromat',
    'cleaners',
  ],
  /** Healthcare */
  '009': [
    'dental',
    'dentist',
    'dds',
    'dmd',
    'clinic',
    'medical',
    'pediatrics',
    'dermatology',
    'orthopedics',
    'orthodontics',
    'chiropractic',
    'optometry',
    'vision',
    'hospital',
    'urgent',
    'therapy',
    'veterinary',
    'veterinarian',
    'vet',
    'animal',
    'practice',
    'physical',
  ],
  /** Grocery stores: a `MARKET` after a restaurant's name is another business (`COUNTRY PRIDE MARKET`). */
  '011-007': ['market', 'markets', 'grocery', 'groceries', 'supermarket', 'supermercado', 'carniceria'],
  /** Pharmacies: a drugstore's word after a lender's or a hotel's name (`COLLEGE AVE PHARMACY`) is a drugstore's. */
  '009-005': ['pharmacy', 'pharmacies', 'drugstore', 'drugs'],
  /** Home and Services */
  '019': [
    'heating',
    'cooling',
    'plumbing',
    'roofing',
    'electric',
    'electrical',
    'hvac',
    'landscaping',
    'lawn',
    'cleaning',
    'pest',
    'construction',
    'contractors',
    'tile',
    'flooring',
    'carpet',
    'carpets',
    'rugs',
    'hose',
    'rubber',
    'painting',
    'moving',
    'movers',
    'storage',
    'locksmith',
    'lumber',
    'door',
    'doors',
    'window',
    'windows',
    'irrigation',
    'fence',
    'fencing',
    'gutters',
    'septic',
    'glass',
    'paving',
  ],
  /** Parking: a meter or a garage of a city's, not its ferry's (`NYC DOT PARKING METER`). */
  '013-013': ['parking', 'meter', 'meters'],
  /** Lending: a mortgage broker named like a fuel brand (`CLARK MORTGAGE`); a bank's mortgage is its own. */
  '005': ['mortgage', 'lending', 'loans', 'title'],
  /**
   * Car repair and sales: a body shop or a dealer named like a fuel brand (`CLARK COLLISION`, `CLARK MOTORS`);
   * a dealer's, a parts store's or a tire store's are theirs.
   */
  '014-003': ['collision', 'transmission', 'body', 'tire', 'tires', 'motors'],
  /** Transportation and Auto */
  '014': ['gas', 'auto', 'automotive', 'towing', 'carwash', 'lube'],
  /** Entertainment and Media */
  '015': [
    'theatre',
    'theater',
    'cinema',
    'range',
    'golf',
    'bowling',
    'arena',
    'field',
    'stadium',
    'concessions',
    'gun',
    'shooting',
    'marina',
  ],
  /** Shopping: a shop of another trade named like a fuel or food brand (`CLARK CLOTHING`, `CLARK PAWN`). */
  '012': [
    'clothing',
    'apparel',
    'boutique',
    'thrift',
    'consignment',
    'pawn',
    'vape',
    'jewelers',
    'jewelry',
    'florist',
    'furniture',
    'outfitters',
    'antiques',
    'appliance',
    'appliances',
  ],
  /** Utilities: a brand of another line inside a utility's name (`SPRINGFIELD GAS CO` is no clothing store). */
  '018': ['water', 'sewer', 'power', 'energy', 'utility', 'utilities'],
  /** Telecom and Internet */
  '017': ['wireless', 'cable', 'telecom', 'broadband'],
  /** Travel: rooms and rides (`SAFEWAY TAXI` is no grocer). */
  '013': [
    'hotel',
    'hotels',
    'motel',
    'inn',
    'lodge',
    'suites',
    'resort',
    'taxi',
    'cab',
    'limo',
    'limousine',
    'shuttle',
  ],
  /** Professional and Business Services */
  '020': [
    'law',
    'attorney',
    'cpa',
    'accounting',
    'insurance',
    'realty',
    'consulting',
    'church',
    'school',
    'academy',
  ],
};

/**
 * Words that make a brand's name the name of another kind of place: an
 * institution or a family business (`NORDSTROM FAMILY ORCHARD`, `WESTFIELD HIGH
 * ATHLETICS`, `DISCOVERY CHILDRENS MUSEUM`, `GOLDSMITHS GALLERY`). No brand's
 * outlet prints them after its name unless its own name has them.
 */
export const otherEntityWords: readonly string[] = [
  'museum',
  'gallery',
  'galleries',
  'orchard',
  'orchards',
  'ranch',
  'coop',
  'cooperative',
  'farm',
  'farms',
  'church',
  'chapel',
  'temple',
  'synagogue',
  'mosque',
  'ministries',
  'school',
  'schools',
  'high',
  'elementary',
  'academy',
  'university',
  'college',
  'athletics',
  'athletic',
  'boosters',
  'foundation',
  'family',
  'childrens',
];

/** Venues named after a sponsor print its name first (`AMERICAN AIRLINES CTR`, `WELLS FARGO CENTER`, `PNC PARK`). */
export const venueWords: ReadonlySet<string> = new Set([
  'center',
  'centre',
  'ctr',
  'arena',
  'stadium',
  'field',
  'park',
  'ballpark',
  'pavilion',
  'amphitheater',
  'amphitheatre',
  'coliseum',
  'dome',
]);

/** A word of the land after a brand's word makes a place's name of it (`WATSONS BAY PHARMACY`, `SHELL BEACH`). */
export const placeFeatureWords: ReadonlySet<string> = new Set([
  'bay',
  'beach',
  'creek',
  'lake',
  'lakes',
  'valley',
  'river',
  'harbor',
  'harbour',
  'heights',
  'hills',
  'falls',
  'island',
  'springs',
]);

const wordGroups = Object.entries(industryWordGroups).flatMap(([group, words]) =>
  words.map((word) => [word, group] as const),
);
const industryWordGroup: ReadonlyMap<string, string> = new Map(wordGroups);

/**
 * The industry a word names (a top-level group, or a second-level one such as
 * grocery), also when the word is truncated (`VETERINAR`).
 */
export function industryOfWord(token: string): string | undefined {
  const exact = industryWordGroup.get(token);
  if (exact || token.length < 6) return exact;
  return wordGroups.find(([word]) => word.startsWith(token))?.[1];
}

/** Whether a whole word names a trade (`PUB`, `GRILL`): printed whole, not a longer word the field cut. */
export const isTradeWord = (token: string): boolean => industryWordGroup.has(token);

/** The industries a name's words say (`IWV WATER DIST`: utilities), one per word that names a trade. */
const tradesNamed = (name: string): string[] =>
  name.split(' ').flatMap((word) => industryOfWord(word.toLowerCase()) ?? []);

/** Whether a name says a trade in one of its words (`COLORADO DERMATOLOGY G`, `ARLINGTON THEATRE TICKETS`). */
export const namesTrade = (name: string): boolean => tradesNamed(name).length > 0;

/**
 * Trades that bill and lend nothing: health care, personal care, food, telecom, utilities, home and
 * professional services. Shops (store cards), auto (car loans) and travel are left out.
 */
const billingTrades = ['009', '010', '011', '017', '018', '019', '020'];

/** Whether a name says a trade that bills and lends nothing (`IWV WATER DIST`, `LAKESIDE DENTAL`). */
export const namesBillingTrade = (name: string): boolean =>
  tradesNamed(name).some((group) => billingTrades.includes(group.slice(0, 3)));

/**
 * The industries whose brands a second-level group's words fit (see `industryWordGroups`): its own, and those
 * that sell or run the same beside their line.
 */
const groupFitsIn: Readonly<Record<string, readonly string[]>> = {
  // Department stores, superstores, drugstores and fuel stations sell groceries too (`WALMART NEIGHBORHOOD
  // MKT`, `SHELL FOOD MART`); a clothing chain does not (`SPRINGFIELD MARKET`).
  '011-007': [
    '011-007',
    '012-001',
    '012-002',
    '012-003',
    '012-008',
    '012-014',
    '012-023',
    '012-024',
    '014-001',
  ],
  // A pharmacy counter: health care and health plans that run their own (`KAISER PHARMACY`), supermarkets
  // (`KROGER PHARMACY`), department stores, superstores and online marketplaces.
  '009-005': ['009', '005-010-002', '011-007', '012-001', '012-003', '012-008'],
  // Car repair and sales: repair shops, parts stores, dealers, department stores and warehouse clubs
  // (`COSTCO TIRE CENTER`).
  '014-003': ['014-003', '014-005', '014-006', '012-001', '012-003'],
  // Parking: garages, and the airports, hotels, public bodies, colleges, hospitals and venues that run their
  // own (`CITY OF SANTA BARBARA PARKING`, `DUKE UNIV PARKING`), never a ferry (`NYC DOT PARKING METER`).
  '013-013': ['013-013', '013-010', '013-002', '006', '008', '009-003', '015'],
};

/** Whether a word's industry (`industryOfWord`) is the brand's own: its top level, or the second level it names. */
export function wordFitsIndustry(group: string, industryId: string): boolean {
  return (groupFitsIn[group] ?? [group]).some((industry) => industryId.startsWith(industry));
}

/** Whether a word names another kind of place than a brand's outlet, also truncated (`ATHLETI`). */
export function namesOtherEntity(token: string): boolean {
  if (token.length < 4) return false;
  return otherEntityWords.some((word) => word === token || (token.length >= 5 && word.startsWith(token)));
}

/** Hosts of point-of-sale processors: a sale through them was usually made in person. */
export const pointOfSaleHosts: ReadonlySet<string> = new Set([
  'squareup.com',
  'toasttab.com',
  'clover.com',
  'sumup.com',
  'zettle.com',
  'heartlandpaymentsystems.com',
  'spotonpos.com',
]);

/** Tokens that never tell one merchant from another (`STARBUCKS STORE`, `WHOLEFDS MKT`, `ACME LLC`). */
export const fillerWords: ReadonlySet<string> = new Set([
  'store',
  'stores',
  'str',
  'shop',
  'retail',
  'inc',
  'llc',
  'ltd',
  'corp',
  'co',
  'company',
  'the',
  'and',
  'of',
  'usa',
  'us',
  'online',
  'com',
  'www',
  'purchase',
  'payment',
  'pmt',
  'pyt',
  'bill',
  'order',
  'subscription',
  'recurring',
  'autopay',
  'fuel',
]);

/** Filler words that say a card was used at the brand's forecourt (`COSTCO FUEL`): in a company's name they are the name's. */
export const forecourtWords: ReadonlySet<string> = new Set(['fuel']);

/** The shop at a fuel brand's station, printed after its name (`CHEVRON FOOD MART`, `SHELL MINI MART`). */
export const stationShopWords: ReadonlySet<string> = new Set([
  'food',
  'mart',
  'mini',
  'minimart',
  'foodmart',
]);
/** Fuel stations, whose shop the line may name after the brand. */
export const sellsFuel = (industryId: string) => industryId.startsWith('014-001');

/**
 * Words banks print about the account and the entry (`ACCT BAL REBATE`, `TFR-TO`): a name made of them is
 * generic, however rare the word, and a brand that one of them names needs more of the line to agree.
 */
export const bankWords: ReadonlySet<string> = new Set(['acct', 'tfr', 'xfer', 'trnsfr', 'pymt', 'pmt']);

/**
 * Words that say what kind of institution a name is (`COASTAL CAROLINA` is not Coastal Carolina University):
 * a line that stops before one does not name the institution.
 */
export const institutionWords: ReadonlySet<string> = new Set([
  'university',
  'college',
  'institute',
  'academy',
  'seminary',
  'school',
]);

/** Legal-entity words: a brand's store descriptor rarely carries one after a partial match. */
/**
 * Words that only carry on a company's name (`CLARK LOGISTICS`, `LINCOLN HOLDINGS`): after a brand's name that
 * lacks them, another company's.
 */
export const companyWords: ReadonlySet<string> = new Set([
  'logistics',
  'holdings',
  'enterprises',
  'partners',
  'associates',
  'solutions',
  'systems',
  'technologies',
  'industries',
  'properties',
  'consulting',
  'staffing',
  'management',
  'builders',
  'trucking',
  'transport',
  'enterprise',
  'sales',
]);

/** A company's word, also cut by the field (`TECHNOLOGI`, `HOLDIN`). */
export const isCompanyWord = (token: string): boolean => isWordOrCutStart(companyWords, token);

export const legalEntityWords: ReadonlySet<string> = new Set([
  'llc',
  'inc',
  'ltd',
  'corp',
  'pllc',
  'pc',
  'pa',
  'lp',
  'llp',
]);

/**
 * Top-level industries that share merchants often enough that an MCC of one
 * says little against a brand of another (streaming billed as cable TV,
 * grocery chains selling fuel and goods, airlines and ground transport).
 */
export const relatedTopLevels: readonly (readonly string[])[] = [
  ['015', '016', '017'],
  ['011', '012'],
  ['013', '014'],
  ['002', '004', '005'],
];

/** Banks and credit unions: who owns an ATM. */
export const banksIndustry = '005-001-000-000';
/** Industries whose payments are debt: banks, card issuers, lenders, buy-now-pay-later, collectors. */
const lendingIndustries = ['005-001', '005-002', '005-003', '005-004', '005-012'];
/**
 * Whether an industry lends: who owns an ATM, who a card or loan is paid to. Insurers, payroll providers and
 * wallets are financial services too, but a payment to them is spending.
 */
export const lendsMoney = (industryId: string) => lendingIndustries.includes(industryId.slice(0, 7));
/**
 * Card issuers and lenders: a bank card's payment to one (`AMZ SECURED CARD ... DEBIT CARD`) pays a card or a
 * loan. Cash-advance apps are paid by card for their membership (`FLOATME SUBSCRIPTI`), not for the advance.
 */
export const issuesCreditOrLoans = (industryId: string) =>
  ['005-002', '005-003'].includes(industryId.slice(0, 7)) && !industryId.startsWith('005-003-005');
/** Money transfer and remittance companies (Wise, Remitly, Western Union, and the currency exchanges). */
export const sendsMoney = (industryId: string) => industryId.startsWith('005-008');
/**
 * Stores: an ACH payment to one (`KOHLS PAYMENT`, `BEST BUY AUTO PYMT`) pays the store's card, for a store
 * takes no other payment from a bank account.
 */
export const issuesStoreCards = (industryId: string) => industryId.startsWith('012');
/**
 * Vehicle dealers and makers: a payment to one from a bank account (`TESLA INC TESLA MOTO PPD`) pays a car's loan
 * or lease to its maker's finance arm, for a car is not bought by monthly ACH.
 */
export const financesVehicles = (industryId: string) => industryId.startsWith('014-006');
/**
 * Vehicle makers and their workshops: their names are sold and serviced under a dealer's own (`BROWN'S HONDA`,
 * `ROSEN NISSAN`), so the maker's name after other words is the dealer's.
 */
export const namedByDealers = (industryId: string) => ['014-003', '014-006'].includes(industryId.slice(0, 7));
/**
 * Shops, restaurants, salons, clinics, stations and venues: their lines name the branch after the brand
 * (`LIDL E-TUNA RABERGSTO`); a company of another line (`THALES/SPIRIT INFLYT`) has no branches to name.
 */
export const namesItsBranches = (industryId: string) =>
  ['009', '010', '011', '012', '014', '015'].includes(industryId.slice(0, 3));
/**
 * Professional and business services: words after such a company's name on a card line are another's, for it
 * sells people nothing of its own (`THALES/SPIRIT INFLYT` is the airline's wifi).
 */
export const servesBusinesses = (industryId: string) => industryId.startsWith('020');
/** Cash machine operators (`CARDTRONICS`, `NOTEMACHINE UK LTD`): money paid to one is cash from its machine. */
export const operatesAtms = (industryId: string) => industryId.startsWith('003-001');
/** Tax agencies: money in from one is a tax refund. */
export const collectsTaxes = (industryId: string) => industryId.startsWith('006-001');
/** Insurers: money in from one pays a claim or returns a premium. */
export const insures = (industryId: string) => industryId.startsWith('005-010');
/** Landlords and property managers: money paid to one from a bank account is rent. */
export const collectsRent = (industryId: string) => ['021-001', '021-002'].includes(industryId.slice(0, 7));
/** Brokerages, retirement accounts and crypto exchanges: money moved to them is invested. */
export const investsMoney = (industryId: string) => ['005-005', '005-006'].includes(industryId.slice(0, 7));
