/**
 * Words a line ran together: systems that drop spaces (`REINDEERRUN`, `COMEDYSHOWCASE`,
 * `SEAMLSSDISTRICTSAIGON`) leave one long token where the merchant wrote two or three words. The
 * split is the likeliest sequence of known words (dynamic programming over the token, each word
 * costing more the rarer it is, and each extra word costing too); the last word may be cut by the
 * field (`UFOWATCHTOW`). A token that is itself a word, a brand's or a town's, stays whole.
 */
import { lowerBound } from '../sorted.js';

export interface SegmenterWords {
  /** Common English words in bands of use, the most used first (lower case). */
  bands: readonly (readonly string[])[];
  /** Words of brands' and towns' names (lower case): words too, and never split themselves. */
  names: Iterable<string>;
}

/** Cost of a word by its band (most used first), of a name's word, and of a word cut at the end. */
const BAND_COST = [1, 1.5, 2, 2.6];
/** The bands of the most used words: some ten thousand. */
const FREQUENT_BANDS = 2;
const NAME_COST = 2.2;
const CUT_COST = 3.5;
/** What each word adds: the fewer words, the likelier. */
const WORD_COST = 1;
/** Two-letter words that join the others (`PARKINGANDCAMERA` has `and`); no other word is so short. */
const shortWords = new Set(['of', 'at', 'on', 'by', 'my', 'to', 'in']);
const MIN_CUT = 4;
const MAX_WORD = 20;

export interface Segmenter {
  /** The words of a lower-case token of letters, or null when it is a word or no split is likely. */
  split(token: string): string[] | null;
  /** Whether a lower-case word is one of the common English words (`academy`), not only a name's. */
  isEnglishWord(word: string): boolean;
  /** Whether a lower-case word is among the most used English words (`reading`, `orange`; not `manly`). */
  isFrequentWord(word: string): boolean;
  /** Whether a lower-case token is no English word but the start of one, as a field cuts it (`transpo`). */
  isCutEnglishWord(token: string): boolean;
}

export function createSegmenter(words: SegmenterWords): Segmenter {
  const cost = new Map<string, number>();
  words.bands.forEach((band, index) => {
    for (const word of band)
      if (word.length >= 3 || shortWords.has(word)) cost.set(word, BAND_COST[index] ?? 3);
  });
  const english: ReadonlySet<string> = new Set(cost.keys());
  const wholeWords = new Set(english);
  for (const word of words.names) {
    wholeWords.add(word);
    if (word.length >= 4 && !cost.has(word)) cost.set(word, NAME_COST);
  }
  const sorted = [...cost.keys()].sort();
  const startsWord = (piece: string) => sorted[lowerBound(sorted, piece)]?.startsWith(piece) ?? false;

  const split = (token: string) => {
    if (wholeWords.has(token)) return null;
    const size = token.length;
    const best = new Float64Array(size + 1).fill(Number.POSITIVE_INFINITY);
    const from = new Int32Array(size + 1);
    best[0] = 0;
    for (let end = 2; end <= size; end++) {
      for (let start = Math.max(0, end - MAX_WORD); start <= end - 2; start++) {
        if (best[start] === Number.POSITIVE_INFINITY) continue;
        const piece = token.slice(start, end);
        let pieceCost = cost.get(piece);
        if (pieceCost === undefined && end === size && piece.length >= MIN_CUT && startsWord(piece)) {
          pieceCost = CUT_COST;
        }
        if (pieceCost === undefined) continue;
        const total = best[start]! + pieceCost + WORD_COST;
        if (total < best[end]!) {
          best[end] = total;
          from[end] = start;
        }
      }
    }
    if (best[size] === Number.POSITIVE_INFINITY) return null;
    const pieces: string[] = [];
    for (let end = size; end > 0; end = from[end]!) pieces.unshift(token.slice(from[end]!, end));
    // More than one word for every four letters is a token chopped into scraps, not words run together.
    if (pieces.length > Math.max(2, Math.floor(size / 4))) return null;
    const last = pieces.length - 1;
    if (!cost.has(pieces[last]!)) pieces[last] = completed(pieces[last]!);
    const words = compounds(pieces);
    return words.length >= 2 ? words : null;
  };
  const frequent: ReadonlySet<string> = new Set(words.bands.slice(0, FREQUENT_BANDS).flat());
  const englishSorted = [...english].sort();
  return {
    split,
    isEnglishWord: (word: string) => english.has(word),
    isFrequentWord: (word: string) => frequent.has(word),
    isCutEnglishWord: (token: string) =>
      !english.has(token) && (englishSorted[lowerBound(englishSorted, token)]?.startsWith(token) ?? false),
  };

  /**
   * Two short common words side by side are one compound name (`BRICKHOUSE`, `COPPERLEAF`,
   * `LEMONGRASS`), not words the line ran together.
   */
  function compounds(pieces: string[]): string[] {
    const common = (word: string | undefined) =>
      word !== undefined && word.length >= 4 && word.length <= 6 && (cost.get(word) ?? 9) <= BAND_COST[2]!;
    const words: string[] = [];
    let joined = false;
    for (const piece of pieces) {
      const previous = words.at(-1);
      joined = !joined && common(previous) && common(piece);
      if (joined) words[words.length - 1] = previous + piece;
      else words.push(piece);
    }
    return words;
  }

  /** A word the field cut, completed when its completions are one word and its plurals (`restauran`). */
  function completed(cut: string): string {
    const first = sorted[lowerBound(sorted, cut)];
    if (first === undefined || !first.startsWith(cut) || cut.length < 5) return cut;
    let shortest = first;
    for (let at = lowerBound(sorted, cut); at < sorted.length && sorted[at]!.startsWith(cut); at++) {
      if (sorted[at]!.length < shortest.length) shortest = sorted[at]!;
    }
    for (let at = lowerBound(sorted, cut); at < sorted.length && sorted[at]!.startsWith(cut); at++) {
      if (!sorted[at]!.startsWith(shortest)) return cut;
    }
    return shortest;
  }
}
