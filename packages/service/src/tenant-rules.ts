/**
 * A tenant's corrections and triggers as the engine needs them: compiled
 * once per revision for in-process enrichment, or as data with a key for the
 * worker pool (which compiles them once per worker). Nothing is rebuilt
 * while the store's revisions stay the same.
 */
import type { Engine, EnrichmentContext } from '@txenrich/core';
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
  revisions: RulesRevisions;
  compiled: CompiledRules;
}

const sameRevisions = (a: RulesRevisions, b: RulesRevisions) =>
  a.corrections === b.corrections && a.triggers === b.triggers;

export function createTenantRulesCache(store: Store, engine: Engine): TenantRulesCache {
  const entries = new Map<string, Entry>();
  const idOf = (scope: Scope) => `${scope.tenant}\u0000${scope.environment}`;

  /**
   * The rules as data, read from the store. They are not kept: a tenant's
   * 300,000 triggers as objects would stay in the heap, which every garbage
   * collection then walks; only their compiled form is kept.
   */
  async function load(scope: Scope): Promise<{ revisions: RulesRevisions; rules: TenantRules | undefined }> {
    const [corrections, triggers] = await Promise.all([
      store.corrections(scope),
      store.activeTriggers(scope),
    ]);
    const revisions = { corrections: corrections.revision, triggers: triggers.revision };
    const registrations = triggers.scopes.map((entry) => triggerRegistration(entry.path, entry.triggers));
    const key = `${idOf(scope)}\u0000${revisions.corrections}\u0000${revisions.triggers}`;
    return {
      revisions,
      rules:
        corrections.rules.length === 0 && registrations.length === 0
          ? undefined
          : { key, corrections: corrections.rules, triggers: registrations },
    };
  }

  return {
    async compiled(scope) {
      // One cheap read on every enrichment; the rules themselves only when they changed.
      const cached = entries.get(idOf(scope));
      if (cached && sameRevisions(cached.revisions, await store.rulesRevisions(scope)))
        return cached.compiled;
      const { revisions, rules } = await load(scope);
      const compiled = engine.compileRules(rules ?? {});
      entries.set(idOf(scope), { revisions, compiled });
      return compiled;
    },
    async forPool(scope) {
      // Once per batch: the workers compile the rules once per key and keep them.
      return (await load(scope)).rules;
    },
  };
}
