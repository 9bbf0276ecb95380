/**
 * Series states kept parsed between requests: a busy series is some 20 KB of
 * JSON, and parsing it for each payment cost more than the enrichment. A kept
 * state is used only while the store holds it at the very revision it was
 * read or written at (`series-revision.ts`), so a write that failed, or
 * another process's, is read afresh: the cache can be stale, never wrong.
 * Bounded by the texts' length, the least recently used going first.
 */
import type { SeriesState } from '@txenrich/core';

/** A state kept, at the revision it was read or written at. */
export interface KeptSeries {
  revision: number;
  state: SeriesState;
}

export interface ParsedSeries {
  /** The state kept for `key`, made the most recently used. */
  kept(key: string): KeptSeries | undefined;
  /** The state stored at `revision` as `text`: the one kept for `key` when it is that revision, else `text` parsed. */
  read(key: string, revision: number, text: string): SeriesState;
  /** Keeps `state`, stored at `revision` as `text`, for `key`. */
  keep(key: string, revision: number, text: string, state: SeriesState): void;
}

/** Texts kept, in UTF-16 code units: some 16 MB with their parsed states, whatever the load. */
const DEFAULT_BUDGET = 4 * 1024 * 1024;

export function createParsedSeries(budget = DEFAULT_BUDGET): ParsedSeries {
  // A Map iterates in insertion order: deleting and setting again makes an entry the most recent.
  const entries = new Map<string, KeptSeries & { size: number }>();
  let size = 0;

  function keep(key: string, revision: number, text: string, state: SeriesState) {
    const before = entries.get(key);
    if (before) {
      entries.delete(key);
      size -= before.size;
    }
    if (text.length > budget) return;
    entries.set(key, { revision, state, size: text.length });
    size += text.length;
    for (const [oldest, entry] of entries) {
      if (size <= budget) break;
      entries.delete(oldest);
      size -= entry.size;
    }
  }

  return {
    kept(key) {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    read(key, revision, text) {
      const entry = entries.get(key);
      const state = entry?.revision === revision ? entry.state : (JSON.parse(text) as SeriesState);
      keep(key, revision, text, state);
      return state;
    },
    keep,
  };
}
