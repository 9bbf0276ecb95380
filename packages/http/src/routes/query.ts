/** Query parameters shared by the routes. */
import { messages } from '@txenrich/schema';

/** A boolean flag (`?explain=true`): absent, `false` or `0` is false; `true`, `1` or empty is true. */
export function booleanQuery(query: unknown, name: string): boolean | 'invalid' {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  return 'invalid';
}

/** Why a count parameter (`?limit=20`) is not a whole number from 1 to `max`, or null when it is (or is absent). */
export function countError(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value)) return messages.invalidInteger;
  const count = Number(value);
  if (count < 1) return messages.minValue(1);
  if (count > max) return messages.maxValue(max);
  return null;
}
