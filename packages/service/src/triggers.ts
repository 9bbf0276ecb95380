/**
 * Merchant action trigger registrations (CONTRACT.md section 5): read a
 * scope, or replace, add to, remove from or clear its triggers, each write a
 * new version. A write of more than 100 triggers is accepted `pending` and
 * processed in the background (`running`, then `succeeded` or `failed`), one
 * at a time; meanwhile the store refuses any other write of the scope (409).
 * Only `succeeded` lists apply to enrichments (see tenant-rules.ts).
 */
import {
  errorDetails,
  type MerchantTrigger,
  type TriggerRegistration,
  type TriggerScopeStatus,
  triggerLimits,
} from '@txenrich/schema';
import { ServiceError } from './errors.js';
import type { Logger } from './logger.js';
import type { Scope, Store, TriggerScopePath } from './store.js';
import type { TenantRulesCache } from './tenant-rules.js';
import { type TriggerScopeRef, triggerScopePath } from './trigger-scopes.js';

/** A write to a scope: `PUT`, `PATCH` add or remove, `DELETE`. */
export type TriggerChange =
  | { operation: 'replace'; triggers: readonly MerchantTrigger[] }
  | { operation: 'add'; triggers: readonly MerchantTrigger[] }
  | { operation: 'remove'; triggerIds: readonly string[] }
  | { operation: 'clear' };

export interface TriggerRegistrations {
  /** The scope's status, version and active triggers; `NOT_FOUND` when it never had any. */
  read(scope: Scope, ref: TriggerScopeRef): Promise<TriggerScopeStatus>;
  /** Applies a change as a new version: `succeeded` at once, or `pending` above 100 triggers. */
  write(scope: Scope, ref: TriggerScopeRef, change: TriggerChange): Promise<TriggerRegistration>;
  /** Processes again the background writes a stopped process left `pending` or `running`. */
  resume(): Promise<void>;
  /** Finishes the background write in progress; the queued ones resume at the next start. */
  close(): Promise<void>;
}

export interface TriggerRegistrationsOptions {
  store: Store;
  rules: TenantRulesCache;
  logger: Logger;
  now: () => number;
}

interface BackgroundWrite {
  scope: Scope;
  path: TriggerScopePath;
  version: number;
}

const noTriggers = () => new ServiceError('NOT_FOUND', errorDetails.noTriggers);

const inProgress = () => new ServiceError('CONFLICT', errorDetails.registrationInProgress);

/** The most active triggers a scope may hold: 100 for a user or a card, 300,000 otherwise. */
export function maxActiveTriggers(scope: TriggerScopeRef['scope']): number {
  return scope === 'user' || scope === 'card'
    ? triggerLimits.maxActivePerUserOrCard
    : triggerLimits.maxActivePerScope;
}

export const tooManyTriggers = (max: number) => `Ensure this scope has no more than ${max} active triggers.`;

/** The scope's list after a change: `add` upserts by id (in place, new ones last), `remove` ignores unknown ids. */
export function applyTriggerChange(
  active: readonly MerchantTrigger[],
  change: TriggerChange,
): readonly MerchantTrigger[] {
  switch (change.operation) {
    case 'replace':
      return change.triggers;
    case 'add': {
      const byId = new Map(active.map((trigger) => [trigger.id, trigger]));
      for (const trigger of change.triggers) byId.set(trigger.id, trigger);
      return [...byId.values()];
    }
    case 'remove': {
      const removed = new Set(change.triggerIds);
      return active.filter((trigger) => !removed.has(trigger.id));
    }
    case 'clear':
      return [];
  }
}

/** How many triggers the request carries: above 100, it is processed in the background. */
function requestSize(change: TriggerChange): number {
  switch (change.operation) {
    case 'replace':
    case 'add':
      return change.triggers.length;
    case 'remove':
      return change.triggerIds.length;
    case 'clear':
      return 0;
  }
}

export function createTriggerRegistrations(options: TriggerRegistrationsOptions): TriggerRegistrations {
  const { store, rules, logger, now } = options;
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

  /** Compiles the tenant's rules now, so that the next enrichment does not pay for a large list. */
  function warm(scope: Scope): void {
    setImmediate(() => {
      if (closed) return;
      rules
        .compiled(scope)
        .catch((error: unknown) => logger.error({ err: error }, 'cannot compile triggers'));
    });
  }

  async function runWrite(write: BackgroundWrite): Promise<void> {
    if (closed) return;
    const { scope, path, version } = write;
    const started = now();
    try {
      // The store ignores these unless `version` is still the scope's write in progress.
      await store.setTriggerWriteStatus(scope, path, version, 'running', now());
      await store.setTriggerWriteStatus(scope, path, version, 'succeeded', now());
      logger.info(
        { tenant: scope.tenant, path, version, ms: now() - started },
        'trigger registration succeeded',
      );
      // The costly part of a large list is compiling it: done now, not by the next enrichment.
      warm(scope);
    } catch (error) {
      logger.error({ tenant: scope.tenant, path, version, err: error }, 'trigger registration failed');
      await store
        .setTriggerWriteStatus(scope, path, version, 'failed', now())
        .catch((failure: unknown) => logger.error({ err: failure }, 'cannot mark the registration failed'));
    }
  }

  function enqueue(write: BackgroundWrite): void {
    // `setImmediate`: the answer (`pending`) leaves before the work starts.
    queue = queue
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => runWrite(write));
  }

  return {
    async read(scope, ref) {
      const state = await store.findTriggerScope(scope, triggerScopePath(ref));
      if (!state) throw noTriggers();
      return {
        status: state.status,
        version: state.version,
        merchantTriggers: state.active.map(({ id, action }) => ({ id, action })),
        totalCount: state.active.length,
      };
    },

    write(scope, ref, change) {
      const path = triggerScopePath(ref);
      return exclusive(`${scope.tenant}\u0000${scope.environment}\u0000${path}`, async () => {
        const state = await store.findTriggerScope(scope, path);
        if (state?.status === 'pending' || state?.status === 'running') throw inProgress();
        // Removing from or clearing a scope that never had triggers is the GET's 404, not a version 1.
        if (!state && (change.operation === 'remove' || change.operation === 'clear')) throw noTriggers();
        const triggers = applyTriggerChange(state?.active ?? [], change);
        const max = maxActiveTriggers(ref.scope);
        if (triggers.length > max) {
          const message = tooManyTriggers(max);
          throw new ServiceError('INVALID_INPUT', message, { body: { merchantTriggers: [message] } });
        }
        const background = requestSize(change) > triggerLimits.synchronousMax;
        const status = background ? 'pending' : 'succeeded';
        const written = await store.writeTriggers({ scope, path, triggers, status, at: now() });
        if (written === 'conflict') throw inProgress();
        if (background) enqueue({ scope, path, version: written.version });
        else warm(scope);
        return { status, version: written.version };
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
    },
  };
}
