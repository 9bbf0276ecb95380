/**
 * A tenant's transaction outcomes as the engine needs them: the counts per
 * counterparty over the rolling window (`risk.windowDays`), read from the
 * store and compiled once per revision of the outcomes (an outcome reported
 * makes the next enrichment read them again), or once they are older than
 * `risk.refreshSeconds` (the enrichments counted by other processes since).
 * This process counts its own inline enrichments into what it compiled, so
 * its next requests see them at once. A tenant that never reported an outcome
 * costs nothing: its revision is 0, and nothing is read.
 */
import {
  type CompiledOutcomes,
  compileOutcomes,
  countEnrichment,
  type RiskThresholds,
  type TenantOutcomes,
} from '@txenrich/core';
import type { Config } from './config.js';
import { dayOf, type Scope, type Store } from './store.js';

export interface OutcomeStates {
  /** The compiled counts at `revision` (the store's `outcomes` revision), or undefined without any. */
  compiled(scope: Scope, revision: number): Promise<CompiledOutcomes | undefined>;
  /** The counts as data for the worker pool, read now (a batch sees them as of its start). */
  forPool(scope: Scope, revision: number): Promise<(TenantOutcomes & { key: string }) | undefined>;
  /** Counts enrichments of these counterparties in what this process compiled for `scope`. */
  counted(scope: Scope, counterpartyIds: readonly string[]): void;
}

interface Entry {
  revision: number;
  compiledAt: number;
  compiled: CompiledOutcomes;
}

export function createOutcomeStates(options: {
  store: Store;
  config: Config;
  now: () => number;
}): OutcomeStates {
  const { store, now } = options;
  const { refreshSeconds, ...thresholds } = options.config.risk;
  const risk: RiskThresholds = thresholds;
  const refreshMs = refreshSeconds * 1000;
  const entries = new Map<string, Entry>();
  /** Reads under way, by tenant: concurrent requests share one. */
  const reading = new Map<string, { revision: number; entry: Promise<Entry> }>();
  const idOf = (scope: Scope) => `${scope.tenant}\u0000${scope.environment}`;

  async function read(scope: Scope): Promise<TenantOutcomes> {
    const sinceDay = dayOf(now()) - risk.windowDays + 1;
    return { thresholds: risk, counterparties: await store.counterpartyOutcomes(scope, sinceDay) };
  }

  return {
    async compiled(scope, revision) {
      if (revision === 0) return undefined;
      const id = idOf(scope);
      const kept = entries.get(id);
      if (kept && kept.revision === revision && now() - kept.compiledAt < refreshMs) return kept.compiled;
      let running = reading.get(id);
      if (!running || running.revision !== revision) {
        const compiledAt = now();
        const entry = read(scope).then((outcomes) => ({
          revision,
          compiledAt,
          compiled: compileOutcomes(outcomes),
        }));
        running = { revision, entry };
        reading.set(id, running);
        const settled = running;
        entry
          .then((done) => {
            const current = entries.get(id);
            if (!current || current.revision <= done.revision) entries.set(id, done);
          })
          .catch(() => undefined)
          .finally(() => {
            if (reading.get(id) === settled) reading.delete(id);
          });
      }
      return (await running.entry).compiled;
    },

    async forPool(scope, revision) {
      if (revision === 0) return undefined;
      const outcomes = await read(scope);
      if (outcomes.counterparties.length === 0) return undefined;
      // Read anew for every batch: the key names this read, so workers compile these counts once.
      return { key: `${idOf(scope)}\u0000outcomes\u0000${revision}\u0000${now()}`, ...outcomes };
    },

    counted(scope, counterpartyIds) {
      const kept = entries.get(idOf(scope));
      if (!kept) return;
      for (const id of counterpartyIds) countEnrichment(kept.compiled, id);
    },
  };
}
