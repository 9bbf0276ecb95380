/**
 * `txenrich serve` as a child process, for the runners that test the service from outside (fuzzing,
 * kill -9 trials): started on a configuration file, resolved once its log says it listens. Its JSON log
 * is read line by line: the last lines are kept for a report, and every line at level error or above
 * (pino's 50 and 60) is kept apart, with the request id it names.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The CLI as built by `pnpm build`. */
export const defaultBin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));

export interface LoggedError {
  /** The request id of the line (`reqId`), when a request was being answered. */
  reqId?: string;
  msg: string;
  /** The error's message and the first lines of its stack, when the line carries one. */
  err?: string;
  line: string;
}

export interface ServeChild {
  child: ChildProcess;
  url: string;
  pid: number;
  /** The last lines of output (standard output and error). */
  tail(): string;
  /** Log lines at level error or above so far. */
  errors: LoggedError[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGKILL, or SIGTERM with a grace period, then the exit. */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<number | string>;
}

export interface ServeOptions {
  configPath: string;
  bin?: string;
  /**
   * `--log-level` (info by default). Above info, `Server listening` is not logged: the server is given a
   * free port (`--port`) and is ready once `/healthz` answers.
   */
  logLevel?: string;
  /** Milliseconds to wait for `Server listening` (the catalog and the worker pool load first). */
  timeoutMs?: number;
  /** Node flags for the server process. */
  nodeFlags?: string[];
  /** Called with every line of output. */
  onLine?: (line: string) => void;
  /** More arguments of `serve` (`--role worker`). */
  args?: string[];
  /** The process's environment (`DATABASE_URL`); this process's by default. */
  env?: NodeJS.ProcessEnv;
}

const TAIL_LINES = 200;

/** A port free now on loopback (another process may take it before the server does: unlikely here). */
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

const logsListening = (level: string) => ['info', 'debug', 'trace'].includes(level);

export async function startServe(options: ServeOptions): Promise<ServeChild> {
  const { configPath, bin = defaultBin, logLevel = 'info', timeoutMs = 180_000, nodeFlags = [] } = options;
  const port = logsListening(logLevel) ? null : await freePort();
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      bin,
      'serve',
      '--config',
      configPath,
      '--log-level',
      logLevel,
      ...(port === null ? [] : ['--port', String(port)]),
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], ...(options.env ? { env: options.env } : {}) },
  );
  const lines: string[] = [];
  const errors: LoggedError[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let listening: ((url: string, pid: number) => void) | null = null;
  const onLine = (line: string) => {
    options.onLine?.(line);
    lines.push(line);
    if (lines.length > TAIL_LINES) lines.shift();
    if (!line.startsWith('{')) return;
    let entry: {
      level?: number;
      msg?: string;
      reqId?: string;
      pid?: number;
      err?: { message?: string; stack?: string };
    };
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    const address = entry.msg && /^Server listening at (http:\/\/[^\s]+)$/.exec(entry.msg);
    if (address && listening) listening(address[1]!, entry.pid ?? child.pid!);
    if ((entry.level ?? 0) >= 50 && errors.length < 10_000)
      errors.push({
        ...(entry.reqId ? { reqId: entry.reqId } : {}),
        msg: entry.msg ?? '',
        ...(entry.err
          ? { err: (entry.err.stack ?? entry.err.message ?? '').split('\n').slice(0, 4).join(' | ') }
          : {}),
        line: line.length > 4000 ? `${line.slice(0, 4000)}...` : line,
      });
  };
  const reader = () => {
    let pending = '';
    return (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop()!;
      for (const part of parts) onLine(part);
    };
  };
  child.stdout!.on('data', reader());
  child.stderr!.on('data', reader());
  const tail = () => lines.join('\n');
  const stop = async (signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      if (signal === 'SIGTERM') {
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
    }
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`txenrich serve did not listen within ${timeoutMs} ms:\n${tail()}`));
    }, timeoutMs);
    listening = (url, pid) => {
      clearTimeout(timer);
      listening = null;
      resolve({ child, url, pid, tail, errors, exited, stop });
    };
    if (port !== null)
      void pollHealth(`http://127.0.0.1:${port}`, () => listening !== null).then(
        (url) => url && listening?.(url, child.pid!),
      );
    void exited.then((code) => {
      clearTimeout(timer);
      if (listening) reject(new Error(`txenrich serve exited (${code}) before listening:\n${tail()}`));
    });
  });
}

/** Polls `/healthz` until it answers 200 (the URL), or `waiting()` turns false (null). */
async function pollHealth(url: string, waiting: () => boolean): Promise<string | null> {
  while (waiting()) {
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}
