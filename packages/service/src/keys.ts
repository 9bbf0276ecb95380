/**
 * API keys: hashed when the configuration is loaded, never kept in clear;
 * a presented key is hashed and compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config, Feature } from './config.js';
import type { Scope } from './store.js';

/** Who is calling: the key's tenant and environment, and what it may use. */
export interface Principal {
  scope: Scope;
  features: ReadonlySet<Feature>;
  /** A short, non-secret id of the key (a hash prefix): for rate limits and logs. */
  keyId: string;
}

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

export interface Keyring {
  authenticate(presented: string | undefined): Principal | null;
  /** The admin key matches (constant time); false when no admin key is configured. */
  isAdmin(presented: string | undefined): boolean;
}

export function createKeyring(config: Pick<Config, 'keys' | 'adminKey'>): Keyring {
  const principals = new Map<string, { hash: Buffer; principal: Principal }>();
  for (const entry of config.keys) {
    const hash = digest(entry.key);
    principals.set(hash.toString('hex'), {
      hash,
      principal: Object.freeze({
        scope: Object.freeze({ tenant: entry.tenant, environment: entry.environment }),
        features: new Set(entry.features),
        keyId: hash.toString('hex').slice(0, 12),
      }),
    });
  }
  const adminHash = config.adminKey ? digest(config.adminKey) : null;
  return {
    authenticate(presented) {
      if (!presented) return null;
      const hash = digest(presented);
      // The map finds the candidate by its hash; the constant-time comparison confirms it.
      const found = principals.get(hash.toString('hex'));
      return found && timingSafeEqual(found.hash, hash) ? found.principal : null;
    },
    isAdmin(presented) {
      return Boolean(presented && adminHash && timingSafeEqual(digest(presented), adminHash));
    },
  };
}
