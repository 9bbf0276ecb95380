/**
 * Invented local businesses and people: the unknown merchants of a statement
 * (a restaurant, a barber, a plumber) and the payees of P2P payments. The
 * generator checks every invented business name against the catalog, so a
 * row whose truth says "no counterparty" never names a catalog brand.
 */

/** A kind of local business: how it is named, its MCC, amounts and how it takes cards. */
export interface LocalKind {
  id: string;
  weight: number;
  mcc: string;
  amount: readonly [number, number];
  hours: readonly [number, number];
  /** Nouns that end its name (`BAKERY`, `AUTO REPAIR`). */
  nouns: readonly string[];
  /** Name patterns that suit it (see `namePatterns`). */
  patterns: readonly NamePattern[];
  /** Facilitator prefixes by weight; `''` = none (its own merchant account). `IN *` bills by invoice. */
  facilitators: readonly (readonly [prefix: string, weight: number])[];
}

export type NamePattern =
  | 'possessive' // ROSA'S TAQUERIA
  | 'surname' // NGUYEN NAILS
  | 'the-adjective-animal' // THE HUNGRY PIG
  | 'place' // OAK STREET DELI
  | 'city' // SPOKANE BREWING CO
  | 'adjective-thing' // GOLDEN DRAGON RESTAURANT
  | 'cuisine' // PHO SAIGON, TAQUERIA EL SOL
  | 'professional'; // KOWALSKI FAMILY DENTISTRY

/** Splits a `|`-separated list (kept as one string so the formatter does not stack it). */
const list = (text: string): readonly string[] => text.split('|');

const fac = (...pairs: [string, number][]) => pairs;

export const localKinds: readonly LocalKind[] = [
  {
    id: 'restaurant',
    weight: 18,
    mcc: '5812',
    amount: [14, 120],
    hours: [11, 22],
    nouns: ['RESTAURANT', 'GRILL', 'KITCHEN', 'BISTRO', 'DINER', 'CANTINA', 'STEAKHOUSE', 'EATERY', 'TAVERN'],
    patterns: ['possessive', 'the-adjective-animal', 'place', 'adjective-thing', 'cuisine', 'city'],
    facilitators: fac(['TST* ', 40], ['SQ *', 15], ['', 40], ['CLR*', 3], ['TST.', 2]),
  },
  {
    id: 'cafe',
    weight: 12,
    mcc: '5814',
    amount: [3, 18],
    hours: [6, 16],
    nouns: ['COFFEE', 'CAFE', 'COFFEE CO', 'ESPRESSO', 'COFFEE HOUSE', 'ROASTERS'],
    patterns: ['possessive', 'place', 'adjective-thing', 'the-adjective-animal', 'city'],
    facilitators: fac(['SQ *', 50], ['TST* ', 15], ['', 30], ['SUMUP *', 3], ['CLR*', 2]),
  },
  {
    id: 'bakery',
    weight: 5,
    mcc: '5462',
    amount: [4, 45],
    hours: [6, 15],
    nouns: ['BAKERY', 'BAKE SHOP', 'DONUTS', 'PATISSERIE', 'BAGELS'],
    patterns: ['possessive', 'place', 'adjective-thing', 'city'],
    facilitators: fac(['SQ *', 45], ['TST* ', 10], ['', 45]),
  },
  {
    id: 'pizza',
    weight: 6,
    mcc: '5814',
    amount: [10, 48],
    hours: [11, 22],
    nouns: ['PIZZA', 'PIZZERIA', 'PIZZA CO', 'SLICE SHOP'],
    patterns: ['possessive', 'place', 'city', 'surname'],
    facilitators: fac(['TST* ', 30], ['SQ *', 15], ['', 50], ['CLR*', 5]),
  },
  {
    id: 'bar',
    weight: 6,
    mcc: '5813',
    amount: [8, 90],
    hours: [16, 23],
    nouns: ['PUB', 'TAPHOUSE', 'SALOON', 'LOUNGE', 'BREWING CO', 'TAP ROOM', 'BAR'],
    patterns: ['the-adjective-animal', 'place', 'possessive', 'city', 'adjective-thing'],
    facilitators: fac(['TST* ', 35], ['SQ *', 20], ['', 45]),
  },
  {
    id: 'food-truck',
    weight: 2,
    mcc: '5814',
    amount: [8, 30],
    hours: [11, 20],
    nouns: ['TACOS', 'FOOD TRUCK', 'BBQ', 'DUMPLINGS', 'BURGERS'],
    patterns: ['possessive', 'adjective-thing', 'cuisine'],
    facilitators: fac(['SQ *', 80], ['SUMUP *', 10], ['', 10]),
  },
  {
    id: 'market',
    weight: 5,
    mcc: '5411',
    amount: [4, 90],
    hours: [8, 21],
    nouns: ['MARKET', 'FOOD MART', 'GROCERY', 'MEAT MARKET', 'FARM STAND', 'PRODUCE'],
    patterns: ['possessive', 'place', 'surname', 'city'],
    facilitators: fac(['', 80], ['SQ *', 15], ['CLR*', 5]),
  },
  {
    id: 'liquor',
    weight: 2,
    mcc: '5921',
    amount: [8, 90],
    hours: [10, 22],
    nouns: ['LIQUORS', 'WINE & SPIRITS', 'LIQUOR STORE', 'BOTTLE SHOP'],
    patterns: ['place', 'possessive', 'city'],
    facilitators: fac(['', 90], ['SQ *', 10]),
  },
  {
    id: 'salon',
    weight: 5,
    mcc: '7230',
    amount: [20, 180],
    hours: [9, 19],
    nouns: ['SALON', 'HAIR STUDIO', 'NAILS', 'NAIL SPA', 'BEAUTY BAR', 'BARBER SHOP', 'BARBERSHOP'],
    patterns: ['possessive', 'surname', 'place', 'adjective-thing'],
    facilitators: fac(['SQ *', 45], ['', 50], ['SUMUP *', 5]),
  },
  {
    id: 'florist',
    weight: 1.5,
    mcc: '5992',
    amount: [25, 120],
    hours: [9, 18],
    nouns: ['FLOWERS', 'FLORIST', 'FLORAL DESIGN', 'BLOOMS'],
    patterns: ['possessive', 'place', 'adjective-thing', 'city'],
    facilitators: fac(['SQ *', 40], ['', 60]),
  },
  {
    id: 'boutique',
    weight: 4,
    mcc: '5651',
    amount: [15, 160],
    hours: [10, 19],
    nouns: ['BOUTIQUE', 'GIFTS', 'OUTFITTERS', 'VINTAGE', 'THRIFT', 'BOOKS', 'TOYS', 'CANDLE CO'],
    patterns: ['possessive', 'place', 'adjective-thing', 'the-adjective-animal'],
    facilitators: fac(['SQ *', 45], ['', 50], ['CLR*', 5]),
  },
  {
    id: 'hardware',
    weight: 1.5,
    mcc: '5251',
    amount: [4, 140],
    hours: [8, 18],
    nouns: ['HARDWARE', 'LUMBER', 'FEED & SUPPLY'],
    patterns: ['surname', 'place', 'city'],
    facilitators: fac(['', 100]),
  },
  {
    id: 'auto-repair',
    weight: 3,
    mcc: '7538',
    amount: [45, 1200],
    hours: [8, 18],
    nouns: ['AUTO REPAIR', 'AUTOMOTIVE', 'AUTO CARE', 'TIRE & AUTO', 'COLLISION', 'MUFFLER & BRAKE'],
    patterns: ['surname', 'place', 'city', 'possessive'],
    facilitators: fac(['', 85], ['SQ *', 10], ['IN *', 5]),
  },
  {
    id: 'car-wash',
    weight: 1.5,
    mcc: '7542',
    amount: [8, 35],
    hours: [8, 19],
    nouns: ['CAR WASH', 'AUTO SPA', 'EXPRESS WASH'],
    patterns: ['place', 'adjective-thing', 'city'],
    facilitators: fac(['', 100]),
  },
  {
    id: 'dry-cleaning',
    weight: 1.5,
    mcc: '7216',
    amount: [8, 70],
    hours: [8, 18],
    nouns: ['CLEANERS', 'DRY CLEANING', 'LAUNDRY', 'LAUNDROMAT'],
    patterns: ['place', 'surname', 'adjective-thing'],
    facilitators: fac(['', 70], ['SQ *', 30]),
  },
  {
    id: 'health',
    weight: 3,
    mcc: '8021',
    amount: [30, 450],
    hours: [8, 17],
    nouns: ['FAMILY DENTISTRY', 'DENTAL', 'CHIROPRACTIC', 'VETERINARY CLINIC', 'ANIMAL HOSPITAL', 'EYE CARE'],
    patterns: ['professional', 'city', 'place'],
    facilitators: fac(['', 95], ['SQ *', 5]),
  },
  {
    id: 'fitness-studio',
    weight: 1.5,
    mcc: '7997',
    amount: [15, 40],
    hours: [6, 20],
    nouns: ['YOGA', 'PILATES', 'CROSSFIT', 'MARTIAL ARTS', 'CLIMBING GYM', 'FITNESS'],
    patterns: ['place', 'city', 'adjective-thing'],
    facilitators: fac(['', 60], ['SQ *', 40]),
  },
  {
    id: 'trades',
    weight: 2,
    mcc: '1711',
    amount: [90, 1400],
    hours: [8, 18],
    nouns: [
      'PLUMBING',
      'HEATING & AIR',
      'ELECTRIC',
      'ROOFING',
      'LANDSCAPING',
      'PEST CONTROL',
      'HANDYMAN SVC',
    ],
    patterns: ['surname', 'city', 'place'],
    facilitators: fac(['IN *', 45], ['', 45], ['SQ *', 10]),
  },
];

export const firstNames = list(
  'MARIA|ROSA|TONY|SAL|JOE|LUCY|ANNA|MIKE|DAVE|LINDA|CARLOS|JUAN|PAPA|MAMA|NICK|GUS|ELLA|SAM' +
    '|RUBY|HANK|MOLLY|FRANK|BETTY|LUIGI|MEI|KIM|RAJ|ANITA|OMAR|YUKI|PEDRO|ELENA|IVAN|GRACE|HENRY' +
    '|OLIVIA|JAKE|NORA|SOFIA|MARCO|TERESA|WALT|EDDIE|DOTTIE|VINNY|CHLOE|DEE|AMIR|LENA|OTIS',
);

export const surnames = list(
  'NGUYEN|KOWALSKI|OKAFOR|HANSEN|MORALES|PATEL|SULLIVAN|BECKER|RAMIREZ|CHEN|ABERNATHY|DELGADO' +
    '|FITZGERALD|GALLAGHER|HOLLOWAY|IVERSON|JABLONSKI|KAPLAN|LINDQUIST|MCALLISTER|NAKAMURA' +
    '|OSTROWSKI|PETERSEN|QUINTERO|RASMUSSEN|SCHAEFER|TAKAHASHI|UNDERWOOD|VASQUEZ|WOJCIK|YAMAMOTO' +
    '|ZIMMERMAN|BRENNAN|CASTELLANO|DOUGHERTY|ESPINOZA|FERRARO|GRUBER|HUYNH|KEANE|LOMBARDI|MAGUIRE' +
    '|NOVAK|PHAM|ROMERO|STROUD|THIBODEAUX|VOSS|WHITAKER|ALVARADO',
);

export const adjectives = list(
  'HUNGRY|RUSTY|GOLDEN|BLUE|RED|LUCKY|LITTLE|OLD|HAPPY|SLEEPY|WILD|SILVER|CRIMSON|SALTY|HUMBLE' +
    '|CLEVER|NAUGHTY|GREEN|SMOKY|DAPPER|JOLLY|BRAVE|COPPER|ROSY|VELVET|MAPLE|STURDY|THIRSTY' +
    '|WANDERING|CROOKED',
);

export const animals = list(
  'PIG|FOX|OWL|HERON|BEAR|GOAT|RABBIT|CROW|MOOSE|OTTER|BADGER|HOUND|ROOSTER|TROUT|PELICAN|BISON' +
    '|COYOTE|SPARROW|LOBSTER|MULE|ANCHOR|LANTERN|SPOON|KETTLE|WHEEL|BARREL|COMPASS|ACORN|THISTLE' +
    '|PINE',
);

export const placeWords = list(
  'OAK STREET|MAIN ST|RIVERSIDE|LAKESIDE|HILLTOP|PARKVIEW|HARBOR|MILL CREEK|ELM ST|CEDAR|WILLOW' +
    '|BROADWAY|MARKET ST|NORTHSIDE|SOUTHGATE|EASTWOOD|WESTGATE|VALLEY|BAYSIDE|UPTOWN|DOWNTOWN' +
    '|OLD TOWN|FIFTH AVE|CHESTNUT|SUMMIT|CANYON|PRAIRIE|FOXGLOVE|BIRCHWOOD|STONEBRIDGE',
);

export const things = list(
  'DRAGON|LOTUS|STAR|SUN|MOON|TIDE|EMBER|ORCHID|FEATHER|PEBBLE|MEADOW|HARVEST|SPARROW|FIG' +
    '|SAFFRON|JUNIPER|CLOVER|MAGNOLIA|RIVER|STONE|PEAK|BLOSSOM',
);

/** Cuisine-style names: `PHO SAIGON`, `TAQUERIA EL SOL`, `SAKURA SUSHI`. */
export const cuisineNames = list(
  'PHO {w}|TAQUERIA {w}|{w} SUSHI|{w} THAI|{w} INDIAN CUISINE|{w} NOODLE HOUSE|EL {w} MEXICAN' +
    '|{w} RAMEN|{w} GYRO|{w} KOREAN BBQ|{w} DIM SUM|{w} TAPAS|CAFE {w}|{w} HALAL GRILL' +
    '|{w} PHO & GRILL',
);

export const cuisineWords = list(
  'SAIGON|EL SOL|SAKURA|BANGKOK|TAJ|HANOI|JALISCO|KYOTO|ATHENA|SEOUL|LOTUS|BARCELONA|OAXACA' +
    '|MUMBAI|HUE|CHIANG MAI|DELPHI|SANTORINI|MICHOACAN|OSAKA|AGAVE|PUEBLA|CORFU|MEKONG',
);

/** First and last names of people paid by P2P; `{first} {last}` or `{first} {initial} {last}`. */
export const personFirstNames = list(
  'JOHN|JANE|SARAH|MICHAEL|JESSICA|DAVID|EMILY|CHRIS|ASHLEY|JAMES|AMANDA|ROBERT|MEGAN|DANIEL' +
    '|LAUREN|KEVIN|RACHEL|BRIAN|NICOLE|JOSE|STEPHANIE|ANDREW|TIFFANY|JUSTIN|KAYLA|TYLER|BRITTANY' +
    '|MARCUS|PRIYA|WEI|FATIMA|DIEGO|AISHA|CONNOR|MAYA|ETHAN|ZOE|LUIS|HANNAH|MALIK',
);

export const personLastNames = list(
  'SMITH|JOHNSON|WILLIAMS|BROWN|JONES|GARCIA|MILLER|DAVIS|RODRIGUEZ|MARTINEZ|HERNANDEZ|LOPEZ' +
    '|GONZALEZ|WILSON|ANDERSON|THOMAS|TAYLOR|MOORE|JACKSON|MARTIN|LEE|PEREZ|THOMPSON|WHITE|HARRIS' +
    '|SANCHEZ|CLARK|LEWIS|ROBINSON|WALKER|YOUNG|ALLEN|KING|WRIGHT|SCOTT|TORRES|NGUYEN|HILL|FLORES' +
    '|GREEN|ADAMS|NELSON|BAKER|HALL|RIVERA|CAMPBELL|MITCHELL|CARTER|ROBERTS|CHEN|KIM|PATEL|SHAH',
);

/** Street names for ATM lines (`1680 MAIN ST`). */
export const streets = list(
  'MAIN ST|BROADWAY|MARKET ST|5TH AVE|OAK AVE|WASHINGTON BLVD|PARK AVE|ELM ST|HIGH ST' +
    '|CENTRAL AVE|LINCOLN WAY|MAPLE AVE|UNIVERSITY AVE|STATE ST|CHURCH ST|WATER ST|PINE ST',
);

/** Event names for Eventbrite lines. */
export const eventNames = list(
  'SUMMER JAZZ FEST|CRAFT BEER WALK|TRIVIA NIGHT|WINE TASTING|COMEDY SHOWCASE|FOOD TRUCK RALLY' +
    '|CHARITY 5K|MAKERS MARKET|POTTERY WORKSHOP|YOGA IN THE PARK|BLUES NIGHT|ART WALK|TECH MEETUP' +
    '|BOOK FAIR|SALSA SOCIAL|FALL HARVEST FEST',
);
