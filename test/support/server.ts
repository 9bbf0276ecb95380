/**
 * A real service for end-to-end tests: SQLite in a temporary folder (or a
 * Postgres database of its own: `store: 'postgres'`), real worker threads,
 * Fastify listening on a loopback port. The engine and the
 * pool are expensive, so a test file shares one of each across its servers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '@txenrich/core';
import { buildServer } from '@txenrich/http';
import { createPool, type EnrichmentPool } from '@txenrich/pool';
import {
  type ChunkQueue,
  type ConfigInput,
  createService,
  type Logger,
  parseConfig,
  type ResolveHost,
  type Service,
  type ServiceRole,
} from '@txenrich/service';
import { createPostgresStore } from '@txenrich/store-postgres';
import { createSqliteStore } from '@txenrich/store-sqlite';
import type Database from 'better-sqlite3';
import { openPostgresTestStore, type StoreKind } from './test-stores.ts';

export const keys = {
  acmeSandbox: 'acme-sandbox-key-0000000000000001',
  acmeProduction: 'acme-production-key-000000000001',
  globexSandbox: 'globex-sandbox-key-0000000000001',
} as const;

export const webhookToken = 'webhook-token-000000000000000001';
export const adminKey = 'admin-key-0000000000000000000001';

/**
 * The test deployment's configuration. Callback receivers (`startReceiver`) listen on 127.0.0.1, an
 * address callbacks may not reach unless allowlisted: the test configuration opens it.
 */
export function testConfig(overrides: Partial<ConfigInput> = {}): ConfigInput {
  return {
    keys: [
      {
        key: keys.acmeSandbox,
        tenant: 'acme',
        environment: 'sandbox',
        features: ['merchantSearch', 'triggers'],
      },
      { key: keys.acmeProduction, tenant: 'acme', environment: 'production', features: [] },
      { key: keys.globexSandbox, tenant: 'globex', environment: 'sandbox', features: ['multiSource'] },
    ],
    webhookToken,
    adminKey,
    callbacks: { allowlist: ['127.0.0.1'] },
    ...overrides,
  };
}

export interface TestServer {
  url: string;
  service: Service;
  dataDir: string;
  request(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** A request to `server` and its answer: the status and the body read as JSON (null when empty). */
export async function callJson<Body = unknown>(
  server: TestServer,
  path: string,
  method = 'GET',
  json?: unknown,
  key: string = keys.acmeSandbox,
): Promise<{ status: number; body: Body | null }> {
  const response = await server.request(path, { method, key, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Body) : null };
}

let shared: { engine: Engine; pool: EnrichmentPool } | null = null;

/** The engine and pool of this test file (close with `closeShared`). */
export function sharedParts() {
  shared ??= { engine: createEngine(), pool: createPool({ threads: 2 }) };
  return shared;
}

export async function closeShared(): Promise<void> {
  await shared?.pool.close();
  shared = null;
}

export async function startServer(
  overrides: Partial<ConfigInput> = {},
  options: {
    dataDir?: string;
    callbackBackoffMs?: number;
    /** The first wait before a batch interrupted by a transient store fault resumes. */
    storeFaultDelayMs?: number;
    /** The service's logger (silent by default; the HTTP server's stays off). */
    logger?: Logger;
    /** The store's kind: SQLite (a file in `dataDir`) by default. */
    store?: StoreKind;
    /** With `store: 'postgres'`: the server to take a database on (the tests' shared one by default). */
    postgresUrl?: string;
    /**
     * With `store: 'postgres'`: this database rather than one of its own, shared with other servers as
     * processes of a fleet share theirs (kept at close).
     */
    postgresDatabaseUrl?: string;
    /** A ready SQLite connection for the store (the test keeps it, to break it). */
    database?: Database.Database;
    busyTimeoutMs?: number;
    /** The DNS of callback hosts. */
    resolveHost?: ResolveHost;
    /** The service's clock (`Date.now` by default). */
    now?: () => number;
    /** This process's role in a fleet (`all` by default); `api` and `worker` need `chunkQueue`. */
    role?: ServiceRole;
    /** The fleet's chunk queue (on the Postgres database of `postgresDatabaseUrl`), closed with the server. */
    chunkQueue?: ChunkQueue;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'txenrich-e2e-'));
  const config = parseConfig(testConfig(overrides));
  const { engine, pool } = sharedParts();
  const busy = options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs };
  const { store, close: closeStore } =
    options.store === 'postgres'
      ? options.postgresDatabaseUrl
        ? ownedStore(await createPostgresStore({ url: options.postgresDatabaseUrl }))
        : await openPostgresTestStore(options.postgresUrl)
      : ownedStore(
          createSqliteStore(
            options.database
              ? { database: options.database, ...busy }
              : { path: join(dataDir, 'txenrich.db'), ...busy },
          ),
        );
  const service = createService({
    config,
    store,
    engine,
    pool,
    ...(options.callbackBackoffMs ? { callbackBackoffMs: options.callbackBackoffMs } : {}),
    ...(options.storeFaultDelayMs ? { storeFaultDelayMs: options.storeFaultDelayMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.role ? { role: options.role } : {}),
    ...(options.chunkQueue ? { chunkQueue: options.chunkQueue } : {}),
  });
  const app = await buildServer({ service, logger: false });
  await service.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    service,
    dataDir,
    request(path, init = {}) {
      const { key = keys.acmeSandbox, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key) headers.set('x-api-key', key);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(url + path, {
        ...rest,
        headers,
        ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}),
      });
    },
    async close() {
      await app.close();
      await service.close();
      await options.chunkQueue?.close();
      await closeStore();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A store the server closes, and nothing else. */
const ownedStore = (store: Service['store']) => ({ store, close: () => store.close() });

/** Polls until `done` answers true (or throws after `timeoutMs`). */
export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Received {
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * A local HTTP receiver for callbacks: answers `statuses` in turn (then 200), records every POST. A 3xx
 * answer carries `Location: redirectTo`.
 */
export async function startReceiver(statuses: number[] = [], options: { redirectTo?: string } = {}) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text) as unknown });
      response.statusCode = statuses.shift() ?? 200;
      if (options.redirectTo && response.statusCode >= 300 && response.statusCode < 400)
        response.setHeader('location', options.redirectTo);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
