/**
 * Counterparty matching: exact alias and host lookups first, then a fuzzy
 * index for the rest, and one scorer that weighs the name match against the
 * evidence around it (the MCC, industry words, geography, popularity).
 */
import { distance } from 'fastest-levenshtein';
import { Index } from 'flexsearch';
import { type Autocomplete, createAutocomplete } from './autocomplete.js';
import { fillerWords, industryOfWord, legalEntityWords, relatedTopLevels } from './evidence.js';
import { compactKey, nameKey } from './text.js';

/** What the matcher needs to know about one merchant. */
export interface MatchEntry {
  /** The display name first, then every alias and statement form. */
  names: readonly string[];
  /** Bare hosts of its websites (`netflix.com`). */
  hosts: readonly string[];
  /** Its industry id (`011-003-000-000`). */
  industryId: string;
  /** Lower-case alpha-2 countries it operates in; empty means everywhere. */
  countries: readonly string[];
  /** 0..1: how likely a random transaction is to be this merchant. */
  popularity: number;
}

/** The facts around a descriptor that confirm or contradict a candidate. */
export interface MatchEvidence {
  /** The industry id the transaction's MCC maps to. */
  mccIndustryId: string | null;
  /** Lower-case alpha-2 country of the transaction, when known or assumed. */
  country: string | null;
  /** The merchant an MCC of the 3000-3999 range names (airlines, car rental, hotels). */
  mccEntry: number | null;
  /** A facilitator stands in front: small businesses, rarely the big brands. */
  behindFacilitator: boolean;
}

/** What to look up for one descriptor. */
export interface MatchQuery {
  /** Readings of the merchant part, best first; a leading run of words may name the brand. */
  readings: readonly string[];
  /** The whole descriptor: only a complete statement form (`VZWRLSS*APOCC VISB`) counts. */
  statementForm: string | null;
  /** A website host printed in the descriptor. */
  host: string | null;
}

export interface MatchResult {
  entry: number;
  /** 50..100. */
  score: number;
  /** The runner-up, when another merchant also scored 50 or more. */
  alternate: { entry: number; score: number } | null;
}

export interface Matcher {
  /** The best merchant for a descriptor, or null when none scores 50. */
  match(query: MatchQuery, evidence: MatchEvidence): MatchResult | null;
  /** Merchants whose names start like, or nearly spell, `query`; best first (autocomplete). */
  search(query: string, limit: number): number[];
}

/** Scores under this are no match (CONTRACT.md: candidates under 50 are dropped). */
export const MIN_MATCH_SCORE = 50;

const topLevel = (industryId: string) => industryId.slice(0, 3);

/** A token that tells nothing about who the merchant is (a store number, `STORE`, `INC`). */
const isNoise = (token: string) => fillerWords.has(token) || /^\d+$/.test(token) || token.length < 2;

/** How a candidate was found, from the strongest evidence to the weakest. */
type CandidateKind = 'alias' | 'host' | 'mcc' | 'leading' | 'fuzzy';

interface Candidate {
  entry: number;
  kind: CandidateKind;
  /** 1 for an exact alias, host or MCC name; the name similarity otherwise. */
  similarity: number;
  /** Descriptor tokens the matched name does not explain. */
  unexplained: readonly string[];
  /** Whether the merchant's own name (not an alias) matched. */
  primary: boolean;
  /** Which reading of the descriptor found it (0 = the first). */
  reading: number;
}

/** Whether an MCC of one top-level industry fits a brand of another. */
const related = (a: string, b: string) =>
  a === b || relatedTopLevels.some((group) => group.includes(a) && group.includes(b));

function score(entry: MatchEntry, candidate: Candidate, evidence: MatchEvidence): number {
  const brandTop = topLevel(entry.industryId);
  let unexplainedWords = 0;
  let conflictingWords = 0;
  let legalEntity = false;
  for (const token of candidate.unexplained) {
    if (legalEntityWords.has(token)) legalEntity = true;
    if (isNoise(token)) continue;
    const wordTop = industryOfWord(token);
    if (wordTop === brandTop) continue;
    if (wordTop) conflictingWords++;
    else unexplainedWords++;
  }
  const exact = candidate.similarity === 1 && unexplainedWords + conflictingWords === 0;
  let result = exact ? 100 : 90 * candidate.similarity;
  // A word naming another industry (`BEST BUY CARPETS`, `APPLE VALLEY DENTAL`) all but rules the brand out.
  result -= 15 * unexplainedWords + 50 * conflictingWords;
  if (legalEntity && !exact) result -= 15;
  if (evidence.mccIndustryId) {
    const mccTop = topLevel(evidence.mccIndustryId);
    if (evidence.mccIndustryId.slice(0, 7) === entry.industryId.slice(0, 7)) result += 7;
    else if (mccTop === brandTop) result += 3;
    else if (!related(mccTop, brandTop)) result -= exact ? 10 : candidate.kind === 'fuzzy' ? 30 : 20;
  }
  if (evidence.country && entry.countries.length > 0 && !entry.countries.includes(evidence.country)) {
    result -= exact ? 20 : 30;
  }
  if (evidence.behindFacilitator && !exact) result -= 10;
  // Uncapped, so that ties at the top still rank by evidence; capped at 100 on output.
  return result + 2 * entry.popularity + (candidate.primary ? 2 : 0) - candidate.reading;
}

/** Adds `value` to the list under `key`, once. */
function addTo(map: Map<string, number[]>, key: string, value: number) {
  if (!key) return;
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

export function createMatcher(entries: readonly MatchEntry[]): Matcher {
  const byKey = new Map<string, number[]>();
  const byHost = new Map<string, number[]>();
  const fuzzy = new Index({ tokenize: 'strict', context: true, encoder: 'Normalize' });
  /** First token of multi-word names -> [entry, name tokens]: finds `OUTBACK` in `Outback Steakhouse`. */
  const byLeadingToken = new Map<string, [number, string[]][]>();
  for (const [index, entry] of entries.entries()) {
    for (const name of entry.names) {
      const key = nameKey(name);
      addTo(byKey, key, index);
      addTo(byKey, compactKey(key), index);
      const tokens = key.split(' ');
      if (tokens.length > 1 && tokens[0]!.length >= 4) {
        const list = byLeadingToken.get(tokens[0]!) ?? [];
        list.push([index, tokens]);
        byLeadingToken.set(tokens[0]!, list);
      }
    }
    for (const host of entry.hosts) addTo(byHost, host, index);
    fuzzy.add(index, entry.names.map(nameKey).join(' '));
  }

  const primaryKeys = entries.map((entry) => nameKey(entry.names[0]!));
  /** Each entry's names as compact keys, made the first time a fuzzy search meets the entry. */
  const compactNames: (string[] | undefined)[] = [];
  const compactNamesOf = (entry: number) =>
    (compactNames[entry] ??= entries[entry]!.names.map((name) => compactKey(nameKey(name))));
  const firstWords = entries.map((entry) => entry.names.map((name) => nameKey(name).split(' ')[0] ?? ''));
  const isPrimary = (entry: number, key: string) => primaryKeys[entry] === key;

  /** Merchants named by the longest leading run of tokens, with the tokens left over. */
  function aliasCandidates(tokens: readonly string[], reading: number): Candidate[] {
    // Shorten the key a word at a time from the end: no re-joining of slices.
    let key = tokens.join(' ');
    for (let size = tokens.length; size >= 1; size--) {
      // A lone short token (`US`, `AM`) names too many things to be evidence.
      if (size === 1 && size < tokens.length && key.length < 3) break;
      const found = byKey.get(key) ?? (size > 1 ? byKey.get(compactKey(key)) : undefined);
      if (found) {
        const unexplained = tokens.slice(size);
        return found.map((entry) => ({
          entry,
          kind: 'alias',
          similarity: 1,
          unexplained,
          primary: isPrimary(entry, key),
          reading,
        }));
      }
      key = key.slice(0, Math.max(0, key.lastIndexOf(' ')));
    }
    return [];
  }

  /** Names that start with every word of the reading: a truncated or shortened brand name. */
  function leadingCandidates(tokens: readonly string[], reading: number): Candidate[] {
    const words = tokens.filter((token) => !/^\d+$/.test(token) && !fillerWords.has(token));
    const list = words[0] ? byLeadingToken.get(words[0]) : undefined;
    if (!list || list.length > 300) return [];
    const candidates: Candidate[] = [];
    for (const [entry, nameTokens] of list) {
      if (words.length > nameTokens.length) continue;
      // Every word equals the name's word, but the last may be truncated (`VETERINAR`).
      const fits = words.every((word, i) =>
        i === words.length - 1 && word.length >= 4 ? nameTokens[i]!.startsWith(word) : nameTokens[i] === word,
      );
      if (fits) {
        const similarity = 0.85 + (0.15 * words.length) / nameTokens.length;
        candidates.push({ entry, kind: 'leading', similarity, unexplained: [], primary: false, reading });
      }
    }
    return candidates;
  }

  /** The merchant an airline, car-rental or hotel MCC names, when the descriptor starts like its name. */
  function mccCandidate(entry: number, tokens: readonly string[], reading: number): Candidate[] {
    const first = tokens[0];
    if (!first || first.length < 3) return [];
    const named = firstWords[entry]!.some(
      (nameFirst) => nameFirst.startsWith(first) || first.startsWith(nameFirst),
    );
    return named ? [{ entry, kind: 'mcc', similarity: 1, unexplained: [], primary: true, reading }] : [];
  }

  function fuzzyCandidates(tokens: readonly string[]): Candidate[] {
    const words = tokens.filter((token) => !/^\d+$/.test(token) && !fillerWords.has(token));
    if (words.length === 0) return [];
    const query = compactKey(words.join(' '));
    const ids = fuzzy.search(words.join(' '), { limit: 12, suggest: true }) as number[];
    const candidates: Candidate[] = [];
    for (const entry of ids) {
      let best = 0;
      for (const key of compactNamesOf(entry)) {
        const similarity = 1 - distance(query, key) / Math.max(query.length, key.length);
        if (similarity > best) best = similarity;
      }
      if (best >= 0.75)
        candidates.push({
          entry,
          kind: 'fuzzy',
          similarity: best,
          unexplained: [],
          primary: false,
          reading: 0,
        });
    }
    return candidates;
  }

  function match(query: MatchQuery, evidence: MatchEvidence): MatchResult | null {
    const candidates: Candidate[] = [];
    for (const known of (query.host && byHost.get(query.host)) || []) {
      candidates.push({
        entry: known,
        kind: 'host',
        similarity: 1,
        unexplained: [],
        primary: true,
        reading: 0,
      });
    }
    let firstTokens: string[] = [];
    for (const [reading, text] of query.readings.entries()) {
      const tokens = nameKey(text).split(' ').filter(Boolean);
      if (reading === 0) firstTokens = tokens;
      const aliases = aliasCandidates(tokens, reading);
      candidates.push(...aliases);
      // An exact alias of the first reading that explains every word is the best evidence but for an
      // MCC naming the merchant: the other readings and the weaker searches cannot beat it.
      const complete = aliases.some((candidate) => candidate.unexplained.every(isNoise));
      if (reading === 0 && complete && evidence.mccEntry === null) break;
      candidates.push(...leadingCandidates(tokens, reading));
      if (evidence.mccEntry !== null) candidates.push(...mccCandidate(evidence.mccEntry, tokens, reading));
    }
    if (query.statementForm) {
      const key = nameKey(query.statementForm);
      for (const entry of byKey.get(key) ?? []) {
        candidates.push({ entry, kind: 'alias', similarity: 1, unexplained: [], primary: false, reading: 0 });
      }
    }
    if (candidates.length === 0) candidates.push(...fuzzyCandidates(firstTokens));
    const scores = new Map<number, number>();
    for (const candidate of candidates) {
      const value = score(entries[candidate.entry]!, candidate, evidence);
      scores.set(candidate.entry, Math.max(value, scores.get(candidate.entry) ?? -Infinity));
    }
    const [best, second] = [...scores]
      .map(([entry, value]) => ({ entry, score: value }))
      .sort((a, b) => b.score - a.score || entries[b.entry]!.popularity - entries[a.entry]!.popularity);
    if (!best || best.score < MIN_MATCH_SCORE) return null;
    const shown = (value: number) => Math.min(100, Math.round(value * 10) / 10);
    const alternate =
      second && second.score >= MIN_MATCH_SCORE ? { entry: second.entry, score: shown(second.score) } : null;
    return { entry: best.entry, score: shown(best.score), alternate };
  }

  // Built on first use: engines that never search (batch workers) never pay for it.
  let autocomplete: Autocomplete | undefined;
  function search(query: string, limit: number): number[] {
    autocomplete ??= createAutocomplete(entries);
    return autocomplete.search(query, limit);
  }

  return { match, search };
}
