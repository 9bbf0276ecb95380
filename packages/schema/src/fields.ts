import * as z from 'zod';
import { messages } from './messages.js';

/** A string of at most `max` characters; `min` 1 rejects the empty string as blank. */
export const text = (max: number, min = 0) => (min > 0 ? z.string().min(min).max(max) : z.string().max(max));

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

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Milliseconds since the epoch of an accepted `occurredAt` string, or `undefined`
 * when it is not one of the contract's forms or names an impossible date.
 */
export function occurredAtToEpochMs(value: string): number | undefined {
  const match = datePattern.exec(value) ?? dateTimePattern.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  const epoch = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${millis}${offset}`);
  return Number.isNaN(epoch) ? undefined : epoch;
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

export const billingProfile = z.enum(['standard', 'resell']);

/** Money direction of transfers and universal lines; it overrides the sign of `amount`. */
export const direction = z.enum(['CREDIT', 'DEBIT']);

/** An absolute http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const uuid = z.uuid();

/** Billing fields shared by every transaction kind; `resell` needs an `organizationId`. */
export const billingFields = {
  billingProfile: billingProfile.optional(),
  organizationId: text(256).optional(),
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
