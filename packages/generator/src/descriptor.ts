/**
 * How a descriptor gets its noise: store numbers and other template tokens,
 * the DE43 name slot's truncation (22 or 25 characters), city/state or
 * phone/URL tails, wallet markers, bank-added text and the feed's casing.
 */
import { streets } from './local-names.js';
import { hash32, type Random } from './random.js';

/** What a template's tokens are filled from. */
export interface TemplateContext {
  /** Identifies the store: its numbers, letters and street derive from it. */
  storeKey: string;
  city: string;
  /** 0 = Sunday. */
  weekday: number;
  hour: number;
  /** `SEP 2025`. */
  month: string;
}

const TOKEN = /\{(\d+|[adr]\d+|city|when|mon|shop|street)\}/g;
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `count` digits derived from the store, so one store always prints the same number. */
function storeDigits(storeKey: string, count: number): string {
  let text = '';
  for (let part = 0; text.length < count; part++) {
    text += String(hash32(storeKey, part) % 1_000_000_000).padStart(9, '0');
  }
  // a store number is rarely all zeros at the front: keep the leading digit non-zero
  const digits = text.slice(-count);
  return count > 1 && digits[0] === '0' ? `${1 + (hash32(storeKey, 'lead') % 9)}${digits.slice(1)}` : digits;
}

function fill(token: string, context: TemplateContext, random: Random, shop: () => string): string {
  if (/^\d+$/.test(token)) return storeDigits(context.storeKey, Number(token));
  switch (token) {
    case 'city':
      return context.city;
    case 'when': {
      const hour12 = context.hour % 12 === 0 ? 12 : context.hour % 12;
      return `${WEEKDAYS[context.weekday]} ${hour12}${context.hour < 12 ? 'AM' : 'PM'}`;
    }
    case 'mon':
      return context.month;
    case 'shop':
      return shop();
    case 'street': {
      const hash = hash32(context.storeKey, 'street');
      return `${100 + (hash % 9800)} ${streets[hash % streets.length]}`;
    }
  }
  const count = Number(token.slice(1));
  if (token[0] === 'd') return random.digits(count);
  if (token[0] === 'r') return random.alnum(count);
  let letters = '';
  const hash = hash32(context.storeKey, 'letters');
  for (let index = 0; index < count; index++) letters += LETTERS[(hash >>> (index * 5)) % 26];
  return letters;
}

/** A form with its tokens filled. */
export function fillTemplate(
  template: string,
  context: TemplateContext,
  random: Random,
  shop: () => string = () => '',
): string {
  return template.includes('{')
    ? template.replace(TOKEN, (_, token: string) => fill(token, context, random, shop))
    : template;
}

/** The name slot of DE43: cut to its width, as card networks do. */
export function truncate(text: string, width: number): string {
  return text.length <= width ? text : text.slice(0, width).replace(/[\s#*/-]+$/, '');
}

export type CaseStyle = 'upper' | 'as-is' | 'title';

/** `Wal-Mart Super Center 3412 Tulsa OK`: words capitalised, two-letter codes and numbers left alone. */
function titleCase(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z']*/g, (word) =>
    word.length <= 2 ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
  );
}

export function applyCase(text: string, style: CaseStyle): string {
  if (style === 'upper') return text.toUpperCase();
  return style === 'title' ? titleCase(text) : text;
}

/** `<name> <CITY> <ST>` of an in-store purchase, in one of the shapes statements show. */
export function storeTail(name: string, city: string, state: string, random: Random): string {
  const roll = random.next();
  if (roll < 0.45) return random.chance(0.4) ? truncate(name, random.chance(0.5) ? 22 : 25) : name;
  const width = random.chance(0.55) ? 22 : 25;
  const cityText = truncate(city, 13);
  if (roll < 0.88) return `${truncate(name, width)} ${cityText} ${state}`;
  if (roll < 0.94) {
    // the raw fixed-width layout some feeds pass through unchanged
    return `${truncate(name, width).padEnd(width + 1)}${cityText.padEnd(13)}${state}`;
  }
  return `${truncate(name, width)} ${state}`;
}

/** `<name> <phone, URL or host> <ST>` of a card-not-present purchase, or the name alone. */
export function remoteTail(name: string, slot: string, state: string, random: Random): string {
  const roll = random.next();
  if (roll < 0.55 || name.includes(slot)) return name;
  const width = random.chance(0.55) ? 22 : 25;
  if (roll < 0.88) return `${truncate(name, width)} ${slot} ${state}`;
  if (roll < 0.96) return `${truncate(name, width)} ${slot}`;
  return `${truncate(name, width)} ${state}`;
}

/** The phone, URL or host a merchant prints in the city slot when none is known: stable per brand. */
export function derivedSlot(brand: string, domain: string | null): string {
  const hash = hash32(brand, 'slot');
  const kind = hash % 20;
  if (domain && kind < 9) return domain.toUpperCase();
  if (kind < 18) {
    const area = ['800', '888', '877', '866', '855', '844'][hash % 6];
    const rest = String(1_000_000 + (hash32(brand, 'phone') % 9_000_000));
    return `${area}-${rest.slice(0, 3)}-${rest.slice(3)}`;
  }
  return 'INTERNET';
}

/** `BLUE BOTTLE COFFEE` -> `BLUEBOTTLECOFFEE` or kept spaced: how sub-merchant names sit after a prefix. */
export function compactName(name: string, random: Random): string {
  const plain = name
    .toUpperCase()
    .replace(/[’'.]/g, '')
    .replace(/[^A-Z0-9&+ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return random.chance(0.35) ? plain.replace(/ /g, '') : plain;
}

/** Wallet markers: the wallet's catalog name and how it is printed around the descriptor. */
export const wallets: readonly { name: string; render: (descriptor: string, last4: string) => string }[] = [
  { name: 'Apple Pay', render: (text, last4) => `APPLE PAY ENDING IN ${last4} ${text}` },
  { name: 'Apple Pay', render: (text, last4) => `${text} APPLE PAY ENDING IN ${last4}` },
  { name: 'Apple Pay', render: (text) => `APLPAY ${text}` },
  { name: 'Google Pay', render: (text) => `${text} GOOGLE PAY` },
  { name: 'Google Pay', render: (text) => `GOOGLE PAY ${text}` },
  { name: 'Samsung Pay', render: (text) => `SAMSUNG PAY ${text}` },
];

/** Text some banks add around every card line. */
export const bankTexts: readonly ((text: string, date: BankDate, last4: string) => string)[] = [
  (text, date) => `CHECKCARD ${date.mm}${date.dd} ${text}`,
  (text, date) => `PURCHASE AUTHORIZED ON ${date.mm}/${date.dd} ${text}`,
  (text, date, last4) =>
    `DBT CRD ${date.hh}${date.mi} ${date.mm}/${date.dd}/${date.yy} ${text} CARD ${last4}`,
  (text) => `Debit Card Purchase - ${text}`,
  (text) => `POS DEBIT ${text}`,
  (text) => `POS ${text}`,
  (text, _date, last4) => `${text} CARD ${last4}`,
];

export interface BankDate {
  mm: string;
  dd: string;
  yy: string;
  hh: string;
  mi: string;
}
