/**
 * `txenrich serve [--config file]`: the HTTP service on its embedded
 * defaults. Without a configuration it writes one under `./.txenrich/` with
 * a generated sandbox key, printed once with a ready-to-paste curl.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { iconsDir } from '@txenrich/catalog';
import { createEngine } from '@txenrich/core';
import { buildServer, createLogger } from '@txenrich/http';
import { createPool } from '@txenrich/pool';
import { type ConfigInput, createService, featureNames, loadConfig } from '@txenrich/service';
import { createSqliteStore } from '@txenrich/store-sqlite';
import type { Command } from 'commander';
import { capHeapGrowth, fullCollection, turnOffPretenuring } from '../heap.js';
import type { CliIo } from '../io.js';

/** Where `serve` looks for (and, when absent, writes) its configuration. */
export const DEFAULT_CONFIG_PATH = '.txenrich/config.json';

const secret = () => randomBytes(24).toString('base64url');

/** A first configuration: one sandbox key with every feature, a webhook token and an admin key. */
function writeStarterConfig(path: string, io: CliIo): void {
  const key = `sk_sandbox_${secret()}`;
  const config: ConfigInput = {
    keys: [{ key, tenant: 'default', environment: 'sandbox', features: [...featureNames] }],
    webhookToken: secret(),
    adminKey: secret(),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  const port = process.env.PORT ?? '8080';
  io.stdout(
    [
      `No configuration found: wrote ${path} with a sandbox API key (shown this once; it stays in that file):`,
      '',
      `  ${key}`,
      '',
      'Try it:',
      '',
      `  curl -s http://localhost:${port}/transactions/cards/enrich \\`,
      `    -H 'X-Api-Key: ${key}' -H 'Content-Type: application/json' \\`,
      `    -d '{"merchantName": "SQ *BLUE BOTTLE COFFEE SF CA", "amount": "4.50", "categoryCode": "5814"}'`,
      '',
    ].join('\n'),
  );
}

export function registerServe(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('run the HTTP service (SQLite under ./.txenrich/, port 8080 by default)')
    .option('--config <path>', 'configuration file (default: $TXENRICH_CONFIG, else ./.txenrich/config.json)')
    .action(async (flags: { config?: string }) => {
      turnOffPretenuring();
      capHeapGrowth(50);
      const explicit = flags.config ?? process.env.TXENRICH_CONFIG;
      const path = resolve(explicit ?? DEFAULT_CONFIG_PATH);
      if (!explicit && !existsSync(path)) writeStarterConfig(path, io);
      const config = loadConfig(path);
      const logger = createLogger();
      const assetBaseUrl = config.assetBaseUrl ?? `http://localhost:${config.port}/icons/`;
      const engine = createEngine({ assetBaseUrl });
      engine.searchMerchants('warm up', 1); // builds the search index now, not on the first request
      const pool = createPool({ assetBaseUrl, ...(config.threads ? { threads: config.threads } : {}) });
      const store = createSqliteStore({ path: join(resolve(config.dataDir), 'txenrich.db') });
      const service = createService({
        config,
        store,
        engine,
        pool,
        logger,
        collectGarbage: fullCollection(),
      });
      const app = await buildServer({ service, logger, iconsDir });
      await pool.ready();
      await service.start();
      await app.listen({ port: config.port, host: config.host });

      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, 'stopping: draining requests');
        await app.close(); // stops accepting, waits for in-flight requests
        await service.close(); // a batch in progress stops after its chunk and resumes at the next start
        await pool.close();
        await store.close();
        logger.info({}, 'stopped');
      };
      await new Promise<void>((done) => {
        for (const signal of ['SIGTERM', 'SIGINT'] as const)
          process.once(signal, () => void stop(signal).then(done, done));
      });
    });
}
