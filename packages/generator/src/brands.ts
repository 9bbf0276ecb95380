/**
 * What US card statements are made of: the chains people shop at (with the
 * statement forms they print and the states they trade in), the online
 * merchants, the subscriptions and bills, the utilities of each state and the
 * ATM owners. Names are catalog names (a test checks they all resolve), so the
 * ground truth of a row is the catalog's own name for the brand.
 *
 * Form templates: `{4}` a store number of 4 digits (stable per store), `{a3}`
 * 3 store letters, `{d7}` 7 digits and `{r9}` 9 letters or digits drawn per
 * transaction, `{city}` the store's city, `{when}` the weekday and hour
 * (`SUN 6PM`), `{mon}` the month and year (`SEP 2025`). Several forms are
 * separated by `|`.
 */
import type { IntervalType } from '@txenrich/schema';

export interface ChainSpec {
  /** The catalog name of the brand. */
  name: string;
  weight: number;
  forms: readonly string[];
  /** Postal codes of the states it trades in; empty = nationwide. */
  states: readonly string[];
  /** Overrides the segment's MCC. */
  mcc?: string;
}

export interface SegmentSpec {
  id: string;
  /** Relative share of in-store purchases. */
  share: number;
  /** Typical MCCs, one drawn per purchase. */
  mcc: readonly string[];
  /** Dollar range, drawn log-uniformly. */
  amount: readonly [number, number];
  /** Local hours of the day purchases fall in. */
  hours: readonly [number, number];
  chains: readonly ChainSpec[];
  /** Catalog industries whose other US merchants make up the long tail... */
  tailIndustries: readonly string[];
  /** ...and the share of the segment's purchases that go to them. */
  tailShare: number;
}

const chain = (
  name: string,
  weight: number,
  forms: string,
  extra: { states?: string; mcc?: string } = {},
): ChainSpec => ({
  name,
  weight,
  forms: forms.split('|'),
  states: extra.states ? extra.states.split(' ') : [],
  ...(extra.mcc ? { mcc: extra.mcc } : {}),
});

/** In-store purchases at chains, by kind of shop. */
export const segments: readonly SegmentSpec[] = [
  {
    id: 'grocery',
    share: 14,
    mcc: ['5411'],
    amount: [6, 240],
    hours: [8, 21],
    tailIndustries: ['011-007', '011-010'],
    tailShare: 0.12,
    chains: [
      chain(
        'Walmart',
        30,
        'WAL-MART #{4}|WM SUPERCENTER #{4}|WALMART #{4}|Wal-Mart Super Center {4}|WAL-MART SUPER CENTER {4}',
      ),
      chain('Kroger', 10, 'KROGER #{3}|KROGER {4}|KROGER #0{3}'),
      chain('Safeway', 4, 'SAFEWAY #{4}|SAFEWAY {4}', {
        states: 'CA OR WA AZ CO NV ID MT WY AK HI DC MD VA DE NM SD NE',
      }),
      chain('Publix', 6, 'PUBLIX #{4}|PUBLIX SUPER MAR {4}|PUBLIX #{3}', {
        states: 'FL GA AL SC NC TN VA KY',
      }),
      chain('H-E-B', 5, 'H-E-B #{3}|HEB #{3}|H E B #{3}', { states: 'TX' }),
      chain('Albertsons', 3, 'ALBERTSONS #{4}', { states: 'CA TX ID OR WA NV AZ NM LA MT WY UT' }),
      chain('Aldi', 6, 'ALDI {5}|ALDI #{3}'),
      chain("Trader Joe's", 4, "TRADER JOE S #{3}|TRADER JOE'S #{3}|TRADER JOES #{3}"),
      chain('Whole Foods Market', 4, 'WHOLEFDS {a3} {5}|WHOLE FOODS MKT #{5}|WHOLEFDS MKT {5}'),
      chain('Meijer', 3, 'MEIJER # {3}|MEIJER STORE #{3}', { states: 'MI OH IN IL WI KY' }),
      chain('Wegmans', 2, 'WEGMANS #{3}', { states: 'NY PA NJ VA MD MA NC DE' }),
      chain('Food Lion', 3, 'FOOD LION #{4}', { states: 'NC SC VA GA TN MD DE PA WV KY' }),
      chain('Giant Eagle', 1.5, 'GIANT EAGLE #{4}', { states: 'PA OH WV IN MD' }),
      chain('Stop & Shop', 2, 'STOP & SHOP {4}|STOP&SHOP #{4}', { states: 'MA CT RI NY NJ' }),
      chain('Hy-Vee', 2, 'HY-VEE {4}|HYVEE {4}', { states: 'IA MN MO NE KS SD IL WI' }),
      chain('WinCo Foods', 1.5, 'WINCO FOODS #{3}', { states: 'WA OR ID CA NV UT AZ TX OK MT' }),
      chain('Sprouts Farmers Market', 2, 'SPROUTS FARMERS MAR #{3}|SPROUTS FARMERS MKT #{3}'),
      chain('Harris Teeter', 1.5, 'HARRIS TEETER #{4}', { states: 'NC VA SC MD GA DE DC' }),
      chain('ShopRite', 2, 'SHOPRITE #{3}|SHOP RITE {3}', { states: 'NJ NY PA CT DE MD' }),
      chain('Vons', 1.5, 'VONS #{4}|VONS {4}', { states: 'CA NV' }),
      chain('Ralphs', 2, 'RALPHS #{4}|RALPHS {4}', { states: 'CA' }),
      chain('Fred Meyer', 2, 'FRED-MEYER #{3}|FRED MEYER {4}', { states: 'OR WA ID AK' }),
      chain('King Soopers', 1.5, 'KING SOOPERS #{4}', { states: 'CO' }),
      chain('Winn-Dixie', 1.5, 'WINN-DIXIE #{4}|WINN DIXIE #{3}', { states: 'FL AL GA LA MS' }),
    ],
  },
  {
    id: 'warehouse',
    share: 3,
    mcc: ['5300'],
    amount: [25, 420],
    hours: [10, 20],
    tailIndustries: [],
    tailShare: 0,
    chains: [
      chain('Costco', 60, 'COSTCO WHSE #{4}|COSTCO WHOLESALE #{4}'),
      chain("Sam's Club", 30, "SAMSCLUB #{4}|SAM'S CLUB #{4}|SAMS CLUB #{4}"),
      chain("BJ's Wholesale Club", 10, "BJS WHOLESALE #{4}|BJ'S WHOLESALE CLUB #{3}", {
        states: 'MA NY NJ PA CT FL MD VA NH ME RI DE OH NC GA MI',
      }),
    ],
  },
  {
    id: 'general-merchandise',
    share: 7,
    mcc: ['5310'],
    amount: [4, 190],
    hours: [9, 21],
    tailIndustries: ['012-001', '012-002'],
    tailShare: 0.08,
    chains: [
      chain('Target', 30, 'TARGET 000{5}|TARGET T-{4}|TARGET #{4}|TARGET {8}'),
      chain('Dollar General', 14, 'DOLLAR GENERAL #{5}|DOLLAR-GENERAL #{5}|DOLLARGENERAL #{5}', {
        mcc: '5331',
      }),
      chain('Dollar Tree', 10, 'DOLLAR TREE {4}|DOLLARTREE #{4}', { mcc: '5331' }),
      chain('Family Dollar', 5, 'FAMILY DOLLAR #{4}', { mcc: '5331' }),
      chain('Five Below', 3, 'FIVE BELOW {4}', { mcc: '5331' }),
      chain('Big Lots', 2, 'BIG LOTS #{4}|BIG LOTS STORES {4}', { mcc: '5331' }),
      chain("Macy's", 4, "MACY'S #{3}|MACYS {3}|MACYS EAST #{3}", { mcc: '5311' }),
      chain("Kohl's", 5, "KOHL'S #{4}|KOHLS {4}", { mcc: '5311' }),
      chain('Nordstrom', 2, 'NORDSTROM #{4}|NORDSTROM {4}', { mcc: '5311' }),
      chain('Nordstrom Rack', 2, 'NORDSTROM RACK #{3}|NORDSTROM RACK {4}', { mcc: '5651' }),
      chain('T.J. Maxx', 5, 'T.J. MAXX #{4}|TJ MAXX #{4}|TJMAXX #{4}', { mcc: '5651' }),
      chain('Marshalls', 4, 'MARSHALLS #{4}', { mcc: '5651' }),
      chain('Ross Dress for Less', 5, 'ROSS STORES #{3}|ROSS STORE #{4}', { mcc: '5651' }),
      chain('Burlington', 3, 'BURLINGTON STORES {3}|BURLINGTON #{4}', { mcc: '5651' }),
      chain('HomeGoods', 2, 'HOMEGOODS #{4}|HOMEGOODS {4}', { mcc: '5719' }),
    ],
  },
  {
    id: 'fast-food',
    share: 10,
    mcc: ['5814'],
    amount: [4, 32],
    hours: [7, 22],
    tailIndustries: ['011-002'],
    tailShare: 0.1,
    chains: [
      chain("McDonald's", 16, "MCDONALD'S F{5}|MCDONALDS F{5}|MCDONALD'S {5}|MCDONALD'S #{5}"),
      chain('Chick-fil-A', 8, 'CHICK-FIL-A #0{4}|CHICK FIL A #{5}'),
      chain('Taco Bell', 7, 'TACO BELL #{5}|TACO BELL {6}'),
      chain("Wendy's", 6, "WENDY'S #{4}|WENDYS {4}"),
      chain('Burger King', 6, 'BURGER KING #{5}|BURGER KING {5}'),
      chain('Subway', 6, 'SUBWAY {8}|SUBWAY #{5}|SUBWAY {5}'),
      chain("Dunkin'", 5, 'DUNKIN #{6}|DUNKIN {6}'),
      chain('Chipotle', 5, 'CHIPOTLE {4}|CHIPOTLE #{4}'),
      chain("Domino's", 4, "DOMINO'S {4}|DOMINOS {4}"),
      chain('Pizza Hut', 3, 'PIZZA HUT {6}|PIZZA HUT #{4}'),
      chain('Sonic Drive-In', 3, 'SONIC DRIVE IN #{4}|SONIC DRIVE-IN {4}'),
      chain('Panera Bread', 3, 'PANERA BREAD #{6}|PANERA BREAD {4}'),
      chain('Popeyes', 3, 'POPEYES {5}|POPEYES #{4}'),
      chain("Arby's", 3, "ARBY'S #{4}|ARBYS {4}"),
      chain('Jack in the Box', 2, 'JACK IN THE BOX {4}', { states: 'CA TX AZ WA NV OR ID UT CO NM OK LA' }),
      chain('Panda Express', 3, 'PANDA EXPRESS #{4}'),
      chain('Little Caesars', 2, 'LITTLE CAESARS {4}-0001|LITTLE CAESARS #{4}'),
      chain('KFC', 2, 'KFC {6}|KFC G{6}'),
      chain('Whataburger', 2, 'WHATABURGER {3}|WHATABURGER #{3}', { states: 'TX OK NM AZ LA AL FL' }),
      chain('Five Guys', 2, 'FIVE GUYS {4}|FIVE GUYS #{4}'),
      chain('Wingstop', 1.5, 'WINGSTOP {4}'),
      chain("Jersey Mike's Subs", 2, 'JERSEY MIKES {5}|JERSEY MIKES #{5}'),
      chain("Raising Cane's", 2, 'RAISING CANES {4}|RAISING CANES #{3}'),
      chain("Culver's", 1.5, "CULVER'S OF {city}|CULVERS OF {city}", { states: 'WI IL MN IA MI IN OH MO' }),
      chain('Dairy Queen', 2, 'DAIRY QUEEN #{5}|DAIRY QUEEN {5}'),
      chain('In-N-Out Burger', 2, 'IN N OUT BURGER {3}|IN-N-OUT {3}', { states: 'CA NV AZ UT TX CO OR ID' }),
      chain("Papa John's", 2, "PAPA JOHN'S #{4}|PAPA JOHNS {4}"),
      chain("Zaxby's", 1, 'ZAXBYS #{5}', { states: 'GA AL FL SC NC TN MS' }),
    ],
  },
  {
    id: 'coffee',
    share: 5,
    mcc: ['5814'],
    amount: [3, 16],
    hours: [6, 16],
    tailIndustries: ['011-003'],
    tailShare: 0.1,
    chains: [
      chain('Starbucks', 60, 'STARBUCKS STORE {5}|STARBUCKS #{5}|STARBUCKS {5}'),
      chain("Dunkin'", 22, 'DUNKIN #{6}|DUNKIN {6}'),
      chain('Tim Hortons', 4, 'TIM HORTONS #{6}|TIM HORTONS {4}', { states: 'MI NY OH' }),
      chain("Peet's Coffee", 4, "PEET'S #{5}|PEETS COFFEE {4}", { states: 'CA OR WA IL MA CO' }),
      chain('Caribou Coffee', 3, 'CARIBOU COFFEE #{4}', { states: 'MN WI IA ND SD IL' }),
    ],
  },
  {
    id: 'restaurant',
    share: 4,
    mcc: ['5812'],
    amount: [16, 150],
    hours: [11, 22],
    tailIndustries: ['011-001'],
    tailShare: 0.15,
    chains: [
      chain('Olive Garden', 8, 'OLIVE GARDEN {4}|OLIVE GARDEN #{4}'),
      chain("Applebee's", 8, "APPLEBEE'S {4}|APPLEBEES #{4}"),
      chain("Chili's", 8, "CHILI'S #{4}|CHILIS {4}"),
      chain('Texas Roadhouse', 6, 'TEXAS ROADHOUSE #{4}'),
      chain('Buffalo Wild Wings', 5, 'BUFFALO WILD WING {4}|BUFFALO WILD WINGS #{3}'),
      chain('Outback Steakhouse', 4, 'OUTBACK {4}|OUTBACK STEAKHOUSE {4}'),
      chain('The Cheesecake Factory', 3, 'CHEESECAKE FACTORY {4}|THE CHEESECAKE FACTORY #{3}'),
      chain('IHOP', 5, 'IHOP #{4}|IHOP {4}'),
      chain("Denny's", 4, "DENNY'S #{4}|DENNYS {4}"),
      chain('Red Lobster', 3, 'RED LOBSTER #{4}|RED LOBSTER {4}'),
      chain('Cracker Barrel', 3, 'CRACKER BARREL #{3}'),
      chain('Red Robin', 3, 'RED ROBIN #{3}|RED ROBIN NO {3}'),
    ],
  },
  {
    id: 'gas',
    share: 8,
    mcc: ['5541', '5542'],
    amount: [18, 95],
    hours: [6, 22],
    tailIndustries: ['014-001'],
    tailShare: 0.08,
    chains: [
      chain('Shell', 14, 'SHELL OIL {11}|SHELL OIL {8}|SHELL SERVICE STATION'),
      chain('Exxon', 8, 'EXXON {8}|EXXONMOBIL {8}|EXXON {city}'),
      chain('Mobil', 3, 'MOBIL {8}|MOBIL #{5}'),
      chain('Chevron', 8, 'CHEVRON {7}|CHEVRON 0{6}'),
      chain('BP', 5, 'BP#{7}|BP {7}'),
      chain('Speedway', 5, 'SPEEDWAY {5}|SPEEDWAY 0{4}'),
      chain('Circle K', 6, 'CIRCLE K # {5}|CIRCLE K {5}'),
      chain('7-Eleven', 6, '7-ELEVEN {5}|7-ELEVEN #{5}|7 ELEVEN {5}'),
      chain('Wawa', 4, 'WAWA {4}|WAWA #{4}', { states: 'PA NJ DE MD VA FL DC' }),
      chain('Sheetz', 3, 'SHEETZ {4}|SHEETZ #{4}', { states: 'PA WV VA MD OH NC' }),
      chain('QuikTrip', 3, 'QT {3}|QT {3} OUTSIDE|QUIKTRIP #{4}', {
        states: 'OK KS MO TX GA AZ NC SC IA NE',
      }),
      chain('RaceTrac', 3, 'RACETRAC{4}|RACETRAC {3}', { states: 'GA FL TX TN AL LA MS' }),
      chain('Marathon', 3, 'MARATHON PETRO{6}|MARATHON {5}'),
      chain('Valero', 3, 'VALERO {4}|VALERO #{4}'),
      chain('Sunoco', 3, 'SUNOCO {10}|SUNOCO {4}'),
      chain('Citgo', 2, 'CITGO {4}|CITGO #{5}'),
      chain("Love's", 2, "LOVE'S #{4}|LOVES #{4}|LOVES TRAVEL {4}"),
      chain('Pilot Flying J', 2, 'PILOT_{5}|PILOT {5}'),
      chain('Flying J', 1, 'FLYING J #{5}|FLYING J {5}'),
      chain('Murphy USA', 3, 'MURPHY{4}ATWALMART|MURPHY EXPRESS {4}|MURPHY USA {4}'),
      chain('Phillips 66', 2, 'PHILLIPS 66 {8}|PHILLIPS 66 - {city}'),
      chain('Conoco', 1, 'CONOCO {4}|CONOCO - {city}'),
      chain('76', 2, '76 {8}', { states: 'CA WA OR NV AZ ID UT CO' }),
      chain('Arco', 2, 'ARCO #{5}|ARCO{5}AMPM', { states: 'CA OR WA NV AZ' }),
      chain('Kum & Go', 1, 'KUM&GO {4}|KUM & GO #{4}', { states: 'IA MO AR NE CO MN OK SD WY MT' }),
      chain('Holiday', 1, 'HOLIDAY STNSTORE {4}|HOLIDAY STATIONSTORE {4}', {
        states: 'MN WI MI MT ND SD ID WY',
      }),
      chain('Maverik', 1, 'MAVERIK #{3}|MAVERIK {3}', { states: 'UT ID NV WY CO NM AZ MT ND' }),
      chain('Costco', 3, 'COSTCO GAS #{4}|COSTCO GASOLINE #{4}', { mcc: '5542' }),
      chain('Kroger', 2, 'KROGER FUEL CTR #{3}|KROGER FUEL #{3}'),
    ],
  },
  {
    id: 'convenience',
    share: 3,
    mcc: ['5499'],
    amount: [2, 28],
    hours: [6, 23],
    tailIndustries: ['011-008'],
    tailShare: 0.12,
    chains: [
      chain('7-Eleven', 35, '7-ELEVEN {5}|7-ELEVEN #{5}|7 ELEVEN {5}'),
      chain('Circle K', 25, 'CIRCLE K # {5}|CIRCLE K {5}'),
      chain('Wawa', 10, 'WAWA {4}|WAWA #{4}', { states: 'PA NJ DE MD VA FL DC' }),
      chain('Sheetz', 5, 'SHEETZ {4}', { states: 'PA WV VA MD OH NC' }),
      chain("Stewart's Shops", 3, 'STEWARTS SHOP #{3}|STEWARTS SHOPS {3}', { states: 'NY VT' }),
      chain('United Dairy Farmers', 2, 'UDF #{3}|UNITED DAIRY FARMERS {3}', { states: 'OH KY IN' }),
    ],
  },
  {
    id: 'pharmacy',
    share: 4,
    mcc: ['5912'],
    amount: [4, 85],
    hours: [8, 21],
    tailIndustries: ['009-005'],
    tailShare: 0.05,
    chains: [
      chain('Walgreens', 45, 'WALGREENS #{4}|WALGREENS STORE {4}|WALGREENS {5}'),
      chain('CVS Pharmacy', 45, 'CVS/PHARMACY #0{4}|CVS/PHARM {5}|CVS PHARMACY #{5}'),
      chain('Rite Aid', 10, 'RITE AID STORE - {4}|RITE AID #{5}', { states: 'NY PA CA WA OR OH MI NJ' }),
    ],
  },
  {
    id: 'home-improvement',
    share: 3,
    mcc: ['5200'],
    amount: [5, 420],
    hours: [7, 20],
    tailIndustries: ['012-006'],
    tailShare: 0.08,
    chains: [
      chain('The Home Depot', 40, 'THE HOME DEPOT #{4}|HOME DEPOT {4}|THE HOME DEPOT {4}'),
      chain("Lowe's", 35, "LOWE'S #{4}|LOWES #0{4}|LOWES {5}"),
      chain('Menards', 8, 'MENARDS {4}|MENARDS #{4}', { states: 'WI MN IL IA IN MI OH NE SD ND MO KS WY' }),
      chain('Ace Hardware', 10, 'ACE HDWE {5}|ACE HARDWARE #{5}', { mcc: '5251' }),
      chain('Tractor Supply Company', 5, 'TRACTOR SUPPLY #{4}|TRACTOR-SUPPLY-CO #{4}', { mcc: '5251' }),
    ],
  },
  {
    id: 'apparel',
    share: 3.5,
    mcc: ['5651'],
    amount: [12, 170],
    hours: [10, 21],
    tailIndustries: ['012-004'],
    tailShare: 0.15,
    chains: [
      chain('Old Navy', 20, 'OLD NAVY US {4}|OLD NAVY #{4}'),
      chain('H&M', 10, 'H&M {4}|H & M {4}'),
      chain('Zara', 5, 'ZARA USA {4}|ZARA USA'),
      chain('Nike', 10, 'NIKE FACTORY STORE {3}|NIKE STORE #{3}', { mcc: '5661' }),
      chain('Foot Locker', 8, 'FOOT LOCKER #{5}|FOOTLOCKER {5}', { mcc: '5661' }),
      chain('DSW', 6, 'DSW {4}|DSW #{4}', { mcc: '5661' }),
      chain('American Eagle Outfitters', 8, 'AMERICAN EAGLE {5}|AMERICAN EAGLE OUTFITTERS {4}'),
    ],
  },
  {
    id: 'beauty',
    share: 1.2,
    mcc: ['5977'],
    amount: [6, 95],
    hours: [10, 21],
    tailIndustries: ['012-014'],
    tailShare: 0.1,
    chains: [
      chain('Ulta Beauty', 40, 'ULTA #{3}|ULTA {4}'),
      chain('Sephora', 30, 'SEPHORA #{4}|SEPHORA USA {4}'),
      chain('Bath & Body Works', 30, 'BATH & BODY WORKS {4}|BATH AND BODY WORKS #{4}'),
    ],
  },
  {
    id: 'electronics',
    share: 1.2,
    mcc: ['5732'],
    amount: [12, 950],
    hours: [10, 21],
    tailIndustries: ['012-005'],
    tailShare: 0.08,
    chains: [
      chain('Best Buy', 60, 'BEST BUY {8}|BEST BUY #{4}|BESTBUY {5}'),
      chain('Apple', 20, 'APPLE STORE #R{3}|APPLE STORE R{3}'),
      chain('GameStop', 15, 'GAMESTOP #{4}|GAMESTOP {4}'),
    ],
  },
  {
    id: 'sporting-goods',
    share: 0.8,
    mcc: ['5941'],
    amount: [12, 260],
    hours: [10, 21],
    tailIndustries: ['012-009'],
    tailShare: 0.1,
    chains: [
      chain("Dick's Sporting Goods", 40, "DICK'S SPORTING GOODS {4}|DICKS SPORTING GOODS #{3}"),
      chain('Academy Sports + Outdoors', 25, 'ACADEMY SPORTS #{3}|ACADEMY SPORTS {4}', {
        states: 'TX LA OK AL GA FL MS AR TN SC NC MO KS',
      }),
      chain('REI', 15, 'REI #{3}|REI {4}'),
      chain('Big 5 Sporting Goods', 10, 'BIG 5 SPORTING GOODS {4}', {
        states: 'CA AZ NV WA OR CO UT NM TX ID',
      }),
    ],
  },
  {
    id: 'pets',
    share: 0.8,
    mcc: ['5995'],
    amount: [8, 130],
    hours: [9, 20],
    tailIndustries: ['012-015'],
    tailShare: 0.05,
    chains: [
      chain('PetSmart', 50, 'PETSMART # {4}|PETSMART INC {4}'),
      chain('Petco', 40, 'PETCO {4}|PETCO #{4}'),
    ],
  },
  {
    id: 'home',
    share: 1,
    mcc: ['5712'],
    amount: [12, 650],
    hours: [10, 20],
    tailIndustries: ['012-007'],
    tailShare: 0.25,
    chains: [
      chain('IKEA', 40, 'IKEA {3}|IKEA {city}'),
      chain('HomeGoods', 40, 'HOMEGOODS #{4}', { mcc: '5719' }),
    ],
  },
  {
    id: 'hobby-books-office',
    share: 1.2,
    mcc: ['5945'],
    amount: [5, 160],
    hours: [10, 20],
    tailIndustries: ['012-010', '012-011', '012-012', '012-013'],
    tailShare: 0.1,
    chains: [
      chain('Michaels', 25, 'MICHAELS STORES {4}|MICHAELS #{4}', { mcc: '5970' }),
      chain('Hobby Lobby', 20, 'HOBBY LOBBY #{3}|HOBBY-LOBBY #{3}'),
      chain('Barnes & Noble', 20, 'BARNES & NOBLE #{4}|BARNES&NOBLE {4}', { mcc: '5942' }),
      chain('Staples', 15, 'STAPLES {7}|STAPLES #{4}', { mcc: '5943' }),
      chain('Office Depot', 15, 'OFFICE DEPOT #{4}|OFFICEMAX/DEPOT {4}', { mcc: '5943' }),
    ],
  },
  {
    id: 'auto',
    share: 1.2,
    mcc: ['5533'],
    amount: [8, 650],
    hours: [8, 19],
    tailIndustries: ['014-003', '014-004', '014-005'],
    tailShare: 0.15,
    chains: [
      chain('AutoZone', 25, 'AUTOZONE #{4}|AUTOZONE {4}'),
      chain("O'Reilly Auto Parts", 20, "OREILLY AUTO {4}|O'REILLY {4}|O REILLY #{4}"),
      chain('Advance Auto Parts', 15, 'ADVANCE AUTO PARTS #{4}|ADVANCE AUTO {4}'),
      chain('Discount Tire', 10, 'DISCOUNT TIRE #{a3}{2}|DISCOUNT TIRE {4}', { mcc: '5532' }),
      chain('Jiffy Lube', 10, 'JIFFY LUBE #{4}|JIFFY LUBE {4}', { mcc: '7538' }),
      chain('Valvoline Instant Oil Change', 8, 'VIOC {5}|VALVOLINE INSTANT OIL {4}', { mcc: '7538' }),
    ],
  },
  {
    id: 'hair',
    share: 0.5,
    mcc: ['7230'],
    amount: [15, 60],
    hours: [9, 19],
    tailIndustries: ['010-002'],
    tailShare: 0.1,
    chains: [
      chain('Great Clips', 45, 'GREAT CLIPS #{4}|GREAT CLIPS {4}'),
      chain('Supercuts', 30, 'SUPERCUTS #{4}|SUPERCUTS {4}'),
      chain('Sport Clips', 25, 'SPORT CLIPS {4}|SPORT CLIPS #{4}'),
    ],
  },
  {
    id: 'movies',
    share: 0.6,
    mcc: ['7832'],
    amount: [9, 65],
    hours: [12, 22],
    tailIndustries: ['015-004'],
    tailShare: 0.1,
    chains: [
      chain('AMC Theatres', 45, 'AMC {4}|AMC THEATRES {4}'),
      chain('Regal Cinemas', 30, 'REGAL CINEMAS {4}|REGAL CINEMAS INC'),
      chain('Cinemark', 25, 'CINEMARK THEATRES {3}|CINEMARK {4}'),
    ],
  },
  {
    id: 'hotel',
    share: 0.6,
    mcc: ['7011'],
    amount: [85, 650],
    hours: [7, 13],
    tailIndustries: ['013-002-001'],
    tailShare: 0.2,
    chains: [
      chain('Marriott', 25, 'MARRIOTT {city}|MARRIOTT HOTELS {city}'),
      chain('Courtyard', 8, 'COURTYARD BY MARRIOTT|COURTYARD {city}'),
      chain('Hilton', 20, 'HILTON HOTELS {city}|HILTON {city}'),
      chain('Hilton Garden Inn', 10, 'HILTON GARDEN INN {city}|HILTON GARDEN INN'),
      chain('Hyatt', 5, 'HYATT HOTELS {city}|HYATT HOTELS'),
      chain('Hyatt Place', 5, 'HYATT PLACE {city}'),
      chain('Hyatt Regency', 4, 'HYATT REGENCY {city}'),
      chain('Holiday Inn', 15, 'HOLIDAY INN {city}|HOLIDAY INN #{4}'),
      chain('Best Western', 8, 'BEST WESTERN {city}'),
      chain('Best Western Plus', 5, 'BEST WESTERN PLUS {city}'),
    ],
  },
  {
    id: 'car-rental',
    share: 0.3,
    mcc: ['7512'],
    amount: [55, 520],
    hours: [7, 20],
    tailIndustries: [],
    tailShare: 0,
    chains: [
      chain('Enterprise Rent-A-Car', 30, 'ENTERPRISE RENT-A-CAR|ENTERPRISE RENT A CAR {4}'),
      chain('Hertz', 20, 'HERTZ RENT-A-CAR|HERTZ CAR RENTAL {4}'),
      chain('Avis', 15, 'AVIS RENT-A-CAR {6}|AVIS RENT A CAR'),
      chain('Budget', 10, 'BUDGET RENT-A-CAR|BUDGET RENT A CAR {4}'),
      chain('National Car Rental', 10, 'NATIONAL CAR RENTAL|NATIONAL CAR RENT {4}'),
      chain('Alamo', 8, 'ALAMO RENT-A-CAR|ALAMO RENT A CAR'),
    ],
  },
];

/**
 * Other catalog names of a brand that a correct enrichment may give: the
 * parent company (`MICROSOFT*XBOX`) or the sub-brand a form also reads as.
 */
export const alternateNames: Readonly<Record<string, readonly string[]>> = {
  Apple: ['Apple Store'],
  Xbox: ['Microsoft'],
  PlayStation: ['Sony'],
  Xfinity: ['Comcast'],
  Spectrum: ['Charter'],
  Citi: ['Citibank'],
  'Office Depot': ['OfficeMax'],
  Courtyard: ['Marriott'],
  'Hilton Garden Inn': ['Hilton'],
  'Hyatt Place': ['Hyatt'],
  'Hyatt Regency': ['Hyatt'],
  'Best Western Plus': ['Best Western'],
  'Flying J': ['Pilot Flying J'],
};

/** A card-not-present merchant: its forms, MCC, amounts and what sits in the DE43 city slot. */
export interface OnlineSpec {
  name: string;
  weight: number;
  /** Empty: the catalog's statement forms of the brand. */
  forms: readonly string[];
  /** `|`-separated when several are usual; empty: the brand's own. */
  mcc: string;
  amount: readonly [number, number];
  /** Phone, URL or host printed in the city slot; empty: one derived from the brand. */
  slot?: string;
  /** The state printed after the slot. */
  state?: string;
}

const online = (
  name: string,
  weight: number,
  forms: string,
  mcc: string,
  amount: readonly [number, number],
  slot?: string,
  state?: string,
): OnlineSpec => ({
  name,
  weight,
  forms: forms ? forms.split('|') : [],
  mcc,
  amount,
  ...(slot ? { slot } : {}),
  ...(state ? { state } : {}),
});

export interface OnlineGroup {
  id: string;
  /** Relative share of all one-off purchases. */
  share: number;
  merchants: readonly OnlineSpec[];
}

/** Online purchases, by group; a brand's own marketplace or app (no third party). */
export const onlineGroups: readonly OnlineGroup[] = [
  {
    id: 'amazon',
    share: 6,
    merchants: [
      online(
        'Amazon',
        1,
        'AMZN Mktp US*{r9}|Amazon.com*{r9}|AMAZON MKTPL*{r9}|AMZN MKTP US*{r9}|Amazon Mktpl*{r9}',
        '5942|5999',
        [5, 220],
        'AMZN.COM/BILL',
        'WA',
      ),
    ],
  },
  {
    id: 'online-retail',
    share: 3,
    merchants: [
      online(
        'Walmart',
        14,
        'WALMART.COM|WAL-MART.COM|WALMART.COM {d10}',
        '5311',
        [8, 260],
        '800-925-6278',
        'AR',
      ),
      online('Target', 8, 'TARGET.COM *|TARGET.COM', '5310', [8, 200], '800-591-3869', 'MN'),
      online('Best Buy', 4, 'BESTBUY.COM {d9}|BESTBUY.COM', '5732', [15, 900], '888-237-8289', 'MN'),
      online('Costco', 3, 'COSTCO.COM *|COSTCO.COM', '5300', [20, 600], '800-955-2292', 'WA'),
      online('eBay', 6, 'EBAY O*{d2}-{d5}-{d5}|EBAY O*{d2}-{d5}-{d5}', '5999', [6, 300], '', 'CA'),
      online('Etsy', 4, 'ETSY.COM - {shop}|Etsy.com - {shop}', '5999', [8, 120], 'ETSY.COM', 'NY'),
      online('Temu', 4, 'TEMU.COM|WWW.TEMU.COM', '5999', [6, 90], 'TEMU.COM', 'DE'),
      online('Shein', 3, 'SHEIN.COM|SHEIN', '5651', [10, 120], '', 'CA'),
      online('Wayfair', 2, 'WAYFAIR*{r9}|WAYFAIR.COM', '5712', [25, 700], '', 'MA'),
      online('Chewy', 3, 'CHEWY.COM|CHEWY.COM {d10}', '5995', [15, 180], '800-672-4399', 'FL'),
      online('Apple', 2, 'APPLE.COM/US|APPLE ONLINE STORE', '5732', [19, 1400], '800-676-2775', 'CA'),
      online('Nike', 2, 'NIKE.COM|NIKE.COM {d8}', '5661', [30, 220], '800-806-6453', 'OR'),
      online("Macy's", 1, 'MACYS.COM|MACYS .COM', '5311', [20, 250], '', 'OH'),
      online("Kohl's", 1, 'KOHLS.COM|KOHLS.COM #{d4}', '5311', [15, 200], '', 'WI'),
      online('The Home Depot', 1, 'HOMEDEPOT.COM|HOMEDEPOT.COM {d10}', '5200', [15, 500], '', 'GA'),
      online('Zappos', 1, '', '5661', [40, 200]),
      online('Newegg', 1, '', '5732', [20, 800]),
      online('Warby Parker', 0.5, '', '8043', [95, 300]),
      online('Gymshark', 0.5, '', '5651', [25, 140]),
      online('Bombas', 0.5, '', '5651', [14, 90]),
    ],
  },
  {
    id: 'ride',
    share: 2.5,
    merchants: [
      online('Uber', 70, 'UBER *TRIP|UBER   *TRIP|UBER* TRIP', '4121', [7, 65], 'HELP.UBER.COM', 'CA'),
      online(
        'Lyft',
        30,
        'LYFT *RIDE {when}|LYFT   *RIDE {when}|LYFT *RIDE',
        '4121',
        [7, 60],
        'LYFT.COM',
        'CA',
      ),
    ],
  },
  {
    id: 'delivery-own',
    share: 1,
    merchants: [
      online(
        'Uber Eats',
        60,
        'UBER *EATS|UBER* EATS|UBER *EATS PENDING|UBER EATS',
        '5812',
        [14, 80],
        'HELP.UBER.COM',
        'CA',
      ),
      online('Instacart', 25, 'IC* INSTACART|INSTACART', '5411', [30, 220], 'INSTACART.COM', 'CA'),
    ],
  },
  {
    id: 'digital-goods',
    share: 1.5,
    merchants: [
      online('Apple', 40, 'APPLE.COM/BILL|APL*ITUNES.COM/BILL', '5818', [0.99, 30], '866-712-7753', 'CA'),
      online('Steam', 10, 'STEAMGAMES.COM {d10}|STEAM PURCHASE', '5816', [5, 70], '425-889-9642', 'WA'),
      online('PlayStation', 8, 'PLAYSTATION NETWORK|SONY PLAYSTATION', '5816', [5, 70], '', 'CA'),
      online('Nintendo', 5, 'NINTENDO CD{d7}|NINTENDO OF AMERICA', '5816', [5, 60], '800-255-3700', 'WA'),
      online('Xbox', 6, 'MSFT *XBOX|MICROSOFT*XBOX', '5816', [5, 70], 'MSBILL.INFO', 'WA'),
      online('Amazon', 15, 'AMZN Digital*{r9}|AMZN DIGITAL*{r9}', '5815', [0.99, 25], 'AMZN.COM/BILL', 'WA'),
      online('Roblox', 6, 'ROBLOX.COM|ROBLOX CORPORATION', '5816', [4.99, 50], '888-858-2569', 'CA'),
      online('Epic Games', 3, 'EPIC GAMES STORE|EPICGAMES.COM', '5816', [5, 60], '', 'NC'),
      online(
        'Google',
        7,
        'GOOGLE *Google Play|GOOGLE *GOOGLE PLAY',
        '5818',
        [0.99, 30],
        'G.CO/HELPPAY#',
        'CA',
      ),
    ],
  },
  {
    id: 'airline',
    share: 0.6,
    merchants: [
      online(
        'Delta Air Lines',
        20,
        'DELTA AIR 006{d10}|DELTA AIR LINES|DELTA.COM',
        '',
        [80, 900],
        'DELTA.COM',
        'GA',
      ),
      online(
        'American Airlines',
        20,
        'AMERICAN AIR001{d10}|AMERICAN AIRLINES',
        '',
        [80, 900],
        'AA.COM',
        'TX',
      ),
      online('United Airlines', 18, 'UNITED 016{d10}|UNITED AIRLINES', '', [80, 900], 'UNITED.COM', 'TX'),
      online(
        'Southwest Airlines',
        20,
        'SOUTHWES 526{d10}|SOUTHWEST AIRLINES',
        '',
        [60, 700],
        '800-435-9792',
        'TX',
      ),
      online('JetBlue', 6, 'JETBLUE 279{d10}|JETBLUE AIRWAYS', '', [60, 700], 'JETBLUE.COM', 'NY'),
      online(
        'Alaska Airlines',
        6,
        'ALASKA AIR 027{d10}|ALASKA AIRLINES',
        '',
        [60, 700],
        'ALASKAAIR.COM',
        'WA',
      ),
      online('Spirit Airlines', 5, 'SPIRIT AIRL 487{d10}|SPIRIT AIRLINES', '', [40, 450], 'SPIRIT.COM', 'FL'),
      online('Frontier Airlines', 5, 'FRONTIER AI 422{d10}|FRONTIER AIRLINES', '', [40, 450], '', 'CO'),
    ],
  },
  {
    id: 'travel-booking',
    share: 0.5,
    merchants: [
      online('Expedia', 30, 'EXPEDIA 72{d11}|EXPEDIA {d13}', '4722', [90, 1400], 'EXPEDIA.COM', 'WA'),
      online('Booking.com', 25, 'BKG*BOOKING.COM HOTEL|BOOKING.COM BV', '4722', [80, 1200], '', 'NY'),
      online('Airbnb', 30, 'AIRBNB * HM{r8}|AIRBNB HM{r8}', '4722', [120, 2200], 'AIRBNB.COM', 'CA'),
      online('Hotels.com', 15, 'HOTELS.COM{d11}|HOTELS.COM {d11}', '4722', [90, 900], '', 'WA'),
    ],
  },
  {
    id: 'tickets',
    share: 0.4,
    merchants: [
      online(
        'Ticketmaster',
        60,
        'TM *TICKETMASTER|TICKETMASTER.COM',
        '7922',
        [25, 450],
        '800-653-8000',
        'CA',
      ),
      online('StubHub', 25, 'STUBHUB INC|STUBHUB.COM', '7922', [30, 500], '', 'CA'),
    ],
  },
];

/** A recurring payment a user may have. */
export interface SubscriptionSpec {
  name: string;
  weight: number;
  forms: readonly string[];
  mcc: string;
  /** Plan prices; a user keeps one. */
  prices: readonly number[];
  slot?: string;
  state?: string;
}

/** The intervals generated (semi-monthly is a payroll schedule, not a card one). */
export type IntervalKind = Exclude<IntervalType, 'semi_monthly'>;

export interface SubscriptionGroup {
  id: string;
  /** Probability that a user has this kind of payment at all... */
  probability: number;
  /** ...and how many of the group's merchants at most. */
  max: number;
  interval: IntervalKind;
  /** Bills move off weekends and post a day or two late now and then; app stores bill on the dot. */
  bill: boolean;
  merchants: readonly SubscriptionSpec[];
}

const subscription = (
  name: string,
  weight: number,
  forms: string,
  mcc: string,
  prices: readonly number[],
  slot?: string,
  state?: string,
): SubscriptionSpec => ({
  name,
  weight,
  forms: forms ? forms.split('|') : [],
  mcc,
  prices,
  ...(slot ? { slot } : {}),
  ...(state ? { state } : {}),
});

export const subscriptionGroups: readonly SubscriptionGroup[] = [
  {
    id: 'video',
    probability: 0.8,
    max: 3,
    interval: 'monthly',
    bill: false,
    merchants: [
      subscription(
        'Netflix',
        30,
        'NETFLIX.COM|Netflix.com|NETFLIX INC',
        '4899',
        [7.99, 17.99, 24.99],
        '866-579-7172',
        'CA',
      ),
      subscription(
        'Hulu',
        12,
        'HLU*HULU {d7}-U|HLU*Hulu {d7}|HULU.COM/BILL',
        '4899',
        [9.99, 18.99],
        'HULU.COM/BILL',
        'CA',
      ),
      subscription(
        'Disney+',
        12,
        'DISNEY PLUS|DISNEYPLUS|DISNEYPLUS.COM',
        '4899',
        [9.99, 15.99],
        '888-905-7888',
        'CA',
      ),
      subscription('HBO Max', 8, 'MAX.COM|WB MAX|HBOMAX.COM', '4899', [9.99, 16.99], '', 'NY'),
      subscription(
        'Paramount+',
        6,
        'PARAMOUNT PLUS|PARAMOUNTPLUS.COM',
        '4899',
        [7.99, 12.99],
        '888-274-5343',
        'CA',
      ),
      subscription('Peacock', 6, 'PEACOCK TV|PEACOCKTV.COM|PEACOCK PREMIUM', '4899', [7.99, 13.99], '', 'NY'),
      subscription(
        'YouTube',
        8,
        'GOOGLE *YouTube Premium|GOOGLE *YOUTUBEPREMIUM|GOOGLE *YouTube TV',
        '4899',
        [13.99, 82.99],
        'G.CO/HELPPAY#',
        'CA',
      ),
      subscription('Sling TV', 3, 'SLING.COM|SLING TV LLC', '4899', [45.99, 60.99], '', 'CO'),
      subscription(
        'Amazon',
        8,
        'AMAZON PRIME*{r9}|Amazon Prime*{r9}|AMZN PRIME*{r9}',
        '5968',
        [14.99],
        'AMZN.COM/BILL',
        'WA',
      ),
      subscription(
        'Crunchyroll',
        2,
        'CRUNCHYROLL*MEMBERSHIP|CRUNCHYROLL.COM',
        '4899',
        [7.99, 11.99],
        '',
        'CA',
      ),
    ],
  },
  {
    id: 'apple',
    probability: 0.35,
    max: 1,
    interval: 'monthly',
    bill: false,
    merchants: [
      subscription(
        'Apple',
        1,
        'APPLE.COM/BILL|APPLE.COM/BILL',
        '5818',
        [0.99, 2.99, 9.99, 10.99, 19.95],
        '866-712-7753',
        'CA',
      ),
    ],
  },
  {
    id: 'music',
    probability: 0.4,
    max: 1,
    interval: 'monthly',
    bill: false,
    merchants: [
      subscription(
        'Spotify',
        60,
        'SPOTIFY USA|Spotify P{r10}|SPOTIFY',
        '5815',
        [5.99, 11.99, 16.99],
        'SPOTIFY.COM',
        'NY',
      ),
      subscription('Pandora', 8, 'PANDORA MEDIA|PANDORA.COM', '5815', [5.49, 10.99], '', 'CA'),
      subscription(
        'SiriusXM',
        15,
        'SIRIUSXM.COM/ACCT|SXM*SIRIUSXM.COM',
        '4899',
        [10.99, 17.99],
        '888-635-5144',
        'NY',
      ),
      subscription('Audible', 15, 'AUDIBLE*{r9}|AUDIBLE US', '5815', [14.95], 'AMZN.COM/BILL', 'NJ'),
    ],
  },
  {
    id: 'phone',
    probability: 0.85,
    max: 1,
    interval: 'monthly',
    bill: true,
    merchants: [
      subscription(
        'Verizon',
        30,
        'VZWRLSS*APOCC VISB|VZWRLSS*MY VZ VB P|VZWRLSS*IVR VB',
        '4814',
        [65, 90, 140, 180, 240],
        '800-922-0204',
        'NJ',
      ),
      subscription('AT&T', 28, 'ATT*BILL PAYMENT', '4814', [65, 85, 120, 170, 210], '800-288-2020', 'TX'),
      subscription(
        'T-Mobile',
        28,
        'T-MOBILE*AUTO PAY|TMOBILE*POSTPAID TEL|T-MOBILE AUTO PAY',
        '4814',
        [50, 70, 110, 150],
        '800-937-8997',
        'WA',
      ),
      subscription('Cricket Wireless', 6, 'CRICKET WIRELESS|CRICKETWIRELESS.COM', '4814', [30, 40, 55, 60]),
      subscription('Visible', 4, 'VISIBLE SERVICE|VISIBLE.COM', '4814', [25, 45]),
    ],
  },
  {
    id: 'prepaid-phone',
    probability: 0.04,
    max: 1,
    interval: 'quarterly',
    bill: false,
    merchants: [subscription('Mint Mobile', 1, 'MINTMOBILE.COM|MINT MOBILE', '4814', [45, 60, 75], '', 'CA')],
  },
  {
    id: 'internet',
    probability: 0.6,
    max: 1,
    interval: 'monthly',
    bill: true,
    merchants: [
      subscription(
        'Xfinity',
        35,
        'COMCAST CABLE COMM|COMCAST XFINITY|XFINITY MOBILE',
        '4899',
        [40, 65, 80, 110, 140],
        '800-266-2278',
        'PA',
      ),
      subscription(
        'Spectrum',
        30,
        'SPECTRUM|CHARTER COMMUNICATIONS|SPECTRUM.COM',
        '4899',
        [50, 70, 90, 120],
        '',
        'MO',
      ),
      subscription('Cox Communications', 8, 'COX COMM|COX CABLE', '4899', [55, 85, 110], '', 'GA'),
    ],
  },
  {
    id: 'insurance',
    probability: 0.45,
    max: 1,
    interval: 'monthly',
    bill: true,
    merchants: [
      subscription(
        'GEICO',
        25,
        'GEICO *AUTO|GEICO  *AUTO|GEICO INSURANCE',
        '6300',
        [68, 95, 120, 160, 210],
        '800-841-3000',
        'DC',
      ),
      subscription(
        'Progressive',
        25,
        'PROGRESSIVE *INSURANCE|PROG DIRECT INS|PROGRESSIVE INS',
        '6300',
        [75, 110, 140, 190],
        '800-776-4737',
        'OH',
      ),
      subscription(
        'State Farm',
        25,
        'STATE FARM INSURANCE|STATE FARM RO 27',
        '6300',
        [80, 115, 150, 230],
        '800-956-6310',
        'IL',
      ),
      subscription('Allstate', 12, 'ALLSTATE *PAYMENT|ALLSTATE INS CO', '6300', [90, 130, 170], '', 'IL'),
      subscription(
        'Liberty Mutual',
        6,
        'LIBERTY MUTUAL INS|LIBERTYMUTUAL.COM',
        '6300',
        [85, 125, 160],
        '',
        'MA',
      ),
      subscription('Lemonade', 5, 'LEMONADE INSURANCE|LEMONADE INS CO', '6300', [12, 18, 25], '', 'NY'),
    ],
  },
  {
    id: 'insurance-quarterly',
    probability: 0.06,
    max: 1,
    interval: 'quarterly',
    bill: true,
    merchants: [
      subscription(
        'State Farm',
        50,
        'STATE FARM INSURANCE|STATE FARM RO 27',
        '6300',
        [310, 420, 560],
        '800-956-6310',
        'IL',
      ),
      subscription(
        'Progressive',
        50,
        'PROGRESSIVE *INSURANCE|PROG DIRECT INS',
        '6300',
        [280, 390, 520],
        '800-776-4737',
        'OH',
      ),
    ],
  },
  {
    id: 'gym',
    probability: 0.3,
    max: 1,
    interval: 'monthly',
    bill: true,
    merchants: [
      subscription(
        'Planet Fitness',
        35,
        'PLANET FITNESS|PLANET FIT CLUB FEES|PLANET FITNESS #{4}',
        '7997',
        [10, 15, 24.99],
      ),
      subscription('LA Fitness', 15, 'LA FITNESS|LA FITNESS INTL', '7997', [34.99, 39.99, 49.99]),
      subscription('Anytime Fitness', 12, 'ANYTIME FITNESS|ANYTIME FIT', '7997', [41, 49.99, 59.99]),
      subscription('24 Hour Fitness', 8, '24 HOUR FITNESS USA|24HR FITNESS', '7997', [39.99, 49.99]),
      subscription('Crunch Fitness', 10, 'CRUNCH FITNESS|CRUNCH FIT', '7997', [9.99, 24.99, 34.99]),
      subscription('Orangetheory Fitness', 8, 'ORANGETHEORY FITNESS|OTF {city}', '7997', [69, 109, 169]),
      subscription('Peloton', 12, 'PELOTON* MEMBERSHIP|PELOTON SUBSCRIPTION', '5968', [12.99, 44]),
    ],
  },
  {
    id: 'software',
    probability: 0.35,
    max: 2,
    interval: 'monthly',
    bill: false,
    merchants: [
      subscription(
        'Microsoft',
        20,
        'MICROSOFT*MICROSOFT 365|MSFT *MICROSOFT 365|MICROSOFT*365',
        '5734',
        [6.99, 9.99],
        'MSBILL.INFO',
        'WA',
      ),
      subscription(
        'Adobe',
        15,
        'ADOBE *CREATIVE CLOUD|ADOBE *ACROPRO SUBS|ADOBE *ADOBE',
        '5734',
        [19.99, 22.99, 59.99],
        '800-833-6687',
        'CA',
      ),
      subscription('Dropbox', 10, 'DROPBOX*{r12}|DROPBOX INC', '5734', [11.99, 19.99], 'DROPBOX.COM', 'CA'),
      subscription(
        'Google',
        20,
        'GOOGLE *Google One|GOOGLE*GOOGLE STORAGE|GOOGLE *GOOGLE ONE',
        '5818',
        [1.99, 2.99, 9.99],
        'G.CO/HELPPAY#',
        'CA',
      ),
      subscription(
        'OpenAI',
        20,
        'OPENAI *CHATGPT SUBSCR|CHATGPT SUBSCRIPTION',
        '5734',
        [20],
        'OPENAI.COM',
        'CA',
      ),
      subscription('Duolingo', 5, 'DUOLINGO PLUS|DUOLINGO.COM', '5818', [6.99, 12.99], '', 'PA'),
    ],
  },
  {
    id: 'news-dating-gaming',
    probability: 0.25,
    max: 1,
    interval: 'monthly',
    bill: false,
    merchants: [
      subscription(
        'The New York Times',
        20,
        'NYTIMES*NYTIMES|NYT DIGITAL SUBSCRIPT|NYTIMES.COM',
        '5994',
        [4, 6.25, 25],
      ),
      subscription('The Wall Street Journal', 8, 'WSJ DIGITAL|DOW JONES & CO', '5994', [38.99]),
      subscription(
        'Xbox',
        18,
        'MICROSOFT*XBOX|MSFT *XBOX',
        '5816',
        [10.99, 16.99, 19.99],
        'MSBILL.INFO',
        'WA',
      ),
      subscription('PlayStation', 15, 'PLAYSTATION NETWORK|SONY PLAYSTATION', '5816', [9.99, 17.99]),
      subscription('Tinder', 8, 'TINDER.COM|TINDER PLUS', '7273', [14.99, 29.99]),
      subscription('Bumble', 5, 'BUMBLE.COM|BUMBLE INC', '7273', [19.99, 39.99]),
      subscription('Hinge', 5, 'HINGE INC|HINGE PLUS', '7273', [19.99, 34.99]),
    ],
  },
  {
    id: 'memberships',
    probability: 0.15,
    max: 1,
    interval: 'monthly',
    bill: false,
    merchants: [
      subscription('DoorDash', 35, 'DOORDASH*DASHPASS|DD *DOORDASH DASHPASS', '5814', [9.99]),
      subscription('Uber', 25, 'UBER *ONE MEMBERSHIP|UBER *ONE', '5968', [9.99], 'HELP.UBER.COM', 'CA'),
      subscription('Instacart', 15, 'INSTACART*SUBSCRIPTION', '5411', [9.99]),
      subscription('Walmart', 25, 'WMT PLUS {mon}|WALMART PLUS', '5300', [12.95], '800-925-6278', 'AR'),
    ],
  },
  {
    id: 'meal-kit',
    probability: 0.05,
    max: 1,
    interval: 'weekly',
    bill: false,
    merchants: [
      subscription('HelloFresh', 50, 'HELLOFRESH.COM|HELLOFRESH US', '5499', [59.99, 69.99, 89.99], '', 'NY'),
      subscription('Factor', 25, 'FACTOR75|FACTOR75.COM', '5499', [65.99, 89.99], '', 'IL'),
      subscription('Home Chef', 15, 'HOMECHEF.COM|HOME CHEF LLC', '5499', [59.99, 79.99], '', 'IL'),
      subscription('Blue Apron', 10, 'BLUEAPRON.COM|BLUE APRON LLC', '5499', [59.99, 69.99], '', 'NY'),
    ],
  },
  {
    id: 'annual',
    probability: 0.3,
    max: 1,
    interval: 'annually',
    bill: false,
    merchants: [
      subscription('Amazon', 40, 'AMAZON PRIME*{r9}|Amazon Prime*{r9}', '5968', [139], 'AMZN.COM/BILL', 'WA'),
      subscription(
        'Costco',
        25,
        'COSTCO *ANNUAL RENEWAL|COSTCO.COM *MEMBERSHIP',
        '5300',
        [65, 130],
        '',
        'WA',
      ),
      subscription('Norton', 10, 'NORTON *AP{d10}|NORTONLIFELOCK', '5734', [99.99, 119.99], '', 'AZ'),
      subscription('McAfee', 8, 'MCAFEE.COM|MCAFEE INC', '5734', [89.99, 119.99], '', 'CA'),
      subscription(
        'GoDaddy',
        7,
        'DNH*GODADDY.COM|DNH*GODADDY#{d9}',
        '5734',
        [21.99, 39.99],
        '480-505-8855',
        'AZ',
      ),
      subscription('Planet Fitness', 10, 'PLANET FITNESS ANNUAL FEE|PLANET FIT ANNUAL FEE', '7997', [49]),
    ],
  },
];

/** Where a heavy user also buys from a merchant they pay a membership or bill to. */
export interface ShopSpec {
  /** In store (a chain of `group`, the segment, trading in the user's state) or online (`group`, an online group). */
  at: 'store' | 'online';
  group: string;
  /** One-off purchases a month there, drawn per user. */
  perMonth: readonly [number, number];
}

/** A quarterly or annual bill of a heavy user: a membership, a policy, a service plan. */
export interface HeavyBillSpec extends SubscriptionSpec {
  interval: 'quarterly' | 'annually';
  /** Bills move off weekends and post late now and then (see `SubscriptionGroup`). */
  bill: boolean;
  /** The user shops there too: the hard case, one counterparty with a series among one-off purchases. */
  shop?: ShopSpec;
  /** Paid beside another series at the same merchant (Subscribe & Save beside Prime, an annual fee beside dues). */
  alongside?: boolean;
  /** Monthly dues the bill comes with, unless the user pays the merchant a series already (a gym's annual fee). */
  dues?: { forms: readonly string[]; prices: readonly number[] };
}

const heavyBill = (
  spec: SubscriptionSpec,
  interval: HeavyBillSpec['interval'],
  extra: Partial<Pick<HeavyBillSpec, 'bill' | 'shop' | 'alongside' | 'dues'>> = {},
): HeavyBillSpec => ({ ...spec, interval, bill: false, ...extra });
const shop = (at: ShopSpec['at'], group: string, perMonth: readonly [number, number]): ShopSpec => ({
  at,
  group,
  perMonth,
});

/**
 * The quarterly and annual bills heavy users pick from (at least one of each), most of them at a merchant
 * the user also shops at: the Costco membership of a weekly Costco shopper, Prime and Subscribe & Save
 * among Amazon orders, Walmart+ among Walmart trips.
 */
export const heavyBills: readonly HeavyBillSpec[] = [
  heavyBill(
    subscription('Costco', 30, 'COSTCO *ANNUAL RENEWAL|COSTCO.COM *MEMBERSHIP', '5300', [65, 130], '', 'WA'),
    'annually',
    { shop: shop('store', 'warehouse', [3, 6]) },
  ),
  heavyBill(
    subscription("Sam's Club", 15, 'SAMS CLUB MEMBERSHIP|SAMSCLUB.COM RENEWAL', '5300', [50, 110], '', 'AR'),
    'annually',
    { shop: shop('store', 'warehouse', [3, 6]) },
  ),
  heavyBill(
    subscription(
      "BJ's Wholesale Club",
      6,
      'BJS MEMBERSHIP FEE|BJS.COM MEMBERSHIP',
      '5300',
      [55, 110],
      '',
      'MA',
    ),
    'annually',
    { shop: shop('store', 'warehouse', [3, 5]) },
  ),
  heavyBill(
    subscription('Walmart', 15, 'WMT PLUS ANNUAL|WALMART PLUS ANNUAL', '5300', [98], '800-925-6278', 'AR'),
    'annually',
    { shop: shop('store', 'grocery', [4, 8]) },
  ),
  heavyBill(
    subscription('Target', 8, 'TARGET CIRCLE 360|TARGET.COM CIRCLE 360', '5310', [99], '800-591-3869', 'MN'),
    'annually',
    { shop: shop('store', 'general-merchandise', [3, 6]) },
  ),
  heavyBill(
    subscription('Amazon', 30, 'AMAZON PRIME*{r9}|Amazon Prime*{r9}', '5968', [139], 'AMZN.COM/BILL', 'WA'),
    'annually',
    { shop: shop('online', 'amazon', [6, 14]) },
  ),
  heavyBill(
    subscription('Uber', 8, 'UBER *ONE MEMBERSHIP|UBER *ONE', '5968', [96], 'HELP.UBER.COM', 'CA'),
    'annually',
    { shop: shop('online', 'ride', [4, 10]) },
  ),
  heavyBill(
    subscription('Planet Fitness', 10, 'PLANET FITNESS ANNUAL FEE|PLANET FIT ANNUAL FEE', '7997', [49]),
    'annually',
    {
      alongside: true,
      dues: { forms: ['PLANET FITNESS', 'PLANET FIT CLUB FEES'], prices: [15, 24.99] },
    },
  ),
  heavyBill(subscription('AAA', 6, 'AAA MEMBERSHIP|AAA CLUB RENEWAL', '8699', [64, 124]), 'annually'),
  heavyBill(
    subscription('Norton', 4, 'NORTON *AP{d10}|NORTONLIFELOCK', '5734', [99.99, 119.99], '', 'AZ'),
    'annually',
  ),
  heavyBill(
    subscription(
      'GoDaddy',
      3,
      'DNH*GODADDY.COM|DNH*GODADDY#{d9}',
      '5734',
      [21.99, 39.99],
      '480-505-8855',
      'AZ',
    ),
    'annually',
  ),
  heavyBill(
    subscription(
      'State Farm',
      12,
      'STATE FARM INSURANCE|STATE FARM RO 27',
      '6300',
      [310, 420, 560],
      '800-956-6310',
      'IL',
    ),
    'quarterly',
    { bill: true },
  ),
  heavyBill(
    subscription(
      'Progressive',
      12,
      'PROGRESSIVE *INSURANCE|PROG DIRECT INS',
      '6300',
      [280, 390, 520],
      '800-776-4737',
      'OH',
    ),
    'quarterly',
    { bill: true },
  ),
  heavyBill(subscription('Terminix', 8, 'TERMINIX|TERMINIX SERVICE', '7342', [119, 139, 165]), 'quarterly', {
    bill: true,
  }),
  heavyBill(subscription('Orkin', 8, 'ORKIN PEST CONTROL|ORKIN #{3}', '7342', [125, 150, 185]), 'quarterly', {
    bill: true,
  }),
  heavyBill(
    subscription('Aptive Environmental', 4, 'APTIVE ENVIRONMENTAL|APTIVE PEST CONTROL', '7342', [135, 150]),
    'quarterly',
    {
      bill: true,
    },
  ),
  heavyBill(subscription('FabFitFun', 5, 'FABFITFUN|FABFITFUN.COM', '5968', [59.99, 64.99]), 'quarterly'),
  heavyBill(
    subscription('Mint Mobile', 6, 'MINTMOBILE.COM|MINT MOBILE', '4814', [45, 60, 75], '', 'CA'),
    'quarterly',
  ),
  heavyBill(
    subscription(
      'Amazon',
      10,
      'AMZN Mktp US*{r9}|Amazon.com*{r9}',
      '5999',
      [23.47, 31.96, 38.12, 44.85, 52.37, 67.94],
      'AMZN.COM/BILL',
      'WA',
    ),
    'quarterly',
    { shop: shop('online', 'amazon', [6, 14]), alongside: true },
  ),
  heavyBill(
    subscription('Chewy', 6, 'CHEWY.COM', '5995', [42.98, 61.47, 88.36], '800-672-4399', 'FL'),
    'quarterly',
    {
      shop: shop('online', 'online-retail', [1, 3]),
      alongside: true,
    },
  ),
];

/** Electric and gas utilities by state, most customers first. */
export const utilitiesByState: Readonly<Record<string, readonly string[]>> = {
  AL: ['Alabama Power'],
  AR: ['Entergy'],
  AZ: ['Arizona Public Service', 'Tucson Electric Power', 'Southwest Gas'],
  CA: [
    'Pacific Gas and Electric',
    'Southern California Edison',
    'LADWP',
    'San Diego Gas & Electric',
    'SMUD',
    'SoCalGas',
  ],
  CO: ['Xcel Energy', 'Black Hills Energy'],
  CT: ['Eversource'],
  DC: ['Pepco', 'Washington Gas'],
  DE: ['Delmarva Power'],
  FL: ['Florida Power & Light', 'Duke Energy', 'Tampa Electric', 'JEA'],
  GA: ['Georgia Power', 'Georgia Natural Gas'],
  HI: ['Hawaiian Electric'],
  IA: ['MidAmerican Energy', 'Alliant Energy'],
  ID: ['Idaho Power', 'Avista'],
  IL: ['ComEd', 'Ameren', 'Nicor Gas'],
  IN: ['AES Indiana', 'NIPSCO', 'Duke Energy'],
  KS: ['Evergy'],
  KY: ['LG&E and KU', 'Duke Energy'],
  LA: ['Entergy', 'SWEPCO'],
  MA: ['Eversource', 'National Grid'],
  MD: ['BGE', 'Pepco', 'Delmarva Power'],
  ME: ['Central Maine Power'],
  MI: ['DTE Energy', 'Consumers Energy'],
  MN: ['Xcel Energy', 'Minnesota Power', 'CenterPoint Energy'],
  MO: ['Ameren', 'Evergy', 'Spire'],
  MS: ['Entergy', 'Mississippi Power'],
  NC: ['Duke Energy', 'Piedmont Natural Gas'],
  NH: ['Eversource', 'Unitil'],
  NJ: ['PSE&G', 'Atlantic City Electric'],
  NM: ['PNM'],
  NV: ['NV Energy', 'Southwest Gas'],
  NY: ['Con Edison', 'National Grid', 'Central Hudson', 'RG&E', 'National Fuel Gas'],
  OH: ['AEP', 'FirstEnergy', 'Duke Energy', 'Columbia Gas of Ohio'],
  OK: ['OG&E'],
  OR: ['Portland General Electric', 'Pacific Power', 'NW Natural'],
  PA: ['PECO', 'PPL Electric Utilities', 'FirstEnergy', 'UGI Utilities'],
  SC: ['Duke Energy', 'Dominion Energy'],
  TN: ['Memphis Light, Gas and Water'],
  TX: [
    'TXU Energy',
    'Reliant Energy',
    'CenterPoint Energy',
    'Atmos Energy',
    'Austin Energy',
    'El Paso Electric',
  ],
  UT: ['Rocky Mountain Power'],
  VA: ['Dominion Energy', 'Washington Gas'],
  WA: ['Puget Sound Energy', 'Avista'],
  WI: ['We Energies', 'Alliant Energy'],
  WV: ['AEP', 'FirstEnergy'],
  WY: ['Rocky Mountain Power', 'Black Hills Energy'],
};

/** Banks whose machines print their name, with the way they print it. */
export const atmOwners: readonly ChainSpec[] = [
  chain('Chase', 30, 'CHASE ATM {street}|ATM WITHDRAWAL CHASE {4} {street}|CHASE BANK ATM #{4}'),
  chain('Bank of America', 25, 'BKOFAMERICA ATM {street}|BANK OF AMERICA ATM {4} {street}'),
  chain('Wells Fargo', 20, 'WELLS FARGO ATM #{4} WITHDRAWAL {street}|WELLS FARGO ATM {4}'),
  chain('PNC Bank', 6, 'PNC BANK ATM {street}|PNC ATM {4}', {
    states: 'PA OH NJ KY IN MI IL MD DC VA NC FL',
  }),
  chain('TD Bank', 5, 'TD BANK ATM {street}', { states: 'NJ NY PA MA CT FL ME NH VT DE MD VA NC SC DC' }),
  chain('U.S. Bank', 6, 'US BANK ATM {4} {street}|U.S. BANK ATM {street}', {
    states: 'MN WI IA MO OH KY CA OR WA CO NE ND SD MT ID UT NV AZ IL IN TN KS',
  }),
  chain('Capital One', 4, 'CAPITAL ONE ATM {street}', { states: 'VA MD DC NY NJ TX LA' }),
  chain('Citi', 4, 'CITIBANK ATM {street}|CITI ATM {4}', { states: 'NY NJ CA FL IL DC NV VA MD' }),
];
