/**
 * Trigger scopes as the store keys them: `account`, `program:<programId>`,
 * `user:<userId>`, `card:<userId>:<cardId>` for merchant triggers, and the
 * same after `categories/` for category triggers (ids URI-encoded, so `:`
 * and `/` never appear inside one). A scope's category list is a scope of
 * its own to the store: its versions, states and pages are kept, and its
 * background writes resumed, as a merchant list's are.
 */
import type { TriggerRegistration } from '@txenrich/core';
import type { CategoryTrigger, MerchantTrigger, TriggerKind } from '@txenrich/schema';
import type { TriggerScopePath } from './store.js';

/** A scope, and which of its lists: merchant triggers unless `kind` says `category`. */
export type TriggerScopeRef = TriggerRegistration['scopeKey'] & {
  scope: TriggerRegistration['scope'];
  kind?: TriggerKind;
};

const CATEGORY_PREFIX = 'categories/';

export const triggerKindOf = (ref: TriggerScopeRef): TriggerKind => ref.kind ?? 'merchant';

export function triggerScopePath(ref: TriggerScopeRef): TriggerScopePath {
  const id = (value: string | undefined) => encodeURIComponent(value ?? '');
  const kind = triggerKindOf(ref) === 'category' ? CATEGORY_PREFIX : '';
  switch (ref.scope) {
    case 'account':
      return `${kind}account`;
    case 'program':
      return `${kind}program:${id(ref.programId)}`;
    case 'user':
      return `${kind}user:${id(ref.userId)}`;
    case 'card':
      return `${kind}card:${id(ref.userId)}:${id(ref.cardId)}`;
  }
}

/** The scope a store path keys. */
export function triggerScopeRef(path: TriggerScopePath): TriggerScopeRef {
  const category = path.startsWith(CATEGORY_PREFIX);
  const [scope, first, second] = (category ? path.slice(CATEGORY_PREFIX.length) : path)
    .split(':')
    .map((part, index) => (index === 0 ? part : decodeURIComponent(part)));
  const kind = category ? { kind: 'category' as const } : {};
  switch (scope) {
    case 'program':
      return { scope: 'program', programId: first!, ...kind };
    case 'user':
      return { scope: 'user', userId: first!, ...kind };
    case 'card':
      return { scope: 'card', userId: first!, cardId: second!, ...kind };
    default:
      return { scope: 'account', ...kind };
  }
}

/** The engine's registration of a scope's active triggers, as parsed from one of its pages. */
export function triggerRegistration(
  path: TriggerScopePath,
  triggers: readonly MerchantTrigger[] | readonly CategoryTrigger[],
): TriggerRegistration {
  const { scope, kind, ...scopeKey } = triggerScopeRef(path);
  return kind === 'category'
    ? { kind, scope, scopeKey, triggers: triggers as readonly CategoryTrigger[] }
    : { scope, scopeKey, triggers: triggers as readonly MerchantTrigger[] };
}
