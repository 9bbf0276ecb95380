/**
 * Canonical JSON: every object's keys in sorted order, so that two bodies
 * that differ only in the order of their keys have one text (and one hash:
 * an `Idempotency-Key` retried by a client that rebuilt its body is the same
 * request). Bodies are bounded in depth by the parser, so the walk is safe.
 */
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    typeof member === 'object' && member !== null && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(byKey))
      : member,
  );
}
