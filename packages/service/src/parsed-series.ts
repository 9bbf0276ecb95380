/**
 * Series states kept parsed between requests: a busy series is some 20 KB of
 * JSON, and parsing it for each payment cost more than the enrichment. A kept
 * state is used only while the store still holds the very text it was read
 * from or written as, so a write that failed, or another process's, is read
 * afresh: the cache can be stale, never wrong. Bounded by the texts' length,
 * the least recently used going first.
 */
import type { SeriesState } from '@txenrich/core';

export interface ParsedSeries {
  /** The state of `text`, the one kept for `key` when it was this text. */
  read(key: string, text: string): SeriesState;
  /** Keeps `state`, written as `text`, for `key`. */
  keep(key: string, text: string, state: SeriesState): void;
}

/** Texts kept, in UTF-16 code units: some 16 MB with their parsed states, whatever the load. */
const DEFAULT_BUDGET = 4 * 1024 * 1024;

export function createParsedSeries(budget = DEFAULT_BUDGET): ParsedSeries {
  // A Map iterates in insertion order: deleting and setting again makes an entry the most recent.
  const kept = new Map<string, { text: string; state: SeriesState }>();
  let size = 0;

  function keep(key: string, text: string, state: SeriesState) {
    const before = kept.get(key);
    if (before) {
      kept.delete(key);
      size -= before.text.length;
    }
    if (text.length > budget) return;
    kept.set(key, { text, state });
    size += text.length;
    for (const [oldest, entry] of kept) {
      if (size <= budget) break;
      kept.delete(oldest);
      size -= entry.text.length;
    }
  }

  return {
    read(key, text) {
      const entry = kept.get(key);
      const state = entry?.text === text ? entry.state : (JSON.parse(text) as SeriesState);
      keep(key, text, state);
      return state;
    },
    keep,
  };
}
