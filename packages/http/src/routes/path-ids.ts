/**
 * Ids a path carries (`/users/{userId}/...`, cardId, programId), held to the
 * rule of ids in a body (`@txenrich/schema`'s `identifier`): one holding
 * U+0000 (`%00`) is the contract's 400 naming the parameter.
 */
import { type FieldErrors, hasNullCharacter, messages } from '@txenrich/schema';
import { invalidInput } from '../errors.js';

/** `params`, once none of them holds U+0000; else throws the 400 naming each that does. */
export function validPathIds<P extends Record<string, string | undefined>>(params: P): P {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && hasNullCharacter(value)) errors[name] = [messages.nullCharacter];
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return params;
}
