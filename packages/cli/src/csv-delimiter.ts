/**
 * The cell separator of a CSV input when `--delimiter` does not say: the candidate its first line has
 * most of outside quoted cells. A spreadsheet saved where the comma is the decimal separator writes `;`.
 */

/** The separators looked for, the comma first: it wins a tie, and a line with none of them is one cell. */
export const delimiterCandidates = [',', ';', '\t', '|'] as const;

/** `--delimiter` as typed: one character, or `tab`. */
export function parseDelimiter(text: string): string {
  const delimiter = text === 'tab' || text === '\\t' ? '\t' : text;
  if ([...delimiter].length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r')
    throw new Error(`--delimiter expects one character (or tab) other than a quote, not "${text}".`);
  return delimiter;
}

/** The candidate `line` (a file's first non-blank line) has most of outside quotes. */
export function detectDelimiter(line: string): string {
  const counts = new Map<string, number>(delimiterCandidates.map((candidate) => [candidate, 0]));
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string = delimiterCandidates[0];
  for (const [candidate, count] of counts) if (count > counts.get(best)!) best = candidate;
  return best;
}
