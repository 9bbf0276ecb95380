#!/usr/bin/env node
/**
 * Writes datasets/eval/real-shapes.jsonl (tuning split) and real-shapes.held-out.jsonl (held out) from the
 * hand-written vocabularies beside this file, then checks every line and prints the mix.
 *
 *   node datasets/eval/real-shapes/build.mjs           regenerate both files, check, print the mix
 *   node datasets/eval/real-shapes/build.mjs --check   check the committed files (and that a rebuild is identical)
 *
 * Plain Node ESM, no dependencies, deterministic: one seeded PRNG drives every choice, in a fixed order, so the
 * output is the same byte for byte on every run. The line shapes imitate US bank and card exports (see the README
 * section "Real-shapes set"); nothing here is derived from the engine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const evalDir = join(here, '..');
const repoRoot = join(here, '..', '..', '..');
const OUT_TUNE = join(evalDir, 'real-shapes.jsonl');
const OUT_HELD = join(evalDir, 'real-shapes.held-out.jsonl');
const CATALOG = join(repoRoot, 'packages', 'catalog', 'artifact', 'catalog.json');
const SEED = 0x5eed2025;

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------------------------
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const chance = (p) => rand() < p;
const weighted = (pairs) => {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [item, w] of pairs) {
    r -= w;
    if (r < 0) return item;
  }
  return pairs[pairs.length - 1][0];
};
const shuffle = (arr) => {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [arr[i], arr[j]] = [arr[j], arr[i]];
  }
  return arr;
};
const DIGITS = '0123456789';
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const digits = (n) => Array.from({ length: n }, () => DIGITS[int(0, 9)]).join('');
const alnum = (n) => Array.from({ length: n }, () => ALNUM[int(0, ALNUM.length - 1)]).join('');
const lower = (s) => s.toLowerCase();

// ---------------------------------------------------------------------------------------------------------------
// Vocabularies
// ---------------------------------------------------------------------------------------------------------------
const readJson = (name) => JSON.parse(readFileSync(join(here, name), 'utf8'));
const CITIES = readJson('cities.json').map(([city, st, zip, area]) => ({ city, st, zip, area }));
const PEOPLE = readJson('people.json');
const EMPLOYERS = readJson('employers.json');
const BRANDS = readJson('brands.json');
const HARD = readJson('hard-negatives.json');
const BANK_FACTS = readJson('bank-facts.json');

/** Categories: MCC, price range, channel and which facilitators plausibly sit in front of them. */
const CAT = {
  restaurant: { mcc: '5812', price: [12, 95], fac: 'food' },
  pizza: { mcc: '5814', price: [10, 55], fac: 'food' },
  bar: { mcc: '5813', price: [9, 85], fac: 'food' },
  brewery: { mcc: '5813', price: [8, 70], fac: 'food' },
  coffee: { mcc: '5814', price: [3, 18], fac: 'food' },
  bakery: { mcc: '5462', price: [4, 45], fac: 'food' },
  foodtruck: { mcc: '5814', price: [7, 28], fac: 'truck' },
  icecream: { mcc: '5814', price: [4, 22], fac: 'food' },
  deli: { mcc: '5814', price: [7, 30], fac: 'food' },
  grocery: { mcc: '5411', price: [12, 140], fac: 'none' },
  convenience: { mcc: '5499', price: [3, 35], fac: 'none' },
  gas: { mcc: '5541', price: [18, 80], fac: 'none' },
  autorepair: { mcc: '7538', price: [45, 1200], fac: 'service' },
  carwash: { mcc: '7542', price: [8, 40], fac: 'retail' },
  towing: { mcc: '7549', price: [75, 350], fac: 'service' },
  dentist: { mcc: '8021', price: [40, 900], fac: 'medical' },
  doctor: { mcc: '8011', price: [25, 400], fac: 'medical' },
  chiro: { mcc: '8041', price: [30, 120], fac: 'medical' },
  optical: { mcc: '8042', price: [40, 450], fac: 'medical' },
  vet: { mcc: '0742', price: [45, 600], fac: 'medical' },
  petgroom: { mcc: '0742', price: [35, 110], fac: 'service' },
  plumber: { mcc: '1711', price: [95, 850], fac: 'trade' },
  hvac: { mcc: '1711', price: [90, 1400], fac: 'trade' },
  electric: { mcc: '1731', price: [95, 900], fac: 'trade' },
  landscape: { mcc: '0780', price: [45, 400], fac: 'trade' },
  cleaning: { mcc: '7349', price: [80, 280], fac: 'trade' },
  pest: { mcc: '7342', price: [60, 250], fac: 'trade' },
  locksmith: { mcc: '7699', price: [60, 220], fac: 'trade' },
  hardware: { mcc: '5251', price: [5, 150], fac: 'retail' },
  florist: { mcc: '5992', price: [25, 140], fac: 'retail' },
  nails: { mcc: '7230', price: [20, 90], fac: 'service' },
  salon: { mcc: '7230', price: [25, 220], fac: 'service' },
  barber: { mcc: '7241', price: [18, 60], fac: 'service' },
  spa: { mcc: '7298', price: [60, 220], fac: 'service' },
  laundry: { mcc: '7211', price: [3, 30], fac: 'none' },
  drycleaning: { mcc: '7216', price: [10, 75], fac: 'service' },
  parking: { mcc: '7523', price: [3, 40], fac: 'none' },
  church: { mcc: '8661', price: [20, 300], fac: 'org' },
  school: { mcc: '8299', price: [25, 650], fac: 'org' },
  gym: { mcc: '7997', price: [15, 180], fac: 'service' },
  books: { mcc: '5942', price: [8, 70], fac: 'retail' },
  clothing: { mcc: '5651', price: [20, 180], fac: 'retail' },
  jewelry: { mcc: '5944', price: [40, 900], fac: 'retail' },
  gift: { mcc: '5947', price: [8, 80], fac: 'retail' },
  furniture: { mcc: '5712', price: [80, 1800], fac: 'retail' },
  liquor: { mcc: '5921', price: [12, 90], fac: 'retail' },
  pharmacy: { mcc: '5912', price: [5, 80], fac: 'none' },
  hotel: { mcc: '7011', price: [90, 420], fac: 'none' },
  tattoo: { mcc: '7299', price: [60, 500], fac: 'service' },
  photo: { mcc: '7221', price: [80, 600], fac: 'service' },
  printing: { mcc: '7338', price: [8, 150], fac: 'retail' },
  moving: { mcc: '4214', price: [150, 1600], fac: 'trade' },
  storage: { mcc: '4225', price: [45, 220], fac: 'none' },
  taxi: { mcc: '4121', price: [8, 60], fac: 'none' },
  bowling: { mcc: '7933', price: [12, 90], fac: 'retail' },
  cinema: { mcc: '7832', price: [9, 45], fac: 'none' },
  golf: { mcc: '7992', price: [15, 110], fac: 'retail' },
  museum: { mcc: '7991', price: [8, 60], fac: 'org' },
  tax: { mcc: '8931', price: [75, 600], fac: 'trade' },
  bike: { mcc: '5940', price: [10, 900], fac: 'retail' },
  music: { mcc: '5733', price: [10, 120], fac: 'retail' },
  thrift: { mcc: '5931', price: [5, 80], fac: 'retail' },
  hobby: { mcc: '5945', price: [8, 120], fac: 'retail' },
  nursery: { mcc: '5261', price: [10, 160], fac: 'retail' },
  utility: { mcc: '4900', price: [30, 220], fac: 'none' },
  rent: { mcc: '6513', price: [900, 2800], fac: 'none' },
  online: { mcc: '5999', price: [10, 200], fac: 'none' },
};

function readLocals() {
  const out = [];
  let cat = null;
  for (const raw of readFileSync(join(here, 'locals.txt'), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('@')) {
      cat = line.slice(1);
      if (!CAT[cat]) throw new Error(`locals.txt: unknown category ${cat}`);
      continue;
    }
    const [clean, desc, where] = line.split('|').map((s) => s.trim());
    let city = null;
    if (where) {
      const [c, st] = where.split(',').map((s) => s.trim());
      city = CITIES.find((x) => x.city === c && x.st === st);
      if (!city) throw new Error(`locals.txt: unknown city ${where}`);
    }
    out.push({ clean, desc: desc || null, cat, fixedCity: city });
  }
  return out;
}
const LOCALS = readLocals();

// ---------------------------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------------------------
const squash = (s) => s.replace(/ {2,}/g, ' ').trim();
const padEnd = (s, n) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
const upperDesc = (clean) =>
  clean
    .toUpperCase()
    .replace(/[’']/g, '')
    .replace(/\.(?=\s|$)/g, '')
    .replace(/[ÉÈ]/g, 'E');
const titleCase = (s) =>
  s
    .toLowerCase()
    .split(' ')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
/** Comparable form used by the scorer: case, apostrophes, dots and commas do not matter. */
const comparable = (s) =>
  s
    .toLowerCase()
    .replace(/['’.,]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const ABBREV = [
  [/\bRESTAURANT\b/, 'REST'],
  [/\bCOMPANY\b/, 'CO'],
  [/\bCENTER\b/, 'CTR'],
  [/\bSERVICES\b/, 'SVCS'],
  [/\bSERVICE\b/, 'SVC'],
  [/\bMOUNTAIN\b/, 'MTN'],
  [/\bMARKET\b/, 'MKT'],
  [/\bHOSPITAL\b/, 'HOSP'],
  [/\bASSOCIATES\b/, 'ASSOC'],
  [/\bCHIROPRACTIC\b/, 'CHIRO'],
  [/\bAPARTMENTS\b/, 'APTS'],
  [/\bBROTHERS\b/, 'BROS'],
  [/\bSUPPLY\b/, 'SUPPLY'],
];
const abbreviate = (s) => {
  let out = s;
  for (const [re, rep] of ABBREV) out = out.replace(re, rep);
  return out;
};
/** The label's alternates: the clean name, plus what the descriptor visibly shows when it is not the same name. */
function labelWithVisible(clean, visible, extra = []) {
  const names = [clean, ...extra];
  const seen = new Set(names.map(comparable));
  const letters = (x) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  const words = new Set(
    comparable(clean)
      .split(' ')
      .filter((w) => w.length >= 3),
  );
  /** Only what still reads as (part of) the name: a whole word of it, or a run-together prefix of 6+ letters. */
  const recognisable = (v) =>
    comparable(v)
      .split(' ')
      .some((w) => words.has(w)) ||
    (letters(v).length >= 6 && letters(clean).startsWith(letters(v)));
  const add = (s) => {
    const t = titleCase(s.replace(/\s+/g, ' ').trim());
    if (t && recognisable(t) && !seen.has(comparable(t))) {
      seen.add(comparable(t));
      names.push(t);
    }
  };
  if (visible) {
    visible = visible.replace(/(\s+#?\d+)+$/, '').replace(/\s+(LLC|INC|CO|CORP)\.?$/i, '');
    const v = visible.replace(/^THE /, '');
    if (comparable(v) !== comparable(clean.replace(/^The /i, ''))) add(visible);
    else if (/^the /i.test(clean) && !/^THE /i.test(visible)) add(visible);
  }
  return names.join(' | ');
}

// ---------------------------------------------------------------------------------------------------------------
// Dates, amounts, users
// ---------------------------------------------------------------------------------------------------------------
const DAY = 86400000;
const START = Date.UTC(2024, 0, 2);
const END = Date.UTC(2025, 9, 31);
const randomDate = () => new Date(START + int(0, Math.floor((END - START) / DAY)) * DAY);
const p2 = (n) => String(n).padStart(2, '0');
const ymd = (d) => `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
const mmdd = (d) => `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}`;
const mmdd4 = (d) => `${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}`;
const mmddyy = (d) => `${mmdd(d)}/${String(d.getUTCFullYear()).slice(2)}`;
const mmddyyDash = (d) =>
  `${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}-${String(d.getUTCFullYear()).slice(2)}`;
const yymmdd = (d) => `${String(d.getUTCFullYear()).slice(2)}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}`;
const yyyymmdd = (d) => `${d.getUTCFullYear()}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}`;
const minusDays = (d, n) => new Date(d.getTime() - n * DAY);
function occurredAtFor(d) {
  const form = weighted([
    ['date', 6],
    ['z', 3],
    ['space', 1],
  ]);
  if (form === 'date') return ymd(d);
  const t = `${p2(int(6, 22))}:${p2(int(0, 59))}:${p2(int(0, 59))}`;
  return form === 'z' ? `${ymd(d)}T${t}Z` : `${ymd(d)} ${t}Z`;
}
const money = (lo, hi) => {
  const v = lo + rand() * (hi - lo);
  return (Math.round(v * 100) / 100).toFixed(2);
};

const USERS = Array.from({ length: 140 }, (_, i) => ({
  id: `user-${String(i + 1).padStart(4, '0')}`,
  first: pick(PEOPLE.first),
  last: pick(PEOPLE.last),
  last4: digits(4),
  acct4: digits(4),
  sav4: digits(4),
  home: pick(CITIES),
}));
const randomPerson = () => ({ first: pick(PEOPLE.first), last: pick(PEOPLE.last) });
const personName = (p) => `${p.first} ${p.last}`;

// ---------------------------------------------------------------------------------------------------------------
// Sources: which bank/issuer/aggregator shape a line imitates, and how often
// ---------------------------------------------------------------------------------------------------------------
const BANK_SOURCES = [
  ['wells-fargo', 13],
  ['bank-of-america', 13],
  ['chase', 13],
  ['us-bank', 5],
  ['pnc', 5],
  ['td-bank', 4],
  ['truist', 4],
  ['navy-federal', 4],
  ['capital-one-360', 3],
  ['credit-union', 6],
  ['usaa', 2],
  ['plaid', 7],
];
const CARD_SOURCES = [
  ['chase-card', 6],
  ['citi', 5],
  ['capital-one', 6],
  ['amex', 6],
  ['discover', 5],
  ['bofa-card', 3],
  ['wells-fargo-card', 2],
];
const isCardSource = (s) => CARD_SOURCES.some(([n]) => n === s);
/** Sources whose shape always prints the merchant's city (needed when the brand word is in the city name). */
const CITY_PRINTING_SOURCES = [...BANK_SOURCES, ...CARD_SOURCES].filter(
  ([s]) => !['capital-one', 'chase-card', 'plaid', 'us-bank'].includes(s),
);

// ---------------------------------------------------------------------------------------------------------------
// Building a card descriptor: a name slot, a "city" slot (city, phone or URL) and a state
// ---------------------------------------------------------------------------------------------------------------
function fillTemplate(t, ctx) {
  return t
    .replace(/\{s(\d+)\}/g, (_, n) => digits(Number(n)))
    .replace(/\{a(\d+)\}/g, (_, n) => alnum(Number(n)))
    .replace(/\{CITY\}/g, ctx.city?.city ?? '')
    .replace(/\{ST\}/g, ctx.city?.st ?? '')
    .replace(/\{AREA\}/g, ctx.city?.area ?? '555');
}
const exchange = () => `${int(2, 9)}${digits(2)}`;
const phoneFor = (city) =>
  weighted([
    [`${city.area}-${exchange()}-${digits(4)}`, 5],
    [`${city.area}-${exchange()}${digits(4)}`, 2],
    [`${city.area}${exchange()}${digits(4)}`, 2],
  ]);
const streetAddr = () =>
  `${int(10, 9899)} ${pick(['MAIN ST', 'BROADWAY', 'OAK ST', 'ELM ST', 'PARK AVE', 'MARKET ST', 'CENTRAL AVE', 'WASHINGTON ST', 'HWY 62', 'N 1ST ST', 'COLLEGE AVE', 'MILL RD', 'S STATE ST', 'LAKE DR', 'RIVER RD', 'W 5TH ST'])}`;

/**
 * A purchase: everything a source needs to print it.
 * nameSlot: the merchant's descriptor name (with any facilitator prefix), already in the merchant's own case.
 * tail: {kind: 'loc'|'phone'|'url'|'address'|'none', city, st, text}
 */
function makeTail(kind, city, extra) {
  if (kind === 'none') return { kind, text: '', city: null, st: null, slot: '' };
  if (kind === 'loc') return { kind, city, st: city.st, slot: city.city, text: `${city.city} ${city.st}` };
  if (kind === 'zip')
    return { kind: 'loc', city, st: city.st, slot: city.city, text: `${city.city} ${city.st} ${city.zip}` };
  if (kind === 'address') {
    const a = extra ?? streetAddr();
    return { kind, city, st: city.st, slot: city.city, addr: a, text: `${a} ${city.city} ${city.st}` };
  }
  // phone / url: extra = [value, state]
  const [value, st] = extra;
  return { kind, city, st, slot: value, text: `${value} ${st}` };
}

/** Truncates a name slot the way card networks and issuers do; returns [visible, truncated?]. */
function truncName(name, max) {
  if (name.length <= max) return [name, false];
  return [name.slice(0, max).trimEnd(), true];
}

/**
 * Prints a card purchase in a source's shape. Returns {kind, description|merchantName, tags[], visibleName}.
 * p: {name, tail, date, user, recurring, refund, wallet, cashback}
 */
function printPurchase(source, p) {
  const tags = new Set();
  const d = minusDays(p.date, int(0, 2));
  const t = p.tail;
  if (t.kind === 'phone') tags.add('phone');
  if (t.kind === 'url') tags.add('url');
  if (t.kind === 'address') tags.add('address');
  let name = p.name;
  let truncated = false;
  const limit = (n) => {
    const [v, cut] = truncName(name, n);
    if (cut) truncated = true;
    name = v;
  };
  let text;
  let kind = 'universal';
  const tailText = t.text;
  const user = p.user;
  switch (source) {
    case 'wells-fargo': {
      limit(pick([22, 25, 25]));
      tags.add('bank-wrapper');
      const ref = `${chance(0.55) ? 'S' : 'P'}${digits(15)}`;
      const verb = p.refund
        ? 'PURCHASE RETURN AUTHORIZED ON'
        : p.recurring
          ? 'RECURRING PAYMENT AUTHORIZED ON'
          : p.cashback
            ? `PURCHASE WITH CASH BACK $ ${p.cashback} AUTHORIZED ON`
            : 'PURCHASE AUTHORIZED ON';
      const form = weighted([
        ['plain', 70],
        ['padded', 12],
        ['mixed', 18],
      ]);
      if (form === 'plain') text = squash(`${verb} ${mmdd(d)} ${name} ${tailText} ${ref} CARD ${user.last4}`);
      else if (form === 'padded') {
        // the spacing of Wells Fargo's fixed-width statement layout
        const [first, ...restVerb] = verb.replace(/ AUTHORIZED ON$/, '').split(' ');
        const head = `${padEnd(first, 8)}${restVerb.length ? ` ${restVerb.join(' ')}` : ''}`;
        const where = t.kind === 'none' ? '' : `${padEnd(t.slot ?? '', 13)} ${t.st ?? ''}`;
        text = `${padEnd(head, 28)}AUTHORIZED ON   ${mmdd(d)} ${padEnd(name, 25)} ${where}  ${ref}   CARD ${user.last4}`;
      } else {
        // as printed on the PDF statement: sentence case wrapper, title-case merchant and city, state and reference upper
        const where =
          t.kind === 'none'
            ? ''
            : t.kind === 'loc' || t.kind === 'address'
              ? `${titleCase(t.kind === 'address' ? `${t.addr} ${t.slot}` : t.slot)} ${t.st}`
              : `${titleCase(t.slot)} ${t.st}`;
        text = squash(
          `${verb[0]}${verb.slice(1).toLowerCase()} ${mmdd(d)} ${titleCase(name)} ${where} ${ref} Card ${user.last4}`,
        );
      }
      break;
    }
    case 'bank-of-america': {
      limit(pick([22, 25]));
      tags.add('bank-wrapper');
      const form = p.recurring
        ? 'checkcard'
        : weighted([
            ['checkcard', 45],
            ['purchase', 25],
            ['newstyle', 30],
          ]);
      if (form === 'checkcard') text = squash(`CHECKCARD ${mmdd4(d)} ${name} ${tailText} ${digits(23)}`);
      else if (form === 'purchase') text = squash(`PURCHASE ${mmdd4(d)} ${name} ${tailText}`);
      else text = squash(`${name} ${mmdd(d)} PURCHASE ${tailText}`);
      break;
    }
    case 'chase': {
      limit(pick([22, 25]));
      const form = p.wallet
        ? 'wallet'
        : weighted([
            ['padded', 55],
            ['statement', 15],
            ['pin', 10],
            ['posdebit', 10],
          ]);
      if (form === 'padded') {
        text = `${padEnd(squash(`${name} ${tailText}`), 44)} ${mmdd(d)}`;
        if (squash(`${name} ${tailText}`).length > 44) text = `${squash(`${name} ${tailText}`)} ${mmdd(d)}`;
      } else if (form === 'statement') {
        tags.add('bank-wrapper');
        text = squash(
          `Card Purchase ${mmdd(d)} ${titleCase(name)} ${t.kind === 'loc' || t.kind === 'address' ? `${titleCase(t.slot)} ${t.st}` : tailText} Card ${user.last4}`,
        );
      } else if (form === 'pin') {
        tags.add('bank-wrapper');
        text = squash(`CARD PURCHASE WITH PIN ${mmdd(d)} ${name} ${tailText} CARD ${user.last4}`);
      } else if (form === 'posdebit') {
        tags.add('bank-wrapper');
        text =
          `POS DEBIT                ${padEnd(name, 25)}${padEnd(t.slot ?? '', 14)}${t.st ?? ''}`.trimEnd();
      } else {
        tags.add('bank-wrapper');
        text = squash(`APPLE PAY ENDING IN ${user.last4} ${name} ${tailText}`);
      }
      break;
    }
    case 'us-bank': {
      tags.add('bank-wrapper');
      limit(16);
      const slot = padEnd((t.slot ?? '').slice(0, 12), 12);
      const verb = p.refund
        ? 'DEBIT PURCHASE RET - VISA'
        : p.recurring && chance(0.5)
          ? 'RECURRING DEBIT PURCHASE'
          : 'DEBIT PURCHASE -VISA';
      text = t.kind === 'none' ? `${verb} ${name}` : `${verb} ${padEnd(name, 16)}${slot}${t.st}`;
      if (t.kind !== 'none' && (name.length >= 16 || (t.slot ?? '').length >= 12)) tags.add('run-together');
      break;
    }
    case 'pnc': {
      tags.add('bank-wrapper');
      limit(pick([22, 25]));
      const form = p.recurring
        ? 'recurring'
        : weighted([
            ['dcp', 60],
            ['suffix', 40],
          ]);
      if (form === 'dcp') text = squash(`DEBIT CARD PURCHASE XXXXX${user.last4} ${name} ${tailText}`);
      else if (form === 'recurring')
        text = `RECURRING DEBIT CARD  XXXXX${user.last4} ${padEnd(name, 25)} ${tailText}`.trimEnd();
      else text = squash(`${name} ${tailText} POS PURCHASE POS${digits(3)} XXX${digits(2)}`);
      break;
    }
    case 'td-bank': {
      tags.add('bank-wrapper');
      limit(pick([22, 25]));
      const slot = t.kind === 'none' ? '' : `${t.slot} * ${t.st}`;
      text = squash(
        `VISA DDA PUR ${chance(0.6) ? 'AP ' : ''}${chance(0.4) ? '- ' : ''}${digits(6)} ${name} ${slot}`,
      );
      break;
    }
    case 'truist': {
      tags.add('bank-wrapper');
      limit(pick([22, 25]));
      text = squash(
        `${chance(0.8) ? 'POS Debit - Visa Check Card' : 'POS DEBIT - VISA CHECK CARD'} ${user.last4} - ${name} ${tailText}`,
      );
      break;
    }
    case 'navy-federal': {
      tags.add('bank-wrapper');
      limit(18);
      const where =
        t.kind === 'none'
          ? ''
          : t.kind === 'phone' || t.kind === 'url'
            ? `${titleCase(t.slot)} ${t.st}`
            : `${titleCase(t.slot)} ${t.st}`;
      text = squash(`POS Debit- Debit Card ${user.last4} ${mmddyyDash(d)} ${titleCase(name)} ${where}`);
      break;
    }
    case 'capital-one-360': {
      tags.add('bank-wrapper');
      limit(pick([22, 25]));
      text = squash(`Debit Card Purchase - ${name} ${tailText}`);
      break;
    }
    case 'credit-union': {
      tags.add('bank-wrapper');
      limit(pick([22, 25]));
      const form = weighted([
        ['dbtcrd', 35],
        ['terminal', 25],
        ['posdebit', 20],
        ['pospurch', 20],
      ]);
      if (form === 'dbtcrd') {
        const n =
          /^(TST|SQ|SP) ?\* ?/.test(name) && chance(0.6) ? name.replace(/^(TST|SQ|SP) ?\* ?/, '$1') : name;
        if (n !== name) tags.add('run-together');
        text = squash(
          `DBT CRD ${p2(int(6, 23))}${p2(int(0, 59))} ${mmddyy(d)} ${alnum(8)} ${n} ${tailText} C#${user.last4}`,
        );
      } else if (form === 'terminal') {
        const hh = int(1, 12);
        text = squash(
          `POS PURCHASE TERMINAL ${digits(6)} ${name} ${tailText} ${mmddyyDash(d)} ${p2(hh)}:${p2(int(0, 59))} ${chance(0.5) ? 'AM' : 'PM'}`,
        );
      } else if (form === 'posdebit') text = squash(`POS DEBIT ${name} ${tailText}`);
      else
        text = squash(
          `POS PURCH ${name} ${t.kind === 'loc' || t.kind === 'address' ? `${t.slot} ${t.st}` : tailText}`,
        );
      break;
    }
    case 'usaa': {
      limit(pick([22, 25]));
      text = squash(`${name} ${tailText}`);
      break;
    }
    case 'plaid': {
      limit(pick([22, 25, 32]));
      const form = weighted([
        ['raw', 30],
        ['title', 45],
        ['bare', 25],
      ]);
      if (form === 'raw') {
        tags.add('bank-wrapper');
        text = squash(`CHECKCARD ${mmdd4(d)} ${name} ${tailText} XXXXX${user.last4}XXXXXXXXXX${digits(4)}`);
      } else if (form === 'title')
        text = squash(`${titleCase(name)} ${t.kind === 'loc' ? `${titleCase(t.slot)} ${t.st}` : ''}`);
      else text = titleCase(name);
      break;
    }
    // ---- credit-card exports: the input is a card request ----
    case 'chase-card': {
      kind = 'card';
      limit(pick([22, 25]));
      text = chance(0.75) || t.kind === 'none' ? name : squash(`${name} ${tailText}`);
      break;
    }
    case 'citi': {
      kind = 'card';
      limit(22);
      text =
        t.kind === 'none' ? name : `${padEnd(name, 23)}${padEnd((t.slot ?? '').slice(0, 13), 14)}${t.st}`;
      if ((t.slot ?? '').length > 13) truncated = true;
      break;
    }
    case 'capital-one': {
      kind = 'card';
      limit(22);
      text = name;
      break;
    }
    case 'amex': {
      kind = 'card';
      let n = p.wallet ? `AplPay ${name}` : name;
      if (chance(0.5)) n = n.replace(/([A-Z])'([A-Z])/g, '$1 $2');
      const [v, cut] = truncName(n, 20);
      if (cut) truncated = true;
      name = v.replace(/^AplPay /, '');
      text = t.kind === 'none' ? v : `${padEnd(v, 20)}${padEnd((t.slot ?? '').slice(0, 20), 20)}${t.st}`;
      if (v.length === 20 && t.kind !== 'none') tags.add('run-together');
      break;
    }
    case 'discover': {
      kind = 'card';
      limit(pick([22, 25]));
      text = squash(`${chance(0.5) ? name.replace(/([A-Z])'([A-Z])/g, '$1 $2') : name} ${tailText}`);
      break;
    }
    case 'bofa-card': {
      kind = 'card';
      limit(pick([22, 25]));
      if (t.kind === 'loc' && t.slot.length >= 13) {
        text = `${name} ${t.slot.slice(0, 13)}${t.st}`;
        tags.add('run-together');
      } else text = squash(`${name} ${tailText}`);
      break;
    }
    case 'wells-fargo-card': {
      kind = 'card';
      limit(pick([22, 25]));
      text = squash(`${name} ${tailText}`);
      break;
    }
    default:
      throw new Error(`unknown source ${source}`);
  }
  if (truncated) tags.add('truncated');
  return { kind, text, tags: [...tags], visibleName: name };
}

// ---------------------------------------------------------------------------------------------------------------
// Line assembly
// ---------------------------------------------------------------------------------------------------------------
const lines = [];
let txSeq = 0;
const txId = () => `txn-${String(++txSeq).padStart(5, '0')}${alnum(4)}`;

function cardInput(text, { mcc, amount, date, city, zip }) {
  const input = { merchantName: text };
  if (mcc && chance(0.42)) input.categoryCode = mcc;
  input.amount = chance(0.8) ? amount : Number(amount);
  input.currencyCode = 'USD';
  input.occurredAt = occurredAtFor(date);
  if (city && chance(0.08))
    input.location = {
      city: titleCase(city.city),
      region: city.st,
      country: 'US',
      ...(zip ? { postalCode: city.zip } : {}),
    };
  return input;
}
function universalInput(user, text, amount, direction, date) {
  return {
    userId: user.id,
    transactionId: txId(),
    description: text,
    amount: chance(0.75) ? amount : Number(amount),
    direction,
    currencyCode: 'USD',
    occurredAt: occurredAtFor(date),
  };
}
function transferInput(user, text, amount, direction, date, transactionType) {
  return {
    userId: user.id,
    transactionId: txId(),
    transactionType,
    description: text,
    amount: chance(0.75) ? amount : Number(amount),
    direction,
    currencyCode: 'USD',
    occurredAt: occurredAtFor(date),
  };
}
function push(group, source, kind, input, expect, tags) {
  const order = [
    'unknown-local',
    'chain',
    'online',
    'biller',
    'government',
    'finance',
    'facilitator',
    'wallet',
    'p2p',
    'transfer',
    'payroll',
    'hard-negative',
    'bank-wrapper',
    'truncated',
    'run-together',
    'address',
    'phone',
    'url',
  ];
  const uniq = [...new Set(tags)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  lines.push({ group, kind, source, input, expect, tags: uniq });
}

// ---------------------------------------------------------------------------------------------------------------
// Card purchases (locals, hard negatives, brands)
// ---------------------------------------------------------------------------------------------------------------
const FACILITATORS = {
  square: { third: 'Square', channel: 'physical', make: (n) => [`SQ *${n}`, 22] },
  toast: {
    third: 'Toast',
    channel: 'physical',
    make: (n) => [
      weighted([
        [`TST* ${n}`, 6],
        [`TST*${n}`, 2],
        [`TST. ${n}`, 1],
      ]),
      22,
    ],
  },
  doordash: {
    third: 'DoorDash',
    channel: 'digital',
    make: (n) => [`DD *DOORDASH ${n.replace(/[^A-Z0-9]/g, '')}`, 22],
  },
  shopify: {
    third: 'Shopify | Shopify Payments',
    channel: 'digital',
    make: (n) => [
      weighted([
        [`SP ${n}`, 3],
        [`SP * ${n}`, 2],
      ]),
      22,
    ],
  },
  paypal: {
    third: 'PayPal',
    channel: 'digital',
    make: (n) => [
      weighted([
        [`PAYPAL *${n.replace(/[^A-Z0-9]/g, '')}`, 3],
        [`PP*${n.replace(/[^A-Z0-9]/g, '')}`, 1],
      ]),
      22,
    ],
  },
  intuit: { third: 'QuickBooks | Intuit | Intuit QuickBooks Payments', channel: 'digital', make: (n) => [`IN *${n}`, 25] },
  clover: { third: null, channel: 'physical', make: (n) => [`CLR*${n}`, 22] },
  py: { third: null, channel: 'physical', make: (n) => [`PY *${n}`, 22] },
  eventbrite: { third: 'Eventbrite', channel: 'digital', make: (n) => [`EB *${n}`, 22] },
};
const FAC_BY_KIND = {
  food: [
    ['square', 22],
    ['toast', 16],
    ['doordash', 6],
    ['clover', 3],
    ['py', 2],
    [null, 51],
  ],
  truck: [
    ['square', 55],
    ['toast', 5],
    [null, 40],
  ],
  retail: [
    ['square', 18],
    ['shopify', 9],
    ['paypal', 3],
    ['clover', 3],
    [null, 67],
  ],
  service: [
    ['square', 22],
    ['py', 4],
    ['paypal', 3],
    ['clover', 2],
    [null, 69],
  ],
  trade: [
    ['intuit', 14],
    ['square', 8],
    ['paypal', 4],
    [null, 74],
  ],
  medical: [
    ['square', 6],
    ['intuit', 4],
    [null, 90],
  ],
  org: [
    ['eventbrite', 8],
    ['square', 8],
    ['paypal', 6],
    [null, 78],
  ],
  none: [
    ['square', 4],
    [null, 96],
  ],
};

/** Where a local's descriptor puts the business (the card network's "city" slot). */
function localTail(local, city) {
  const kind = weighted([
    ['loc', 64],
    ['zip', 5],
    ['address', 9],
    ['phone', 9],
    ['url', local.cat && CAT[local.cat].fac === 'retail' ? 6 : 1],
    ['none', 7],
  ]);
  if (kind === 'phone') return makeTail('phone', city, [phoneFor(city), city.st]);
  if (kind === 'url') {
    const host = `${upperDesc(local.clean)
      .replace(/^THE /, '')
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 18)}.COM`;
    return makeTail('url', city, [chance(0.5) ? host : `WWW.${host}`.slice(0, 22), city.st]);
  }
  return makeTail(kind, city);
}

function chooseSource(bias) {
  if (bias === 'card') return weighted(CARD_SOURCES);
  if (bias === 'bank') return weighted(BANK_SOURCES);
  return chance(0.36) ? weighted(CARD_SOURCES) : weighted(BANK_SOURCES);
}

/**
 * One card purchase at a named party. m: {label, known, descName, cat|mcc, channel, third, tail, price, tagsExtra,
 * allowFacilitator, wallet, recurring, alts}
 */
function purchaseLine(group, m) {
  const user = pick(USERS);
  const date = randomDate();
  const source = m.source ?? (m.wallet ? pick(['chase', 'amex']) : chooseSource(m.bias));
  let name = m.descName;
  let third = m.third ?? null;
  let channel = m.channel;
  const tags = [...(m.tagsExtra ?? [])];
  if (m.facilitator) {
    const f = FACILITATORS[m.facilitator];
    const [withPrefix, max] = f.make(name);
    const [v, cut] = truncName(withPrefix, max);
    name = v;
    if (cut) tags.push('truncated');
    third = f.third;
    channel = f.channel;
    tags.push('facilitator');
  }
  const wallet = !!m.wallet && (source === 'chase' || source === 'amex');
  if (wallet) {
    third = 'Apple Pay';
    tags.push('wallet');
  }
  const amount = m.refund ? money(m.price[0], Math.min(m.price[1], 120)) : money(m.price[0], m.price[1]);
  const printed = printPurchase(source, {
    name,
    tail: m.tail,
    date,
    user,
    recurring: m.recurring,
    refund: m.refund,
    wallet,
    cashback: m.cashback,
  });
  tags.push(...printed.tags);
  // what of the merchant's own name is visible after the prefix
  const visible = (m.visible ? m.visible.slice(0, printed.visibleName.length) : printed.visibleName).replace(
    /^(SQ \*|TST\* ?|TST\. |DD \*DOORDASH |SP \* |SP |PAYPAL \*|PP\*|IN \*|CLR\*|PY \*|EB \*)/,
    '',
  );
  const label = m.known ? m.label : labelWithVisible(m.label, visible, m.alts ?? []);
  const expect = { merchant: label, known: m.known, type: 'spending' };
  let input;
  if (printed.kind === 'card') {
    input = cardInput(printed.text, {
      mcc: m.mcc,
      amount: m.refund ? `-${amount}` : amount,
      date,
      city: m.tail.city,
      zip: chance(0.5),
    });
  } else {
    input = universalInput(user, printed.text, amount, m.refund ? 'CREDIT' : 'DEBIT', date);
    expect.subType = null;
  }
  expect.thirdParty = third;
  if (channel) expect.channel = channel;
  if (m.p2p) expect.isPeerToPeer = true;
  push(group, source, printed.kind, input, expect, tags);
}

// ---- locals -----------------------------------------------------------------------------------------------------
const ACH_ONLY_CATS = new Set(['utility', 'rent']);
function localDescriptor(local) {
  let desc = local.desc ?? upperDesc(local.clean);
  if (!local.desc && chance(0.25)) {
    const ab = abbreviate(desc);
    if (ab !== desc) desc = ab;
  }
  if (!local.desc && /^THE /.test(desc) && chance(0.5)) desc = desc.slice(4);
  return { desc };
}

function localPurchase(local, opts = {}) {
  const city = local.city ?? pick(CITIES);
  const { desc } = localDescriptor(local);
  const cat = CAT[local.cat];
  const fac = opts.noFacilitator ? null : weighted(FAC_BY_KIND[cat.fac]);
  let tail = localTail(local, city);
  let descName = desc;
  if (fac === 'doordash')
    tail = makeTail(
      chance(0.5) ? 'url' : 'phone',
      city,
      chance(0.5) ? ['WWW.DOORDASH.', 'CA'] : ['855-973-1040', 'CA'],
    );
  if (fac === 'shopify' && chance(0.6))
    tail = makeTail('url', city, [
      `${upperDesc(local.clean)
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 16)}.COM`,
      city.st,
    ]);
  if (fac === 'eventbrite') tail = makeTail('url', city, ['EVENTBRITE.COM', 'CA']);
  if (fac === 'paypal') tail = makeTail('phone', city, ['402-935-7733', 'CA']);
  // a street address sometimes runs into the name (fixed-width name slot)
  const tags = ['unknown-local', ...(opts.tags ?? [])];
  let glued = null;
  if (!fac && tail.kind === 'address' && chance(0.35)) {
    const slot = pick([22, 25]);
    if (descName.length < slot) {
      glued = descName;
      descName = descName + tail.addr;
      tags.push('run-together', 'address');
      tail = makeTail('loc', city);
    }
  }
  // a small business that prints its phone number is as often paid at the counter as by phone: no channel label
  const channel = fac ? null : tail.kind === 'url' ? 'digital' : tail.kind === 'phone' ? null : 'physical';
  purchaseLine('local', {
    label: opts.label ?? local.clean,
    known: false,
    descName,
    mcc: cat.mcc,
    channel,
    facilitator: fac,
    tail,
    price: cat.price,
    tagsExtra: tags,
    wallet: !opts.source && !fac && chance(0.06),
    refund: chance(0.015),
    cashback: local.cat === 'grocery' && chance(0.2) ? pick(['20.00', '40.00', '60.00']) : null,
    source: opts.source,
    bias: opts.bias,
    visible: glued,
  });
  if (opts.group) lines[lines.length - 1].group = opts.group;
}

// ---- ACH and bill-pay shapes ------------------------------------------------------------------------------------
/** An ACH debit/credit printed the way a bank prints NACHA fields. co: company name (≤16), entry: ≤10. */
function printAch(source, { co, entry, user, date, sec = 'PPD', credit = false, indId }) {
  const coid = digits(10);
  const id = indId ?? (chance(0.5) ? `XXXXX${digits(5)}` : digits(int(6, 15)));
  const upName = `${user.first} ${user.last}`.toUpperCase();
  switch (source) {
    case 'bank-of-america':
      return `${co} DES:${entry} ID:${id} INDN:${chance(0.3) ? `${user.last.toUpperCase()},${user.first.toUpperCase()}` : upName} CO ID:${chance(0.4) ? `XXXXX${coid.slice(5)}` : coid} ${sec}`;
    case 'chase':
      return chance(0.65)
        ? `${padEnd(co, 16)} ${padEnd(entry, 10)} ${padEnd(id.replace(/^X+/, ''), 15)} ${sec} ID: ${coid}`
        : `ORIG CO NAME:${padEnd(co, 16)} ORIG ID:${coid} DESC DATE:${yymmdd(date)} CO ENTRY DESCR:${padEnd(entry, 10)} SEC:${sec}    TRACE#:${digits(15)} EED:${yymmdd(date)}   IND ID:${padEnd(id.replace(/^X+/, ''), 15)} IND NAME:${upName} TRN: ${digits(10)}TC`;
    case 'wells-fargo':
      return `${co} ${entry} ${yymmdd(date)} ${id.replace(/^X+/, '')} ${chance(0.5) ? `${user.last.toUpperCase()} ${user.first.toUpperCase()}` : upName}`;
    case 'us-bank':
      return `${credit ? 'ELECTRONIC DEPOSIT' : chance(0.6) ? 'WEB AUTHORIZED PMT' : 'ELECTRONIC WITHDRAWAL'} ${co}`;
    case 'pnc':
      return `${credit ? 'ACH CREDIT' : 'ACH DEBIT'} ${co} ${entry} ${id.replace(/^X+/, '')}`;
    case 'td-bank':
      return `${credit ? 'ACH DEPOSIT' : 'ACH DEBIT'} ${co} ${entry} ${id.replace(/^X+/, '')}`;
    case 'truist':
      return `ACH Transaction - ${co} ${entry}`;
    case 'navy-federal':
      return credit
        ? `Deposit - ACH Paid From ${titleCase(co)} ${titleCase(entry)} ${alnum(6)}`
        : `Paid To - ${titleCase(co)} ${titleCase(entry)} ${alnum(8)}`;
    case 'capital-one-360':
      return credit
        ? `${chance(0.5) ? 'Deposit from' : 'Preauthorized Deposit from'} ${co} ${entry}`
        : `${chance(0.5) ? 'Withdrawal to' : 'Preauthorized Withdrawal to'} ${co} ${entry}`;
    case 'credit-union':
      return credit
        ? weighted([
            [`ACH CREDIT ${co} ${entry}`, 1],
            [`PREAUTHORIZED CREDIT ${co} ${entry} ${yymmdd(date)}`, 1],
          ])
        : weighted([
            [`ACH DEBIT ${co} ${entry}`, 2],
            [`Direct Debit: ${titleCase(co)} ${titleCase(entry)}`, 1],
            [`PREAUTHORIZED DEBIT ${co} ${entry}`, 1],
          ]);
    case 'usaa':
      return `${co} ${entry}`;
    case 'plaid':
      return titleCase(`${co} DES:${entry} ID:${id} INDN:${upName} CO ID:${coid} ${sec}`)
        .replace(/Des:/, 'Des:')
        .replace(/ (Ppd|Web|Ccd)$/, (m) => m);
    default:
      throw new Error(`printAch: ${source}`);
  }
}
const ACH_SOURCES = [
  ['bank-of-america', 16],
  ['chase', 16],
  ['wells-fargo', 14],
  ['us-bank', 6],
  ['pnc', 5],
  ['td-bank', 3],
  ['truist', 3],
  ['navy-federal', 5],
  ['capital-one-360', 3],
  ['credit-union', 6],
  ['plaid', 5],
];
const achTags = (co) => (co.length >= 16 ? ['truncated'] : []);
const achCo = (name) => name.slice(0, 16).trimEnd();

function billPayText(source, payee, date) {
  switch (source) {
    case 'wells-fargo':
      return `BILL PAY ${payee} ON-LINE xxxxx${digits(5)} ON ${p2(date.getUTCMonth() + 1)}-${p2(date.getUTCDate())}`;
    case 'bank-of-america':
      return `${titleCase(payee)} Bill Payment`;
    case 'chase':
      return `Online Payment ${digits(11)} To ${titleCase(payee)} ${mmdd(date)}`;
    case 'td-bank':
      return `TDBANK BILL PAY CHECK - ${payee.slice(0, 20)}`;
    default:
      return `BILL PAY ${payee}`;
  }
}

/** A local business paid by ACH or bill pay from a bank account (utilities, rent, daycare, dentist plans...). */
function localAch(local) {
  const user = pick(USERS);
  const date = randomDate();
  const cat = CAT[local.cat];
  const desc = local.desc ?? upperDesc(local.clean);
  const useBillPay = !ACH_ONLY_CATS.has(local.cat) || chance(0.3);
  const tags = ['unknown-local'];
  let source;
  let text;
  let visible;
  if (useBillPay && chance(0.5)) {
    source = weighted([
      ['wells-fargo', 4],
      ['bank-of-america', 3],
      ['chase', 3],
      ['td-bank', 1],
      ['credit-union', 1],
    ]);
    visible = source === 'td-bank' ? desc.slice(0, 20) : desc;
    if (visible.length < desc.length) tags.push('truncated');
    text = billPayText(source, desc, date);
  } else {
    source = weighted(ACH_SOURCES);
    const co = achCo(desc);
    visible = co;
    tags.push(...achTags(desc));
    const entry =
      local.cat === 'rent'
        ? pick(['WEB PMTS', 'RENT', 'RENT PMT', 'ACH PMT'])
        : local.cat === 'utility'
          ? /HOA|HOMEOWNERS/i.test(local.clean)
            ? pick(['HOA DUES', 'ASSESSMENT'])
            : pick(['UTILITY', 'UTIL PMT', 'WEB PMT', 'PAYMENT', 'WATER BILL'])
          : pick(['PAYMENT', 'TUITION', 'AUTOPAY', 'WEB PMT', 'DUES']);
    text = printAch(source, { co, entry, user, date, sec: pick(['WEB', 'PPD', 'WEB']) });
  }
  tags.push('biller');
  const amount = money(cat.price[0], cat.price[1]);
  const isRent = local.cat === 'rent';
  const expect = {
    merchant: labelWithVisible(local.clean, visible),
    known: false,
    type: isRent ? 'other_money_movement' : 'spending',
    subType: isRent ? 'rental' : null,
  };
  const transferKind = chance(0.3);
  const input = transferKind
    ? transferInput(user, text, amount, 'DEBIT', date, 'ACH_WITHDRAWAL')
    : universalInput(user, text, amount, 'DEBIT', date);
  push('local', source, transferKind ? 'transfer' : 'universal', input, expect, tags);
}

// ---------------------------------------------------------------------------------------------------------------
// Generation plan
// ---------------------------------------------------------------------------------------------------------------
// 1. Locals: every name once, about 45% of them twice.
{
  const pool = shuffle([...LOCALS]);
  for (const local of pool) {
    local.city = local.fixedCity ?? pick(CITIES);
    const uses = chance(0.45) ? 2 : 1;
    for (let u = 0; u < uses; u++) {
      if (
        ACH_ONLY_CATS.has(local.cat) ||
        (['school', 'church', 'gym', 'dentist', 'cleaning', 'landscape', 'pest'].includes(local.cat) &&
          chance(0.22))
      )
        localAch(local);
      else localPurchase(local);
    }
  }
}

// 2. Hard negatives.
{
  const wordUses = {};
  const entries = shuffle([...HARD]);
  const target = 236;
  let made = 0;
  const canUse = (e) => (wordUses[e.word] ?? 0) < 4;
  const useOnce = (e) => {
    wordUses[e.word] = (wordUses[e.word] ?? 0) + 1;
    made++;
    hardNegative(e);
  };
  for (const e of entries) if (canUse(e)) useOnce(e);
  for (const e of entries) if (made < target && e.mode !== 'person' && canUse(e) && chance(0.75)) useOnce(e);
  for (const e of entries) if (made < target && canUse(e)) useOnce(e);
}

function hardNegative(e) {
  if (e.mode === 'person')
    return p2pLine({ person: splitName(e.clean), app: e.app, tags: ['hard-negative'], group: 'hardneg' });
  if (e.mode === 'generic') return genericHardNegative(e);
  const cityRow = e.city
    ? (CITIES.find((c) => c.city === e.city[0] && c.st === e.city[1]) ?? {
        city: e.city[0],
        st: e.city[1],
        zip: digits(5),
        area: digits(3),
      })
    : pick(CITIES);
  const cat = CAT[e.cat ?? 'restaurant'];
  if (e.mode === 'brandcity') {
    const brand = BRANDS.find((b) => b.name === e.brand);
    if (!brand) throw new Error(`hard-negatives: unknown brand ${e.brand}`);
    const descName = fillTemplate(e.desc, { city: cityRow });
    return purchaseLine('hardneg', {
      source: weighted(CITY_PRINTING_SOURCES),
      label: brandLabel(brand),
      known: true,
      descName,
      mcc: brand.mcc,
      channel: 'physical',
      tail: makeTail('loc', cityRow),
      price: brand.price,
      tagsExtra: ['hard-negative', brand.tag],
    });
  }
  const descName = fillTemplate(e.desc ?? upperDesc(e.clean), { city: cityRow });
  const known = e.mode === 'brand';
  const tail =
    e.channel === 'digital'
      ? makeTail('phone', cityRow, [phoneFor(cityRow), cityRow.st])
      : chance(0.85) || e.city
        ? makeTail('loc', cityRow)
        : localTail({ clean: e.clean, cat: e.cat }, cityRow);
  const fac =
    known || e.mode === 'venue'
      ? null
      : weighted([
          [null, 80],
          ['square', 14],
          ['toast', CAT[e.cat]?.fac === 'food' ? 6 : 0],
        ]);
  purchaseLine('hardneg', {
    // a short name slot must not cut the name back to the bare brand word (`BANK OF AMERICA STADIUM` -> `BANK OF AMERICA`)
    source: weighted(
      (e.mode === 'city' ? CITY_PRINTING_SOURCES : [...BANK_SOURCES, ...CARD_SOURCES]).filter(
        ([s]) =>
          descName.length <= 16 ||
          !['us-bank', 'navy-federal', ...(descName.length > 20 ? ['amex'] : [])].includes(s),
      ),
    ),
    label: e.clean,
    known,
    descName,
    mcc: cat.mcc,
    channel: e.channel ?? (tail.kind === 'url' ? 'digital' : tail.kind === 'phone' ? null : 'physical'),
    facilitator: fac,
    tail,
    price: cat.price,
    tagsExtra: ['hard-negative', ...(known ? [] : ['unknown-local'])],
  });
}
function splitName(full) {
  const [first, ...rest] = full.split(' ');
  return { first, last: rest.join(' ') };
}
function brandLabel(b) {
  return b.alt ? `${b.name} | ${b.alt}` : b.name;
}

function genericHardNegative(e) {
  const user = pick(USERS);
  const date = randomDate();
  if (e.line === 'card-payment') {
    const [source, text] = pick([
      ['amex', 'PAYMENT - THANK YOU'],
      ['bofa-card', 'PAYMENT - THANK YOU'],
      ['discover', 'INTERNET PAYMENT - THANK YOU'],
      ['citi', 'ONLINE PAYMENT, THANK YOU'],
    ]);
    const input = universalInput(user, text, money(40, 2400), 'CREDIT', date);
    return push('hardneg', source, 'universal', input, { merchant: null, type: 'debt', subType: 'payment' }, [
      'finance',
      'hard-negative',
    ]);
  }
  // a check by number: no party named
  const [source, text] = pick([
    ['wells-fargo', `CHECK # ${int(101, 4999)}`],
    ['bank-of-america', `Check ${int(101, 4999)}`],
    ['chase', `CHECK ${int(101, 4999)}`],
  ]);
  const input = chance(0.5)
    ? transferInput(user, text, money(20, 1800), 'DEBIT', date, 'CHECK_PAYMENT')
    : universalInput(user, text, money(20, 1800), 'DEBIT', date);
  push(
    'hardneg',
    source,
    input.transactionType ? 'transfer' : 'universal',
    input,
    { merchant: null, type: 'other_money_movement', subType: 'withdrawal' },
    ['transfer', 'hard-negative'],
  );
}

// 3. Known brands in wrappers.
function brandForm(b) {
  const f = pick(b.forms);
  if (typeof f === 'string') return { text: f, tail: b.tail, third: null };
  return { text: f[0], tail: f[1] ?? b.tail, third: f[2] ?? null };
}
function brandPurchase(b, opts = {}) {
  const city = pick(CITIES);
  const form = brandForm(b);
  const descName = fillTemplate(form.text, { city });
  let tail;
  const webForm = /\.COM\b|ONLINE/i.test(form.text);
  if (form.tail === 'loc' && webForm) tail = makeTail(chance(0.6) ? 'none' : 'loc', city);
  else if (form.tail === 'loc')
    tail = makeTail(chance(0.08) ? 'address' : chance(0.05) ? 'zip' : 'loc', city);
  else if (form.tail === 'none') tail = makeTail('none', city);
  else
    tail = makeTail(form.tail[0], city, [
      fillTemplate(form.tail[1], { city }),
      fillTemplate(form.tail[2], { city }),
    ]);
  const online = tail.kind === 'phone' || tail.kind === 'url';
  const tags = [b.tag];
  if (form.third) tags.push('facilitator');
  let descOut = descName;
  let third = form.third;
  const label = brandLabel(b);
  // delivery and grocery-delivery marketplaces in front of a known brand
  if (!form.third && b.tag === 'chain' && ['5812', '5814'].includes(b.mcc) && chance(0.08)) {
    descOut = `DD *DOORDASH ${descName.replace(/[^A-Z0-9]/gi, '').toUpperCase()}`.slice(0, 22);
    third = 'DoorDash';
    tail = makeTail(
      chance(0.5) ? 'url' : 'phone',
      city,
      chance(0.5) ? ['WWW.DOORDASH.', 'CA'] : ['855-973-1040', 'CA'],
    );
    tags.push('facilitator', 'truncated');
  } else if (!form.third && b.tag === 'chain' && b.mcc === '5411' && chance(0.07)) {
    descOut = `IC* ${descName.replace(/\s*#?\d+.*$/, '')} BY INSTACAR`.slice(0, 22);
    third = 'Instacart';
    tail = makeTail('url', city, ['INSTACART.COM', 'CA']);
    tags.push('facilitator', 'truncated');
  }
  const recurring =
    b.tag === 'online' && ['4899', '5815', '5818', '5734', '7997', '4814'].includes(b.mcc) && chance(0.5);
  purchaseLine('brand', {
    label,
    known: true,
    descName: descOut,
    mcc: b.mcc,
    channel: third === 'DoorDash' || third === 'Instacart' || online || webForm ? 'digital' : b.ch,
    third,
    tail,
    price: b.price,
    tagsExtra: tags,
    wallet: b.tag === 'chain' && !third && chance(0.06),
    recurring,
    refund: b.tag !== 'biller' && chance(0.02),
    bias: opts.bias,
  });
}

function brandAch(b) {
  const user = pick(USERS);
  const date = randomDate();
  const [co, entry] = pick(b.ach);
  const source = weighted(ACH_SOURCES);
  const text = printAch(source, { co, entry, user, date, sec: pick(['WEB', 'PPD', 'WEB', 'TEL']) });
  const amount = money(b.price[0], b.price[1]);
  const expect = { merchant: brandLabel(b), known: true, type: 'spending', subType: null };
  const transferKind = chance(0.3);
  const input = transferKind
    ? transferInput(user, text, amount, 'DEBIT', date, 'ACH_WITHDRAWAL')
    : universalInput(user, text, amount, 'DEBIT', date);
  push('brand', source, transferKind ? 'transfer' : 'universal', input, expect, [b.tag]);
}

{
  const plan = shuffle([...BRANDS]);
  for (const b of plan) {
    const uses = b.tag === 'biller' ? int(1, 3) : int(1, 2);
    for (let u = 0; u < uses; u++) {
      if (b.ach && chance(b.tag === 'biller' ? 0.55 : 0.5)) brandAch(b);
      else brandPurchase(b);
    }
  }
}

// 4. Bank lines: payroll, P2P, transfers, card and loan payments, deposits, checks, ATM, fees, interest, wires,
//    government money, investments, micro-deposits, refunds.
const F = BANK_FACTS;
function bankLine(group, source, kind, text, amount, direction, date, user, expect, tags, transactionType) {
  const input =
    kind === 'transfer'
      ? transferInput(user, text, amount, direction, date, transactionType)
      : universalInput(user, text, amount, direction, date);
  push(group, source, kind, input, expect, tags);
}
const maybeTransfer = (type) => (chance(0.35) ? ['transfer', type] : ['universal', null]);

function payrollLine() {
  const user = pick(USERS);
  const date = randomDate();
  const brandEmployer = chance(0.22) ? pick(F.brandEmployers) : null;
  const emp = brandEmployer ?? pick(EMPLOYERS);
  const co = brandEmployer ? brandEmployer.ach : emp.ach;
  const entry = pick([
    'PAYROLL',
    'DIR DEP',
    'DIRECT DEP',
    'NET PAY',
    'PAYROLL DD',
    'SALARY',
    'REG.SALARY',
    'EDI PYMNTS',
  ]);
  const source = weighted(ACH_SOURCES);
  let text = printAch(source, { co, entry, user, date, sec: 'PPD', credit: true });
  if (source === 'pnc' && chance(0.5)) text = `DIRECT DEPOSIT ${co} ${entry}`;
  const label = brandEmployer ? brandEmployer.name : labelWithVisible(emp.clean, co);
  const [kind, tt] = maybeTransfer('ACH_DEPOSIT');
  bankLine(
    'bank',
    source,
    kind,
    text,
    money(480, 4800),
    'CREDIT',
    date,
    user,
    { merchant: label, known: !!brandEmployer, type: 'income', subType: 'earned_income' },
    ['payroll', ...(brandEmployer ? ['chain'] : [])],
    tt,
  );
}

function p2pLine({ person, app, tags = [], group = 'bank', direction }) {
  const user = pick(USERS);
  const date = randomDate();
  const dir = direction ?? (chance(0.55) ? 'DEBIT' : 'CREDIT');
  const full = personName(person);
  const up = full.toUpperCase();
  let source;
  let text;
  let visible = full;
  let kind = 'universal';
  let tt = null;
  let expectType = 'other_money_movement';
  let subType = 'transfer';
  const third = { zelle: 'Zelle', venmo: 'Venmo', cashapp: 'Cash App' }[app];
  const outTags = ['p2p', 'transfer', ...tags];
  if (app === 'zelle') {
    source = weighted([
      ['bank-of-america', 4],
      ['chase', 4],
      ['wells-fargo', 3],
      ['us-bank', 2],
      ['navy-federal', 2],
      ['plaid', 1],
    ]);
    const to = dir === 'DEBIT';
    switch (source) {
      case 'bank-of-america':
        text = `Zelle payment ${to ? 'to' : 'from'} ${up}${chance(0.25) ? ` for "${pick(['Rent', 'dinner', 'utilities', 'Concert tix', 'babysitting', 'gas money'])}";` : ''} Conf# ${lower(alnum(9))}`;
        break;
      case 'chase':
        text = to
          ? `Zelle Payment To ${full} JPM99${lower(alnum(6))}`
          : `Zelle payment from ${up} ${digits(11)}`;
        break;
      case 'wells-fargo':
        text = `ZELLE ${to ? 'TO' : 'FROM'} ${up} ON ${mmdd(date)} REF # ${alnum(12)}`;
        break;
      case 'us-bank':
        text = `ZELLE INSTANT PMT ${to ? 'TO' : 'FROM'} ${up}`;
        break;
      case 'navy-federal':
        text = `Zelle ${to ? 'DR' : 'CR'} ${full}`;
        break;
      default:
        text = `Zelle payment ${to ? 'to' : 'from'} ${full}`;
    }
    if (chance(0.3)) {
      kind = 'transfer';
      tt = to ? 'OTHER_OUTGOING' : 'OTHER_INCOMING';
    }
  } else if (app === 'venmo') {
    // card-funded Venmo payments on a credit card show the person; bank ACH lines do not
    source = weighted([
      ['chase-card', 2],
      ['citi', 1],
      ['discover', 1],
    ]);
    const shown = `VENMO *${up}`;
    const [v, cut] = truncName(shown, 22);
    visible = v.replace(/^VENMO \*/, '');
    if (cut) outTags.push('truncated');
    text =
      source === 'citi'
        ? `${padEnd(v, 23)}${padEnd('855-812-4430', 14)}NY`
        : source === 'discover'
          ? `${v} 855-812-4430 NY`
          : v;
    if (source !== 'chase-card') outTags.push('phone');
    kind = 'card';
    expectType = 'spending';
    subType = undefined;
  } else {
    source = weighted([
      ['chase', 3],
      ['wells-fargo', 1],
      ['amex', 1],
    ]);
    const shown = `CASH APP*${up}`;
    const [v, cut] = truncName(shown, 19);
    visible = v.replace(/^CASH APP\*/, '');
    if (cut) outTags.push('truncated');
    if (source === 'chase') text = `${padEnd(`${v} 8774174551 CA`, 44)} ${mmdd(minusDays(date, 1))}`;
    else if (source === 'wells-fargo') {
      text = `PURCHASE AUTHORIZED ON ${mmdd(minusDays(date, 1))} ${v} 877-417-4551 CA S${digits(15)} CARD ${user.last4}`;
      outTags.push('bank-wrapper');
    } else {
      text = `${padEnd(v, 20)}${padEnd('8774174551', 20)}CA`;
      kind = 'card';
      expectType = 'spending';
      subType = undefined;
    }
    outTags.push('phone');
  }
  const amount = money(5, dir === 'CREDIT' ? 900 : 600);
  const expect = { merchant: labelWithVisible(full, visible), known: false, type: expectType };
  if (subType !== undefined) expect.subType = subType;
  expect.thirdParty = third;
  if (kind === 'card') expect.channel = 'digital';
  expect.isPeerToPeer = true;
  if (kind === 'card') {
    const input = cardInput(text, { mcc: '4829', amount, date });
    push(group, source, 'card', input, expect, outTags);
  } else
    bankLine(
      group,
      source,
      kind,
      text,
      amount,
      app === 'zelle' ? dir : 'DEBIT',
      date,
      user,
      expect,
      outTags,
      tt,
    );
}

function appNoPersonLine() {
  const user = pick(USERS);
  const date = randomDate();
  const v = pick(F.appLines);
  const source = v.source;
  const text = fillTemplate(v.text, { city: user.home })
    .replace('{USER}', `${user.first} ${user.last}`.toUpperCase())
    .replace('{LAST4}', user.last4)
    .replace('{MMDD}', mmdd(date));
  // No person stands behind the app (a cash-out, a transfer from the user's own balance): the app is the counterparty.
  const expect = {
    merchant: v.third,
    known: true,
    type: 'other_money_movement',
    subType: 'transfer',
    thirdParty: v.third,
    isPeerToPeer: v.p2p,
  };
  bankLine(
    'bank',
    source,
    'universal',
    text,
    money(5, 600),
    v.direction,
    date,
    user,
    expect,
    ['p2p', 'transfer', ...(v.tags ?? [])],
    null,
  );
}

function ownTransferLine() {
  const user = pick(USERS);
  const date = randomDate();
  const v = pick(F.ownTransfers);
  const text = fillTemplate(v.text, { city: user.home })
    .replace('{ACCT4}', user.acct4)
    .replace('{SAV4}', user.sav4)
    .replace('{MMDD}', mmdd(date))
    .replace('{LASTFI}', `${titleCase(user.last)} ${user.first[0]}`);
  const kind = chance(0.35) ? 'transfer' : 'universal';
  bankLine(
    'bank',
    v.source,
    kind,
    text,
    money(25, 3000),
    v.direction,
    date,
    user,
    { merchant: null, type: 'other_money_movement', subType: 'transfer' },
    ['transfer'],
    v.direction === 'CREDIT' ? 'OTHER_INCOMING' : 'OTHER_OUTGOING',
  );
}

function debtPaymentLine() {
  const user = pick(USERS);
  const date = randomDate();
  const v = pick(F.debtPayments);
  const text = fillTemplate(v.text, { city: user.home })
    .replace('{LAST4}', user.last4)
    .replace('{MMDD}', mmdd(date))
    .replace('{YYMMDD}', yymmdd(date))
    .replace('{USER}', `${user.first} ${user.last}`.toUpperCase())
    .replace('{USERLF}', `${user.last} ${user.first}`.toUpperCase());
  const expect = v.merchant
    ? { merchant: v.merchant, known: true, type: 'debt', subType: v.subType ?? 'payment' }
    : { merchant: null, type: 'debt', subType: v.subType ?? 'payment' };
  const kind = v.source && isCardSource(v.source) ? 'universal' : chance(0.3) ? 'transfer' : 'universal';
  bankLine(
    'bank',
    v.source,
    kind,
    text,
    money(v.min ?? 25, v.max ?? 2500),
    v.direction ?? 'DEBIT',
    date,
    user,
    expect,
    ['finance'],
    'ACH_WITHDRAWAL',
  );
}

/** Replaces every {KEY} placeholder of a bank-line template. */
function subst(text, map) {
  let out = text;
  for (const [k, v] of Object.entries(map)) out = out.split(`{${k}}`).join(v);
  return out;
}

function simpleBankLine(listName, transactionType, group = 'bank') {
  const user = pick(USERS);
  const date = randomDate();
  const v = pick(F[listName]);
  const city = user.home;
  const text = subst(fillTemplate(v.text, { city }), {
    MMDD: mmdd(date),
    MMDD4: mmdd4(date),
    MMDDYYD: mmddyyDash(date),
    CHECK: String(int(101, 4999)),
    ADDR: streetAddr(),
    LAST4: user.last4,
    YYMMDD: yymmdd(date),
    USER: `${user.first} ${user.last}`.toUpperCase(),
    CITYT: titleCase(city.city),
  });
  const expect = { merchant: v.merchant ?? null };
  if (v.merchant) expect.known = v.known ?? true;
  expect.type = v.type;
  expect.subType = v.subType ?? null;
  if (v.third !== undefined) expect.thirdParty = v.third;
  if (v.p2p !== undefined) expect.isPeerToPeer = v.p2p;
  const tt = v.transactionType ?? transactionType;
  const kind = tt && chance(0.4) ? 'transfer' : 'universal';
  bankLine(
    group,
    v.source,
    kind,
    text,
    money(v.min, v.max),
    v.direction,
    date,
    user,
    expect,
    v.tags ?? ['transfer'],
    tt,
  );
}

const BANK_BANKS = [
  'JPMORGAN CHASE BANK, NA',
  'WELLS FARGO BANK, N.A.',
  'BANK OF AMERICA, N.A.',
  'CITIBANK N.A.',
  'U.S. BANK, N.A.',
  'PNC BANK, N.A.',
  'TRUIST BANK',
  'TD BANK, N.A.',
  'FIFTH THIRD BANK',
  'REGIONS BANK',
  'FIRST FINANCIAL BANK',
  'FROST BANK',
  'KEYBANK NATIONAL ASSOCIATION',
  'CITIZENS BANK, N.A.',
];
function wireLine() {
  const user = pick(USERS);
  const date = randomDate();
  const incoming = chance(0.6);
  const party = chance(0.55)
    ? { kind: 'person', p: randomPerson() }
    : { kind: 'company', p: pick(EMPLOYERS) };
  const partyUp = party.kind === 'person' ? personName(party.p).toUpperCase() : party.p.clean.toUpperCase();
  const partyLabel = party.kind === 'person' ? personName(party.p) : party.p.clean;
  const bank = pick(BANK_BANKS);
  const aba = `0${digits(8)}`;
  const det = pick([
    `INVOICE ${digits(4)}`,
    'GIFT',
    'RENT DEPOSIT',
    'LOAN REPAYMENT',
    'EARNEST MONEY',
    'TUITION',
    'CONSULTING FEE',
    'CLOSING FUNDS',
  ]);
  const source = weighted([
    ['bank-of-america', 4],
    ['chase', 4],
    ['wells-fargo', 3],
  ]);
  let text;
  const hhmm = `${p2(int(7, 17))}${p2(int(0, 59))}`;
  let visible = partyUp;
  if (source === 'bank-of-america') {
    text = incoming
      ? `WIRE TYPE:WIRE IN DATE: ${yymmdd(date)} TIME:${hhmm} ET TRN:${yyyymmdd(date)}${digits(8)} SEQ:${yyyymmdd(date)}${digits(6)}/${digits(6)} ORIG:${partyUp} ID:${digits(10)} SND BK:${bank} ID:${aba} PMT DET:${det}`
      : `WIRE TYPE:WIRE OUT DATE:${yymmdd(date)} TIME:${hhmm} ET TRN:${yyyymmdd(date)}${digits(8)} SERVICE REF:${digits(6)} BNF:${partyUp} ID:${digits(10)} BNF BK:${bank} ID:${aba} PMT DET:${det}`;
  } else if (source === 'chase') {
    const c = pick(CITIES);
    text = incoming
      ? `FEDWIRE CREDIT VIA: ${bank}/${aba} B/O: ${partyUp} ${c.city} ${c.st} REF: CHASE NYC/CTR/BNF=${`${user.first} ${user.last}`.toUpperCase()} ${user.home.city} ${user.home.st} ${user.home.zip} US/AC-${digits(12)} RFB=${alnum(10)} OBI=${det} IMAD: ${mmdd4(date)}${alnum(8)}${digits(6)} TRN: ${digits(10)}FF`
      : `ONLINE DOMESTIC WIRE TRANSFER VIA: ${bank}/${aba} A/C: ${partyUp} ${c.city} ${c.st} REF: ${det} IMAD: ${mmdd4(date)}${alnum(8)}${digits(6)} TRN: ${digits(10)}ES`;
  } else {
    const shortBank = bank.slice(0, 20);
    const [v, cut] = truncName(partyUp, 30);
    visible = v;
    text = incoming
      ? `WT FED#${digits(5)} ${shortBank} /ORG=${v} SRF# ${alnum(14)} TRN#${digits(12)} RFB# ${alnum(10)}`
      : `WT ${yymmdd(date)}-${digits(6)} ${shortBank} /BNF=${v} SRF# ${alnum(14)} TRN#${digits(12)} RFB# ${alnum(10)}`;
    if (cut) visible = v;
  }
  const kind = chance(0.5) ? 'transfer' : 'universal';
  bankLine(
    'bank',
    source,
    kind,
    text,
    money(500, 48000),
    incoming ? 'CREDIT' : 'DEBIT',
    date,
    user,
    {
      merchant: labelWithVisible(partyLabel, visible),
      known: false,
      type: 'other_money_movement',
      subType: 'transfer',
    },
    ['transfer'],
    incoming ? 'US_WIRE_INCOMING' : 'US_WIRE_OUTGOING',
  );
}

{
  const plan = [
    [payrollLine, 58],
    [
      () =>
        p2pLine({
          person: randomPerson(),
          app: weighted([
            ['zelle', 7],
            ['venmo', 2],
            ['cashapp', 2],
          ]),
        }),
      62,
    ],
    [appNoPersonLine, 14],
    [ownTransferLine, 30],
    [debtPaymentLine, 40],
    [() => simpleBankLine('deposits', 'CHECK_DEPOSIT'), 12],
    [() => simpleBankLine('checks', 'CHECK_PAYMENT'), 10],
    [() => simpleBankLine('atm', 'ATM'), 16],
    [() => simpleBankLine('fees', null), 16],
    [() => simpleBankLine('interest', null), 10],
    [wireLine, 14],
    [() => simpleBankLine('government', null), 16],
    [() => simpleBankLine('investments', null), 14],
    [() => simpleBankLine('verification', null), 7],
    [() => simpleBankLine('refunds', null), 8],
    [() => simpleBankLine('payouts', 'ACH_DEPOSIT'), 10],
    [() => simpleBankLine('cardFees', null), 8],
  ];
  for (const [fn, n] of plan) for (let i = 0; i < n; i++) fn();
}

// ---------------------------------------------------------------------------------------------------------------
// Ids, split, output
// ---------------------------------------------------------------------------------------------------------------
shuffle(lines);
const records = lines.map((l, i) => ({
  id: `rs-${String(i + 1).padStart(4, '0')}`,
  kind: l.kind,
  source: l.source,
  input: l.input,
  expect: l.expect,
  tags: l.tags,
  _group: l.group,
}));
function fnv1a(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
const isHeldOut = (id) => fnv1a(id) % 100 < 30;
const serialize = (r) =>
  JSON.stringify({
    id: r.id,
    kind: r.kind,
    source: r.source,
    input: r.input,
    expect: r.expect,
    tags: r.tags,
  });
const tuneText = `${records
  .filter((r) => !isHeldOut(r.id))
  .map(serialize)
  .join('\n')}\n`;
const heldText = `${records
  .filter((r) => isHeldOut(r.id))
  .map(serialize)
  .join('\n')}\n`;

// ---------------------------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------------------------
function check(allRecords) {
  const errors = [];
  const warnings = [];
  const catalog = JSON.parse(readFileSync(CATALOG, 'utf8'));
  const names = new Set(catalog.merchants.map((m) => m.name));
  const namesCmp = new Set(catalog.merchants.map((m) => comparable(m.name)));
  const TYPES = new Set([
    'spending',
    'atm',
    'debt',
    'fee',
    'income',
    'account_verification',
    'other_money_movement',
    'reimbursement',
  ]);
  const SUBTYPES = new Set([
    'alimony_or_child_support',
    'atm',
    'bnpl',
    'business',
    'cash_advance',
    'deposit',
    'disbursements',
    'earned_income',
    'government_benefits',
    'insurance',
    'investment',
    'nsf',
    'other',
    'overdraft',
    'payment',
    'payout',
    'rental',
    'retirement',
    'tax_refund',
    'transfer',
    'withdrawal',
  ]);
  const TT = new Set([
    'ACH_DEPOSIT',
    'ACH_WITHDRAWAL',
    'CHECK_DEPOSIT',
    'CHECK_PAYMENT',
    'US_WIRE_INCOMING',
    'US_WIRE_OUTGOING',
    'RTP_DEPOSIT',
    'RTP_WITHDRAWAL',
    'ATM',
    'OTHER_INCOMING',
    'OTHER_OUTGOING',
  ]);
  const TAGS = new Set([
    'unknown-local',
    'chain',
    'online',
    'biller',
    'government',
    'finance',
    'facilitator',
    'wallet',
    'p2p',
    'transfer',
    'payroll',
    'hard-negative',
    'bank-wrapper',
    'truncated',
    'run-together',
    'address',
    'phone',
    'url',
  ]);
  const THIRD = new Set([
    'Square',
    'Toast',
    'Shopify | Shopify Payments',
    'PayPal',
    'DoorDash',
    'Instacart',
    'Apple Pay',
    'Google Pay',
    'Zelle',
    'Venmo',
    'Cash App',
    'QuickBooks | Intuit | Intuit QuickBooks Payments',
    'Eventbrite',
    'Google | Google Play',
  ]);
  const ids = new Set();
  const localNameUses = new Map();
  for (const r of allRecords) {
    const where = r.id;
    if (ids.has(r.id)) errors.push(`${where}: duplicate id`);
    ids.add(r.id);
    if (!/^rs-\d{4}$/.test(r.id)) errors.push(`${where}: bad id`);
    if (!r.source) errors.push(`${where}: no source`);
    const i = r.input;
    if (r.kind === 'card') {
      if (typeof i.merchantName !== 'string' || !i.merchantName)
        errors.push(`${where}: card without merchantName`);
      if (i.categoryCode !== undefined && !/^\d{4}$/.test(i.categoryCode)) errors.push(`${where}: bad MCC`);
    } else if (r.kind === 'universal' || r.kind === 'transfer') {
      if (!i.userId) errors.push(`${where}: no userId`);
      if (typeof i.description !== 'string' || !i.description) errors.push(`${where}: no description`);
      if (!['CREDIT', 'DEBIT'].includes(i.direction)) errors.push(`${where}: bad direction`);
      if (r.kind === 'transfer' && !TT.has(i.transactionType))
        errors.push(`${where}: bad transactionType ${i.transactionType}`);
      if (Number(i.amount) <= 0) errors.push(`${where}: amount must be positive with a direction`);
    } else errors.push(`${where}: bad kind ${r.kind}`);
    const text = i.merchantName ?? i.description;
    if (text.length > 1024) errors.push(`${where}: description too long`);
    const e = r.expect;
    if (!TYPES.has(e.type)) errors.push(`${where}: bad type ${e.type}`);
    if (e.subType !== undefined && e.subType !== null && !SUBTYPES.has(e.subType))
      errors.push(`${where}: bad subType ${e.subType}`);
    if (typeof e.merchant === 'string') {
      if (typeof e.known !== 'boolean') errors.push(`${where}: merchant without known`);
      const first = e.merchant.split(' | ')[0];
      if (e.known && !names.has(first))
        errors.push(`${where}: known merchant "${first}" is not a catalog name`);
      if (!e.known) {
        for (const alt of e.merchant.split(' | '))
          if (namesCmp.has(comparable(alt)))
            errors.push(`${where}: "${alt}" is labelled unknown but is a catalog name`);
        if (r.tags.includes('unknown-local')) localNameUses.set(first, (localNameUses.get(first) ?? 0) + 1);
      }
    } else if (e.merchant !== null) errors.push(`${where}: merchant must be a string or null`);
    if (e.thirdParty !== undefined && e.thirdParty !== null && !THIRD.has(e.thirdParty))
      errors.push(`${where}: unexpected thirdParty ${e.thirdParty}`);
    if (e.channel !== undefined && !['physical', 'digital'].includes(e.channel))
      errors.push(`${where}: bad channel`);
    if (e.type !== 'spending' && e.channel) errors.push(`${where}: channel on a non-spending line`);
    for (const t of r.tags) if (!TAGS.has(t)) errors.push(`${where}: unknown tag ${t}`);
    if (e.isPeerToPeer && !r.tags.includes('p2p')) errors.push(`${where}: P2P line without the p2p tag`);
  }
  for (const [n, c] of localNameUses) if (c > 2) warnings.push(`local name used ${c} times: ${n}`);
  return { errors, warnings };
}

function mix(allRecords) {
  const n = allRecords.length;
  const count = (f) => allRecords.filter(f).length;
  const pct = (k) => `${((100 * k) / n).toFixed(1)}%`;
  const by = (f) => {
    const m = {};
    for (const r of allRecords) m[f(r)] = (m[f(r)] ?? 0) + 1;
    return Object.entries(m).sort((a, b) => b[1] - a[1]);
  };
  const tag = (t) => count((r) => r.tags.includes(t));
  const transfers = count(
    (r) =>
      r.tags.some((t) => ['transfer', 'p2p', 'payroll'].includes(t)) ||
      (r.expect.type !== 'spending' && r.expect.type !== undefined),
  );
  const known = count((r) => r.expect.known === true);
  const out = [];
  out.push(`lines: ${n}`);
  out.push(
    `kinds: ${by((r) => r.kind)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  out.push(
    `sources: ${by((r) => r.source)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  out.push(
    `unknown-local: ${tag('unknown-local')} (${pct(tag('unknown-local'))}); local businesses outside the hard negatives: ${count((r) => r.tags.includes('unknown-local') && !r.tags.includes('hard-negative'))} (${pct(count((r) => r.tags.includes('unknown-local') && !r.tags.includes('hard-negative')))})`,
  );
  out.push(
    `distinct unknown-local names: ${new Set(allRecords.filter((r) => r.tags.includes('unknown-local')).map((r) => r.expect.merchant.split(' | ')[0])).size}`,
  );
  out.push(`hard negatives: ${tag('hard-negative')} (${pct(tag('hard-negative'))})`);
  out.push(`known brands (known: true): ${known} (${pct(known)})`);
  out.push(`transfers and bank lines (not card spending): ${transfers} (${pct(transfers)})`);
  out.push(
    `types: ${by((r) => r.expect.type)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  out.push(
    `merchant null: ${count((r) => r.expect.merchant === null)}; thirdParty set: ${count((r) => r.expect.thirdParty)}`,
  );
  out.push(
    `tags: ${['chain', 'online', 'biller', 'government', 'finance', 'facilitator', 'wallet', 'p2p', 'transfer', 'payroll', 'bank-wrapper', 'truncated', 'run-together', 'address', 'phone', 'url'].map((t) => `${t} ${tag(t)}`).join(', ')}`,
  );
  out.push(
    `card lines with an MCC: ${count((r) => r.kind === 'card' && r.input.categoryCode)} of ${count((r) => r.kind === 'card')}`,
  );
  return out.join('\n');
}

const checkOnly = process.argv.includes('--check');
if (checkOnly) {
  const committed = `${readFileSync(OUT_TUNE, 'utf8')}`;
  const committedHeld = `${readFileSync(OUT_HELD, 'utf8')}`;
  if (committed !== tuneText || committedHeld !== heldText) {
    console.error('the committed files differ from a fresh build: run build.mjs without --check');
    process.exitCode = 1;
  }
} else {
  writeFileSync(OUT_TUNE, tuneText);
  writeFileSync(OUT_HELD, heldText);
}
const parsed = [...tuneText.trim().split('\n'), ...heldText.trim().split('\n')].map((l) => JSON.parse(l));
const { errors, warnings } = check(parsed);
for (const w of warnings) console.warn(`warning: ${w}`);
for (const e of errors.slice(0, 60)) console.error(`error: ${e}`);
if (errors.length) {
  console.error(`${errors.length} errors`);
  process.exitCode = 1;
}
console.log(mix(parsed));
{
  const groups = {};
  for (const r of records) groups[r._group] = (groups[r._group] ?? 0) + 1;
  console.log(
    `generation groups: ${Object.entries(groups)
      .map(([k, v]) => `${k} ${v} (${((100 * v) / records.length).toFixed(1)}%)`)
      .join(', ')}`,
  );
}
console.log(
  `tuning split: ${tuneText.trim().split('\n').length} lines, held-out split: ${heldText.trim().split('\n').length} lines`,
);
