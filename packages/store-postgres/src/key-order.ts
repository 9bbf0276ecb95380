/**
 * Rows a transaction writes go in one order, the same in every transaction:
 * sorted by their key. Two transactions writing some of the same rows then
 * wait for each other in one direction only, never in a circle (a deadlock,
 * which Postgres breaks by failing one of them: `STORE_BUSY`). A multi-row
 * `INSERT ... ON CONFLICT DO UPDATE` locks its rows in the order given, and
 * must not name a row twice: rows with one key are merged first.
 */

/** `items` merged by key (`merge(earlier, later)`) and sorted by it; `keyOf` must tell every key apart. */
export function inKeyOrder<T>(
  items: readonly T[],
  keyOf: (item: T) => readonly unknown[],
  merge: (earlier: T, later: T) => T,
): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    // JSON of the key's parts: null and "" stay apart, and no separator can be forged.
    const key = JSON.stringify(keyOf(item));
    const earlier = byKey.get(key);
    byKey.set(key, earlier === undefined ? item : merge(earlier, item));
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}
