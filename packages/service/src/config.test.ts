import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { createKeyring } from './keys.js';

const key = { key: 'a-key-of-sixteen-chars', tenant: 'acme', environment: 'sandbox' as const };

describe('parseConfig', () => {
  it('fills the embedded defaults and applies PORT and TXENRICH_DATA_DIR', () => {
    const config = parseConfig({ keys: [key] }, { PORT: '9090', TXENRICH_DATA_DIR: '/var/lib/txenrich' });
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/var/lib/txenrich',
      host: '127.0.0.1',
      synchronousMax: 100,
      rateLimits: { batchPerSecond: 10, searchPerSecond: 20 },
      callbacks: {
        retryHours: 72,
        timeoutMs: 10_000,
        maxConcurrent: 32,
        maxConcurrentPerHost: 4,
        allowlist: [],
      },
    });
    expect(config.keys[0]?.features).toEqual([]);
    expect(Object.isFrozen(config)).toBe(true);
    // A callbacks section that sets one option keeps the defaults of the others.
    expect(parseConfig({ keys: [key], callbacks: { retryHours: 24 } }).callbacks).toEqual({
      retryHours: 24,
      timeoutMs: 10_000,
      maxConcurrent: 32,
      maxConcurrentPerHost: 4,
      allowlist: [],
    });
  });

  it('names every problem of an invalid configuration', () => {
    expect(() =>
      parseConfig({ keys: [{ ...key, key: 'short', environment: 'staging' }], colour: 'blue' }),
    ).toThrow(
      /keys\.0\.key: An API key must be at least 16 characters\.; keys\.0\.environment: .*; \(root\): Unrecognized key: "colour"/,
    );
    expect(() => parseConfig({ keys: [] })).toThrow(/At least one API key is required/);
  });

  it('leaves compression and CORS off by default, and takes origins only', () => {
    const config = parseConfig({ keys: [key] });
    expect(config.compression).toEqual({ enabled: false, thresholdBytes: 1024 });
    expect(config.cors).toEqual({ origins: [], maxAgeSeconds: 600 });
    const open = parseConfig({
      keys: [key],
      compression: { enabled: true },
      cors: { origins: ['https://app.example.com', 'http://localhost:5173', '*'] },
    });
    expect(open.compression).toEqual({ enabled: true, thresholdBytes: 1024 });
    expect(open.cors.origins).toEqual(['https://app.example.com', 'http://localhost:5173', '*']);
    for (const origin of ['https://app.example.com/', 'https://app.example.com/path', 'app.example.com'])
      expect(() => parseConfig({ keys: [key], cors: { origins: [origin] } })).toThrow(
        /cors\.origins\.0: Expected an origin such as https:\/\/app\.example\.com/,
      );
  });

  it('keeps SQLite by default; a store on Postgres from the file or from DATABASE_URL, which wins', () => {
    expect(parseConfig({ keys: [key] }).store).toEqual({ kind: 'sqlite' });
    const url = 'postgres://txenrich:secret@db.internal:5432/txenrich';
    expect(parseConfig({ keys: [key], store: { kind: 'postgres', url } }).store).toEqual({
      kind: 'postgres',
      url,
      maxConnections: 10,
      preparedStatements: true,
    });
    const fromEnv = 'postgresql://other@db2/txenrich';
    expect(parseConfig({ keys: [key] }, { DATABASE_URL: fromEnv }).store).toEqual({
      kind: 'postgres',
      url: fromEnv,
      maxConnections: 10,
      preparedStatements: true,
    });
    // The file's Postgres settings stay; the URL is the environment's.
    expect(
      parseConfig(
        { keys: [key], store: { kind: 'postgres', url, maxConnections: 4, preparedStatements: false } },
        { DATABASE_URL: fromEnv },
      ).store,
    ).toEqual({ kind: 'postgres', url: fromEnv, maxConnections: 4, preparedStatements: false });
    expect(() =>
      parseConfig({ keys: [key], store: { kind: 'postgres', url, preparedStatements: 'no' } }),
    ).toThrow(/store\.preparedStatements/);
    expect(() => parseConfig({ keys: [key], store: { kind: 'sqlite', url } })).toThrow(/store/);
  });

  it('takes a Unix socket in the URL, and names the setting whose URL is of no Postgres form', () => {
    const socket = 'postgres://txenrich@/txenrich?host=/var/run/postgresql';
    expect(parseConfig({ keys: [key], store: { kind: 'postgres', url: socket } }).store).toMatchObject({
      url: socket,
    });
    expect(parseConfig({ keys: [key] }, { DATABASE_URL: socket }).store).toMatchObject({ url: socket });
    const wrong = 'mysql://txenrich:hunter2-secret@db/x';
    const expected = `Expected a Postgres URL such as postgres://user:password@host:5432/database, or for a Unix socket postgres://user@/database?host=/var/run/postgresql.`;
    expect(() => parseConfig({ keys: [key], store: { kind: 'postgres', url: wrong } })).toThrow(
      `Invalid configuration: store.url: ${expected}`,
    );
    // DATABASE_URL is named as itself, whatever the file says, and no part of the URL (its password) is shown.
    for (const input of [{ keys: [key] }, { keys: [key], store: { kind: 'postgres', url: socket } }]) {
      const refused = () => parseConfig(input, { DATABASE_URL: wrong }, '/etc/txenrich.json');
      expect(refused).toThrow(`Invalid configuration in /etc/txenrich.json: DATABASE_URL: ${expected}`);
      expect(refused).not.toThrow(/hunter2/);
    }
  });

  it('names PORT when it is not a port number, and the file a configuration came from', () => {
    for (const port of ['abc', '80.5', '-1', '65536', ' 80'])
      expect(() => parseConfig({ keys: [key] }, { PORT: port })).toThrow(
        `Invalid configuration: PORT must be a port number from 0 to 65535, not ${JSON.stringify(port)}.`,
      );
    expect(() => parseConfig({ keys: [] }, {}, '/etc/txenrich.json')).toThrow(
      /^Invalid configuration in \/etc\/txenrich\.json: keys: At least one API key is required/,
    );
  });
});

describe('parseConfig: retention', () => {
  const defaults = {
    enrichmentDays: 180,
    batchResultDays: 30,
    deliveredCallbackDays: 30,
    seriesInactiveDays: 730,
  };

  it('keeps records for the default periods in every environment, and prunes every 60 minutes', () => {
    expect(parseConfig({ keys: [key] }).retention).toEqual({
      intervalMinutes: 60,
      environments: { sandbox: defaults, production: defaults },
    });
  });

  it('takes periods for every environment, and overrides of one environment on top', () => {
    const config = parseConfig({
      keys: [key],
      retention: {
        enrichmentDays: 90,
        intervalMinutes: 15,
        environments: { sandbox: { enrichmentDays: 7, batchResultDays: 1 }, production: {} },
      },
    });
    expect(config.retention).toEqual({
      intervalMinutes: 15,
      environments: {
        sandbox: { ...defaults, enrichmentDays: 7, batchResultDays: 1 },
        production: { ...defaults, enrichmentDays: 90 },
      },
    });
  });

  it('names each period that is not a whole number of days from 1 to 36500, and unknown keys', () => {
    const invalid = (retention: unknown) => () => parseConfig({ keys: [key], retention });
    expect(invalid({ enrichmentDays: 0 })).toThrow(
      'Invalid configuration: retention.enrichmentDays: Expected at least 1 day.',
    );
    expect(invalid({ environments: { production: { batchResultDays: 1.5 } } })).toThrow(
      'Invalid configuration: retention.environments.production.batchResultDays: Expected a whole number of days.',
    );
    expect(invalid({ seriesInactiveDays: 40_000, intervalMinutes: 0 })).toThrow(
      'Invalid configuration: retention.seriesInactiveDays: Expected at most 36500 days (100 years).; retention.intervalMinutes: Expected at least 1 minute.',
    );
    expect(invalid({ environments: { staging: { enrichmentDays: 1 } } })).toThrow(/retention\.environments/);
    expect(invalid({ environments: { sandbox: { intervalMinutes: 5 } } })).toThrow(
      /retention\.environments\.sandbox: Unrecognized key: "intervalMinutes"/,
    );
    expect(invalid({ enrichmentDays: '180' })).toThrow(/retention\.enrichmentDays: /);
  });
});

describe('createKeyring', () => {
  const keyring = createKeyring(
    parseConfig({ keys: [{ ...key, features: ['triggers'] }], adminKey: 'admin-key-of-16-chars' }),
  );

  it('authenticates a configured key into its tenant, environment and features', () => {
    const principal = keyring.authenticate(key.key);
    expect(principal?.scope).toEqual({ tenant: 'acme', environment: 'sandbox' });
    expect([...(principal?.features ?? [])]).toEqual(['triggers']);
    expect(principal?.keyId).toMatch(/^[0-9a-f]{12}$/);
    expect(principal?.keyId).not.toContain(key.key);
  });

  it('refuses a missing, wrong or nearly right key', () => {
    for (const presented of [undefined, '', 'wrong', `${key.key} `, key.key.toUpperCase()])
      expect(keyring.authenticate(presented)).toBeNull();
  });

  it('recognises the admin key only', () => {
    expect(keyring.isAdmin('admin-key-of-16-chars')).toBe(true);
    expect(keyring.isAdmin(key.key)).toBe(false);
    expect(createKeyring(parseConfig({ keys: [key] })).isAdmin('admin-key-of-16-chars')).toBe(false);
  });
});
