/**
 * The users' series states in memory: a `SeriesSource` for a program or a
 * file run (`txenrich enrich`), and each user's subscriptions view. A state
 * is kept as the JSON text the workers send (a few hundred bytes for most
 * series), so memory grows with users and their counterparties, never with
 * rows.
 */
import { recurringView, type SeriesState } from '@txenrich/core';
import type { RecurringStatus, RecurringView } from '@txenrich/schema';
import type { SeriesUpdate } from './protocol.js';
import type { SeriesSource } from './series-relay.js';

export interface MemorySeries extends SeriesSource {
  keep(updates: readonly SeriesUpdate[]): void;
  /** Each user with a recurring series, and its view. */
  views(options?: { status?: RecurringStatus }): Generator<{ userId: string } & RecurringView>;
}

export function createMemorySeries(): MemorySeries {
  const byUser = new Map<string, Map<string, string>>();
  return {
    load: (refs) => refs.map((ref) => byUser.get(ref.userId)?.get(ref.key)),
    keep(updates) {
      for (const { userId, key, state } of updates) {
        const series = byUser.get(userId) ?? new Map<string, string>();
        byUser.set(userId, series);
        series.set(key, state);
      }
    },
    *views(options = {}) {
      for (const [userId, series] of byUser) {
        const states = [...series].map(([key, text]) => ({ key, state: JSON.parse(text) as SeriesState }));
        const view = recurringView(states, options);
        if (view.series.length > 0) yield { userId, ...view };
      }
    },
  };
}
