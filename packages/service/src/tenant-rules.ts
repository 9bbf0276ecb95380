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

/**
 * After compiling this many triggers or more, the cache runs the full garbage collection it was given.
 * Writing and compiling a long list leaves its intermediate forms (the request body, the store's rows,
 * the list read back) in V8's old generation: about 550 MB for 300,000 triggers. Until V8's next full
 * collection, which under steady traffic may be minutes away, every scavenge works through that
 * fragmented old generation, and single enrichments under load ran 0.80-0.89x as fast. Collecting at
 * once costs one pause of 150-200 ms, after a compile that has just held the thread for 0.7 s.
 */
export const LARGE_TRIGGER_LIST = 10_000;

interface Entry {
  revisions: RulesRevisions;
  compiled: CompiledRules;
}

const sameRevisions = (a: RulesRevisions, b: RulesRevisions) =>
  a.corrections === b.corrections && a.triggers === b.triggers;

export function createTenantRulesCache(
  store: Store,
  engine: Engine,
  collectGarbage?: () => void,
): TenantRulesCache {
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
      const triggerCount = (rules?.triggers ?? []).reduce(
        (count, registration) => count + registration.triggers.length,
        0,
      );
      if (collectGarbage && triggerCount >= LARGE_TRIGGER_LIST) setImmediate(collectGarbage);
      return compiled;
    },
    async forPool(scope) {
      // Once per batch: the workers compile the rules once per key and keep them.
      return (await load(scope)).rules;
    },
  };
}
