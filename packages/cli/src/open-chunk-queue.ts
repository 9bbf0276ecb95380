/**
 * The chunk queue of a fleet on Postgres (pg-boss in the store's database),
 * which `serve` opens for its role; none on SQLite, where batches run in the
 * one process.
 */
import type { ChunkQueue, Config, Logger, ServiceRole } from '@txenrich/service';
import { createPgBossChunkQueue } from '@txenrich/store-postgres';
import { UsageError } from './errors.js';

export async function openChunkQueue(
  config: Config,
  role: ServiceRole,
  logger: Logger,
): Promise<ChunkQueue | undefined> {
  if (config.store.kind === 'postgres')
    return createPgBossChunkQueue({
      url: config.store.url,
      onError: (error) => logger.warn({ err: error }, 'chunk queue: retrying after an error'),
    });
  if (role !== 'all')
    throw new UsageError(
      `--role ${role} needs the Postgres store (store.kind "postgres" or DATABASE_URL): SQLite serves one process, --role all.`,
    );
  return undefined;
}
