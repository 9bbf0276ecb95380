import type * as z from 'zod';

/**
 * The exact messages of the wire contract (CONTRACT.md). Clients written
 * against the commercial service compare these strings, so they never change.
 */
export const messages = {
  required: 'This field is required.',
  notNull: 'This field may not be null.',
  blank: 'This field may not be blank.',
  invalidString: 'Not a valid string.',
  invalidNumber: 'A valid number is required.',
  invalidInteger: 'A valid integer is required.',
  invalidBoolean: 'Must be a valid boolean.',
  invalidUuid: 'Must be a valid UUID.',
  invalidUrl: 'Enter a valid URL.',
  invalidValue: 'Enter a valid value.',
  invalidDatetime:
    'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DD, YYYY-MM-DDThh:mm:ss[.ffffff]Z, YYYY-MM-DDThh:mm:ss[.ffffff]+hh:mm, YYYY-MM-DD hh:mm:ssZ.',
  invalidCurrency: (value: string) => `"${value}" is not a valid ISO 4217 currency code.`,
  invalidMcc: 'Ensure this field is a merchant category code of 3 or 4 digits.',
  digits: (count: number) => `Ensure this field has exactly ${count} digits.`,
  maxLength: (max: number | bigint) => `Ensure this field has no more than ${max} characters.`,
  minLength: (min: number | bigint) => `Ensure this field has at least ${min} characters.`,
  maxItems: (max: number | bigint) => `Ensure this field has no more than ${max} elements.`,
  minItems: (min: number | bigint) => `Ensure this field has at least ${min} elements.`,
  emptyList: 'This list may not be empty.',
  maxKeys: (max: number) => `Ensure this field has no more than ${max} keys.`,
  keyTooLong: (key: string, max: number) => `Ensure this key has no more than ${max} characters: "${key}".`,
  maxItemSize: (max: number) =>
    `Ensure this item holds no more than ${max} characters (keys and text values together).`,
  maxDepth: (max: number) => `Ensure the body nests no more than ${max} levels deep.`,
  /** U+0000 in an id or URL: Django REST framework's message (its CharField refuses it). */
  nullCharacter: 'Null characters are not allowed.',
  invalidCursor: 'Invalid cursor.',
  malformedJson:
    'JSON parse error - the body is not valid JSON, or it holds a "__proto__" or "constructor.prototype" key.',
  emptyBody: 'JSON parse error - the body is empty.',
  maxValue: (max: number | bigint) => `Ensure this value is less than or equal to ${max}.`,
  minValue: (min: number | bigint) => `Ensure this value is greater than or equal to ${min}.`,
  notAList: (type: string) => `Expected a list of items but got type "${type}".`,
  notAnObject: (type: string) => `Expected a dictionary of items but got type "${type}".`,
  invalidChoice: (value: unknown) => `"${displayed(value)}" is not a valid choice.`,
  duplicateTransactionId: (index: number) => `Duplicate transactionId at index ${index}.`,
  duplicateTriggerId: (index: number) => `Duplicate trigger id at index ${index}.`,
  resellRequiresOrganization: 'This field is required when billingProfile is "resell".',
  triggerNeedsPlace: 'This field is required unless address or city is given.',
  unknownCategory: 'Unknown category id.',
  enrichmentNotFound: 'Enrichment not found.',
  fraudTypeNeedsFraud: 'This field is allowed only with isFraud: true.',
  fraudIsFraud: 'A fraud report is fraud: this field may only be true.',
} as const;

/**
 * A value as a message shows it: `String(value)`, except for an object that cannot be made a string (a
 * request's `{"toString": {}}` has no callable `toString`, and `String` throws), shown by its type.
 */
function displayed(value: unknown): string {
  try {
    return String(value);
  } catch {
    return `[${jsonTypeOf(value)}]`;
  }
}

/** The JSON name of a value's type, as error messages show it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * Zod error map giving every built-in issue its contract message. Messages set
 * on a schema itself (custom checks) take precedence over it, as zod defines.
 */
export const contractErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      // The body itself (no path) is not a field: a missing one is empty, a null one is of the wrong type.
      const isBody = (issue.path?.length ?? 0) === 0;
      if (issue.input === undefined) return isBody ? messages.emptyBody : messages.required;
      if (issue.input === null) return isBody ? messages.notAnObject('null') : messages.notNull;
      switch (issue.expected) {
        case 'number':
        case 'int':
        case 'bigint':
          return messages.invalidNumber;
        case 'boolean':
          return messages.invalidBoolean;
        case 'array':
          return messages.notAList(jsonTypeOf(issue.input));
        case 'object':
        case 'record':
          return messages.notAnObject(jsonTypeOf(issue.input));
        default:
          return messages.invalidString;
      }
    }
    case 'too_big':
      if (issue.origin === 'string') return messages.maxLength(issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return messages.maxItems(issue.maximum);
      return messages.maxValue(issue.maximum);
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1 ? messages.blank : messages.minLength(issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') {
        return issue.minimum === 1 ? messages.emptyList : messages.minItems(issue.minimum);
      }
      return messages.minValue(issue.minimum);
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return messages.invalidUuid;
      if (issue.format === 'url') return messages.invalidUrl;
      return messages.invalidValue;
    case 'invalid_value':
      // A required choice left out is missing, not a wrong choice (`"undefined" is not a valid choice.`).
      return issue.input === undefined ? messages.required : messages.invalidChoice(issue.input);
    case 'invalid_union': {
      // A discriminated union reports its discriminator field, like an enum.
      if ('discriminator' in issue && typeof issue.discriminator === 'string') {
        const value = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
        return value === undefined ? messages.required : messages.invalidChoice(value);
      }
      return messages.invalidValue;
    }
    case 'invalid_key':
    case 'invalid_element':
      return messages.invalidValue;
    default:
      return undefined;
  }
};
