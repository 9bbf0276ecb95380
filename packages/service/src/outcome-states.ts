/**
 * A tenant's transaction outcomes as the engine needs them: the counts per
 * counterparty over the rolling window (`risk.windowDays`), read from the
 * store and compiled once. When an outcome is reported (a new revision of the
 * outcomes), the next enrichment reads only the counterparties whose outcomes
 * changed since the revision compiled, and replaces their counts: a tenant
 * with 100,000 counterparties in its state never reads them all again for
 * one chargeback. This process counts its own enrichments (inline, and its
 * batches' chunks) into what it compiled, so the rates stay current here; the
 * enrichments other processes counted show after `risk.refreshSeconds`, when
 * the whole state is read again in the background while the one compiled
 * keeps serving. A tenant that never reported an outcome costs nothing: its
 * revision is 0, and nothing is read.
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
  /**
   * The compiled counts at `revision` (the store's `outcomes` revision), or undefined without any: at
   * once when this process holds them (every enrichment asks), else once read.
   */
  compiled(scope: Scope, revision: number): CompiledOutcomes | Promise<CompiledOutcomes | undefined>;
  /** A copy of the counts as data for the worker pool (a batch sees them as of its start). */
  forPool(scope: Scope, revision: number): Promise<(TenantOutcomes & { key: string }) | undefined>;
  /** Counts enrichments of these counterparties in what this process compiled for `scope`. */
  counted(scope: Scope, counterpartyIds: readonly string[]): void;
}

interface Entry {
  /** The outcomes revision the counts are as of. */
  revision: number;
  /** When the whole state was last read. */
  readAt: number;
  compiled: CompiledOutcomes;
}

export interface OutcomeStatesOptions {
  store: Store;
  config: Config;
  now: () => number;
  /** Adds the enrichments counted in memory to the store (`ActivityCounter.flush`): called before a read. */
  flushCounts?: () => Promise<void>;
}

export function createOutcomeStates(options: OutcomeStatesOptions): OutcomeStates {
  const { store, now } = options;
  const { refreshSeconds, ...thresholds } = options.config.risk;
  const risk: RiskThresholds = thresholds;
  const refreshMs = refreshSeconds * 1000;
  const entries = new Map<string, Entry>();
  /** Reads under way, by tenant: concurrent requests wait for the same one. */
  const reading = new Map<string, Promise<Entry | undefined>>();
  const idOf = (scope: Scope) => `${scope.tenant}\u0000${scope.environment}`;
  const sinceDay = () => dayOf(now()) - risk.windowDays + 1;
  /** Copies handed to the pool so far: each has a key of its own. */
  let copies = 0;

  async function read(scope: Scope): Promise<TenantOutcomes> {
    await options.flushCounts?.();
    return { thresholds: risk, counterparties: await store.counterpartyOutcomes(scope, sinceDay()) };
  }

  /** The whole state read and compiled anew, kept unless a newer one was kept meanwhile. */
  async function readAll(scope: Scope, revision: number): Promise<Entry> {
    const readAt = now();
    const entry = { revision, readAt, compiled: compileOutcomes(await read(scope)) };
    const kept = entries.get(idOf(scope));
    if (!kept || kept.revision <= revision) entries.set(idOf(scope), entry);
    return entries.get(idOf(scope))!;
  }

  /** The counterparties whose outcomes changed after the kept revision, their counts replaced in place. */
  async function readChanges(scope: Scope, kept: Entry, revision: number): Promise<Entry> {
    await options.flushCounts?.();
    const changed = await store.counterpartyOutcomes(scope, sinceDay(), kept.revision);
    for (const { counterpartyId, ...counts } of changed)
      kept.compiled.byCounterparty.set(counterpartyId, counts);
    kept.revision = Math.max(kept.revision, revision);
    return kept;
  }

  /** One read at a time per tenant: a caller arriving meanwhile waits for it, then looks again. */
  function once(scope: Scope, work: () => Promise<Entry>): Promise<Entry | undefined> {
    const id = idOf(scope);
    let running = reading.get(id);
    if (!running) {
      running = work().finally(() => reading.delete(id));
      reading.set(id, running);
    }
    return running;
  }

  /** The counts once read up to `revision`: whole the first time, then what changed. */
  async function caughtUp(scope: Scope, revision: number): Promise<CompiledOutcomes> {
    let kept = entries.get(idOf(scope));
    while (!kept || kept.revision < revision) {
      const current = kept;
      await once(scope, () => (current ? readChanges(scope, current, revision) : readAll(scope, revision)));
      kept = entries.get(idOf(scope));
    }
    return kept.compiled;
  }

  return {
    compiled(scope, revision) {
      if (revision === 0) return Promise.resolve(undefined);
      const kept = entries.get(idOf(scope));
      if (!kept || kept.revision < revision) return caughtUp(scope, revision);
      if (now() - kept.readAt >= refreshMs && !reading.has(idOf(scope))) {
        // Read again in the background; the counts compiled serve meanwhile.
        kept.readAt = now();
        void once(scope, () => readAll(scope, kept.revision)).catch(() => undefined);
      }
      return kept.compiled;
    },

    async forPool(scope, revision) {
      const compiled = await this.compiled(scope, revision);
      if (!compiled || compiled.byCounterparty.size === 0) return undefined;
      // A copy of the counts as they stand: the batch's, as of its start. The key names this copy, so
      // workers compile it once.
      const counterparties = Array.from(compiled.byCounterparty, ([counterpartyId, counts]) => ({
        counterpartyId,
        ...counts,
      }));
      return {
        key: `${idOf(scope)}\u0000outcomes\u0000${revision}\u0000${++copies}`,
        thresholds: risk,
        counterparties,
      };
    },

    counted(scope, counterpartyIds) {
      const kept = entries.get(idOf(scope));
      if (!kept) return;
      for (const id of counterpartyIds) countEnrichment(kept.compiled, id);
    },
  };
}
