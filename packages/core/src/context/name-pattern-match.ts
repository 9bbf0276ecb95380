/**
 * Whether a displayed name matches a category rule's name pattern (a glob:
 * `name-pattern.ts` of the schema), without backtracking: a match costs at
 * most the name's length times the pattern's.
 */
import type { ParsedNamePattern } from '@txenrich/schema';

/** Whether `text` holds `piece` at `at` (`?` positions hold any character). */
function pieceAt(text: string, piece: ParsedNamePattern['pieces'][number], at: number): boolean {
  const { text: literal, anyAt } = piece;
  if (!anyAt) return text.startsWith(literal, at);
  if (at + literal.length > text.length) return false;
  for (let index = 0; index < literal.length; index++)
    if (!anyAt[index] && text.charCodeAt(at + index) !== literal.charCodeAt(index)) return false;
  return true;
}

/** The first place at or after `from` where `text` holds `piece`, or -1. */
function findPiece(text: string, piece: ParsedNamePattern['pieces'][number], from: number): number {
  if (!piece.anyAt) return text.indexOf(piece.text, from);
  for (let at = from; at + piece.text.length <= text.length; at++) if (pieceAt(text, piece, at)) return at;
  return -1;
}

/**
 * Whether the upper-cased name matches the pattern: its first piece at the start, its last at the end,
 * and those between, in order, each at its first place after the one before (taking the earliest place
 * never loses a match a later one would find). At most the name's length times the pattern's.
 */
export function matchesNamePattern(pattern: ParsedNamePattern, name: string): boolean {
  const { pieces } = pattern;
  const first = pieces[0]!;
  if (pieces.length === 1) return first.text.length === name.length && pieceAt(name, first, 0);
  const last = pieces.at(-1)!;
  const tail = name.length - last.text.length;
  if (tail < first.text.length || !pieceAt(name, first, 0) || !pieceAt(name, last, tail)) return false;
  let at = first.text.length;
  for (let index = 1; index < pieces.length - 1; index++) {
    const piece = pieces[index]!;
    if (piece.text === '') continue;
    const found = findPiece(name, piece, at);
    if (found < 0 || found + piece.text.length > tail) return false;
    at = found + piece.text.length;
  }
  return true;
}
