/**
 * Readiness (`/readyz`), apart from liveness (`/healthz`): the service can
 * serve now when its store can be used (reachable and, for a file, still the
 * file it opened: a database file deleted or replaced under a running
 * service would swallow every write) and the catalog is loaded, in this
 * thread and in every worker. A change of the store's state is logged once,
 * not at every probe.
 */
import type { Engine } from '@txenrich/core';
import type { EnrichmentPool } from '@txenrich/pool';
import type { ReadinessBody } from '@txenrich/schema';
import type { Logger } from './logger.js';
import type { Store } from './store.js';
import { isStoreError } from './store-errors.js';

/** Whether every check is `ok`, and each check's outcome (`readinessSchema`). */
export interface Readiness {
  ready: boolean;
  checks: ReadinessBody['checks'];
}

export interface ReadinessOptions {
  store: Store;
  engine: Engine;
  pool: EnrichmentPool;
  logger: Logger;
}

export function createReadiness(options: ReadinessOptions): { check(): Promise<Readiness> } {
  const { store, engine, logger } = options;
  let workers: Readiness['checks']['catalog'] = 'loading';
  options.pool.ready().then(
    () => {
      workers = 'ok';
    },
    () => {
      workers = 'failed';
    },
  );
  let lastStore = 'ok';

  async function storeState(): Promise<string> {
    try {
      await store.check();
      if (lastStore !== 'ok') logger.info({ was: lastStore }, 'store usable again');
      return 'ok';
    } catch (error) {
      const code = isStoreError(error) ? error.code : 'STORE_FAILED';
      if (code !== lastStore) logger.error({ err: error }, 'store not usable: not ready');
      return code;
    }
  }

  return {
    async check() {
      const storeCheck = await storeState();
      lastStore = storeCheck;
      // The engine of this thread loaded the catalog when it was built; the workers load their own.
      const catalog = engine.catalog.merchants.length === 0 ? 'failed' : workers;
      return { ready: storeCheck === 'ok' && catalog === 'ok', checks: { store: storeCheck, catalog } };
    },
  };
}
