/**
 * A tenant's corrections, categories (custom categories, counterparty
 * personalizations and category rules) and triggers as the engine needs them: compiled
 * once per revision for in-process enrichment, or as data with a key for the
 * worker pool (which compiles them once per worker). Nothing is rebuilt while
 * the store's revisions stay the same, and callers asking for the same
 * revision share one compile.
 *
 * Trigger lists come from the store in pages and are parsed and compiled a
 * page at a time, with a turn of the event loop between pages: a tenant's
 * 300,000 triggers never hold this thread for more than a few milliseconds
 * at once, and, parsed a page at a time, their objects die young instead of
 * filling the old generation.
 */
import type { Engine, EnrichmentContext, TenantCategories, TriggerRegistration } from '@txenrich/core';
import type { TenantRules } from '@txenrich/pool';
import type { OutcomeStates } from './outcome-states.js';
import type { RulesRevisions, Scope, Store, TenantCategoryState, TriggerScopePath } from './store.js';
import { triggerRegistration } from './trigger-scopes.js';

type CompiledRules = Pick<EnrichmentContext, 'corrections' | 'triggers' | 'categories'>;
/** The rules and the reported outcomes' counts: everything tenant-wide the context stage reads. */
type CompiledContext = CompiledRules & Pick<EnrichmentContext, 'outcomes'>;

/**
 * The tenant's categories for the engine, or undefined when neither a personalization nor a rule applies
 * (nothing to compile).
 */
const categoriesOf = (state: TenantCategoryState): TenantCategories | undefined =>
  state.personalizations.length === 0 && state.rules.length === 0
    ? undefined
    : { categories: state.categories, personalizations: state.personalizations, rules: state.rules };

export interface TenantRulesCache {
  /** Compiled rules and outcome counts for the engine in this thread. */
  compiled(scope: Scope): Promise<CompiledContext>;
  /** Counts enrichments of these counterparties in this process's outcome counts (`OutcomeStates.counted`). */
  counted(scope: Scope, counterpartyIds: readonly string[]): void;
  /** The rules and outcome counts as data for the pool, or undefined when the tenant has none. */
  forPool(scope: Scope): Promise<TenantRules | undefined>;
  /**
   * Compiles the tenant's rules as they will be once the write in progress of `path` applies, then
   * `apply` (which makes it apply in the store), then keeps them as the tenant's compiled rules, unless
   * something else changed the rules meanwhile: a registration is `succeeded` once its triggers are
   * compiled, and no enrichment compiles them again.
   */
  compileAndApply(scope: Scope, path: TriggerScopePath, apply: () => Promise<void>): Promise<void>;
}

/** The revisions of the rules (the outcomes are compiled apart). */
type RuleRevisions = Omit<RulesRevisions, 'outcomes'>;

interface Entry {
  revisions: RuleRevisions;
  compiled: CompiledRules;
}

const sameRevisions = (a: RuleRevisions, b: RuleRevisions) =>
  a.corrections === b.corrections && a.triggers === b.triggers && a.categories === b.categories;
const notOlder = (a: RuleRevisions, b: RuleRevisions) =>
  a.corrections >= b.corrections && a.triggers >= b.triggers && a.categories >= b.categories;

/**
 * The outcome counts are compiled apart (`outcomes`, per revision of the outcomes): an outcome reported
 * never compiles the rules again.
 */
export function createTenantRulesCache(
  store: Store,
  engine: Engine,
  outcomes: OutcomeStates,
): TenantRulesCache {
  const entries = new Map<string, Entry>();
  /** Compiles under way, by tenant and the revisions they were asked for. */
  const compiling = new Map<string, Promise<Entry>>();
  const idOf = (scope: Scope) => `${scope.tenant}\u0000${scope.environment}`;
  const keyOf = (scope: Scope, revisions: RuleRevisions) =>
    `${idOf(scope)}\u0000${revisions.corrections}\u0000${revisions.triggers}\u0000${revisions.categories}`;

  /**
   * The tenant's rules from the store, its triggers a page at a time (the store reads each in a turn of
   * the event loop of its own; it is parsed when taken); with `pendingPath`, that scope's write in
   * progress in place of its active list.
   */
  async function load(scope: Scope, pendingPath?: TriggerScopePath) {
    const [corrections, triggers, categories] = await Promise.all([
      store.corrections(scope),
      store.activeTriggerScopes(scope),
      store.tenantCategories(scope),
    ]);
    const paths = triggers.paths.filter((path) => path !== pendingPath);
    async function* registrations(): AsyncGenerator<TriggerRegistration> {
      const lists = [
        ...paths.map((path) => ({ path, list: 'active' as const })),
        ...(pendingPath === undefined ? [] : [{ path: pendingPath, list: 'pending' as const }]),
      ];
      for (const { path, list } of lists)
        for await (const page of store.readTriggers(scope, path, list))
          yield triggerRegistration(path, JSON.parse(page));
    }
    return {
      revisions: {
        corrections: corrections.revision,
        triggers: triggers.revision,
        categories: categories.revision,
      },
      corrections: corrections.rules,
      categories: categoriesOf(categories),
      registrations: registrations(),
    };
  }

  async function compile(scope: Scope, pendingPath?: TriggerScopePath): Promise<Entry> {
    const { revisions, corrections, categories, registrations } = await load(scope, pendingPath);
    const compiler = engine.createTriggerCompiler();
    let parts = 0;
    for await (const registration of registrations) {
      compiler.add(registration);
      parts++;
    }
    return {
      revisions,
      compiled: {
        ...engine.compileRules({ corrections, categories }),
        triggers: parts > 0 ? compiler.compiled : undefined,
      },
    };
  }

  /** Keeps `entry` as the tenant's rules, unless newer ones are kept already. */
  function keep(scope: Scope, entry: Entry): void {
    const kept = entries.get(idOf(scope));
    if (!kept || notOlder(entry.revisions, kept.revisions)) entries.set(idOf(scope), entry);
  }

  /** The rules at `revisions`: those kept, or compiled once (callers asking at once share the compile). */
  async function compiledRules(scope: Scope, revisions: RuleRevisions): Promise<CompiledRules> {
    const key = keyOf(scope, revisions);
    let running = compiling.get(key);
    if (!running) {
      running = compile(scope).finally(() => compiling.delete(key));
      compiling.set(key, running);
      running.then((entry) => keep(scope, entry)).catch(() => undefined);
    }
    return (await running).compiled;
  }

  return {
    async compiled(scope) {
      // One cheap read on every enrichment; the rules themselves only when they changed.
      const revisions = await store.rulesRevisions(scope);
      const kept = entries.get(idOf(scope));
      const rules =
        kept && sameRevisions(kept.revisions, revisions)
          ? kept.compiled
          : await compiledRules(scope, revisions);
      // A tenant that never reported an outcome (revision 0) pays nothing more.
      if (revisions.outcomes === 0) return rules;
      const held = outcomes.compiled(scope, revisions.outcomes);
      // Spelled out: one shape for every tenant's context (see `enrichInline`).
      return {
        corrections: rules.corrections,
        categories: rules.categories,
        triggers: rules.triggers,
        outcomes: held instanceof Promise ? await held : held,
      };
    },

    counted: (scope, counterpartyIds) => outcomes.counted(scope, counterpartyIds),

    async forPool(scope) {
      // Once per batch: the workers compile the rules once per key and keep them.
      const [{ revisions, corrections, categories, registrations }, revision] = await Promise.all([
        load(scope),
        store.rulesRevisions(scope).then((read) => read.outcomes),
      ]);
      const triggers: TriggerRegistration[] = [];
      for await (const registration of registrations) triggers.push(registration);
      const counts = await outcomes.forPool(scope, revision);
      return corrections.length === 0 && triggers.length === 0 && categories === undefined && !counts
        ? undefined
        : {
            key: keyOf(scope, revisions),
            corrections,
            triggers,
            ...(categories ? { categories } : {}),
            ...(counts ? { outcomes: counts } : {}),
          };
    },

    async compileAndApply(scope, path, apply) {
      const entry = await compile(scope, path);
      await apply();
      // Applying bumped the triggers revision once; any other change meanwhile, and these are not current.
      const revisions = await store.rulesRevisions(scope);
      const { corrections, triggers, categories } = entry.revisions;
      if (
        revisions.corrections === corrections &&
        revisions.triggers === triggers + 1 &&
        revisions.categories === categories
      )
        keep(scope, { revisions, compiled: entry.compiled });
    },
  };
}
