/**
 * A `Store` that counts its errors: every call of the port that rejects (or
 * throws) with a `StoreError` is counted by its code, then passes on
 * unchanged. One wrapper at the port, rather than a count at each of the
 * service's many store calls; calls the adapter makes to itself are not
 * counted twice (they do not go through the wrapper).
 */
import type { Store } from './store.js';
import { isStoreError, type StoreErrorCode } from './store-errors.js';

export function countStoreErrors(store: Store, count: (code: StoreErrorCode) => void): Store {
  const counted = (error: unknown): never => {
    if (isStoreError(error)) count(error.code);
    throw error;
  };
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      let method = wrapped.get(property);
      if (!method) {
        method = (...args: unknown[]) => {
          try {
            const result: unknown = value.apply(target, args);
            return result instanceof Promise ? result.catch(counted) : result;
          } catch (error) {
            return counted(error);
          }
        };
        wrapped.set(property, method);
      }
      return method;
    },
  });
}
