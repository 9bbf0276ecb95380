/**
 * Recurrence cost per enrichment: `detectRecurrence` over one user's history
 * with one merchant, and `recordPayment`, what an enrichment runs on its
 * series' state (the state built from the same history: bounded whatever its
 * length). Prints median and p99 latency for a year of near-daily history
 * (366 transactions: a monthly fee among other orders, and daily purchases of
 * similar amounts, the detector's worst case) and for a typical subscription
 * history (the generated labelled set); on a state read from JSON text, and on one held parsed between
 * payments, as the service holds the series it wrote; and on the busy series of a heavy user's fourteen years
 * (10,000 payments, a dozen amount bands at the stores paid most), each of the next 600 payments on its
 * series' state (as `bench:recurrence-scale --parts single` sends them).
 *
 *   node --conditions=@txenrich/source --import tsx src/recurrence.ts
 */

import { loadCatalog } from '@txenrich/catalog';
import { detectRecurrence, recordPayment, type SeriesState, seriesText } from '@txenrich/core';
import {
  createWorld,
  type GeneratedCard,
  generateHistories,
  heavyUserYears,
  type LabelledHistory,
  yearOfHistory,
} from '@txenrich/generator';
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

/**
 * `recordPayment` on each case's series state. `held`: the state kept parsed between payments, as the service
 * keeps a series it wrote (`parsed-series.ts`), and written back as the service writes it (`seriesText`: the
 * bands written before are not stringified again); else read from JSON text and written as JSON text, as a
 * store hands it over to a process that does not hold it.
 */
function measureSeries(label: string, cases: readonly LabelledHistory[], held = false) {
  const states = cases.map((item) => ({ item, state: stateOf(item), text: '' }));
  for (const each of states) each.text = JSON.stringify(each.state ?? null);
  const parsed = states.map(({ text }) => (JSON.parse(text) ?? undefined) as SeriesState | undefined);
  let detected = 0;
  const latencies = new Float64Array(iterations);
  const wallStart = process.hrtime.bigint();
  for (let round = 0; round < iterations; round++) {
    const at = round % states.length;
    const { item, text } = states[at]!;
    const start = process.hrtime.bigint();
    if (held) {
      const recorded = recordPayment(parsed[at], item.current, who);
      if (recorded.state) seriesText(recorded.state);
      if (recorded.recurrence) detected++;
    } else {
      // As a store hands it over and takes it back: JSON text in, JSON text out.
      const recorded = recordPayment(JSON.parse(text) ?? undefined, item.current, who);
      JSON.stringify(recorded.state);
      if (recorded.recurrence) detected++;
    }
    latencies[round] = Number(process.hrtime.bigint() - start);
  }
  const wall = Number(process.hrtime.bigint() - wallStart);
  const size = states.reduce((sum, each) => sum + each.text.length, 0) / states.length;
  console.log(
    `${formatSummary(`${label}, series state${held ? ' held' : ''}`, summarize(latencies, wall))}  (state ${size.toFixed(0)} bytes of JSON, ${detected} detected)`,
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
measureSeries(
  'year, monthly fee + orders',
  seeds.map((seed) => stored(yearOfHistory(seed, 'mixed'))),
  true,
);
measureSeries(
  'year, daily purchases',
  seeds.map((seed) => stored(yearOfHistory(seed, 'frequent'))),
  true,
);
measureSeries('generated labelled set', generateHistories(1_100, 7).map(stored), true);

/**
 * A heavy user's first 10,000 payments recorded per merchant, then each of the next 600 on its merchant's
 * state as it stood (the states held parsed, their bands' facts worked out once, as the service's are).
 */
function measureBusySeries() {
  const world = createWorld(loadCatalog());
  const rows: GeneratedCard[] = [];
  for (const row of heavyUserYears(world, { years: 14, seed: 1 })) {
    rows.push(row);
    if (rows.length === 10_600) break;
  }
  const states = new Map<string, SeriesState | undefined>();
  const paymentOf = (row: GeneratedCard, index: number) => ({
    occurredAt: row.occurredAt,
    amount: row.amount,
    enrichmentId: `enrichment-${index}`,
    transactionId: row.transactionId,
  });
  const keyOf = (row: GeneratedCard) => row.expect.merchant ?? row.merchantName;
  rows.slice(0, 10_000).forEach((row, index) => {
    states.set(keyOf(row), recordPayment(states.get(keyOf(row)), paymentOf(row, index), who).state);
  });
  const next = rows.slice(10_000).map((row, index) => ({
    state: states.get(keyOf(row)),
    payment: paymentOf(row, 10_000 + index),
  }));
  for (const { state, payment } of next) recordPayment(state, payment, who);
  const latencies = new Float64Array(iterations);
  let detected = 0;
  const wallStart = process.hrtime.bigint();
  for (let round = 0; round < iterations; round++) {
    const { state, payment } = next[round % next.length]!;
    const start = process.hrtime.bigint();
    if (recordPayment(state, payment, who).recurrence) detected++;
    latencies[round] = Number(process.hrtime.bigint() - start);
  }
  const wall = Number(process.hrtime.bigint() - wallStart);
  const bands = next.reduce((sum, { state }) => sum + (state?.bands.length ?? 0), 0) / next.length;
  console.log(
    `${formatSummary("a heavy user's busy series, state held", summarize(latencies, wall))}  (${states.size} series, ${bands.toFixed(1)} bands a payment's series, ${detected} detected)`,
  );
}
measureBusySeries();
