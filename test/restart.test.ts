/** A batch survives kill -9: the restarted service finishes it, nothing lost or duplicated. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { keys, testConfig, waitFor } from './support/server.ts';

const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'txenrich-restart-'));
const configPath = join(dir, 'config.json');
writeFileSync(configPath, JSON.stringify(testConfig({ port: 0, dataDir: join(dir, 'data'), threads: 1 })));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `txenrich serve` and resolves with its base URL once it listens. */
function serve(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [bin, 'serve', '--config', configPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve({ child, url: listening[1]!, output: () => output });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}

const get = async (url: string) => (await fetch(url, { headers: { 'x-api-key': keys.acmeSandbox } })).json();

describe('a batch interrupted by kill -9', () => {
  it('is finished after a restart', async () => {
    const first = await serve();
    const transactions = Array.from({ length: 50_000 }, (_, index) => ({
      transactionId: `k-${index}`,
      merchantName: index % 3 ? 'SQ *BLUE BOTTLE COFFEE SF CA' : 'NETFLIX.COM',
      amount: 4.5,
      occurredAt: `2024-0${1 + (index % 9)}-05`,
      userId: `user-${index % 500}`,
    }));
    const response = await fetch(`${first.url}/batches/transactions/cards/enrich`, {
      method: 'POST',
      headers: { 'x-api-key': keys.acmeSandbox, 'content-type': 'application/json' },
      body: JSON.stringify({ transactions }),
    });
    const { batchId } = (await response.json()) as { batchId: string };
    await waitFor(
      () => get(`${first.url}/batches/${batchId}`) as Promise<{ status: string }>,
      (batch) => batch.status !== 'pending',
    );
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await serve();
    const batch = (await waitFor(
      () => get(`${second.url}/batches/${batchId}`) as Promise<{ status: string }>,
      (state) => state.status === 'completed' || state.status === 'failed',
      60_000,
    )) as { status: string };
    expect(batch.status).toBe('completed');
    expect(second.output()).toMatch(/"batch":"[^"]+","status":"running".*"msg":"resuming batch"/);
    const { results } = (await get(`${second.url}/batches/${batchId}/results`)) as {
      results: Array<{ statusCode: number; transactionInfo: { transactionId: string } }>;
    };
    expect(results).toHaveLength(50_000);
    expect(results.every((item, index) => item.transactionInfo.transactionId === `k-${index}`)).toBe(true);
    expect(results.every((item) => item.statusCode === 200)).toBe(true);
    second.child.kill('SIGTERM');
    expect(await new Promise((resolve) => second.child.once('exit', resolve))).toBe(0);
  }, 120_000);
});
