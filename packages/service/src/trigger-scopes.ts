/**
 * Trigger scopes as the store keys them: `account`, `program:<programId>`,
 * `user:<userId>`, `card:<userId>:<cardId>` (ids URI-encoded, so `:` never
 * appears inside one).
 */
import type { TriggerRegistration } from '@txenrich/core';
import type { MerchantTrigger } from '@txenrich/schema';
import type { TriggerScopePath } from './store.js';

export type TriggerScopeRef = TriggerRegistration['scopeKey'] & { scope: TriggerRegistration['scope'] };

export function triggerScopePath(ref: TriggerScopeRef): TriggerScopePath {
  const id = (value: string | undefined) => encodeURIComponent(value ?? '');
  switch (ref.scope) {
    case 'account':
      return 'account';
    case 'program':
      return `program:${id(ref.programId)}`;
    case 'user':
      return `user:${id(ref.userId)}`;
    case 'card':
      return `card:${id(ref.userId)}:${id(ref.cardId)}`;
  }
}

/** The engine's registration of a scope's active triggers. */
export function triggerRegistration(
  path: TriggerScopePath,
  triggers: readonly MerchantTrigger[],
): TriggerRegistration {
  const [scope, first, second] = path
    .split(':')
    .map((part, index) => (index === 0 ? part : decodeURIComponent(part)));
  switch (scope) {
    case 'program':
      return { scope: 'program', scopeKey: { programId: first! }, triggers };
    case 'user':
      return { scope: 'user', scopeKey: { userId: first! }, triggers };
    case 'card':
      return { scope: 'card', scopeKey: { userId: first!, cardId: second! }, triggers };
    default:
      return { scope: 'account', scopeKey: {}, triggers };
  }
}
