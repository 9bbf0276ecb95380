/** Query parameters shared by the routes. */

/** A boolean flag (`?explain=true`): absent, `false` or `0` is false; `true`, `1` or empty is true. */
export function booleanQuery(query: unknown, name: string): boolean | 'invalid' {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  return 'invalid';
}
