/**
 * The name pattern of a category rule: a glob, never a regular expression,
 * so that no pattern a client sends can make matching slow (no backtracking
 * blow-up: a match costs at most the name's length times the pattern's).
 *
 * - `*` stands for any run of characters, none included;
 * - `?` for exactly one character;
 * - `\` makes the next character literal (`\*`, `\?`, `\\`);
 * - anything else is itself, compared without regard to case;
 * - the pattern covers the whole name (`NETFLIX*`, `*COFFEE*`, `UBER ??? TRIP`).
 *
 * Parsed here once, for validation at the edge and for the engine's compile.
 */

export const namePatternLimits = {
  /** Characters of a pattern. */
  maxLength: 128,
  /** `*` in a pattern: each one more multiplies the work a name may cost. */
  maxStars: 8,
} as const;

/**
 * A pattern as the matcher uses it: the pieces between its stars, upper case, in order (one piece more
 * than there are stars; the first is the name's start, the last its end, and either is empty when the
 * pattern begins or ends with a star). Within a piece, `anyAt` marks the positions a `?` holds (null
 * when none does).
 */
export interface ParsedNamePattern {
  pieces: Array<{ text: string; anyAt: readonly boolean[] | null }>;
}

/** The pattern's syntax error, as a 400 names it; null when the pattern is valid. */
export function namePatternError(pattern: string): string | null {
  const parsed = parseNamePattern(pattern);
  return 'error' in parsed ? parsed.error : null;
}

export function parseNamePattern(pattern: string): ParsedNamePattern | { error: string } {
  const pieces: ParsedNamePattern['pieces'] = [];
  let text = '';
  let anyAt: boolean[] = [];
  const endPiece = () => {
    pieces.push({ text: text.toUpperCase(), anyAt: anyAt.includes(true) ? anyAt : null });
    text = '';
    anyAt = [];
  };
  const chars = pattern.normalize('NFC');
  for (let at = 0; at < chars.length; at++) {
    const char = chars[at]!;
    if (char === '*') {
      if (pieces.length === namePatternLimits.maxStars)
        return { error: `Ensure this pattern has no more than ${namePatternLimits.maxStars} "*".` };
      endPiece();
    } else if (char === '\\') {
      const next = chars[++at];
      if (next === undefined) return { error: 'Invalid pattern: a "\\" at its end escapes nothing.' };
      text += next;
      anyAt.push(false);
    } else {
      text += char;
      anyAt.push(char === '?');
    }
  }
  endPiece();
  // An upper-cased character may become two (ß: SS): `?` positions are kept only where lengths agree.
  for (const piece of pieces)
    if (piece.anyAt && piece.anyAt.length !== piece.text.length)
      return { error: 'Invalid pattern: "?" beside a character whose upper case is two.' };
  return { pieces };
}
