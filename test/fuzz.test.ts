/**
 * Fuzzing every endpoint, the always-on slice (issue #20, targets): 2,000 generated requests (seed 20)
 * to a real `txenrich serve` child process over HTTP, none answered 5xx, every 400 naming its field or
 * saying the body is malformed. The full run is `pnpm --filter @txenrich/benchmarks bench:fuzz`
 * (100,000 requests); see benchmarks/src/fuzz-cases.ts for what the requests hold. Runs the built CLI
 * (`pnpm build` first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeRequest,
  type FuzzTarget,
  fuzzConfig,
  prepareTarget,
  runFuzz,
} from '../benchmarks/src/fuzz-cases.ts';
import { type ServeChild, startServe } from '../benchmarks/src/serve-child.ts';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-fuzz-test-'));
let server: ServeChild;
let target: FuzzTarget;

beforeAll(async () => {
  const configPath = join(dir, 'config.json');
  writeFileSync(configPath, JSON.stringify(fuzzConfig(join(dir, 'data'))));
  server = await startServe({ configPath, logLevel: 'warn' });
  target = await prepareTarget(server.url);
});
afterAll(async () => {
  await server?.stop('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('fuzzing every endpoint', () => {
  it('answers 2,000 generated requests without a 5xx, every 400 naming its field or the body', async () => {
    let died: number | string | null = null;
    void server.exited.then((code) => {
      died = code;
    });
    const report = await runFuzz(target, {
      seed: 20,
      requests: 2000,
      connections: 2,
      shouldStop: () => died !== null,
    });
    const described = (findings: typeof report.serverErrors) =>
      findings.map((finding) => `${finding.status} ${finding.why}\n${describeRequest(finding.request)}`);
    expect(died).toBeNull();
    expect(report.requests).toBe(2000);
    expect(described(report.serverErrors)).toEqual([]);
    expect(described(report.noField)).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
