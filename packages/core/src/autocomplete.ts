/**
 * Merchant name autocomplete: names that start like the query (`star`,
 * `wholef`, `home dep`) or nearly spell it (`starbuks`), best first.
 *
 * One prefix index (FlexSearch `forward`) finds the names whose words start
 * with the query's words. Typos are rarer and cost more: only when no name
 * starts like the query are the names sharing its first letter (and two of
 * the next three) compared with it by edit distance. A FlexSearch `tolerant` index would do that too, but
 * it tripled the memory of the service's main thread (about 330 MB for the
 * catalog), and every garbage collection pays for a bigger heap.
 */
import { distance } from 'fastest-levenshtein';
import { Index } from 'flexsearch';
import type { MatchEntry } from './matcher.js';
import { compactKey, nameKey } from './text.js';

export interface Autocomplete {
  /** Entry indexes, best first, at most `limit`, one per distinct name. */
  search(query: string, limit: number): number[];
}

/** How many candidates each way of finding them contributes before ranking. */
const CANDIDATES = 50;
/** A candidate ranked below this is not shown. */
const MIN_RANK = 0.6;

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
        const typos: Array<{ entry: number; closeness: number }> = [];
        for (const entry of byInitial.get(compactQuery.charAt(0)) ?? []) {
          const name = compactNames[entry]!;
          if (near(name.charCodeAt(1)) + near(name.charCodeAt(2)) + near(name.charCodeAt(3)) < nearNeeded)
            continue;
          // One distance first: the other one (a letter shorter) is at most one edit less.
          if (distance(compactQuery, name.slice(0, compactQuery.length + 1)) - 1 > maxEdits) continue;
          const value = closeness(entry);
          if (value >= MIN_RANK) typos.push({ entry, closeness: value });
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
