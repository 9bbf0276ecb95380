/**
 * `txenrich serve` in a child process, started by any command line (`node .../bin.js serve`,
 * `pnpm start`): resolves once its log says it listens (at level info), with its address and the pid
 * that logged it (the server's own, whichever processes stand between).
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** The pid of the server process (pino's `pid`), not of `child` when a launcher stands between. */
  serverPid: number;
  /** Standard output and error so far. */
  output(): string;
}

/**
 * Starts the command; a server that does not listen within `timeoutMs` is killed (its whole process
 * group when `detached`) and the promise rejects, so that no test leaves one running.
 */
export function spawnServer(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
  timeoutMs = 150_000,
): Promise<SpawnedServer> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (options.detached && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
      reject(new Error(`${command} did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^\{.*"msg":"Server listening at (http:\/\/[^"]+)".*\}$/m.exec(output);
      if (!line) return;
      clearTimeout(timer);
      const { pid } = JSON.parse(line[0]) as { pid: number };
      resolve({ child, url: line[1]!, serverPid: pid, output: () => output });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Whether process `pid` still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
