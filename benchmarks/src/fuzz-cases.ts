/**
 * Fuzzing every endpoint of the HTTP service (issue #20, targets): a seeded generator of requests, a
 * sender over HTTP (node:http, kept-alive connections, plus raw sockets for requests no HTTP client
 * writes), and the checks of an answer against the contract.
 *
 * Request `i` of seed `s` is a function of `(s, i)` alone: a run is repeatable, and one request can be
 * sent again by its index (`bench:fuzz --replay i`). What the requests hold: valid bodies of every
 * endpoint, then mutated (fields set to other types, removed, prototype keys added, unicode and invalid
 * UTF-8, numbers and dates out of range, text cut or corrupted), wrong or odd content types and methods,
 * bodies over the limits, bodies and batch items nested thousands of levels deep, long paths, ids and
 * query strings, odd headers (keys, request ids, idempotency keys), and requests that are not valid HTTP.
 *
 * The checks (the issue's target): no answer is a 5xx, and every 400 names its field (`{"<field>":
 * [...]}`) or says the body is malformed (`non_field_errors` with a sentence about the body or the
 * request). Besides, every other error answer is checked for the contract's shape (`{"details": ...}`).
 */
import http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { mulberry32 } from '@txenrich/generator';

// ---------------------------------------------------------------------------------------------------
// Seeded randomness

/** The generator's seeded PRNG (mulberry32), under the name the fuzz cases use. */
export const prng = mulberry32;

/** The PRNG of request `index` of a run seeded `seed`. */
export function requestRng(seed: number, index: number): () => number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return prng(h ^ (h >>> 16));
}

class Rand {
  constructor(readonly next: () => number) {}
  chance(p: number) {
    return this.next() < p;
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** One of `[weight, value]`, by weight. */
  weighted<T>(entries: ReadonlyArray<readonly [number, T]>): T {
    const total = entries.reduce((sum, [weight]) => sum + weight, 0);
    let at = this.next() * total;
    for (const [weight, value] of entries) {
      at -= weight;
      if (at < 0) return value;
    }
    return entries[entries.length - 1]![1];
  }
}

// ---------------------------------------------------------------------------------------------------
// JSON values, with text no JSON.stringify writes

/** JSON text written as is: numbers out of range, duplicate keys, anything. */
class Raw {
  constructor(readonly text: string) {}
}
/** An object written from its pairs: `__proto__` as an own key, the same key twice. */
class Pairs {
  constructor(readonly pairs: Array<[string, Json]>) {}
}
/** `depth` levels of arrays or objects around `inner`, written without recursion. */
class Deep {
  constructor(
    readonly shape: 'array' | 'object',
    readonly depth: number,
    readonly inner: Json,
  ) {}
}
type Json = null | boolean | number | string | Json[] | { [key: string]: Json } | Raw | Pairs | Deep;

function serialize(value: Json): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Pairs)
    return `{${value.pairs.map(([key, item]) => `${JSON.stringify(key)}:${serialize(item)}`).join(',')}}`;
  if (value instanceof Deep) {
    const [open, close] = value.shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
    return open.repeat(value.depth) + serialize(value.inner) + close.repeat(value.depth);
  }
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${serialize(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const isContainer = (value: Json): value is Json[] | { [key: string]: Json } =>
  value !== null &&
  typeof value === 'object' &&
  !(value instanceof Raw || value instanceof Pairs || value instanceof Deep);

// ---------------------------------------------------------------------------------------------------
// Values

const descriptors = [
  'SQ *BLUE BOTTLE COFFEE SF CA',
  'NETFLIX.COM',
  'AMZN Mktp US*2K4LM0XX2',
  'UBER *EATS PENDING',
  'PAYPAL *STEAM GAMES',
  'STARBUCKS STORE 00123 SEATTLE WA',
  'ACME CORP DES:PAYROLL ID:123',
  'CHECKCARD 0612 SHELL OIL 57444 HOUSTON TX',
  'TST* DIG INN 123',
  'ATM WITHDRAWAL 0042 MAIN ST',
];

const oddStrings = [
  '',
  ' ',
  '\t\n\r',
  '💳☕🍕',
  'Café Zürich Straße',
  'ﬀ ß İstanbul ŉ',
  'ＳＴＡＲＢＵＣＫＳ　ＣＯＦＦＥＥ',
  'مقهى القاهرة',
  '\u202eLLIF TERCES',
  'a\u0301\u0301\u0301\u0301\u0301\u0301',
  '\u200b\u200c\u200d\ufeff',
  '\ud800',
  '\udfff\ud800',
  'x\u0000y',
  '\u0001\u001f\u007f',
  '\u2028\u2029',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'.repeat(200),
  '😀'.repeat(513),
  'İ'.repeat(1024),
  'ß'.repeat(1024),
  'x'.repeat(1024),
  'x'.repeat(1025),
  '%s%n%x{0}$' + '{7*7}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '*',
  '#'.repeat(300),
  `SQ *${'*'.repeat(500)}`,
  '0'.repeat(900),
  'a b '.repeat(256),
];

const numberTexts = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0.0000000000000000000000000001',
  '123456789012345678901234567890',
  '1.7976931348623157e308',
  '5e-324',
  '9007199254740993',
  '-9007199254740993',
  '4.50',
  '1E2',
  '0',
];

const amountStrings = [
  '4.50',
  '-0',
  '1e999',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '1,234.56',
  '$12.00',
  '(12.00)',
  ' 12 ',
  '12.',
  '.5',
  '9'.repeat(400),
  '1e-400',
  '١٢٣',
  '',
];

const dates = [
  '2024-06-01',
  '2024-06-01T12:30:00Z',
  '2024-06-01 12:30:00Z',
  '2024-06-01T12:30:00.123+02:00',
  '2024-02-30',
  '2024-13-01',
  '2024-06-01T25:61:61Z',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999999Z',
  '9999-12-31T23:59:59.999999-14:00',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01',
  '2024-06-01T12:30:00+99:99',
  '2024-06-01T12:30:00.1234567890123Z',
  '1970-01-01T00:00:00Z',
  '2038-01-19T03:14:08Z',
  '2100-02-29',
  '2024-06-01T12:30:00',
  'yesterday',
];

const currencies = ['USD', 'usd', 'EUR', 'XXX', 'US', 'USDD', 'ÜSD', '123'];
const mccs = ['5814', '0000', '99999', '58 14', '५८१४', '742', '-581', '5814.0'];
const countries = ['US', 'USA', 'United States', 'DE', 'XX', 'ZZZ', '840', ''];
const regions = ['CA', 'California', '15', '99', 'ZZ', 'Île-de-France', ''];
const transferTypes = [
  'ACH_DEPOSIT',
  'ACH_WITHDRAWAL',
  'ATM',
  'CHECK_DEPOSIT',
  'US_WIRE_INCOMING',
  'RTP_WITHDRAWAL',
  'OTHER_OUTGOING',
  'SOMETHING_NEW',
  'ach_deposit',
];
const de43s = [
  'BLUE BOTTLE COFFEE     SAN FRANCISCO CA USA',
  'NETFLIX.COM              866-579-7172 CA',
  'AMZN Mktp US*2K4LM0XX2 AMZN.COM/BILLWA',
  'SQ *DIG INN           NEW YORK      USA123 MAIN STREET              10001    NY',
  'G.CO/HELPPAY#         g.co/helppay# CA USA',
  '',
  ' '.repeat(40),
  'x'.repeat(101),
  'x'.repeat(513),
];
const uuids = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0190b6f0-1a2b-7c3d-8e4f-0123456789ab',
  '0190B6F0-1A2B-7C3D-8E4F-0123456789AB',
  '0190b6f01a2b7c3d8e4f0123456789ab',
  '{0190b6f0-1a2b-7c3d-8e4f-0123456789ab}',
  'not-a-uuid',
];
const callbackUrls = [
  'https://example.com/hooks',
  'https://93.184.215.14/hooks',
  'http://127.0.0.1:9/hooks',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[fe80::1%25eth0]/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://0/',
  'http://10.0.0.1/',
  'http://224.0.0.1/',
  'http://user:pass@example.com/',
  'ftp://example.com/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://localhost/',
  'http://a.localhost./',
  'https://例え.テスト/hook',
  'https://xn--r8jz45g.xn--zckzah/hook',
  `https://${'a'.repeat(70)}.com/`,
  `https://example.com/${'p'.repeat(5000)}`,
  'https://',
  '//example.com/x',
  'http://example.com:99999/',
  'http://[::]/',
];

/** The fuzz's view of the server: keys, and ids that exist there (made before the run). */
export interface FuzzTarget {
  url: string;
  keys: { full: string; plain: string; admin: string };
  /** Ids of batches, error reports, enrichments, callbacks that exist. */
  known: { batchIds: string[]; reportIds: string[]; enrichmentIds: string[]; callbackIds: string[] };
}

function oddString(r: Rand): string {
  return r.pick(oddStrings);
}

function anyScalar(r: Rand): Json {
  return r.weighted<() => Json>([
    [2, () => null],
    [1, () => true],
    [1, () => false],
    [2, () => r.pick([0, -1, 1.5, 2 ** 53 + 2, -(2 ** 31), 1e308, 5e-324, 42])],
    [2, () => new Raw(r.pick(numberTexts))],
    [3, () => oddString(r)],
    [1, () => r.pick(descriptors)],
    [1, () => r.pick(amountStrings)],
    [1, () => r.pick(dates)],
    [1, () => r.pick(uuids)],
  ])();
}

function anyValue(r: Rand, depth = 0): Json {
  if (depth > 2 || r.chance(0.6)) return anyScalar(r);
  return r.weighted<() => Json>([
    [2, () => []],
    [2, () => ({})],
    [2, () => Array.from({ length: r.int(1, 4) }, () => anyValue(r, depth + 1))],
    [
      2,
      () =>
        Object.fromEntries(
          Array.from({ length: r.int(1, 4) }, () => [
            r.pick(['a', 'city', 'type', '0', '']),
            anyValue(r, depth + 1),
          ]),
        ),
    ],
    [1, () => new Pairs([[r.pick(protoKeys), anyValue(r, depth + 1)]])],
  ])();
}

const protoKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

// ---------------------------------------------------------------------------------------------------
// Valid bodies

type Kind = 'card' | 'de43' | 'transfer' | 'universal';

function location(r: Rand): Json {
  const place: Record<string, Json> = {};
  if (r.chance(0.7)) place.city = r.pick(['San Francisco', 'New York', 'Houston', 'München']);
  if (r.chance(0.7)) place.region = r.pick(['CA', 'NY', 'TX', 'BY']);
  if (r.chance(0.7)) place.country = r.pick(['US', 'USA', 'DE']);
  if (r.chance(0.4)) place.postalCode = r.pick(['94103', '10001', '77002', '80331']);
  if (r.chance(0.3)) place.address = '123 Main St';
  if (r.chance(0.2)) {
    place.latitude = 37.77;
    place.longitude = -122.41;
  }
  return place;
}

function item(r: Rand, kind: Kind, transactionId?: string): Record<string, Json> {
  const body: Record<string, Json> = {};
  if (transactionId !== undefined) body.transactionId = transactionId;
  if (r.chance(0.7)) body.userId = `user-${r.int(1, 20)}`;
  if (r.chance(0.8))
    body.amount = r.chance(0.5) ? r.pick([4.5, 15.49, -3, 2500, 0]) : r.pick(['4.50', '-12.00']);
  if (r.chance(0.6)) body.currencyCode = 'USD';
  if (r.chance(0.7)) body.occurredAt = r.pick(dates.slice(0, 4));
  if (r.chance(0.2)) body.customAttributes = { source: 'fuzz', n: String(r.int(0, 999)) };
  if (r.chance(0.05)) body.billingProfile = r.pick(['standard', 'resell']);
  if (r.chance(0.05)) body.organizationId = `org-${r.int(1, 3)}`;
  switch (kind) {
    case 'card':
    case 'de43':
      if (kind === 'de43') body.de43 = r.pick(de43s.slice(0, 5));
      if (kind === 'card' || r.chance(0.3)) body.merchantName = r.pick(descriptors);
      if (r.chance(0.5)) body.categoryCode = r.pick(['5814', '4899', '5411', '6011']);
      if (r.chance(0.2)) body.categoryType = 'MCC';
      if (r.chance(0.5)) body.location = location(r);
      else if (r.chance(0.2)) Object.assign(body, { city: 'Seattle', state: 'WA', country: 'US' });
      if (r.chance(0.2)) body.cardId = `card-${r.int(1, 5)}`;
      if (r.chance(0.1)) body.programId = 'program-1';
      if (r.chance(0.1)) Object.assign(body, { cardFirstSix: '411111', cardLastFour: '1111' });
      if (r.chance(0.1)) body.acquirerId = '';
      break;
    case 'transfer':
      body.userId ??= 'user-1';
      body.transactionType = r.pick(transferTypes);
      body.description = r.pick([
        'ACME CORP DES:PAYROLL',
        'AMAZON CORP SYF PAYMNT',
        'ZELLE TO JOHN DOE',
        'ATM 0042',
      ]);
      if (r.chance(0.4)) body.direction = r.pick(['CREDIT', 'DEBIT']);
      if (r.chance(0.3)) body.accountId = 'acct-1';
      if (r.chance(0.2)) body.memo = 'rent';
      if (r.chance(0.1)) body.transactionTypeDescription = 'Payroll';
      break;
    case 'universal':
      body.userId ??= 'user-1';
      body.description = r.pick([...descriptors, 'ZELLE FROM JANE', 'INTEREST CHARGED']);
      if (r.chance(0.4)) body.direction = r.pick(['CREDIT', 'DEBIT']);
      if (r.chance(0.2)) body.merchantName = r.pick(descriptors);
      if (r.chance(0.2)) body.categoryCode = '5814';
      if (r.chance(0.2)) body.location = location(r);
      break;
  }
  return body;
}

function batchBody(r: Rand, kind: Kind, synchronous: boolean): Record<string, Json> {
  const count = r.weighted([
    [10, r.int(1, 3)],
    [3, r.int(4, 20)],
    [1, synchronous ? r.int(95, 110) : r.int(50, 200)],
  ]);
  const prefix = `t${r.int(0, 1e9)}-`;
  const body: Record<string, Json> = {
    transactions: Array.from({ length: count }, (_, index) => item(r, kind, `${prefix}${index}`)),
  };
  if (r.chance(0.15)) body.callbackUrl = r.pick(callbackUrls.slice(0, 2));
  return body;
}

function trigger(r: Rand, id?: string): Record<string, Json> {
  const body: Record<string, Json> = {
    id: id ?? `trig-${r.int(1, 50)}`,
    merchantName: r.pick(['Netflix', 'Blue Bottle Coffee', 'Starbucks']),
    action: r.pick<Json>([{ type: 'BLOCK' }, { type: 'ALLOW_ONLY' }, { type: 'NOTIFY', note: 'x' }]),
  };
  if (r.chance(0.7))
    body.website = r.pick(['netflix.com', 'https://www.starbucks.com/', 'bluebottlecoffee.com']);
  else body.city = 'Oakland';
  if (r.chance(0.5)) body.level = r.pick(['corporation', 'location']);
  if (r.chance(0.2)) Object.assign(body, { region: 'CA', country: 'US', postalCode: '94607' });
  return body;
}

function triggerList(r: Rand): Json[] {
  const count = r.weighted([
    [10, r.int(1, 4)],
    [1, r.int(101, 130)],
  ]);
  return Array.from({ length: count }, (_, index) => trigger(r, `trig-${index}-${r.int(0, 99)}`));
}

// ---------------------------------------------------------------------------------------------------
// Mutations of a body

interface Slot {
  parent: Json[] | { [key: string]: Json };
  key: string | number;
}

/** Up to 200 places in `value` where a value sits (arrays sampled). */
function slotsOf(root: Json, r: Rand): Slot[] {
  const slots: Slot[] = [];
  const walk = (value: Json, depth: number) => {
    if (!isContainer(value) || depth > 6 || slots.length >= 200) return;
    if (Array.isArray(value)) {
      const indexes = value.length <= 8 ? value.keys() : [0, r.int(0, value.length - 1), value.length - 1];
      for (const index of indexes) {
        slots.push({ parent: value, key: index });
        walk(value[index]!, depth + 1);
      }
    } else
      for (const key of Object.keys(value)) {
        slots.push({ parent: value, key });
        walk(value[key]!, depth + 1);
      }
  };
  walk(root, 0);
  return slots;
}

const containersOf = (root: Json, r: Rand) => {
  const found: Array<{ [key: string]: Json }> = [];
  if (isContainer(root) && !Array.isArray(root)) found.push(root);
  for (const { parent, key } of slotsOf(root, r)) {
    const value = (parent as Record<string, Json>)[key as string];
    if (value !== undefined && isContainer(value) && !Array.isArray(value)) found.push(value);
  }
  return found;
};

const setSlot = ({ parent, key }: Slot, value: Json) => {
  (parent as Record<string | number, Json>)[key] = value;
};

const fieldNames = [
  'merchantName',
  'transactionId',
  'amount',
  'currencyCode',
  'occurredAt',
  'categoryCode',
  'categoryType',
  'location',
  'customAttributes',
  'userId',
  'billingProfile',
  'organizationId',
  'de43',
  'description',
  'direction',
  'transactionType',
  'transactions',
  'callbackUrl',
  'merchantTriggers',
  'operation',
  'triggerIds',
  'enrichmentId',
  'errorDescription',
  'counterparty',
];

/** Values near the edge of what each field accepts (by the field's name), else an odd string. */
function fieldValue(key: string | number, r: Rand): Json {
  const pools: Record<string, readonly Json[]> = {
    currencyCode: currencies,
    categoryCode: mccs,
    country: countries,
    region: regions,
    state: regions,
    occurredAt: dates,
    amount: amountStrings,
    callbackUrl: callbackUrls,
    website: callbackUrls,
    de43: de43s,
    enrichmentId: uuids,
    transactionType: transferTypes,
    direction: ['CREDIT', 'DEBIT', 'credit', 'IN', ''],
    categoryType: ['MCC', 'mcc', 'SIC', ''],
    billingProfile: ['standard', 'resell', 'STANDARD', ''],
    level: ['corporation', 'location', 'Location', ''],
    operation: ['add', 'remove', 'replace', 'ADD', ''],
    channel: ['digital', 'physical', 'online', ''],
    cardFirstSix: ['411111', '41111', '4111111', 'abcdef', '４１１１１１'],
    cardLastFour: ['1111', '111', '11111', '١١١١'],
    latitude: [90, -90, 90.0001, -180, 1e308, new Raw('1e400')],
    longitude: [180, -180, 180.0001, -1e308, new Raw('-1e400')],
    postalCode: ['94103', '94103-1234', '9410', 'SW1A 1AA', '0'.repeat(17)],
  };
  const pool = typeof key === 'string' ? pools[key] : undefined;
  return pool ? r.pick(pool) : oddString(r);
}

/** One mutation of `root` in place (or a replacement of it), and its name. */
function mutate(root: Json, r: Rand): { root: Json; label: string } {
  const slots = slotsOf(root, r);
  const slot = slots.length > 0 ? r.pick(slots) : null;
  const op = r.weighted<string>([
    [6, 'set'],
    [5, 'fieldValue'],
    [3, 'delete'],
    [3, 'proto'],
    [2, 'addField'],
    [2, 'unicode'],
    [2, 'number'],
    [1, 'deep'],
    [1, 'long'],
    [1, 'root'],
    [1, 'dupKey'],
    [1, 'manyKeys'],
  ]);
  switch (op) {
    case 'set':
      if (slot) setSlot(slot, anyValue(r));
      break;
    case 'fieldValue':
      if (slot) setSlot(slot, fieldValue(slot.key, r));
      break;
    case 'delete':
      if (slot) {
        if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
        else delete slot.parent[slot.key as string];
      }
      break;
    case 'proto': {
      const containers = containersOf(root, r);
      if (containers.length === 0)
        return { root: new Pairs([[r.pick(protoKeys), anyValue(r)]]), label: 'proto' };
      const target = r.pick(containers);
      const key = r.pick(protoKeys);
      const value: Json = key === 'constructor' && r.chance(0.5) ? { prototype: anyValue(r) } : anyValue(r);
      const pairs = new Pairs([...Object.entries(target), [key, value]]);
      if (target === root) return { root: pairs, label: `proto:${key}` };
      const holder = slotsOf(root, r).find(
        ({ parent, key: at }) => (parent as Record<string | number, Json>)[at] === target,
      );
      if (holder) setSlot(holder, pairs);
      return { root, label: `proto:${key}` };
    }
    case 'addField': {
      const containers = containersOf(root, r);
      if (containers.length > 0) r.pick(containers)[r.pick(fieldNames)] = anyValue(r);
      break;
    }
    case 'unicode':
      if (slot) setSlot(slot, oddString(r));
      break;
    case 'number':
      if (slot) setSlot(slot, r.chance(0.5) ? new Raw(r.pick(numberTexts)) : r.pick(amountStrings));
      break;
    case 'deep':
      if (slot)
        setSlot(
          slot,
          new Deep(r.pick(['array', 'object']), r.pick([31, 33, 64, 1000, 5000, 20_000]), anyScalar(r)),
        );
      break;
    case 'long':
      if (slot) setSlot(slot, 'x'.repeat(r.pick([257, 513, 1025, 2049, 32_769, 200_000])));
      break;
    case 'root':
      return { root: anyValue(r), label: 'root' };
    case 'dupKey': {
      const containers = containersOf(root, r);
      if (containers.length === 0) break;
      const target = r.pick(containers);
      const keys = Object.keys(target);
      const key = keys.length > 0 ? r.pick(keys) : 'merchantName';
      const pairs = new Pairs([...Object.entries(target), [key, anyValue(r)]]);
      if (target === root) return { root: pairs, label: 'dupKey' };
      const holder = slotsOf(root, r).find(
        ({ parent, key: at }) => (parent as Record<string | number, Json>)[at] === target,
      );
      if (holder) setSlot(holder, pairs);
      break;
    }
    case 'manyKeys':
      if (slot)
        setSlot(
          slot,
          Object.fromEntries(
            Array.from({ length: r.pick([31, 100, 5000]) }, (_, index) => [
              `k${index}${r.chance(0.1) ? 'x'.repeat(40) : ''}`,
              r.chance(0.9) ? 'v' : anyValue(r),
            ]),
          ),
        );
      break;
  }
  return { root, label: op };
}

/** Corruptions of the text of a body. */
function corruptText(text: string, r: Rand): { bytes: Buffer; label: string } {
  const at = r.int(0, text.length);
  const op = r.weighted<string>([
    [3, 'truncate'],
    [2, 'flip'],
    [3, 'badUtf8'],
    [1, 'bom'],
    [1, 'trailing'],
    [1, 'control'],
    [1, 'empty'],
    [1, 'whitespace'],
    [1, 'comment'],
    [1, 'utf16'],
  ]);
  switch (op) {
    case 'truncate':
      return { bytes: Buffer.from(text.slice(0, at)), label: 'text:truncate' };
    case 'flip': {
      const bytes = Buffer.from(text);
      if (bytes.length > 0) bytes[Math.min(at, bytes.length - 1)] = r.int(0, 255);
      return { bytes, label: 'text:flip' };
    }
    case 'badUtf8': {
      // Inside a string when there is one: after an opening quote.
      const quote = text.indexOf('"', at);
      const cut = quote >= 0 ? quote + 1 : at;
      const bad = Buffer.from(
        r.pick([
          [0xff],
          [0xfe, 0xff],
          [0xc0, 0x80],
          [0xed, 0xa0, 0x80],
          [0xe2, 0x82],
          [0xf4, 0x90, 0x80, 0x80],
          [0x80],
        ]),
      );
      return {
        bytes: Buffer.concat([Buffer.from(text.slice(0, cut)), bad, Buffer.from(text.slice(cut))]),
        label: 'text:badUtf8',
      };
    }
    case 'bom':
      return {
        bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
        label: 'text:bom',
      };
    case 'trailing':
      return {
        bytes: Buffer.from(`${text}${r.pick(['x', '}', ',', '\u0000', ' {}', '[]'])}`),
        label: 'text:trailing',
      };
    case 'control':
      return {
        bytes: Buffer.from(`${text.slice(0, at)}\u0000\u0007${text.slice(at)}`),
        label: 'text:control',
      };
    case 'empty':
      return { bytes: Buffer.alloc(0), label: 'text:empty' };
    case 'whitespace':
      return { bytes: Buffer.from(' \n\t '), label: 'text:whitespace' };
    case 'comment':
      return { bytes: Buffer.from(`/* c */${text}`), label: 'text:comment' };
    default:
      return { bytes: Buffer.from(text, 'utf16le'), label: 'text:utf16' };
  }
}

// ---------------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  index: number;
  /** What the generator did, for a report: the endpoint and each choice. */
  labels: string[];
  /** The body's shape (`valid`, `mutated`, `huge`, `deep`...), `no body` or `raw`. */
  shape: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send chunked (no Content-Length). */
  chunked?: boolean;
  /** Bytes written on a fresh socket as they are, instead of an HTTP client's request. */
  raw?: Buffer;
}

type Route = {
  name: string;
  method: string;
  path: (r: Rand, target: FuzzTarget) => string;
  body?: (r: Rand, target: FuzzTarget) => Json;
  auth: 'key' | 'admin' | 'public' | 'metrics';
  weight: number;
};

const batchKinds: Array<[string, Kind]> = [
  ['/batches/transactions/cards/enrich', 'card'],
  ['/batches/transactions/cards/enrich/parse', 'de43'],
  ['/batches/transactions/transfers/enrich', 'transfer'],
  ['/batches/transactions/universal/enrich', 'universal'],
];
const singleKinds: Array<[string, Kind]> = [
  ['/transactions/cards/enrich', 'card'],
  ['/transactions/cards/enrich/parse', 'de43'],
  ['/transactions/transfers/enrich', 'transfer'],
  ['/transactions/universal/enrich', 'universal'],
  ['/transactions/enrich', 'card'],
  ['/transactions/enrich/parse', 'de43'],
];

/** Percent-encoding of the UTF-8 of `text` (a lone surrogate as U+FFFD, where encodeURIComponent throws). */
function encode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8'))
    encoded += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return encoded;
}

/** An id for a path: mostly plausible, sometimes odd. */
function pathId(r: Rand, known: readonly string[]): string {
  return r.weighted<() => string>([
    [4, () => (known.length > 0 ? r.pick(known) : r.pick(uuids))],
    [1, () => (known.length > 0 ? r.pick(known).toUpperCase() : r.pick(uuids))],
    [2, () => encode(r.pick(uuids))],
    [1, () => r.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'])],
    [1, () => encode(oddString(r)) || 'x'],
    [1, () => 'a'.repeat(r.pick([512, 1100, 1101, 4000]))],
    [1, () => '%F0%9F%98%80'.repeat(r.pick([256, 1024, 1101]))],
    [1, () => r.pick(['%zz', '%', '%00', '%c0%80', '%ff', '..%2f..%2fetc', '%2e%2e', '.', '..', '%E2%82'])],
  ])();
}

function triggerPath(r: Rand): string {
  const user = () => pathId(r, ['user-1', 'user-2']);
  return r.weighted<() => string>([
    [3, () => '/merchant-action-triggers'],
    [2, () => `/programs/${pathId(r, ['program-1'])}/merchant-action-triggers`],
    [2, () => `/users/${user()}/merchant-action-triggers`],
    [2, () => `/users/${user()}/cards/${pathId(r, ['card-1'])}/merchant-action-triggers`],
  ])();
}

/** A query string value: plausible, odd, long or repeated. */
function queryValue(r: Rand, plausible: readonly string[]): string {
  return r.weighted<() => string>([
    [5, () => encode(r.pick(plausible))],
    [2, () => encode(oddString(r))],
    [1, () => r.pick(['%zz', '%', '%00', '%ff%fe', '+', '&', '=', '%26%3D'])],
    [1, () => 'q'.repeat(r.pick([1000, 8000, 15_000, 20_000]))],
  ])();
}

function withQuery(r: Rand, path: string, params: Record<string, readonly string[]>): string {
  const parts: string[] = [];
  for (const [name, plausible] of Object.entries(params)) {
    if (r.chance(0.5)) continue;
    parts.push(`${name}=${queryValue(r, plausible)}`);
    if (r.chance(0.1)) parts.push(`${name}=${queryValue(r, plausible)}`); // repeated: an array
  }
  if (r.chance(0.1))
    parts.push(
      r.pick(['__proto__=1', '__proto__[x]=1', 'constructor[prototype][x]=1', 'a[b][c]=1', '=', '&&', 'x']),
    );
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}

const routes: Route[] = [
  ...singleKinds.map(
    ([path, kind]): Route => ({
      name: `POST ${path}`,
      method: 'POST',
      path: (r) => withQuery(r, path, { explain: ['true', 'false', '1', '0', '', 'yes'] }),
      body: (r) => item(r, kind, r.chance(0.3) ? 'tx-1' : undefined),
      auth: 'key',
      weight: 4,
    }),
  ),
  ...batchKinds.flatMap(([path, kind]): Route[] => [
    {
      name: `POST ${path}`,
      method: 'POST',
      path: (r) =>
        r.chance(0.4) ? `${path}?synchronous=${r.pick(['true', '1', '', 'false', 'TRUE', 'yes'])}` : path,
      body: (r) => batchBody(r, kind, true),
      auth: 'key',
      weight: 6,
    },
    { name: `OPTIONS ${path}`, method: 'OPTIONS', path: () => path, auth: 'key', weight: 0.3 },
  ]),
  {
    name: 'GET /batches/{id}',
    method: 'GET',
    path: (r, t) => `/batches/${pathId(r, t.known.batchIds)}`,
    auth: 'key',
    weight: 2,
  },
  {
    name: 'GET /batches/{id}/results',
    method: 'GET',
    path: (r, t) =>
      withQuery(r, `/batches/${pathId(r, t.known.batchIds)}/results`, {
        limit: ['1', '0', '-1', '5000', '5001', '1e3', '2.5', 'abc', '', ' 5', '99999999999999999999'],
        cursor: ['', 'abc', 'eyJ4IjoxfQ', 'AAAAAAAA', '////', '0', 'null'],
      }),
    auth: 'key',
    weight: 2,
  },
  {
    name: 'GET /corporations',
    method: 'GET',
    path: (r) =>
      withQuery(r, '/corporations', { name: ['star', 'starbuks', 'netflix', 'blue bottle', 'a', ' '] }),
    auth: 'key',
    weight: 3,
  },
  ...(['GET', 'PUT', 'PATCH', 'DELETE'] as const).map(
    (method): Route => ({
      name: `${method} triggers`,
      method,
      path: (r) => triggerPath(r),
      ...(method === 'PUT'
        ? { body: (r: Rand) => ({ merchantTriggers: triggerList(r) }) }
        : method === 'PATCH'
          ? {
              body: (r: Rand): Json =>
                r.chance(0.6)
                  ? { operation: 'add', merchantTriggers: triggerList(r) }
                  : { operation: 'remove', triggerIds: ['trig-1', 'trig-0-1', 'nope'] },
            }
          : {}),
      auth: 'key',
      weight: method === 'DELETE' ? 0.5 : 2,
    }),
  ),
  // Categories and counterparty personalizations (issue 23), at the integration's and a user's level.
  {
    name: 'GET /categories',
    method: 'GET',
    path: (r) => withQuery(r, '/categories', { include: ['default', 'custom', 'default,custom', 'all', ''] }),
    auth: 'key',
    weight: 0.5,
  },
  ...(['/categories', '/users/u-fuzz/categories'] as const).map(
    (path): Route => ({
      name: `POST ${path}`,
      method: 'POST',
      path: () => path,
      body: (r) => ({
        name: r.pick<Json>(['Coffee runs', 'Coffee runs', '', ' ', 'x'.repeat(65), 7]),
        parentId: r.pick<Json>(['011-000-000-000', '011-001-000-000', '999-999-999-999', ...uuids]),
      }),
      auth: 'key',
      weight: 1,
    }),
  ),
  {
    name: 'DELETE /categories/{id}',
    method: 'DELETE',
    path: (r) => `/categories/${pathId(r, [])}`,
    auth: 'key',
    weight: 0.3,
  },
  // Category rules (issue 23, part 4): patterns a glob must refuse or match without blowing up.
  {
    name: 'POST /categories/rules',
    method: 'POST',
    path: () => '/categories/rules',
    body: (r) => ({
      categoryId: r.pick<Json>(['013-000-000-000', '999-999-999-999', ...uuids]),
      match: r.pick<Json>([
        {
          namePattern: r.pick(['NETFLIX*', '*a*a*a*a*a*a*a*b', 'ABC\\', '*'.repeat(9), '?'.repeat(128), '']),
        },
        { mcc: { from: r.pick<Json>([5811, 9999, -1, 'x']), to: r.pick<Json>([5814, 10_000, 0]) } },
        { amount: r.pick<Json>([{ min: 10 }, { max: -1 }, {}, { min: 5, max: 1 }]), direction: 'outgoing' },
        { industryId: r.pick<Json>(['011-000-000-000', '999-999-999-999', ...uuids]), channel: 'digital' },
        { type: r.pick<Json>(['fee', 'nope']), subType: 'overdraft' },
        {},
      ]),
    }),
    auth: 'key',
    weight: 1,
  },
  {
    name: 'GET /categories/rules',
    method: 'GET',
    path: () => '/categories/rules',
    auth: 'key',
    weight: 0.3,
  },
  {
    name: 'DELETE /categories/rules/{id}',
    method: 'DELETE',
    path: (r) => `/categories/rules/${pathId(r, [])}`,
    auth: 'key',
    weight: 0.3,
  },
  ...(
    [
      '/counterparty-category-personalizations',
      '/users/u-fuzz/counterparty-category-personalizations',
    ] as const
  ).map(
    (path): Route => ({
      name: `PUT ${path}`,
      method: 'PUT',
      path: () => path,
      body: (r) => ({
        counterpartyId: r.pick<Json>([...uuids, '', 12]),
        categoryId: r.pick<Json>(['011-000-000-000', '999-999-999-999', ...uuids]),
      }),
      auth: 'key',
      weight: 1,
    }),
  ),
  {
    name: 'GET /counterparty-category-personalizations',
    method: 'GET',
    path: () => '/counterparty-category-personalizations',
    auth: 'key',
    weight: 0.3,
  },
  {
    name: 'DELETE /counterparty-category-personalizations/{counterpartyId}',
    method: 'DELETE',
    path: (r) => `/counterparty-category-personalizations/${pathId(r, [])}`,
    auth: 'key',
    weight: 0.3,
  },
  {
    name: 'GET /merchants',
    method: 'GET',
    path: (r) =>
      withQuery(r, '/merchants', { name: ['star', 'comfort suites', 'paypal', 'starbuks', 'a', ' '] }),
    auth: 'key',
    weight: 2,
  },
  ...(['chargeback', 'decline', 'refund', 'fraud'] as const).map(
    (kind): Route => ({
      name: `POST /enrichments/{enrichmentId}/${kind}`,
      method: 'POST',
      path: (r, t) => {
        const id =
          t.known.enrichmentIds.length > 0 && r.chance(0.7) ? r.pick(t.known.enrichmentIds) : r.pick(uuids);
        return `/enrichments/${encodeURIComponent(String(id))}/${kind}`;
      },
      body: (r) => {
        const body: Record<string, Json> = {};
        if (kind === 'chargeback')
          body.state = r.pick<Json>(['chargeback_lost', 'chargeback_won', 'chargeback_pending', 'lost', 1]);
        if (r.chance(0.5)) body.isFraud = r.pick<Json>([true, false, 'yes']);
        if (r.chance(0.4)) body.fraudType = r.pick<Json>(['stolen_card', 'phishing', 'bogus', null]);
        if (r.chance(0.3))
          body[`${kind === 'fraud' ? 'fraud' : kind}Notes`] = r.pick(['Noted.', 'x'.repeat(513)]);
        if (r.chance(0.3)) body.occurredAt = r.pick<Json>(['2024-06-01', 'yesterday', 20240601]);
        if (kind === 'decline' && r.chance(0.5)) body.declineCode = r.pick<Json>(['05', 'x'.repeat(65)]);
        return body;
      },
      auth: 'key',
      weight: 0.5,
    }),
  ),
  {
    name: 'POST /transactions/report',
    method: 'POST',
    path: () => '/transactions/report',
    body: (r, t) => {
      const body: Record<string, Json> = {
        enrichmentId:
          t.known.enrichmentIds.length > 0 && r.chance(0.7) ? r.pick(t.known.enrichmentIds) : r.pick(uuids),
        errorDescription: r.pick(['Wrong merchant', 'x'.repeat(1025), '']),
      };
      if (r.chance(0.5))
        Object.assign(body, { incorrectCounterparty: true, incorrectCounterpartyDescription: 'Not them' });
      if (r.chance(0.3))
        Object.assign(body, { incorrectLocation: r.pick<Json>([true, 'yes']), incorrectChannel: false });
      return body;
    },
    auth: 'key',
    weight: 2,
  },
  {
    name: 'GET /admin/reports',
    method: 'GET',
    path: (r) => withQuery(r, '/admin/reports', { status: ['open', 'resolved', 'rejected', 'OPEN', 'x'] }),
    auth: 'admin',
    weight: 1,
  },
  {
    name: 'POST /admin/reports/{id}/reject',
    method: 'POST',
    path: (r, t) => `/admin/reports/${pathId(r, t.known.reportIds)}/reject`,
    auth: 'admin',
    weight: 0.5,
  },
  {
    name: 'POST /admin/reports/{id}/resolve',
    method: 'POST',
    path: (r, t) => `/admin/reports/${pathId(r, t.known.reportIds)}/resolve`,
    body: (r) => {
      const body: Record<string, Json> = {};
      if (r.chance(0.6))
        body.counterparty = r.chance(0.5)
          ? { name: 'Blue Bottle Coffee', website: 'bluebottlecoffee.com' }
          : { id: 'x' };
      if (r.chance(0.4)) body.channel = r.pick(['digital', 'physical', 'teleport']);
      if (r.chance(0.3)) body.industryId = r.pick(['011-000-000-000', '999-999-999-999', 'x']);
      if (r.chance(0.3))
        body.location = { city: 'Oakland', region: 'CA', country: 'US', postalCode: '94607' };
      if (r.chance(0.2))
        body.personalization = {
          categoryId: r.pick<Json>(['011-000-000-000', 'x', ...uuids]),
          level: r.pick<Json>(['user', 'integration', 'organization', 'planet']),
        };
      return body;
    },
    auth: 'admin',
    weight: 1,
  },
  { name: 'GET /admin/usage', method: 'GET', path: () => '/admin/usage', auth: 'admin', weight: 0.3 },
  {
    name: 'GET /admin/callbacks',
    method: 'GET',
    path: (r) =>
      withQuery(r, '/admin/callbacks', {
        state: ['pending', 'delivered', 'abandoned', 'x'],
        limit: ['1', '0', '100', '1001', 'abc', '-5'],
      }),
    auth: 'admin',
    weight: 1,
  },
  {
    name: 'POST /admin/callbacks/{id}/replay',
    method: 'POST',
    path: (r, t) => `/admin/callbacks/${pathId(r, t.known.callbackIds)}/replay`,
    auth: 'admin',
    weight: 0.5,
  },
  { name: 'GET /metrics', method: 'GET', path: () => '/metrics', auth: 'metrics', weight: 0.3 },
  { name: 'GET /healthz', method: 'GET', path: () => '/healthz', auth: 'public', weight: 0.3 },
  { name: 'GET /readyz', method: 'GET', path: () => '/readyz', auth: 'public', weight: 0.3 },
  { name: 'GET /openapi.json', method: 'GET', path: () => '/openapi.json', auth: 'public', weight: 0.1 },
  {
    name: 'GET /icons/{file}',
    method: 'GET',
    path: (r) =>
      `/icons/${r.pick(['011-000-000-000.svg', 'x.svg', '..%2fpackage.json', 'A.SVG', pathId(r, [])])}`,
    auth: 'public',
    weight: 0.3,
  },
  {
    name: 'GET /docs and /playground',
    method: 'GET',
    path: (r) =>
      r.pick([
        '/docs',
        '/docs/',
        '/docs/json',
        '/docs/static/index.html',
        '/playground',
        '/playground/playground.js',
        '/playground/x',
      ]),
    auth: 'public',
    weight: 0.2,
  },
  {
    name: 'unknown path',
    method: 'GET',
    path: (r) =>
      r.pick([
        '/',
        '//batches',
        '/batches',
        '/batches/',
        '/transactions',
        '/transactions/cards/enrich/',
        '/TRANSACTIONS/CARDS/ENRICH',
        '/admin',
        '/admin/reports/',
        `/${'a/'.repeat(r.pick([10, 500, 3000]))}`,
        `/x${'y'.repeat(r.pick([100, 8000, 17_000]))}`,
        '/%2e%2e/%2e%2e/etc/passwd',
        '/transactions/cards/enrich%00',
        '/transactions/cards/enrich;jsessionid=1',
        '/\u00e9'.replace('\u00e9', '%C3%A9'),
      ]),
    auth: 'key',
    weight: 1,
  },
];

const contentTypes = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/problem+json',
  'application/xml',
  'application/octet-stream',
  'application/json, text/plain',
  '*/*',
  'json',
  '',
  ';',
  `application/json; charset=utf-8; boundary=x; x=${'y'.repeat(500)}`,
];

const oddMethods = [
  'PUT',
  'PATCH',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'POST',
  'TRACE',
  'PROPFIND',
  'SEARCH',
  'MKCOL',
  'LOCK',
  'PURGE',
  'REPORT',
];

/** Requests no HTTP client writes: sent on a raw socket. */
function rawRequest(r: Rand, target: FuzzTarget, id: string): { bytes: Buffer; label: string } {
  const key = target.keys.full;
  const host = new URL(target.url).host;
  const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
  const body = '{"merchantName":"NETFLIX.COM"}';
  const choice = r.int(0, 22);
  const cases: Array<() => string | Buffer> = [
    () => 'GARBAGE\r\n\r\n',
    () => head(['GET /healthz HTTP/9.9', `Host: ${host}`]),
    () => head(['FOO /healthz HTTP/1.1', `Host: ${host}`]),
    () => head([`CONNECT ${host} HTTP/1.1`, `Host: ${host}`]),
    () => head(['OPTIONS * HTTP/1.1', `Host: ${host}`, `X-Api-Key: ${key}`]),
    () => head([`GET http://evil.example/healthz HTTP/1.1`, `Host: ${host}`]),
    () => head(['GET /healthz HTTP/1.0']),
    () => head(['GET /healthz HTTP/1.1']),
    () =>
      `${head([
        'POST /transactions/cards/enrich HTTP/1.1',
        `Host: ${host}`,
        `X-Api-Key: ${key}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Transfer-Encoding: chunked',
      ])}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    () =>
      `${head([
        'POST /transactions/cards/enrich HTTP/1.1',
        `Host: ${host}`,
        `X-Api-Key: ${key}`,
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
      ])}zz\r\nxx\r\n0\r\n\r\n`,
    () =>
      head([
        'POST /transactions/cards/enrich HTTP/1.1',
        `Host: ${host}`,
        `X-Api-Key: ${key}`,
        'Content-Type: application/json',
        `Content-Length: ${r.pick([-1, 'abc', '1, 2', '99999999999999999999'])}`,
      ]) + body,
    // A length over the limit, declared and not sent: answered 413 at once.
    () =>
      r.chance(0.5)
        ? head([
            'POST /transactions/cards/enrich HTTP/1.1',
            `Host: ${host}`,
            `X-Api-Key: ${key}`,
            'Content-Type: application/json',
            `Content-Length: ${r.pick([2 * 1024 * 1024, 2 ** 40])}`,
          ]) + body
        : head([
            'POST /batches/transactions/cards/enrich HTTP/1.1',
            `Host: ${host}`,
            `X-Api-Key: ${key}`,
            'Content-Type: application/json',
            `Content-Length: ${r.pick([200 * 1024 * 1024, 2 ** 40])}`,
          ]) + body,
    () =>
      head([
        'POST /transactions/cards/enrich HTTP/1.1',
        `Host: ${host}`,
        `X-Api-Key: ${key}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length - 5}`,
        'Connection: close',
      ]) + body,
    () => head(['GET /healthz HTTP/1.1', `Host: ${host}`, 'X-Bad\u0000Header: 1']),
    () => head(['GET /healthz HTTP/1.1', `Host: ${host}`, 'X-Folded: a', ' b']),
    () => head(['GET /healthz HTTP/1.1', `Host: ${host}`, `X-Big: ${'b'.repeat(20_000)}`]),
    () =>
      head([
        'GET /healthz HTTP/1.1',
        `Host: ${host}`,
        ...Array.from({ length: 3000 }, (_, n) => `X-H${n}: v`),
      ]),
    () =>
      Buffer.concat([
        Buffer.from('GET /batches/'),
        Buffer.from([0xff, 0xfe, 0xc0, 0x80]),
        Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nX-Api-Key: ${key}\r\nConnection: close\r\n\r\n`),
      ]),
    () =>
      Buffer.concat([
        Buffer.from(`GET /corporations?name=`),
        Buffer.from([0xe2, 0x82, 0xff]),
        Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nX-Api-Key: ${key}\r\nConnection: close\r\n\r\n`),
      ]),
    () =>
      Buffer.concat([
        Buffer.from(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Request-Id: `),
        Buffer.from([0xff, 0xc3, 0x28]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]),
    () =>
      head([`GET /${'%'.repeat(5000)} HTTP/1.1`, `Host: ${host}`, `X-Api-Key: ${key}`, 'Connection: close']),
    () =>
      head([
        'POST /transactions/cards/enrich HTTP/1.1',
        `Host: ${host}`,
        `X-Api-Key: ${key}`,
        'Content-Type: application/json',
        'Expect: 100-continue',
        `Content-Length: ${body.length}`,
        'Connection: close',
      ]) + body,
    () =>
      head([
        'POST /transactions/cards/enrich HTTP/1.1',
        `Host: ${host}`,
        `X-Api-Key: ${key}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Content-Length: 3',
      ]) + body,
  ];
  const made = cases[choice % cases.length]!();
  const text = typeof made === 'string' ? made.replace('\r\n', `\r\nX-Request-Id: ${id}\r\n`) : made;
  return {
    bytes: typeof text === 'string' ? Buffer.from(text, 'latin1') : text,
    label: `raw:${choice % cases.length}`,
  };
}

/** Request `index` of the run seeded `seed`. */
export function fuzzRequest(seed: number, index: number, target: FuzzTarget): FuzzRequest {
  const r = new Rand(requestRng(seed, index));
  const id = `fuzz-${seed}-${index}`;
  if (r.chance(0.025)) {
    const { bytes, label } = rawRequest(r, target, id);
    return { index, labels: [label], shape: 'raw', method: 'RAW', path: '', headers: {}, raw: bytes };
  }
  const route = r.weighted(routes.map((route) => [route.weight, route] as const));
  const labels = [route.name];
  let method = route.method;
  let path = route.path(r, target);
  const headers: Record<string, string> = { 'x-request-id': id };

  // Authentication: mostly right.
  const auth = r.weighted<string>([
    [90, 'right'],
    [4, 'plain'],
    [2, 'missing'],
    [2, 'wrong'],
    [2, 'odd'],
  ]);
  if (auth !== 'right') labels.push(`auth:${auth}`);
  const apiKey =
    auth === 'right' || route.auth !== 'key'
      ? target.keys.full
      : auth === 'plain'
        ? target.keys.plain
        : auth === 'wrong'
          ? 'wrong-key-00000000000000000000'
          : auth === 'odd'
            ? r.pick([
                '',
                ' ',
                'x'.repeat(8000),
                `${target.keys.full} `,
                '\u00ff\u00fe',
                target.keys.full.toUpperCase(),
              ])
            : undefined;
  if (route.auth === 'key' && apiKey !== undefined) headers['x-api-key'] = apiKey;
  if (route.auth === 'admin' || route.auth === 'metrics') {
    const adminKey = auth === 'right' ? target.keys.admin : auth === 'missing' ? undefined : (apiKey ?? 'x');
    if (adminKey !== undefined) {
      if (route.auth === 'metrics' && r.chance(0.5))
        headers.authorization = `${r.pick(['Bearer', 'bearer', 'Basic', 'Bearer  '])} ${adminKey}`;
      else headers['x-admin-key'] = adminKey;
    }
    if (r.chance(0.2)) headers['x-api-key'] = target.keys.full;
  }

  // The body: valid, mutated, corrupted as text, huge, or deep.
  let body: Buffer | undefined;
  let bodyShape = 'no body';
  const bodyOf = route.body;
  if (bodyOf || r.chance(0.05)) {
    let value: Json = bodyOf ? bodyOf(r, target) : anyValue(r);
    const shape = r.weighted<string>([
      [15, 'valid'],
      [55, 'mutated'],
      [8, 'text'],
      [1, 'huge'],
      [8, 'deep'],
      [4, 'manyItems'],
      [7, 'mutatedItem'],
    ]);
    labels.push(shape);
    bodyShape = shape;
    if (shape === 'mutated' || shape === 'text') {
      for (let n = r.int(1, 3); n > 0; n--) {
        const mutated = mutate(value, r);
        value = mutated.root;
        labels.push(mutated.label);
      }
    }
    if (
      shape === 'mutatedItem' &&
      isContainer(value) &&
      !Array.isArray(value) &&
      Array.isArray(value.transactions)
    ) {
      const items = value.transactions;
      if (items.length > 0) {
        const at = r.int(0, items.length - 1);
        let one: Json = items[at]!;
        for (let n = r.int(1, 3); n > 0; n--) {
          const mutated = mutate(one, r);
          one = mutated.root;
          labels.push(`item:${mutated.label}`);
        }
        items[at] = one;
      }
    }
    if (shape === 'deep') {
      const depth = r.pick([33, 100, 1000, 5000, 10_000, 50_000, 200_000]);
      const deep = new Deep(r.pick(['array', 'object']), depth, anyScalar(r));
      const where = r.weighted<string>([
        [2, 'body'],
        [3, 'item'],
        [3, 'customAttributes'],
        [1, 'location'],
        [1, 'action'],
      ]);
      labels.push(`deep:${where}:${depth}`);
      if (where === 'body' || !isContainer(value) || Array.isArray(value)) value = deep;
      else if (Array.isArray(value.transactions) && value.transactions.length > 0) {
        const at = r.int(0, value.transactions.length - 1);
        const one = value.transactions[at]!;
        if (where === 'item' || !isContainer(one) || Array.isArray(one)) value.transactions[at] = deep;
        else one[where === 'action' ? 'customAttributes' : where] = deep;
      } else if (Array.isArray(value.merchantTriggers) && value.merchantTriggers.length > 0) {
        const one = value.merchantTriggers[0]!;
        if (isContainer(one) && !Array.isArray(one) && where !== 'item')
          one[where === 'location' ? 'action' : where] = deep;
        else value.merchantTriggers[0] = deep;
      } else value[where === 'item' ? 'merchantName' : where] = deep;
    }
    if (shape === 'manyItems' && isContainer(value) && !Array.isArray(value)) {
      // 50,000 valid items make a batch the server works on for seconds: rarely.
      const count = r.weighted([
        [4, 0],
        [6, 101],
        [4, 1000],
        [1, 50_000],
        [2, 50_001],
      ]);
      labels.push(`items:${count}`);
      const list = Array.from(
        { length: count },
        (_, n): Json => (r.chance(0.999) ? { transactionId: `m${n}`, merchantName: 'NETFLIX.COM' } : {}),
      );
      if (r.chance(0.3) && count > 1) list[count - 1] = { transactionId: 'm0', merchantName: 'X' }; // duplicate id
      if ('merchantTriggers' in value) value.merchantTriggers = list;
      else value.transactions = list;
    }
    let text = serialize(value);
    if (shape === 'huge') {
      const size = r.weighted([
        [6, r.int(1_000_000, 1_200_000)],
        [3, r.int(2_000_000, 6_000_000)],
        [1, r.int(20_000_000, 30_000_000)],
      ]);
      labels.push(`huge:${size}`);
      const filler = r.pick(['x', 'é', '😀', '\\u0000', ' ']);
      text = r.chance(0.5)
        ? `{"merchantName":"${filler.repeat(Math.ceil(size / Buffer.byteLength(filler)))}","transactions":[{"transactionId":"1","merchantName":"y"}]}`
        : `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"pad":"${'p'.repeat(size)}"}`;
    }
    if (shape === 'text') {
      const corrupted = corruptText(text, r);
      labels.push(corrupted.label);
      body = corrupted.bytes;
    } else body = Buffer.from(text);
    headers['content-type'] = 'application/json';
  }

  // Content types, methods, headers, paths.
  if (r.chance(0.06)) {
    const type = r.pick(contentTypes);
    labels.push(`ctype:${type.slice(0, 40)}`);
    if (type === '' && r.chance(0.5)) delete headers['content-type'];
    else headers['content-type'] = type;
  }
  if (r.chance(0.04)) {
    method = r.pick(oddMethods);
    labels.push(`method:${method}`);
    if (method === 'GET' || method === 'HEAD') {
      if (r.chance(0.5)) body = undefined;
    }
  }
  if (r.chance(0.02) && !body && method !== 'GET' && method !== 'HEAD') {
    body = Buffer.from(r.pick(['{}', 'null', '[]', '""']));
    headers['content-type'] = 'application/json';
    labels.push('bodyOnBodyless');
  }
  if (r.chance(0.05)) {
    const header = r.weighted<() => [string, string]>([
      [
        2,
        () => [
          'x-request-id',
          r.pick(['', ' ', 'x'.repeat(8000), '\u00ff\u00fe', 'a b c', '../../etc', '%00', '{"a":1}']),
        ],
      ],
      [
        3,
        () => [
          'idempotency-key',
          r.pick(['fuzz-idem-1', 'fuzz-idem-2', '', ' ', 'k'.repeat(8000), '\u00e9\u00ff', '__proto__']),
        ],
      ],
      [
        1,
        () => [
          'accept-encoding',
          r.pick(['gzip', 'br', 'deflate', 'gzip;q=0', '*', 'identity;q=0, *;q=0', 'zstd', 'x'.repeat(2000)]),
        ],
      ],
      [1, () => ['content-encoding', r.pick(['gzip', 'br', 'deflate', 'identity', 'x'])]],
      [1, () => ['origin', r.pick(['https://app.example.com', 'null', 'https://evil.example', '*'])]],
      [1, () => ['accept', r.pick(['text/html', 'application/xml', '*/*;q=x', ''])]],
      [1, () => ['access-control-request-method', r.pick(['POST', 'DELETE', 'FOO'])]],
      [1, () => ['x-forwarded-for', r.pick(['1.2.3.4', '::1', 'x'.repeat(3000)])]],
      [1, () => ['expect', '100-continue']],
    ])();
    labels.push(`header:${header[0]}`);
    headers[header[0]] = header[1];
  }
  if (r.chance(0.03) && !path.includes('?')) {
    path = `${path}?${r.pick(['a=1', `q=${'z'.repeat(r.pick([2000, 9000, 16_500]))}`, '__proto__[polluted]=1', '%zz=1', 'a=%ff', '&&&', '=='])}`;
    labels.push('query');
  }
  // An idempotent batch resent often: some with the same key and another body (409).
  if (method === 'POST' && path.startsWith('/batches/') && !path.includes('synchronous') && r.chance(0.15))
    headers['idempotency-key'] ??= `fuzz-idem-${r.int(1, 20)}`;
  const chunked = body !== undefined && r.chance(0.1);
  return {
    index,
    labels,
    shape: bodyShape,
    method,
    path,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(chunked ? { chunked: true } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------
// Checking answers

/** Sentences of a `non_field_errors` 400 that say the body (or the request) is malformed. */
const MALFORMED =
  /JSON parse error|media type|not valid HTTP|Content-Length|the body is empty|Expected a dictionary of items but got type|body/i;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A rule across fields (`Give at least one of counterparty, industryId, channel, location and personalization.`) names
 * them in its sentence: a 400 under `non_field_errors` that names a field of the request names its field.
 */
const NAMES_A_FIELD = new RegExp(`\\b(${[...fieldNames, 'industryId'].join('|')})\\b`);

export interface Verdict {
  /** `5xx`: a server error; `400-no-field`: a 400 that names no field and says nothing of the body. */
  problem?: '5xx' | '400-no-field' | 'shape';
  why?: string;
  /** How a good 400 says what is wrong: by field, by the body as a whole, or by fields named in a sentence. */
  badRequest?: 'field' | 'body' | 'sentence';
}

export function checkAnswer(request: FuzzRequest, answer: Answer): Verdict {
  const { status, body } = answer;
  if (status >= 500) return { problem: '5xx', why: body.slice(0, 300) };
  if (status < 400 || request.method === 'HEAD' || status === 405) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { problem: status === 400 ? '400-no-field' : 'shape', why: `not JSON: ${body.slice(0, 200)}` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return {
      problem: status === 400 ? '400-no-field' : 'shape',
      why: `not an object: ${body.slice(0, 200)}`,
    };
  const entries = Object.entries(parsed);
  if (status === 400) {
    if (entries.length === 0) return { problem: '400-no-field', why: 'an empty object' };
    let badRequest: Verdict['badRequest'] = 'field';
    for (const [field, messages] of entries) {
      if (
        !Array.isArray(messages) ||
        messages.length === 0 ||
        !messages.every((m) => typeof m === 'string' && m)
      )
        return {
          problem: '400-no-field',
          why: `"${field}" is not a list of messages: ${body.slice(0, 200)}`,
        };
      if (field === '') return { problem: '400-no-field', why: `an empty field name: ${body.slice(0, 200)}` };
      if (field !== 'non_field_errors') continue;
      if (messages.every((m) => MALFORMED.test(m))) badRequest = 'body';
      else if (messages.every((m) => MALFORMED.test(m) || NAMES_A_FIELD.test(m))) badRequest = 'sentence';
      else return { problem: '400-no-field', why: body.slice(0, 300) };
    }
    return { badRequest };
  }
  const details = (parsed as { details?: unknown }).details;
  if (typeof details !== 'string' || !details) return { problem: 'shape', why: body.slice(0, 300) };
  return {};
}

// ---------------------------------------------------------------------------------------------------
// Sending

export type Outcome =
  | { kind: 'answer'; answer: Answer }
  | { kind: 'error'; code: string }
  | { kind: 'timeout' };

const TIMEOUT_MS = 60_000;

/** The text of an answer's body, decompressed as its `Content-Encoding` says (compression is on). */
function bodyText(bytes: Buffer, encoding: string | string[] | undefined): string {
  try {
    if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
    if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  } catch {
    return `(not ${encoding}: ${bytes.length} bytes)`;
  }
  return bytes.toString('utf8');
}

/** The bytes of a request as an HTTP/1.1 client writes them, with `Connection: close`: head, then body. */
function rawBytesOf(target: FuzzTarget, request: FuzzRequest): [Buffer, Buffer] {
  const headers = { ...request.headers, host: new URL(target.url).host, connection: 'close' };
  const body = request.body ?? Buffer.alloc(0);
  const framed = request.chunked
    ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])
    : body;
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    request.chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`,
  ];
  return [Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), framed];
}

export function sendRequest(target: FuzzTarget, request: FuzzRequest, agent: http.Agent): Promise<Outcome> {
  if (request.raw) return sendRaw(target, request.raw);
  // Node's client misreads the answer to a HEAD that carried a body (HPE_CLOSED_CONNECTION) although
  // the server's bytes are right, and loses the early answer (413) to a body over the limit when the
  // server closes before the body is sent (EPIPE): such requests are written on a socket of their own,
  // whose answer is read whatever becomes of the writing.
  if (request.method === 'HEAD' && request.body)
    return sendRaw(target, Buffer.concat(rawBytesOf(target, request)), true);
  if (request.body && request.body.length > 1_000_000) {
    // The head first: a request refused on its head (over the 1 MiB of a single call, a key without the
    // feature...) is answered before its body is sent. Over the single call's limit the answer is
    // certain (batches take 100 MB, triggers 64 MB) and is waited for longer.
    const [head, body] = rawBytesOf(target, request);
    const single = !/^\/(batches|merchant-action-triggers|programs|users)\//.test(`${request.path}/`);
    return sendRaw(target, head, false, { body, waitMs: single && body.length > 1024 * 1024 ? 2000 : 200 });
  }
  const { hostname, port } = new URL(target.url);
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const headers: Record<string, string> = { ...request.headers };
    if (request.body && !request.chunked) headers['content-length'] = String(request.body.length);
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        host: hostname,
        port,
        method: request.method,
        path: request.path,
        headers,
        agent,
      });
    } catch (error) {
      // The client refused to write it (an invalid character in a header or the path).
      return done({ kind: 'error', code: `client:${(error as NodeJS.ErrnoException).code ?? 'throw'}` });
    }
    const timer = setTimeout(() => {
      outgoing.destroy();
      done({ kind: 'timeout' });
    }, TIMEOUT_MS);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({
          kind: 'answer',
          answer: {
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bodyText(Buffer.concat(chunks), response.headers['content-encoding']),
          },
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        done({ kind: 'error', code: error.code ?? 'response' }),
      );
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      done({ kind: 'error', code: error.code ?? error.message }),
    );
    if (request.body && request.chunked) {
      const half = request.body.length >> 1;
      outgoing.write(request.body.subarray(0, half));
      outgoing.end(request.body.subarray(half));
    } else outgoing.end(request.body);
  });
}

/**
 * Writes `bytes` on a fresh connection and reads the first answer (or how it ended); `head`: the answer
 * has no body. `then.body`: bytes written `then.waitMs` after `bytes` unless an answer came first (the
 * head of a request whose declared length is over the limit is answered 413 at once, before its body:
 * written together, the server's close under the client's writing often loses the answer, EPIPE), or
 * at once after a `100 Continue`.
 */
function sendRaw(
  target: FuzzTarget,
  bytes: Buffer,
  head = false,
  then?: { body: Buffer; waitMs: number },
): Promise<Outcome> {
  const { hostname, port } = new URL(target.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (outcome?: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome ?? parseRawAnswer(Buffer.concat(chunks), head));
    };
    // A large body takes a loaded server seconds to read and check.
    const timer = setTimeout(
      () => finish(chunks.length > 0 ? undefined : { kind: 'timeout' }),
      then ? TIMEOUT_MS : 10_000,
    );
    let bodySent = !then;
    const sendBody = () => {
      if (bodySent || settled) return;
      bodySent = true;
      socket.write(then!.body);
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answer = parseRawAnswer(Buffer.concat(chunks), head);
      if (answer.kind === 'answer') finish(answer);
      else if (/^HTTP\/1\.1 100 /.test(Buffer.concat(chunks).toString('latin1'))) sendBody();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish(chunks.length > 0 ? undefined : { kind: 'error', code: error.code ?? 'socket' }),
    );
    socket.write(bytes);
    if (then) setTimeout(sendBody, then.waitMs);
  });
}

/** The first complete answer in `bytes`, or an error outcome while none is complete. */
function parseRawAnswer(bytes: Buffer, head = false): Outcome {
  const text = bytes.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0)
    return { kind: 'error', code: bytes.length === 0 ? 'closed-without-answer' : 'partial-answer' };
  const [statusLine, ...headerLines] = text.slice(0, headEnd).split('\r\n');
  // A 100 Continue comes before the answer.
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  if (status === 100) return parseRawAnswer(bytes.subarray(headEnd + 4), head);
  const headers: http.IncomingHttpHeaders = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(headEnd + 4);
  const length = headers['content-length'];
  if (head) body = Buffer.alloc(0);
  else if (length !== undefined) {
    if (body.length < Number(length)) return { kind: 'error', code: 'partial-answer' };
    body = body.subarray(0, Number(length));
  } else if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) return { kind: 'error', code: 'partial-answer' };
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!(size > 0)) break;
      if (body.length < lineEnd + 2 + size) return { kind: 'error', code: 'partial-answer' };
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { kind: 'answer', answer: { status, headers, body: bodyText(body, headers['content-encoding']) } };
}

// ---------------------------------------------------------------------------------------------------
// A run

export interface Finding {
  request: FuzzRequest;
  status: number;
  why: string;
}

export interface FuzzReport {
  requests: number;
  ms: number;
  byStatus: Map<string, number>;
  /** Answers 5xx, with their requests. */
  serverErrors: Finding[];
  /** 400s that name no field and say nothing of the body. */
  noField: Finding[];
  /** Other error answers without `details`. */
  shape: Finding[];
  /** Requests that got no answer (connection closed or reset, timeout), by code, with a few examples. */
  noAnswer: Map<string, { count: number; examples: FuzzRequest[] }>;
  /** The 400s by how they say what is wrong (see `Verdict.badRequest`). */
  badRequests: { field: number; body: number; sentence: number };
  /** Requests and their summed time (ms) by the generator's main choice (the body's shape, raw). */
  timeByShape: Map<string, { count: number; ms: number }>;
}

export interface FuzzOptions {
  seed: number;
  requests: number;
  connections: number;
  /** Send only these indexes (a replay). */
  only?: number[];
  onProgress?: (done: number, report: FuzzReport) => void;
  /** Checked between requests: stops the run (the server died). */
  shouldStop?: () => boolean;
  /** At most this many findings of each list are kept (each is counted anyway in `byStatus`). */
  keep?: number;
}

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const keep = options.keep ?? 500;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const report: FuzzReport = {
    requests: 0,
    ms: 0,
    byStatus: new Map(),
    serverErrors: [],
    noField: [],
    shape: [],
    noAnswer: new Map(),
    timeByShape: new Map(),
    badRequests: { field: 0, body: 0, sentence: 0 },
  };
  const indexes = options.only ?? null;
  const total = indexes ? indexes.length : options.requests;
  let next = 0;
  const started = performance.now();
  const count = (key: string) => report.byStatus.set(key, (report.byStatus.get(key) ?? 0) + 1);
  const worker = async () => {
    while (next < total && !options.shouldStop?.()) {
      const position = next++;
      const request = fuzzRequest(options.seed, indexes ? indexes[position]! : position, target);
      const sent = performance.now();
      const outcome = await sendRequest(target, request, agent);
      const time = report.timeByShape.get(request.shape) ?? { count: 0, ms: 0 };
      time.count++;
      time.ms += performance.now() - sent;
      report.timeByShape.set(request.shape, time);
      report.requests++;
      if (outcome.kind === 'answer') {
        count(String(outcome.answer.status));
        const verdict = checkAnswer(request, outcome.answer);
        if (verdict.badRequest) report.badRequests[verdict.badRequest]++;
        const finding = { request, status: outcome.answer.status, why: verdict.why ?? '' };
        const list =
          verdict.problem === '5xx'
            ? report.serverErrors
            : verdict.problem === '400-no-field'
              ? report.noField
              : verdict.problem === 'shape'
                ? report.shape
                : null;
        if (list && list.length < keep) list.push(finding);
      } else {
        const code = outcome.kind === 'timeout' ? 'timeout' : outcome.code;
        count(`no answer (${code})`);
        const entry = report.noAnswer.get(code) ?? { count: 0, examples: [] };
        entry.count++;
        if (entry.examples.length < 5) entry.examples.push(request);
        report.noAnswer.set(code, entry);
      }
      if (report.requests % 1000 === 0) options.onProgress?.(report.requests, report);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  report.ms = performance.now() - started;
  agent.destroy();
  return report;
}

/** One line for a request: index, labels, method, path, headers and the start of the body. */
export function describeRequest(request: FuzzRequest): string {
  const clip = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;
  if (request.raw)
    return `#${request.index} [${request.labels.join(', ')}] raw ${JSON.stringify(clip(request.raw.toString('latin1'), 300))}`;
  const body = request.body
    ? ` body ${JSON.stringify(clip(request.body.toString('utf8'), 400))} (${request.body.length} bytes${request.chunked ? ', chunked' : ''})`
    : '';
  const headers = Object.entries(request.headers)
    .filter(
      ([name]) =>
        !['x-api-key', 'x-admin-key', 'authorization'].includes(name) ||
        request.labels.some((l) => l.startsWith('auth:')),
    )
    .map(([name, value]) => `${name}: ${clip(value, 60)}`)
    .join('; ');
  return `#${request.index} [${request.labels.join(', ')}] ${request.method} ${clip(request.path, 200)} {${headers}}${body}`;
}

// ---------------------------------------------------------------------------------------------------
// The server under test

export const fuzzKeys = {
  full: 'fuzz-full-key-000000000000000001',
  plain: 'fuzz-plain-key-00000000000000001',
  admin: 'fuzz-admin-key-00000000000000001',
} as const;

/**
 * The configuration of the server under test: a key with every feature and one with none, the admin
 * key, callbacks on (to public addresses only: none is reachable here), compression and CORS on, and
 * rate limits high enough that the fuzz reaches the validation behind them.
 */
export function fuzzConfig(dataDir: string) {
  return {
    port: 0,
    dataDir,
    threads: 1,
    keys: [
      {
        key: fuzzKeys.full,
        tenant: 'fuzz',
        environment: 'sandbox',
        features: ['merchantSearch', 'triggers', 'multiSource'],
      },
      { key: fuzzKeys.plain, tenant: 'plain', environment: 'production', features: [] },
    ],
    webhookToken: 'fuzz-webhook-token-0000000000001',
    adminKey: fuzzKeys.admin,
    rateLimits: { batchPerSecond: 1_000_000, searchPerSecond: 1_000_000 },
    compression: { enabled: true },
    cors: { origins: ['https://app.example.com'] },
  };
}

/** Makes ids that exist (a batch, an enrichment, an error report, a callback) for the fuzz to name. */
export async function prepareTarget(url: string): Promise<FuzzTarget> {
  const call = async (path: string, init: { method?: string; body?: unknown; admin?: boolean } = {}) => {
    const response = await fetch(url + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        [init.admin ? 'x-admin-key' : 'x-api-key']: init.admin ? fuzzKeys.admin : fuzzKeys.full,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const batch = await call('/batches/transactions/cards/enrich', {
    body: {
      transactions: [
        { transactionId: 'a', merchantName: 'NETFLIX.COM', amount: 15.49 },
        { transactionId: 'b', merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA' },
      ],
      callbackUrl: 'https://93.184.215.14/hooks',
    },
  });
  const batchId = String(batch.batchId);
  const deadline = Date.now() + 120_000;
  while ((await call(`/batches/${batchId}`)).status !== 'completed') {
    if (Date.now() > deadline) throw new Error('the first batch did not complete');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const enrichment = await call('/transactions/cards/enrich', {
    body: { merchantName: 'NETFLIX.COM', amount: 15.49 },
  });
  const enrichmentId = String(enrichment.enrichmentId);
  await call('/transactions/report', { body: { enrichmentId, errorDescription: 'Not Netflix.' } });
  const { reports } = (await call('/admin/reports', { admin: true })) as { reports: Array<{ id: string }> };
  const { callbacks } = (await call('/admin/callbacks', { admin: true })) as {
    callbacks: Array<{ id: string }>;
  };
  return {
    url,
    keys: fuzzKeys,
    known: {
      batchIds: [batchId],
      reportIds: reports.map(({ id }) => id),
      enrichmentIds: [enrichmentId],
      callbackIds: callbacks.map(({ id }) => id),
    },
  };
}
