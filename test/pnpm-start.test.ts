/**
 * `pnpm start` under a process manager (`docker stop`, systemd, Kubernetes send SIGTERM to the process
 * they started, here pnpm): the signal reaches the server, which drains, exits and frees its port;
 * nothing is left running.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig, waitFor } from './support/server.ts';
import { isRunning, type SpawnedServer, spawnServer } from './support/spawned-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'txenrich-start-'));
const configPath = join(dir, 'config.json');
writeFileSync(configPath, JSON.stringify(testConfig({ dataDir: join(dir, 'data'), threads: 1 })));
let started: SpawnedServer | undefined;
afterAll(() => {
  // Whatever a failed assertion left running: the group this test started (detached: its own group).
  if (started?.child.pid && isRunning(started.child.pid)) process.kill(-started.child.pid, 'SIGKILL');
  if (started && isRunning(started.serverPid)) process.kill(started.serverPid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Whether something listens on `port` of 127.0.0.1 (listening there fails then). */
function portInUse(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((answer) => {
    probe.once('error', (error: NodeJS.ErrnoException) => answer(error.code === 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => answer(false)));
  });
}

describe('pnpm start', () => {
  it('drains and exits on SIGTERM to pnpm, freeing its port', { timeout: 240_000 }, async () => {
    started = await spawnServer('pnpm', ['start'], {
      cwd: root,
      detached: true,
      env: { ...process.env, TXENRICH_CONFIG: configPath, PORT: '0' },
    });
    const { child, serverPid, url } = started;
    expect(serverPid).not.toBe(child.pid); // pnpm stands between: the signal must cross it
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const port = Number(new URL(url).port);
    expect(await portInUse(port)).toBe(true);

    const pnpmExited = once(child, 'exit');
    child.kill('SIGTERM');
    await pnpmExited;
    await waitFor(
      async () => isRunning(serverPid),
      (running) => !running,
      20_000,
    );
    expect(started.output()).toMatch(/"signal":"SIGTERM","msg":"stopping: draining requests"/);
    expect(started.output()).toMatch(/"msg":"stopped"/);
    expect(await portInUse(port)).toBe(false);
  });
});
