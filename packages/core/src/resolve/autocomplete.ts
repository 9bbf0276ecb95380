/**
 * Merchant name autocomplete: names that start like the query (`star`,
 * `wholef`, `home dep`) or nearly spell it (`starbuks`), best first.
 *
 * One prefix index (FlexSearch `forward`) finds the names whose words start
 * with the query's words. Typos are rarer and cost more: only when no name
 * starts like the query are the names sharing its first letter (and two of
 * the next three, and not lacking too many of its letters) compared with it
 * by edit distance. A FlexSearch `tolerant` index would do that too, but
 * it tripled the memory of the service's main thread (about 330 MB for the
 * catalog), and every garbage collection pays for a bigger heap.
 */
import { distance } from 'fastest-levenshtein';
import { Index } from 'flexsearch';
import { compactKey, nameKey } from '../normalize/text.js';
import type { MatchEntry } from './match-entry.js';

export interface Autocomplete {
  /** Entry indexes, best first, at most `limit`, one per distinct name. */
  search(query: string, limit: number): number[];
}

/** How many candidates each way of finding them contributes before ranking. */
const CANDIDATES = 50;
/** A candidate ranked below this is not shown. */
const MIN_RANK = 0.6;

/** How many leading characters of each name the typo scan keeps side by side. */
const PREFIX_WIDTH = 24;

/**
 * The names sharing a first character, as the typo scan reads them: their
 * first `PREFIX_WIDTH` character codes in one typed array (0 past a name's
 * end). Scanning thousands of names strewn over the heap costs a cache miss
 * each; this array is read in order, and only the few names it lets through
 * are compared as strings.
 */
interface TypoBucket {
  entries: Int32Array;
  prefixes: Uint16Array;
}

const emptyBucket: TypoBucket = { entries: new Int32Array(0), prefixes: new Uint16Array(0) };

function typoBucket(entries: number[], compactNames: readonly string[]): TypoBucket {
  const prefixes = new Uint16Array(entries.length * PREFIX_WIDTH);
  for (const [slot, entry] of entries.entries()) {
    const name = compactNames[entry]!;
    for (let index = 0; index < Math.min(name.length, PREFIX_WIDTH); index++)
      prefixes[slot * PREFIX_WIDTH + index] = name.charCodeAt(index);
  }
  return { entries: Int32Array.from(entries), prefixes };
}

/** Letter counts of one comparison, reused: the scratch of `letterSurplus`. */
const letterCounts = new Int32Array(128);

/**
 * How many of `query`'s letters a name's first `query.length` characters
 * (from `at` in `prefixes`) lack. Each edit supplies one letter at most, so
 * this is a lower bound of `closeness`'s edits (with one letter more, the
 * name needs that letter removed or it answers one lack: no fewer edits).
 * `query` must be no longer than `PREFIX_WIDTH`.
 */
function letterSurplus(query: string, prefixes: Uint16Array, at: number): number {
  const length = query.length;
  // Codes share slots modulo 128 (non-ASCII letters): merged counts only lower the bound.
  for (let index = 0; index < length; index++) letterCounts[query.charCodeAt(index) & 127]!++;
  let nameLength = 0;
  while (nameLength < length && prefixes[at + nameLength] !== 0)
    letterCounts[prefixes[at + nameLength++]! & 127]!--;
  let lacking = 0;
  for (let index = 0; index < length; index++) {
    const slot = query.charCodeAt(index) & 127;
    if (letterCounts[slot]! > 0) lacking += letterCounts[slot]!;
    letterCounts[slot] = 0;
  }
  for (let index = 0; index < nameLength; index++) letterCounts[prefixes[at + index]! & 127] = 0;
  return lacking;
}

export function createAutocomplete(entries: readonly MatchEntry[]): Autocomplete {
  const prefixIndex = new Index({ tokenize: 'forward', resolution: 1, encoder: 'Normalize' });
  // Display names without a leading article (`home dep` finds `The Home Depot`), as typed.
  const shownNames = entries.map((entry) => nameKey(entry.names[0]!).replace(/^the /, ''));
  const compactNames = shownNames.map(compactKey);
  /** Entries by the first character of their compact name: where typo candidates are sought. */
  const byInitial = new Map<string, number[]>();
  for (const [index, name] of shownNames.entries()) {
    // The compact form too, so that `wholef` finds `Whole Foods`.
    prefixIndex.add(index, name.includes(' ') ? `${name} ${compactNames[index]}` : name);
    const initial = compactNames[index]!.charAt(0);
    const bucket = byInitial.get(initial);
    if (bucket) bucket.push(index);
    else byInitial.set(initial, [index]);
  }
  const typoBuckets = new Map(
    [...byInitial].map(([initial, bucket]) => [initial, typoBucket(bucket, compactNames)]),
  );

  return {
    search(query, limit) {
      const key = nameKey(query).replace(/^the /, '');
      const compactQuery = compactKey(key);
      if (!compactQuery) return [];
      /** 0..1: how nearly the name's start spells the query (a letter left out too: `cosco`). */
      const closeness = (entry: number) => {
        const name = compactNames[entry]!;
        const length = compactQuery.length;
        const edits = Math.min(
          distance(compactQuery, name.slice(0, length)),
          distance(compactQuery, name.slice(0, length + 1)),
        );
        return 1 - edits / length;
      };
      const startsLikeQuery = (entry: number) =>
        shownNames[entry]!.startsWith(key) || compactNames[entry]!.startsWith(compactQuery);
      const rank = (entry: number) =>
        (startsLikeQuery(entry) ? 2 : 0) +
        closeness(entry) +
        entries[entry]!.popularity -
        shownNames[entry]!.length / 200;

      // One-letter words (`at&t`, `t-mobile`) would each match half the catalog: the compact form is indexed too.
      const indexQuery = key.split(' ').some((word) => word.length < 2) ? compactQuery : key;
      const candidates = new Set(
        prefixIndex.search(indexQuery, { limit: CANDIDATES, suggest: true }) as number[],
      );
      if (![...candidates].some(startsLikeQuery)) {
        const maxEdits = compactQuery.length * (1 - MIN_RANK);
        // Cheap before the edit distance: after one edit anywhere (a letter changed, left out,
        // added or swapped), two of the name's 2nd to 4th letters are among the query's.
        const [second, third, fourth] = [1, 2, 3].map((index) => compactQuery.charCodeAt(index));
        const near = (code: number) => (code === second || code === third || code === fourth ? 1 : 0);
        const nearNeeded = Math.min(2, compactQuery.length - 2);
        const countable = compactQuery.length <= PREFIX_WIDTH;
        const typos: Array<{ entry: number; closeness: number }> = [];
        const { entries: bucket, prefixes } = typoBuckets.get(compactQuery.charAt(0)) ?? emptyBucket;
        for (let slot = 0; slot < bucket.length; slot++) {
          const at = slot * PREFIX_WIDTH;
          if (near(prefixes[at + 1]!) + near(prefixes[at + 2]!) + near(prefixes[at + 3]!) < nearNeeded)
            continue;
          if (countable && letterSurplus(compactQuery, prefixes, at) > maxEdits) continue;
          const value = closeness(bucket[slot]!);
          if (value >= MIN_RANK) typos.push({ entry: bucket[slot]!, closeness: value });
        }
        typos.sort((a, b) => b.closeness - a.closeness || a.entry - b.entry);
        for (const { entry } of typos.slice(0, CANDIDATES)) candidates.add(entry);
      }

      const seen = new Set<string>();
      return [...candidates]
        .map((entry) => ({ entry, rank: rank(entry) }))
        .filter((candidate) => candidate.rank >= MIN_RANK)
        .sort((a, b) => b.rank - a.rank || a.entry - b.entry)
        .filter(({ entry }) => {
          // One result per name: several catalog entries may share it (countries, sources).
          const name = shownNames[entry]!;
          return !seen.has(name) && Boolean(seen.add(name));
        })
        .slice(0, limit)
        .map(({ entry }) => entry);
    },
  };
}
