import * as z from 'zod';
import { messages } from './messages.js';

/** A string of at most `max` characters; `min` 1 rejects the empty string as blank. */
export const text = (max: number, min = 0) => (min > 0 ? z.string().min(min).max(max) : z.string().max(max));

/** Whether `value` holds U+0000, which no id or URL may hold. */
export const hasNullCharacter = (value: string): boolean => value.includes('\u0000');

/**
 * `schema` refusing U+0000. Stores keep ids and URLs as they are, and Postgres's `text` cannot hold U+0000
 * (SQLite's can): refused here, so that every store answers the same 400. Free text keeps it (the stores
 * keep it inside JSON, escaped).
 */
const withoutNullCharacter = <S extends z.ZodString | z.ZodURL>(schema: S) =>
  schema.refine((value) => !hasNullCharacter(value), messages.nullCharacter);

/** An id the client chooses (`userId`, `transactionId`, a trigger's `id`...): `text` without U+0000. */
export const identifier = (max: number, min = 0) => withoutNullCharacter(text(max, min));

/** ISO 4217 alpha codes known to the runtime's ICU data (every active currency). */
const currencyCodes = new Set(Intl.supportedValuesOf('currency'));

/** `USD`; lower case is accepted and upper-cased. */
export const currencyCode = z
  .string()
  .transform((code) => code.toUpperCase())
  .check((ctx) => {
    if (!currencyCodes.has(ctx.value)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: messages.invalidCurrency(ctx.value) });
    }
  })
  .describe('ISO 4217 alpha code, e.g. USD.');

const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A number, or a string holding a decimal (`"12.50"`); negative means money coming in. */
export const amount = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? undefined : messages.invalidNumber),
  })
  .check((ctx) => {
    const value = ctx.value;
    const valid = typeof value === 'number' ? Number.isFinite(value) : decimal.test(value.trim());
    if (!valid) ctx.issues.push({ code: 'custom', input: value, message: messages.invalidNumber });
  })
  .transform((value) => (typeof value === 'number' ? value : Number(value.trim())))
  .describe('Decimal amount, as a number or a string; negative means money coming in (refund, credit).');

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1-12) of `year`. */
export function monthLength(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : monthLengths[month - 1]!;
}

/** The number written by `count` digits of `text` at `at`, or -1 when one of them is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let index = at; index < at + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    // Unsigned: a non-digit (or the end of the text, NaN) is not 0-9.
    if (!(digit >>> 0 <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** 400 Gregorian years are exactly 146,097 days: `Date.UTC` reads years 0-99 as 1900-1999. */
const FOUR_CENTURIES_MS = 146_097 * 86_400_000;

/**
 * Milliseconds since the epoch of an accepted `occurredAt` string, or `undefined`
 * when it is not one of the contract's forms (`YYYY-MM-DD`, or a date, `T` or a
 * space, `HH:MM[:SS[.fraction]]` and `Z` or an offset `±HH:MM` / `±HHMM`) or
 * names an impossible date. Read character by character: it runs on every
 * validated transaction, and this allocates nothing.
 */
export function occurredAtToEpochMs(value: string): number | undefined {
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) return undefined;
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return undefined; // `-`
  if (value.length === 10) return Date.UTC(year + 400, month - 1, day) - FOUR_CENTURIES_MS;

  const separator = value.charCodeAt(10);
  if (separator !== 84 && separator !== 32) return undefined; // `T` or space
  const hour = digitsAt(value, 11, 2);
  const minute = digitsAt(value, 14, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || value.charCodeAt(13) !== 58) return undefined;
  let at = 16;
  let second = 0;
  let millisecond = 0;
  if (value.charCodeAt(at) === 58) {
    second = digitsAt(value, at + 1, 2);
    if (second < 0 || second > 59) return undefined;
    at += 3;
    if (value.charCodeAt(at) === 46) {
      // `.` then 1 to 9 digits; milliseconds are the first three.
      const fractionStart = ++at;
      while (at < value.length && at - fractionStart < 10 && digitsAt(value, at, 1) >= 0) at++;
      const digits = at - fractionStart;
      if (digits < 1 || digits > 9) return undefined;
      const kept = Math.min(3, digits);
      millisecond = digitsAt(value, fractionStart, kept) * 10 ** (3 - kept);
    }
  }

  const local = Date.UTC(year + 400, month - 1, day, hour, minute, second, millisecond) - FOUR_CENTURIES_MS;
  const zone = value.charCodeAt(at);
  if (zone === 90) return at + 1 === value.length ? local : undefined; // `Z`
  if (zone !== 43 && zone !== 45) return undefined; // `+` or `-`
  const colon = value.charCodeAt(at + 3) === 58 ? 1 : 0;
  const offsetHours = digitsAt(value, at + 1, 2);
  const offsetMinutes = digitsAt(value, at + 3 + colon, 2);
  if (at + 5 + colon !== value.length || offsetHours < 0 || offsetHours > 23) return undefined;
  if (offsetMinutes < 0 || offsetMinutes > 59) return undefined;
  const offsetMs = (offsetHours * 60 + offsetMinutes) * 60_000;
  return zone === 43 ? local - offsetMs : local + offsetMs;
}

/** `2024-06-01T12:30:00Z`, `2024-06-01T12:30:00.123+02:00`, `2024-06-01` or `2024-06-01 12:30:00Z`. */
export const occurredAt = z
  .string()
  .check((ctx) => {
    if (occurredAtToEpochMs(ctx.value) === undefined) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: messages.invalidDatetime });
    }
  })
  .describe('2024-06-01T12:30:00Z, 2024-06-01T12:30:00.123+02:00, 2024-06-01 or 2024-06-01 12:30:00Z.');

/** A merchant category code of 3 or 4 digits, normalised to 4 (`742` -> `0742`). */
export const categoryCode = z
  .string()
  .check((ctx) => {
    if (!/^\d{3,4}$/.test(ctx.value))
      ctx.issues.push({ code: 'custom', input: ctx.value, message: messages.invalidMcc });
  })
  .transform((code) => code.padStart(4, '0'))
  .describe('Merchant category code of 3 or 4 digits.');

/** The kind of `categoryCode`; only `MCC` exists. */
export const categoryType = z.enum(['MCC']);

/** A string of exactly `count` digits (`cardFirstSix`, `cardLastFour`). */
export const digits = (count: number) =>
  z.string().check((ctx) => {
    if (!new RegExp(`^\\d{${count}}$`).test(ctx.value)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: messages.digits(count) });
    }
  });

export const customAttributesLimits = { maxKeys: 30, maxKeyLength: 40, maxValueLength: 250 } as const;

/** Caller data echoed back unchanged: at most 30 keys of 40 characters, string values of 250. */
export const customAttributes = z
  .record(z.string(), z.string().max(customAttributesLimits.maxValueLength))
  .check((ctx) => {
    const keys = Object.keys(ctx.value);
    if (keys.length > customAttributesLimits.maxKeys) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: messages.maxKeys(customAttributesLimits.maxKeys),
      });
    }
    for (const key of keys) {
      if (key.length > customAttributesLimits.maxKeyLength) {
        ctx.issues.push({
          code: 'custom',
          input: key,
          message: messages.keyTooLong(key, customAttributesLimits.maxKeyLength),
        });
      }
    }
  })
  .describe('Caller data echoed back unchanged: at most 30 keys of 40 characters, string values of 250.');
export type CustomAttributes = z.infer<typeof customAttributes>;

export const billingProfile = z.enum(['standard', 'resell']);

/** Money direction of transfers and universal lines; it overrides the sign of `amount`. */
export const direction = z.enum(['CREDIT', 'DEBIT']);

/** An absolute http(s) URL. */
export const httpUrl = withoutNullCharacter(z.url({ protocol: /^https?$/ }).max(2048));

export const uuid = z.uuid();

/** Billing fields shared by every transaction kind; `resell` needs an `organizationId`. */
export const billingFields = {
  billingProfile: billingProfile.optional(),
  organizationId: identifier(256).optional(),
};

/** Adds the issue "resell requires organizationId" to an object schema carrying billing fields. */
export function requireOrganizationForResell(
  value: { billingProfile?: 'standard' | 'resell' | undefined; organizationId?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.billingProfile === 'resell' && !value.organizationId) {
    ctx.addIssue({ code: 'custom', path: ['organizationId'], message: messages.resellRequiresOrganization });
  }
}
