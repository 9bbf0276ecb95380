/**
 * Action trigger registrations (CONTRACT.md section 5): read a scope, or
 * replace, add to, remove from or clear its triggers, each write a new
 * version. Only `succeeded` lists apply to enrichments (see
 * tenant-rules.ts). Merchant and category triggers go through the same
 * versions and states; a scope's category list is a scope of its own
 * (trigger-scopes.ts), its triggers checked against the categories the
 * scope may name and held to their own limits.
 *
 * A write of more than 100 triggers is answered `pending` and processed in
 * the background, one at a time: `running` while the tenant's rules are
 * compiled with it, then `succeeded` once they apply (or `failed`);
 * meanwhile any other write of the scope is refused (409). Nothing long
 * holds the main thread: a long request body is read, and a long list merged
 * and cut into pages, on the trigger thread (trigger-thread.ts); the store
 * writes and reads the pages one at a time, and the rules are compiled a page
 * at a time.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type CategoryTrigger,
  categoryTriggerLimits,
  errorDetails,
  type MerchantTrigger,
  type RegistrationStatus,
  type TriggerKind,
  type TriggerRegistration,
  triggerLimits,
  triggerListFields,
} from '@txenrich/schema';
import { ServiceError } from './errors.js';
import type { Logger } from './logger.js';
import type { Scope, Store, TriggerScopePath, TriggerScopeState } from './store.js';
import type { TenantRulesCache } from './tenant-rules.js';
import {
  type ParsedTriggerChange,
  type PreparedTriggerWrite,
  prepareTriggerWrite,
  type TriggerChange,
  type TriggerListRules,
} from './trigger-lists.js';
import { type TriggerScopeRef, triggerKindOf, triggerScopePath } from './trigger-scopes.js';
import type { TriggerThread } from './trigger-thread.js';

export interface TriggerRegistrations {
  /** The scope's status, version and active triggers; `NOT_FOUND` when it never had any. */
  read(scope: Scope, ref: TriggerScopeRef): Promise<TriggerListing>;
  /** Applies a change as a new version: `succeeded` at once, or `pending` above 100 triggers. */
  write(scope: Scope, ref: TriggerScopeRef, change: TriggerChange): Promise<TriggerWritten>;
  /** Processes again the background writes a stopped process left `pending` or `running`. */
  resume(): Promise<void>;
  /** Finishes the background write in progress; the queued ones resume at the next start. */
  close(): Promise<void>;
}

/** What `GET` shows of a trigger: a merchant trigger's id and action, a category trigger whole. */
export type ListedTrigger = Pick<MerchantTrigger, 'id' | 'action'> | CategoryTrigger;

/** A scope's registration as `GET` answers it, its active triggers read a page at a time. */
export interface TriggerListing {
  kind: TriggerKind;
  status: RegistrationStatus;
  version: number;
  /** The active triggers, a page at a time (all of one version). */
  triggers: AsyncIterable<ListedTrigger[]>;
}

export interface TriggerWritten {
  /** The answer: the new version and its status. */
  registration: TriggerRegistration;
  /** The change, as read from the request (a `PATCH` body the service read says `add` or `remove`). */
  operation: ParsedTriggerChange['operation'];
}

export interface TriggerRegistrationsOptions {
  store: Store;
  rules: TenantRulesCache;
  /** Where long lists are read and merged. */
  thread: TriggerThread;
  /** Every category id (default and custom, lower case) the triggers of `ref`, a category list, may name. */
  knownCategories(scope: Scope, ref: TriggerScopeRef): Promise<ReadonlySet<string>>;
  logger: Logger;
  now: () => number;
}

interface BackgroundWrite {
  scope: Scope;
  path: TriggerScopePath;
  version: number;
}

/**
 * Lists up to this many triggers are merged on the main thread (a millisecond or two); longer ones,
 * and request bodies the HTTP adapter left unparsed, on the trigger thread.
 */
export const MAIN_THREAD_TRIGGERS = 1_000;

const noTriggers = () => new ServiceError('NOT_FOUND', errorDetails.noTriggers);

const inProgress = () => new ServiceError('CONFLICT', errorDetails.registrationInProgress);

const isInProgress = (state: TriggerScopeState | null) =>
  state?.status === 'pending' || state?.status === 'running';

/**
 * The most active triggers a scope may hold: 100 for a user or a card; otherwise 300,000 merchant
 * triggers, or 10,000 category triggers.
 */
export function maxActiveTriggers(ref: TriggerScopeRef): number {
  const limits = triggerKindOf(ref) === 'category' ? categoryTriggerLimits : triggerLimits;
  return ref.scope === 'user' || ref.scope === 'card'
    ? limits.maxActivePerUserOrCard
    : limits.maxActivePerScope;
}

export const tooManyTriggers = (max: number) => `Ensure this scope has no more than ${max} active triggers.`;

/** Whether the change needs the scope's active list: `add` and `remove` (perhaps in an unparsed `PATCH`). */
const readsActive = (change: TriggerChange) =>
  change.operation === 'add' ||
  change.operation === 'remove' ||
  (change.operation === 'unparsed' && change.method === 'PATCH');

export function createTriggerRegistrations(options: TriggerRegistrationsOptions): TriggerRegistrations {
  const { store, rules, thread, knownCategories, logger, now } = options;
  // Writes of one scope run one after the other: an `add` reads the active list it extends.
  const locks = new Map<string, Promise<unknown>>();
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  async function exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const current = (locks.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    locks.set(key, current);
    try {
      return await current;
    } finally {
      if (locks.get(key) === current) locks.delete(key);
    }
  }

  /** Compiles the tenant's rules now, so that the next enrichment does not wait for them. */
  function warm(scope: Scope): void {
    setImmediate(() => {
      if (closed) return;
      rules
        .compiled(scope)
        .catch((error: unknown) => logger.error({ err: error }, 'cannot compile triggers'));
    });
  }

  /** The change applied to the scope's list: on the trigger thread when anything in it is long. */
  async function prepare(
    scope: Scope,
    ref: TriggerScopeRef,
    state: TriggerScopeState | null,
    change: TriggerChange,
  ): Promise<PreparedTriggerWrite> {
    const path = triggerScopePath(ref);
    const kind = triggerKindOf(ref);
    const listRules: TriggerListRules =
      kind === 'category' && change.operation !== 'remove' && change.operation !== 'clear'
        ? { kind, knownCategories: await knownCategories(scope, ref) }
        : { kind };
    // While a write is in progress the answer is a 409 whatever the list: the active one is not read.
    const readActive = state !== null && !isInProgress(state) && readsActive(change);
    const active = readActive ? store.readTriggers(scope, path, 'active') : [];
    if (change.operation === 'unparsed' || (readActive && state.activeCount > MAIN_THREAD_TRIGGERS))
      return thread.prepare({ change, ...listRules }, active);
    const pages: string[] = [];
    for await (const page of active) pages.push(page);
    return prepareTriggerWrite({ change, ...listRules, active: pages });
  }

  async function runWrite(write: BackgroundWrite): Promise<void> {
    if (closed) return;
    const { scope, path, version } = write;
    const started = now();
    try {
      // The store ignores these unless `version` is still the scope's write in progress.
      await store.setTriggerWriteStatus(scope, path, version, 'running', now());
      await rules.compileAndApply(scope, path, () =>
        store.setTriggerWriteStatus(scope, path, version, 'succeeded', now()),
      );
      logger.info(
        { tenant: scope.tenant, path, version, ms: now() - started },
        'trigger registration succeeded',
      );
    } catch (error) {
      logger.error({ tenant: scope.tenant, path, version, err: error }, 'trigger registration failed');
      await store
        .setTriggerWriteStatus(scope, path, version, 'failed', now())
        .catch((failure: unknown) => logger.error({ err: failure }, 'cannot mark the registration failed'));
    }
  }

  function enqueue(write: BackgroundWrite): void {
    // `setImmediate`: the answer (`pending`) leaves before the work starts.
    queue = queue.then(() => nextTurn()).then(() => runWrite(write));
  }

  return {
    async read(scope, ref) {
      const path = triggerScopePath(ref);
      const state = await store.findTriggerScope(scope, path);
      if (!state) throw noTriggers();
      const kind = triggerKindOf(ref);
      const listed =
        kind === 'category'
          ? ({ id, categoryId, action }: CategoryTrigger): ListedTrigger => ({ id, categoryId, action })
          : ({ id, action }: MerchantTrigger): ListedTrigger => ({ id, action });
      async function* triggers() {
        for await (const page of store.readTriggers(scope, path, 'active'))
          yield JSON.parse(page).map(listed);
      }
      return { kind, status: state.status, version: state.version, triggers: triggers() };
    },

    write(scope, ref, change) {
      const path = triggerScopePath(ref);
      return exclusive(`${scope.tenant}\u0000${scope.environment}\u0000${path}`, async () => {
        const state = await store.findTriggerScope(scope, path);
        const prepared = await prepare(scope, ref, state, change);
        if (!prepared.ok)
          throw new ServiceError('INVALID_INPUT', 'Invalid input.', { body: prepared.errors });
        if (isInProgress(state)) throw inProgress();
        // Removing from or clearing a scope that never had triggers is the GET's 404, not a version 1.
        if (!state && (prepared.operation === 'remove' || prepared.operation === 'clear')) throw noTriggers();
        const max = maxActiveTriggers(ref);
        if (prepared.count > max) {
          const message = tooManyTriggers(max);
          const field = triggerListFields[triggerKindOf(ref)];
          throw new ServiceError('INVALID_INPUT', message, { body: { [field]: [message] } });
        }
        const background = prepared.requestSize > triggerLimits.synchronousMax;
        const status = background ? 'pending' : 'succeeded';
        const { pages, count } = prepared;
        const written = await store.writeTriggers({ scope, path, pages, count, status, at: now() });
        if (written === 'conflict') throw inProgress();
        if (background) enqueue({ scope, path, version: written.version });
        else warm(scope);
        return { registration: { status, version: written.version }, operation: prepared.operation };
      });
    },

    async resume() {
      for (const write of await store.unfinishedTriggerWrites()) {
        logger.warn(
          { tenant: write.scope.tenant, path: write.path, version: write.version },
          'resuming trigger registration',
        );
        enqueue(write);
      }
    },

    async close() {
      closed = true;
      await queue;
      await thread.close();
    },
  };
}
