/**
 * `txenrich serve [--config file] [--port n] [--role all|api|worker] [--log-level level]`:
 * the HTTP service on its embedded defaults; on Postgres, one process of a fleet by its role. Without a configuration it writes one
 * under `./.txenrich/` with a generated sandbox key, printed once with a
 * ready-to-paste curl. SIGTERM or SIGINT drains it and ends the process.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { iconsDir } from '@txenrich/catalog';
import { createEngine } from '@txenrich/core';
import { buildServer, createLogger } from '@txenrich/http';
import { createPool } from '@txenrich/pool';
import {
  type ConfigInput,
  createService,
  featureNames,
  loadConfig,
  parseConfig,
  type Service,
  type ServiceRole,
  serviceRoles,
} from '@txenrich/service';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { UsageError } from '../errors.js';
import { capHeapGrowth, turnOffPretenuring } from '../heap.js';
import type { CliIo } from '../io.js';
import { openChunkQueue } from '../open-chunk-queue.js';
import { openStore } from '../open-store.js';

/** Where `serve` looks for (and, when absent, writes) its configuration. */
export const DEFAULT_CONFIG_PATH = '.txenrich/config.json';

const secret = () => randomBytes(24).toString('base64url');

/** A first configuration: one sandbox key with every feature, a webhook token and an admin key. */
function starterConfig() {
  return {
    keys: [
      {
        key: `sk_sandbox_${secret()}`,
        tenant: 'default',
        environment: 'sandbox',
        features: [...featureNames],
      },
    ],
    webhookToken: secret(),
    adminKey: secret(),
  } satisfies ConfigInput;
}

/** Writes a first configuration at `path` (validated first, `$PORT` included), and shows its key once. */
function writeStarterConfig(path: string, env: NodeJS.ProcessEnv, io: CliIo): void {
  const config = starterConfig();
  const { port } = parseConfig(config, env);
  const { key } = config.keys[0]!;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
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

/** The HTTP server `buildServer` answers. */
type Server = Awaited<ReturnType<typeof buildServer>>;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

interface ServeFlags {
  config?: string;
  port?: number;
  role: ServiceRole;
  logLevel: (typeof logLevels)[number];
}

function portNumber(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw new InvalidArgumentError('Expected a port number from 0 to 65535.');
  return port;
}

/** Listens, turning the usual reasons it cannot into one line. */
async function listen(app: Server, { port, host }: { port: number; host: string }): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `port ${port} on ${host}`;
    if (code === 'EADDRINUSE')
      throw new UsageError(
        `${where} is in use by another program: stop it, or choose another port with --port or PORT.`,
      );
    if (code === 'EACCES')
      throw new UsageError(`not allowed to listen on ${where}: choose another port with --port or PORT.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new UsageError(
        `cannot listen on ${host}: it is not an address of this machine (see "host" in the configuration).`,
      );
    throw error;
  }
}

const signals = ['SIGTERM', 'SIGINT'] as const;

/** A signal repeated this soon is the same request to stop, not an impatient second one. */
const REPEAT_MS = 1000;

/**
 * Resolves once SIGTERM or SIGINT has drained the server through `close`. Ctrl-C under `pnpm start`
 * arrives twice at once (from the terminal, and forwarded by pnpm): a repeat within `REPEAT_MS` is
 * ignored, a later one ends the process without waiting for the drain.
 */
function stopOnSignal(close: () => Promise<void>, logger: ReturnType<typeof createLogger>): Promise<void> {
  return new Promise((stopped) => {
    let firstAt = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      if (firstAt > 0) {
        if (Date.now() - firstAt < REPEAT_MS) return;
        logger.warn({ signal }, 'stopping now, without draining');
        process.exit(1);
      }
      firstAt = Date.now();
      logger.info({ signal }, 'stopping: draining requests');
      close()
        .then(
          () => logger.info({}, 'stopped'),
          (error: unknown) => logger.error({ err: error }, 'stopping failed'),
        )
        .finally(() => {
          for (const name of signals) process.off(name, onSignal);
          stopped();
        });
    };
    for (const name of signals) process.on(name, onSignal);
  });
}

export function registerServe(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description(
      'run the HTTP service (SQLite under ./.txenrich/, or Postgres at $DATABASE_URL; port 8080 by default)',
    )
    .option('--config <path>', 'configuration file (default: $TXENRICH_CONFIG, else ./.txenrich/config.json)')
    .option(
      '--port <n>',
      "port to listen on (default: $PORT, else the configuration's port, else 8080)",
      portNumber,
    )
    .addOption(
      new Option(
        '--role <role>',
        'api: answer requests and queue batches; worker: run batch chunks and send callbacks (both need Postgres)',
      )
        .choices(serviceRoles)
        .default('all'),
    )
    .addOption(
      new Option('--log-level <level>', 'the least severe log lines written')
        .choices(logLevels)
        .default('info'),
    )
    .action(async (flags: ServeFlags) => {
      turnOffPretenuring();
      capHeapGrowth(50);
      const explicit = flags.config ?? process.env.TXENRICH_CONFIG;
      const path = resolve(explicit ?? DEFAULT_CONFIG_PATH);
      // --port wins over $PORT, which wins over the file.
      const env = flags.port === undefined ? process.env : { ...process.env, PORT: String(flags.port) };
      if (!explicit && !existsSync(path)) writeStarterConfig(path, env, io);
      const config = loadConfig(path, env);
      const logger = createLogger({ level: flags.logLevel });
      const assetBaseUrl = config.assetBaseUrl ?? `http://localhost:${config.port}/icons/`;
      const engine = createEngine({ assetBaseUrl });
      engine.searchMerchants('warm up', 1); // builds the search index now, not on the first request
      const store = await openStore(config);
      const chunkQueue = await openChunkQueue(config, flags.role, logger).catch(async (error: unknown) => {
        await store.close();
        throw error;
      });
      // An API process of a fleet runs no batch chunk: one thread, for the pool's readiness alone.
      const threads = flags.role === 'api' ? 1 : config.threads;
      const pool = createPool({ assetBaseUrl, ...(threads ? { threads } : {}) });
      let service: Service | undefined;
      let app: Server | undefined;
      // In this order: no new requests, then no batch work, then the threads and the database.
      const close = async () => {
        await app?.close(); // stops accepting, waits for in-flight requests
        await service?.close(); // a batch in progress stops after its chunk and resumes at the next start
        await chunkQueue?.close();
        await pool.close();
        await store.close();
      };
      try {
        service = createService({
          config,
          store,
          engine,
          pool,
          logger,
          role: flags.role,
          ...(chunkQueue ? { chunkQueue } : {}),
        });
        app = await buildServer({ service, logger, iconsDir });
        await pool.ready();
        await service.start();
        await listen(app, config);
      } catch (error) {
        await close(); // the worker threads would keep the process alive
        throw error;
      }

      await stopOnSignal(close, logger);
    });
}
