/**
 * Fuzzing every endpoint (issue #20, targets): a real `txenrich serve` child process on SQLite in a
 * temporary folder, sent `--requests` generated requests (100,000 by default) over `--connections`
 * kept-alive loopback connections (4). See `fuzz-cases.ts` for what the requests hold and what is
 * checked. Printed: the answers by status, every 5xx with the request that caused it (and the server's
 * logged error), every 400 that names no field and says nothing of the body, other error answers not in
 * the contract's shape, and requests that got no answer. Exit code 1 when there is a 5xx or such a 400,
 * or the server died.
 *
 * The run is repeatable: request `i` depends only on `--seed` and `i` (and the ids the server gave the
 * few things made before the run). `--replay 17,523` sends only those requests.
 *
 *   pnpm --filter @txenrich/benchmarks bench:fuzz [--requests 100000] [--seed 1] [--connections 4] [--replay i,j] [--bin path]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  describeRequest,
  type Finding,
  type FuzzReport,
  fuzzConfig,
  prepareTarget,
  runFuzz,
} from './fuzz-cases.js';
import { defaultBin, type LoggedError, startServe } from './serve-child.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    connections: { type: 'string', default: '4' },
    replay: { type: 'string' },
    bin: { type: 'string', default: defaultBin },
    keep: { type: 'boolean', default: false },
  },
});

const seed = Number(values.seed);
const dir = mkdtempSync(join(tmpdir(), 'txenrich-fuzz-'));
const configPath = join(dir, 'config.json');
writeFileSync(configPath, JSON.stringify(fuzzConfig(join(dir, 'data'))));
// Warnings and errors only: one info line per request would cost the server more than the request.
const server = await startServe({ configPath, bin: values.bin, logLevel: 'warn' }).catch((error: unknown) => {
  rmSync(dir, { recursive: true, force: true });
  throw error;
});
let died: number | string | null = null;
void server.exited.then((code) => {
  died = code;
});

let report: FuzzReport;
try {
  const target = await prepareTarget(server.url);
  const only = values.replay?.split(',').map(Number);
  console.log(
    `fuzzing ${server.url} (txenrich serve, pid ${server.pid}): ${only ? `replay of ${only.length}` : values.requests} requests, seed ${seed}, ${values.connections} connections, node ${process.version}`,
  );
  report = await runFuzz(target, {
    seed,
    requests: Number(values.requests),
    connections: Number(values.connections),
    ...(only ? { only } : {}),
    shouldStop: () => died !== null,
    onProgress: (done, progress) => {
      if (done % 10_000 === 0)
        console.log(
          `  ${done} requests, ${Math.round(performance.now() / 1000)} s: ${progress.serverErrors.length} 5xx, ${progress.noField.length} 400 naming no field`,
        );
    },
  });
  const health = await fetch(`${server.url}/healthz`).then(
    (response) => response.status,
    (error: Error) => error.message,
  );
  print(report, health);
} finally {
  const code = await server.stop('SIGTERM');
  if (died === null && code !== 0) console.log(`the server exited with ${code} at SIGTERM`);
  if (values.keep) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

function print(report: FuzzReport, health: number | string) {
  const seconds = report.ms / 1000;
  console.log(
    `\n${report.requests} requests in ${seconds.toFixed(1)} s (${Math.round(report.requests / seconds)}/s); server ${died === null ? `alive, /healthz ${health}` : `DIED (${died})`}`,
  );
  console.log('answers by status:');
  for (const [status, count] of [...report.byStatus].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`  ${status.padEnd(36)} ${count}`);
  const { field, body, sentence } = report.badRequests;
  console.log(
    `400 answers: ${field} name their fields, ${body} say the body (or the request) is malformed, ${sentence} name fields in a sentence (a rule across fields)`,
  );
  console.log('time by kind of request (request-seconds, over the connections):');
  for (const [shape, { count, ms }] of [...report.timeByShape].sort(([, a], [, b]) => b.ms - a.ms))
    console.log(
      `  ${shape.padEnd(36)} ${String(count).padStart(7)} requests  ${(ms / 1000).toFixed(1).padStart(8)} s`,
    );
  const byReqId = new Map<string, LoggedError[]>();
  for (const error of server.errors)
    if (error.reqId) byReqId.set(error.reqId, [...(byReqId.get(error.reqId) ?? []), error]);
  const list = (title: string, findings: Finding[]) => {
    console.log(`\n${title}: ${findings.length}`);
    for (const finding of findings) {
      console.log(`  ${finding.status} ${finding.why}\n    ${describeRequest(finding.request)}`);
      for (const logged of byReqId.get(finding.request.headers['x-request-id'] ?? '') ?? [])
        console.log(`    server: ${logged.msg}: ${logged.err ?? logged.line.slice(0, 300)}`);
    }
  };
  list('5xx answers', report.serverErrors);
  list('400 answers naming no field and saying nothing of the body', report.noField);
  list('other error answers not in the contract shape ({"details": ...})', report.shape);
  console.log(
    `\nrequests without an answer: ${[...report.noAnswer.values()].reduce((sum, { count }) => sum + count, 0)}`,
  );
  for (const [code, { count, examples }] of report.noAnswer) {
    console.log(`  ${code}: ${count}`);
    for (const example of examples) console.log(`    ${describeRequest(example)}`);
  }
  const unattributed = server.errors.filter((error) => !error.reqId);
  console.log(
    `\nserver log lines at level error or above: ${server.errors.length} (${unattributed.length} outside a request)`,
  );
  for (const error of unattributed.slice(0, 20))
    console.log(`  ${error.msg}: ${error.err ?? error.line.slice(0, 300)}`);
  const failed = report.serverErrors.length > 0 || report.noField.length > 0 || died !== null;
  console.log(
    `\ntarget: 0 answers 5xx (${report.serverErrors.length}), every 400 names its field or says the body is malformed (${report.noField.length} do not): ${failed ? 'MISSED' : 'met'}`,
  );
  process.exitCode = failed ? 1 : 0;
}
