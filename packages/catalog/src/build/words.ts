/**
 * The English dictionary words among the tokens of merchant names (from the
 * `word-list` package). A brand named by such a word (`Target`, `Shell`,
 * `Delta`) needs more evidence to match than one named by a coined word
 * (`Starbucks`, `Kroger`): the engine's precision guard reads this list.
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

/** Sorted dictionary words that occur as tokens of the merchants' names, aliases and statement forms. */
export function dictionaryWordsOf(
  merchants: readonly Merchant[],
  aliases: readonly DescriptorAlias[],
): string[] {
  const dictionary = new Set(readFileSync(join(packageDir('word-list'), 'words.txt'), 'utf8').split('\n'));
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
