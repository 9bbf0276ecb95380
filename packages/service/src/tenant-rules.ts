/**
 * A tenant's corrections and triggers as the engine needs them: compiled
 * once per revision for in-process enrichment, or as data with a key for the
 * worker pool (which compiles them once per worker). Nothing is rebuilt
 * while the store's revisions stay the same.
 */
import { compileCorrections, type Engine, type EnrichmentContext } from '@txenrich/core';
import type { TenantRules } from '@txenrich/pool';
import type { RulesRevisions, Scope, Store } from './store.js';
import { triggerRegistration } from './trigger-scopes.js';

type CompiledRules = Pick<EnrichmentContext, 'corrections' | 'triggers'>;

export interface TenantRulesCache {
  /** Compiled rules for the engine in this thread. */
  compiled(scope: Scope): Promise<CompiledRules>;
  /** The rules as data for the pool, or undefined when the tenant has none. */
  forPool(scope: Scope): Promise<TenantRules | undefined>;
}

interface Entry {
  key: string;
  revisions: RulesRevisions;
  rules: TenantRules | undefined;
  compiled?: CompiledRules;
}

export function createTenantRulesCache(store: Store, engine: Engine): TenantRulesCache {
  const entries = new Map<string, Entry>();

  async function current(scope: Scope): Promise<Entry> {
    const id = `${scope.tenant}\u0000${scope.environment}`;
    // One cheap read on every enrichment; the rules themselves only when they changed.
    const revisions = await store.rulesRevisions(scope);
    const cached = entries.get(id);
    if (
      cached?.revisions.corrections === revisions.corrections &&
      cached.revisions.triggers === revisions.triggers
    )
      return cached;
    const [corrections, triggers] = await Promise.all([
      store.corrections(scope),
      store.activeTriggers(scope),
    ]);
    const key = `${id}\u0000${corrections.revision}\u0000${triggers.revision}`;
    const registrations = triggers.scopes.map((entry) => triggerRegistration(entry.path, entry.triggers));
    const entry: Entry = {
      key,
      revisions: { corrections: corrections.revision, triggers: triggers.revision },
      rules:
        corrections.rules.length === 0 && registrations.length === 0
          ? undefined
          : { key, corrections: corrections.rules, triggers: registrations },
    };
    entries.set(id, entry);
    return entry;
  }

  return {
    async compiled(scope) {
      const entry = await current(scope);
      entry.compiled ??= {
        ...(entry.rules?.corrections?.length
          ? { corrections: compileCorrections(entry.rules.corrections) }
          : {}),
        ...(entry.rules?.triggers?.length ? { triggers: engine.compileTriggers(entry.rules.triggers) } : {}),
      };
      return entry.compiled;
    },
    async forPool(scope) {
      return (await current(scope)).rules;
    },
  };
}
