import { describe, expect, it } from 'vitest';
import {
  type TriggerScopeRef,
  triggerRegistration,
  triggerScopePath,
  triggerScopeRef,
} from './trigger-scopes.js';

describe('trigger scope paths', () => {
  const refs: TriggerScopeRef[] = [
    { scope: 'account' },
    { scope: 'program', programId: 'p:1/2' },
    { scope: 'user', userId: 'u 1' },
    { scope: 'card', userId: 'u:1', cardId: 'c/2' },
  ];

  it('keys a scope’s category list apart from its merchant list, and reads both back', () => {
    for (const ref of refs) {
      const merchant = triggerScopePath(ref);
      const category = triggerScopePath({ ...ref, kind: 'category' });
      expect(category).toBe(`categories/${merchant}`);
      expect(triggerScopeRef(merchant)).toEqual(ref);
      expect(triggerScopeRef(category)).toEqual({ ...ref, kind: 'category' });
    }
  });

  it('makes a registration of the path’s kind', () => {
    const triggers = [{ id: 'a', categoryId: '011-000-000-000', action: {} }];
    expect(triggerRegistration('categories/card:u:c', triggers)).toEqual({
      kind: 'category',
      scope: 'card',
      scopeKey: { userId: 'u', cardId: 'c' },
      triggers,
    });
    expect(triggerRegistration('program:p', [])).toEqual({
      scope: 'program',
      scopeKey: { programId: 'p' },
      triggers: [],
    });
  });
});
