/**
 * Recurrence cost per enrichment: `detectRecurrence` over one user's history
 * with one merchant, and `recordPayment`, what an enrichment runs on its
 * series' state (the state built from the same history: bounded whatever its
 * length). Prints median and p99 latency for a year of near-daily history
 * (366 transactions: a monthly fee among other orders, and daily purchases of
 * similar amounts, the detector's worst case) and for a typical subscription
 * history (the generated labelled set).
 *
 *   node --conditions=@txenrich/source --import tsx src/recurrence.ts
 */

import { detectRecurrence, recordPayment, type SeriesState } from '@txenrich/core';
import { generateHistories, type LabelledHistory, yearOfHistory } from '@txenrich/generator';
import { formatSummary, summarize } from './stats.js';

const iterations = Number(process.env.ITERATIONS ?? 20_000);
/** As the service hands it over: read from JSON or a database, every string flat. */
const stored = (item: LabelledHistory): LabelledHistory => JSON.parse(JSON.stringify(item));

function measure(label: string, cases: readonly LabelledHistory[]) {
  // Warm up the JIT on the same inputs.
  let detected = 0;
  for (let round = 0; round < 2_000; round++) {
    const item = cases[round % cases.length]!;
    if (detectRecurrence(item.current, item.history)) detected++;
  }
  const latencies = new Float64Array(iterations);
  const wallStart = process.hrtime.bigint();
  for (let round = 0; round < iterations; round++) {
    const item = cases[round % cases.length]!;
    const start = process.hrtime.bigint();
    const result = detectRecurrence(item.current, item.history);
    latencies[round] = Number(process.hrtime.bigint() - start);
    if (result) detected++;
  }
  const wall = Number(process.hrtime.bigint() - wallStart);
  const entries = cases.reduce((sum, item) => sum + item.history.length, 0) / cases.length;
  console.log(
    `${formatSummary(label, summarize(latencies, wall))}  (${entries.toFixed(0)} entries, ${detected} detected)`,
  );
}

const seeds = [1, 2, 3];
measure(
  'year, monthly fee + orders',
  seeds.map((seed) => stored(yearOfHistory(seed, 'mixed'))),
);
measure(
  'year, daily purchases',
  seeds.map((seed) => stored(yearOfHistory(seed, 'frequent'))),
);
measure('generated labelled set', generateHistories(1_100, 7).map(stored));

/** Each case's series state before its current payment: its history recorded oldest first. */
function stateOf(item: LabelledHistory): SeriesState | undefined {
  let state: SeriesState | undefined;
  for (const entry of item.history) state = recordPayment(state, entry, who).state;
  return state;
}
const who = { name: 'Merchant', counterpartyId: null };

function measureSeries(label: string, cases: readonly LabelledHistory[]) {
  const states = cases.map((item) => ({ item, state: stateOf(item), text: '' }));
  for (const each of states) each.text = JSON.stringify(each.state ?? null);
  let detected = 0;
  const latencies = new Float64Array(iterations);
  const wallStart = process.hrtime.bigint();
  for (let round = 0; round < iterations; round++) {
    const { item, text } = states[round % states.length]!;
    const start = process.hrtime.bigint();
    // As a store hands it over and takes it back: JSON text in, JSON text out.
    const recorded = recordPayment(JSON.parse(text) ?? undefined, item.current, who);
    JSON.stringify(recorded.state);
    latencies[round] = Number(process.hrtime.bigint() - start);
    if (recorded.recurrence) detected++;
  }
  const wall = Number(process.hrtime.bigint() - wallStart);
  const size = states.reduce((sum, each) => sum + each.text.length, 0) / states.length;
  console.log(
    `${formatSummary(`${label}, series state`, summarize(latencies, wall))}  (state ${size.toFixed(0)} bytes of JSON, ${detected} detected)`,
  );
}

measureSeries(
  'year, monthly fee + orders',
  seeds.map((seed) => stored(yearOfHistory(seed, 'mixed'))),
);
measureSeries(
  'year, daily purchases',
  seeds.map((seed) => stored(yearOfHistory(seed, 'frequent'))),
);
measureSeries('generated labelled set', generateHistories(1_100, 7).map(stored));
