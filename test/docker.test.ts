/**
 * The Dockerfile, checked without Docker: its stages, user, command, health check, port and volume as
 * written; then its runtime stage played on this machine. The build stage's `pnpm deploy` line runs as
 * written with `/app` moved to a temporary folder (from the workspace `pnpm build` built, which
 * `pnpm test` runs first), the build stage's copies into `/app` are made, and the image's entrypoint
 * starts `txenrich serve` with the image's environment (the data volume moved too): it writes a first
 * configuration, the HEALTHCHECK command passes, a line is enriched, and SIGTERM stops it.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, type SpawnedServer, spawnServer } from './support/spawned-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions: comments dropped, continued lines joined. */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    pending += line.endsWith('\\') ? `${line.slice(0, -1)} ` : line;
    if (line.endsWith('\\')) continue;
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(pending);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim() });
    pending = '';
  }
  return instructions;
}

/** Instructions by stage, named by `FROM ... AS <name>`. */
function stagesOf(instructions: readonly Instruction[]): Map<string, Instruction[]> {
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] | null = null;
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const name = /\bAS\s+(\S+)$/i.exec(instruction.args)?.[1] ?? `stage-${stages.size}`;
      current = [];
      stages.set(name, current);
    } else current?.push(instruction);
  }
  return stages;
}

const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const stages = stagesOf(parseDockerfile(dockerfile));
const build = stages.get('build') ?? [];
const runtime = stages.get('runtime') ?? [];
const all = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword);
const one = (stage: Instruction[], keyword: string) => {
  const found = all(stage, keyword);
  expect(found, keyword).toHaveLength(1);
  return found[0]!.args;
};
/** The ENV of a stage: `ENV A=1 B=2` lines. */
const envOf = (stage: Instruction[]) =>
  Object.fromEntries(
    all(stage, 'ENV').flatMap((i) => i.args.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
  );

describe('the Dockerfile', () => {
  it('has a build stage and a runtime stage, the runtime last', () => {
    expect([...stages.keys()]).toEqual(['build', 'runtime']);
  });

  it('builds with pnpm from the lockfile, builds the catalog, and deploys production dependencies', () => {
    const runs = all(build, 'RUN').map((i) => i.args);
    expect(runs).toContain('pnpm install --frozen-lockfile --offline');
    expect(runs).toContain('pnpm build');
    expect(runs.find((r) => r.startsWith('pnpm deploy'))).toMatch(/--filter @txenrich\/cli --prod \/app\b/);
    expect(runs.find((r) => r.startsWith('pnpm deploy'))).toContain('/artifact/catalog.json');
  });

  it('runs txenrich serve as an unprivileged user, with a health check, its port and a data volume', () => {
    const user = one(runtime, 'USER');
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(one(runtime, 'CMD')).toBe('["txenrich", "serve"]');
    expect(one(runtime, 'ENTRYPOINT')).toBe('["/app/docker/entrypoint.sh"]');
    expect(one(runtime, 'HEALTHCHECK')).toMatch(/CMD .*\/healthz/);
    const env = envOf(runtime);
    expect(one(runtime, 'EXPOSE')).toBe(env.PORT);
    expect(one(runtime, 'VOLUME')).toBe(`["${env.TXENRICH_DATA_DIR}"]`);
    expect(env.TXENRICH_CONFIG?.startsWith(`${env.TXENRICH_DATA_DIR}/`)).toBe(true);
    // The runtime stage takes the deployed folder and nothing else from the build.
    expect(all(runtime, 'COPY').map((i) => i.args)).toEqual(['--from=build /app /app']);
  });

  it('sends the build only sources: no dependencies, builds, artifact or git history', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', 'packages/catalog/artifact', '.txenrich'])
      expect(ignored).toContain(entry);
    for (const copy of all(build, 'COPY').filter((i) => !i.args.startsWith('--from') && i.args !== '. .')) {
      for (const source of copy.args.split(/\s+/).slice(0, -1)) {
        expect(existsSync(join(root, source)), source).toBe(true);
        expect(ignored).not.toContain(source);
      }
    }
    expect(statSync(join(root, 'docker/entrypoint.sh')).mode & 0o111).not.toBe(0);
  });
});

describe("the image's runtime stage, played without Docker", () => {
  const dir = mkdtempSync(join(tmpdir(), 'txenrich-docker-'));
  const app = join(dir, 'app');
  const data = join(dir, 'data');
  const bin = join(dir, 'bin');
  let server: SpawnedServer | undefined;
  afterAll(() => {
    if (server?.child.pid && isRunning(server.child.pid)) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('deploys as the build stage does, starts, writes its configuration, passes its health check', async () => {
    const missing = ['packages/cli/dist/bin.js', 'packages/catalog/artifact/catalog.json'].filter(
      (path) => !existsSync(join(root, path)),
    );
    if (missing.length > 0) throw new Error(`Run \`pnpm build\` first: ${missing.join(', ')} missing.`);
    const deploy = all(build, 'RUN').find((i) => i.args.startsWith('pnpm deploy'))!.args;
    const deployed = spawnSync('sh', ['-c', deploy.replaceAll('/app', app)], {
      cwd: root,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(deployed.status, `${deployed.stdout}\n${deployed.stderr}`).toBe(0);
    // The build stage's other copies into /app.
    for (const copy of all(build, 'COPY').filter((i) => / \/app\/\S*$/.test(i.args))) {
      const parts = copy.args.split(/\s+/);
      const target = parts.at(-1)!.replace(/^\/app/, app);
      mkdirSync(target, { recursive: true });
      for (const source of parts.slice(0, -1))
        copyFileSync(join(root, source), join(target, source.split('/').at(-1)!));
    }
    // What `RUN ln -s /app/bin/txenrich.js /usr/local/bin/txenrich` gives the image's PATH.
    mkdirSync(bin);
    symlinkSync(join(app, 'bin/txenrich.js'), join(bin, 'txenrich'));
    mkdirSync(data, { mode: 0o700 });

    const port = await freePort();
    const imageEnv = envOf(runtime);
    const env = {
      ...imageEnv,
      PATH: `${bin}:${process.env.PATH}`,
      HOME: data,
      PORT: String(port),
      TXENRICH_DATA_DIR: data,
      TXENRICH_CONFIG: imageEnv.TXENRICH_CONFIG!.replace(imageEnv.TXENRICH_DATA_DIR!, data),
    };
    const entrypoint = JSON.parse(one(runtime, 'ENTRYPOINT'))[0].replace(/^\/app/, app);
    const command = JSON.parse(one(runtime, 'CMD')) as string[];
    server = await spawnServer(entrypoint, command, { cwd: data, env }, 150_000);

    expect(server.output()).toContain('No configuration found: wrote');
    const config = JSON.parse(readFileSync(env.TXENRICH_CONFIG, 'utf8'));
    expect(config.host).toBe('0.0.0.0');
    expect(statSync(env.TXENRICH_CONFIG).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain(config.keys[0].key);
    // exec: the server is the entrypoint's own process, so `docker stop` signals it directly.
    expect(server.serverPid).toBe(server.child.pid);

    const healthcheck = JSON.parse(one(runtime, 'HEALTHCHECK').replace(/^.*?CMD\s+/, '')) as string[];
    expect(healthcheck[0]).toBe('node');
    const check = spawnSync(process.execPath, healthcheck.slice(1), {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(check.status, check.stderr).toBe(0);

    const answer = await fetch(`http://127.0.0.1:${port}/transactions/cards/enrich`, {
      method: 'POST',
      headers: { 'x-api-key': config.keys[0].key, 'content-type': 'application/json' },
      body: JSON.stringify({
        merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA',
        amount: '4.50',
        categoryCode: '5814',
      }),
    });
    expect(answer.status).toBe(200);
    expect(
      ((await answer.json()) as { transactionInfo: { display: { name: string } } }).transactionInfo.display
        .name,
    ).toBe('Blue Bottle Coffee');
    expect(existsSync(join(data, 'txenrich.db'))).toBe(true);

    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 300_000);
});

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
