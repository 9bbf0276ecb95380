/**
 * kill -9 during batches (issue #20, targets): `--trials` trials (20), each on a fresh data folder, of a
 * real `txenrich serve` child process killed with SIGKILL while batches are submitted or run, and
 * restarted on the same folder; see `kill-trial.ts` for what each trial does and checks. Printed: one
 * line per trial (where the kills fell, the batches acknowledged, completed, failed, lost, stuck and
 * duplicated, the callbacks), every departure found, and the totals against the target. Exit code 1 when
 * a batch was lost, stuck or duplicated.
 *
 *   pnpm --filter @txenrich/benchmarks bench:kill-trials [--trials 20] [--seed 1] [--batches 6] [--items 2000-5000] [--bin path]
 */
import { parseArgs } from 'node:util';
import { describeTrial, runTrial, type TrialResult } from './kill-trial.js';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    batches: { type: 'string', default: '6' },
    items: { type: 'string', default: '2000-5000' },
    bin: { type: 'string' },
  },
});
const [from, to] = values.items.split('-').map(Number) as [number, number];
const options = {
  trials: Number(values.trials),
  seed: Number(values.seed),
  batches: Number(values.batches),
  items: [from, to ?? from] as [number, number],
  ...(values.bin ? { bin: values.bin } : {}),
  log: (line: string) => console.log(line),
};
console.log(
  `${options.trials} kill -9 trials, seed ${options.seed}, ${options.batches} batches of ${from}-${to ?? from} items each, node ${process.version}`,
);
const results: TrialResult[] = [];
const started = performance.now();
for (let trial = 1; trial <= options.trials; trial++) {
  const result = await runTrial(trial, options);
  results.push(result);
  console.log(describeTrial(result));
}
const sum = (pick: (result: TrialResult) => number) =>
  results.reduce((total, result) => total + pick(result), 0);
const lost = sum((result) => result.lost.length);
const stuck = sum((result) => result.stuck.length);
const duplicated = sum((result) => result.duplicated.length);
const other = sum((result) => result.other.length);
console.log(
  `\n${results.length} trials in ${((performance.now() - started) / 1000).toFixed(0)} s: ${sum((r) => r.kills.length)} kills ` +
    `(${results.filter((r) => r.kills[0]?.startsWith('submission')).length} trials killed during a submission, ` +
    `${results.filter((r) => r.kills[0]?.startsWith('processing')).length} while batches ran, ` +
    `${results.filter((r) => r.kills.length > 1).length} killed again while resuming)`,
);
console.log(
  `batches resumed after a kill ${sum((r) => r.resumed)} (${sum((r) => r.resumedMidRun)} of them mid-run, some chunks saved); ` +
    `batches acknowledged ${sum((r) => r.acked)} (${sum((r) => r.unanswered)} submissions left unanswered by a kill, ` +
    `${sum((r) => r.phantoms)} of them stored without an acknowledgement), completed ${sum((r) => r.completed)}, failed ${sum((r) => r.failed)}; ` +
    `callbacks missing ${sum((r) => r.callbacksMissing)}, delivered more than once ${sum((r) => r.callbacksRepeated)}`,
);
console.log(
  `target: 0 batches lost (${lost}), stuck (${stuck}) or duplicated (${duplicated}): ${lost + stuck + duplicated === 0 ? 'met' : 'MISSED'}` +
    (other > 0 ? `; ${other} other departures (above)` : ''),
);
process.exitCode = lost + stuck + duplicated + other === 0 ? 0 : 1;
