/**
 * The `explanation` of a result, when asked for: the anatomy of the line, the
 * ids of the rules that fired, and the catalog candidates with their scores
 * and why the winner won (or why none was taken).
 */
import type { Anatomy } from '../anatomy/anatomy.js';
import type { MatchResult, MatchTrace } from '../resolve/matcher.js';
import { MIN_MATCH_SCORE } from '../resolve/matcher.js';

export interface EnrichOptions {
  /** Add an `explanation` to the result. Off by default: results and their speed are unchanged. */
  explain?: boolean;
}

/** What an explanation needs to name candidates. */
export interface ExplanationParts {
  merchants: readonly { id: string; name: string }[];
}

const TOP_CANDIDATES = 5;

export function explain(
  parts: ExplanationParts,
  anatomy: Anatomy,
  trace: MatchTrace,
  match: MatchResult | null,
): Record<string, unknown> {
  const best = new Map<number, MatchTrace['candidates'][number]>();
  for (const candidate of trace.candidates) {
    const known = best.get(candidate.entry);
    if (!known || known.score < candidate.score) best.set(candidate.entry, candidate);
  }
  const candidates = [...best.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, TOP_CANDIDATES)
    .map((candidate) => ({
      id: parts.merchants[candidate.entry]!.id,
      name: parts.merchants[candidate.entry]!.name,
      foundBy: candidate.kind,
      score: Math.round(candidate.score * 10) / 10,
      notes: candidate.notes,
      unexplained: candidate.unexplained,
    }));
  const winner = match ? parts.merchants[match.entry]! : null;
  const decision = winner
    ? `${winner.name} scored ${match!.score}, the highest at or above ${MIN_MATCH_SCORE}`
    : candidates.length > 0
      ? `no candidate reached ${MIN_MATCH_SCORE}: the merchant is named from the line, unverified`
      : anatomy.name
        ? 'no catalog name matches the line: the merchant is named from the line, unverified'
        : 'the line names no merchant';
  const { raw, wrapper, fields, prefixes, name, display, location, ids, storeNumber } = anatomy;
  return {
    anatomy: { raw, wrapper, fields, prefixes, name, display, location, ids, storeNumber },
    rules: anatomy.rules,
    candidates,
    decision,
  };
}
