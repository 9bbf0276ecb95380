/**
 * Series states as text: what stores keep and threads pass. A busy series
 * runs to some 20 KB of JSON, and an enrichment changes one band of it, so
 * writing one again stringifies only the bands not written before (states
 * share the bands a payment left alone: `recordPayment`), and a book over
 * texts parses a state only when a transaction reads it.
 */
import { lastPaymentDay, type SeriesBook, type SeriesRef, type SeriesState, seriesRefKey } from './series.js';

/** The JSON text of each band already written: bands are never changed once a state holds them. */
const bandTexts = new WeakMap<SeriesState['bands'][number], string>();

/** `JSON.stringify(state)`, reusing the text of bands written before. */
export function seriesText(state: SeriesState): string {
  const bands = state.bands.map((band) => {
    let text = bandTexts.get(band);
    if (text === undefined) {
      text = JSON.stringify(band);
      bandTexts.set(band, text);
    }
    return text;
  });
  const { bands: _bands, ...rest } = state;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"bands":[${bands.join(',')}]}`;
}

/** A changed series as text, with what a store indexes it by. */
export interface SeriesChange extends SeriesRef {
  /** The state as JSON text (`SeriesState`). */
  state: string;
  /** Its latest payment's calendar day (days since 1970-01-01). */
  lastDay: number;
}

/** A book over the states of some series given as texts, and what changed in it. */
export interface TextSeriesBook extends SeriesBook {
  /** Gives the book the states of `refs` (null: no such series yet). A state already held stays. */
  fill(refs: readonly SeriesRef[], texts: readonly (string | null)[]): void;
  /** Gives the book the state of `ref` parsed already (undefined: no such series yet), as `fill` a text. */
  hold(ref: SeriesRef, state: SeriesState | undefined): void;
  /** Whether the book holds `ref` (given, or written). */
  holds(ref: SeriesRef): boolean;
  /** The series written, each once, as texts; with the states themselves. */
  changes(): Array<SeriesChange & { written: SeriesState }>;
}

/**
 * A book over texts, each parsed on its first read; a caller that keeps parsed states of its own gives them
 * with `hold`.
 */
export function createTextSeriesBook(): TextSeriesBook {
  const texts = new Map<string, string | null>();
  const states = new Map<string, SeriesState>();
  const changed = new Map<string, SeriesRef>();
  return {
    fill(refs, given) {
      refs.forEach((ref, index) => {
        const at = seriesRefKey(ref);
        if (!texts.has(at) && !states.has(at)) texts.set(at, given[index] ?? null);
      });
    },
    hold(ref, state) {
      const at = seriesRefKey(ref);
      if (texts.has(at) || states.has(at)) return;
      if (state) states.set(at, state);
      else texts.set(at, null);
    },
    holds: (ref) => texts.has(seriesRefKey(ref)) || states.has(seriesRefKey(ref)),
    get(userId, key) {
      const at = seriesRefKey({ userId, key });
      const held = states.get(at);
      if (held) return held;
      const text = texts.get(at);
      if (!text) return undefined;
      const state = JSON.parse(text) as SeriesState;
      states.set(at, state);
      return state;
    },
    set(userId, key, state) {
      const at = seriesRefKey({ userId, key });
      states.set(at, state);
      changed.set(at, { userId, key });
    },
    changes: () =>
      [...changed].map(([at, ref]) => {
        const written = states.get(at)!;
        return { ...ref, state: seriesText(written), lastDay: lastPaymentDay(written), written };
      }),
  };
}
