/**
 * Every code sample of the README, run as written against the built packages (`pnpm test` builds
 * first): the TypeScript samples with node, the `pnpm exec txenrich` commands in a scratch folder that
 * holds the inputs they name, the curl commands against a running `txenrich serve`, the configuration
 * sample through the configuration's validation. The few changes made to run them are in
 * `substitutions`; a command this test does not know fails it, so that a new sample needs a decision here.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@txenrich/service';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, keys, testConfig } from './support/server.ts';
import { type SpawnedServer, spawnServer } from './support/spawned-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'node_modules/.bin/txenrich');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

interface Sample {
  language: string;
  text: string;
  /** The README line the sample starts on, to name it. */
  line: number;
}

const samples: Sample[] = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
  language: match[1]!,
  text: match[2]!,
  line: readme.slice(0, match.index).split('\n').length,
}));
const ofLanguage = (...languages: string[]) =>
  samples.filter((sample) => languages.includes(sample.language));

/** A shell sample's commands: continuation lines joined, comment lines and blank lines left out. */
function commandsOf(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** What is changed to run a sample here, and why. */
const substitutions = {
  /** 1,000,000 generated rows take minutes; a few thousand exercise the same commands. */
  rows: ['--rows 1000000', '--rows 3000'],
  /** The samples' key placeholder and default address: the test server's. */
  key: 'sk_sandbox_...',
  address: 'http://localhost:8080',
} as const;

/** Commands not run here, each with the reason. */
const notRun: ReadonlyArray<[RegExp, string]> = [
  [
    /^npm i -g pnpm@10 && pnpm install && pnpm start/,
    'installs pnpm globally: bin.test.ts and pnpm-start.test.ts run the rest',
  ],
  [/^pnpm test\b/, 'this test is part of it'],
  [/^pnpm exec txenrich serve \[/, 'placeholders; the curl samples below run against `txenrich serve`'],
  [/^pnpm exec txenrich catalog build$/, 'what `pnpm build` runs before this test'],
  [
    /^(export DATABASE_URL=|txenrich serve --role )/,
    'a fleet on Postgres hosts: fleet.test.ts runs 2 API and 2 worker processes on a test Postgres',
  ],
  [
    /^docker (build|run|logs) /,
    'no Docker in CI: docker.test.ts checks the Dockerfile and plays its runtime stage',
  ],
];
const reasonNotRun = (command: string) => notRun.find(([pattern]) => pattern.test(command))?.[1];

const dir = mkdtempSync(join(tmpdir(), 'txenrich-readme-'));
// Samples import the workspace packages as a user's program would: through node_modules, built.
symlinkSync(join(root, 'test/node_modules'), join(dir, 'node_modules'));
symlinkSync(join(root, 'datasets'), join(dir, 'datasets'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` with bash in the scratch folder, `pnpm exec txenrich` being this checkout's bin. */
function bash(script: string, timeout = 120_000) {
  const prelude = `pnpm() { if [ "$1" = exec ] && [ "$2" = txenrich ]; then shift 2; "${bin}" "$@"; else command pnpm "$@"; fi; }`;
  return spawnSync('bash', ['-c', `${prelude}\n${script}`], { cwd: dir, encoding: 'utf8', timeout });
}

describe('README', () => {
  it('has samples of each kind', () => {
    expect(ofLanguage('ts', 'js').length).toBeGreaterThanOrEqual(3);
    expect(ofLanguage('sh').length).toBeGreaterThanOrEqual(6);
  });

  it('has TypeScript samples that run on this Node as written', { timeout: 120_000 }, () => {
    for (const sample of ofLanguage('ts', 'js')) {
      // Types are stripped, nothing else: syntax this Node lacks (`await using` before Node 24) stays and fails.
      const { outputText } = ts.transpileModule(sample.text, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext },
      });
      const file = join(dir, `sample-${sample.line}.mjs`);
      writeFileSync(file, outputText);
      const result = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect(result.stderr, `README line ${sample.line}`).toBe('');
      expect(result.status, `README line ${sample.line}`).toBe(0);
    }
  });

  it('has a configuration sample that the configuration accepts', () => {
    const [config, ...others] = ofLanguage('json');
    expect(() => parseConfig(JSON.parse(config!.text))).not.toThrow();
    for (const sample of others)
      expect(() => JSON.parse(sample.text), `README line ${sample.line}`).not.toThrow();
  });

  it('has txenrich commands that run as written', { timeout: 600_000 }, () => {
    writeFileSync(
      join(dir, 'input.jsonl'),
      [
        { transactionId: 't1', merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA', categoryCode: '5814' },
        { transactionId: 't2', merchantName: 'NETFLIX.COM', amount: 15.49 },
      ]
        .map((body) => JSON.stringify(body))
        .join('\n'),
    );
    writeFileSync(
      join(dir, 'export.csv'),
      'Date,Description,Amount,MCC\n2024-06-01,SQ *BLUE BOTTLE COFFEE SF CA,4.50,5814\n2024-06-02,NETFLIX.COM,15.49,4899\n',
    );
    // The bank export of the Bank exports sample: the CLI tests' Chase checking export, named as Chase names it.
    copyFileSync(
      join(root, 'packages/cli/test/fixtures/bank-exports/chase-checking.csv'),
      join(dir, 'Chase1234_Activity_20240320.CSV'),
    );
    const commands = ofLanguage('sh')
      .flatMap((sample) => commandsOf(sample.text).map((command) => ({ command, line: sample.line })))
      // The curl samples (and their variables) run against a server below.
      .filter(({ command }) => !command.startsWith('curl') && !/^[A-Z]+=/.test(command));
    let ran = 0;
    for (const { command, line } of commands) {
      if (reasonNotRun(command)) continue;
      expect(command, `README line ${line}: a command this test does not know`).toMatch(
        /^pnpm exec txenrich /,
      );
      const result = bash(command.replace(substitutions.rows[0], substitutions.rows[1]));
      expect(result.status, `README line ${line}: ${command}\n${result.stderr}`).toBe(0);
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(10);
  });

  describe('curl samples, against txenrich serve', () => {
    let server: SpawnedServer;
    beforeAll(async () => {
      const configPath = join(dir, 'serve-config.json');
      mkdirSync(join(dir, 'serve-data'));
      const config = testConfig({ dataDir: join(dir, 'serve-data'), threads: 1 });
      config.keys[0]!.features = ['merchantSearch', 'triggers', 'multiSource'];
      writeFileSync(configPath, JSON.stringify(config));
      server = await spawnServer(bin, ['serve', '--config', configPath, '--port', '0'], {
        cwd: dir,
      });
    }, 180_000);
    afterAll(async () => {
      server?.child.kill('SIGTERM');
      if (server?.child.exitCode === null) await new Promise((exited) => server.child.once('exit', exited));
    });

    it('answer every request, none with a 5xx', { timeout: 120_000 }, () => {
      const blocks = ofLanguage('sh').filter((sample) =>
        commandsOf(sample.text).some((c) => c.startsWith('curl')),
      );
      // Each curl call writes its status on a line of its own; ids the samples leave to the reader are unknown ids.
      const prelude = [
        `curl() { command curl -sS -w '\\n@status %{http_code}\\n' "$@"; }`,
        `A='X-Admin-Key: ${adminKey}'`,
        'BATCH_ID=0190d6c8-0000-7000-8000-000000000000',
        'REPORT_ID=0190d6c8-0000-7000-8000-000000000001',
        'CALLBACK_ID=0190d6c8-0000-7000-8000-000000000002',
        'ENRICHMENT_ID=0190d6c8-0000-7000-8000-000000000003',
      ].join('\n');
      const script = blocks
        .map((sample) => sample.text.replaceAll(substitutions.key, keys.acmeSandbox))
        .map((text) => text.replaceAll(substitutions.address, server.url))
        .join('\n');
      // Every block after the Endpoints one uses its K, J and B, as the README says.
      const result = bash(`${prelude}\n${script}`);
      expect(result.stderr).toBe('');
      const statuses = [...result.stdout.matchAll(/^@status (\d{3})$/gm)].map((match) => Number(match[1]));
      const calls = blocks.flatMap((sample) => commandsOf(sample.text)).filter((c) => c.startsWith('curl'));
      expect(statuses).toHaveLength(calls.length);
      expect(statuses[0]).toBe(200); // the Quick start's enrichment
      for (const [index, status] of statuses.entries())
        expect(status >= 200 && status < 500, `${calls[index]}\n=> ${status}`).toBe(true);
    });
  });
});
