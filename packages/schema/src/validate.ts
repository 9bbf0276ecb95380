import type * as z from 'zod';
import { contractErrorMap } from './messages.js';

/** The contract's 400 body: field path to messages, e.g. `{"location.city": ["..."]}`. */
export type FieldErrors = Record<string, string[]>;

/** The key under which errors that belong to no field are reported. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/** Outcome of validating untrusted input: the typed value, or the contract's field errors. */
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Dotted field path (`location.city`, `merchantTriggers.3.id`); the root is `non_field_errors`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? NON_FIELD_ERRORS : path.map(String).join('.');
}

/** Turns zod issues into the contract's 400 body, keeping every message of every field in order. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldPath(issue.path);
    const list = errors[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[field] = list;
  }
  return errors;
}

/** Validates `input` against `schema` with the contract's messages. Never throws for bad input. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(input, { error: contractErrorMap });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: toFieldErrors(result.error.issues) };
}
