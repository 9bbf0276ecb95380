import { describe, expect, it } from 'vitest';
import {
  MAX_BANDS,
  PAYMENTS_PER_BAND,
  recordPayment,
  recurringView,
  type SeriesState,
} from '../src/index.js';

const who = { name: 'Costco', counterpartyId: 'costco' };
let id = 0;
const payment = (occurredAt: string, amount: number | null, transactionId: string | null = null) => ({
  occurredAt,
  amount,
  enrichmentId: `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
  transactionId,
});

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const dayOf = (date: string) => Date.parse(date) / 86_400_000;

/** Records the payments in the order given; answers the final state and each payment's interval. */
function record(payments: ReturnType<typeof payment>[], state?: SeriesState) {
  const intervals: (string | null)[] = [];
  for (const each of payments) {
    const recorded = recordPayment(state, each, who);
    state = recorded.state;
    intervals.push(recorded.recurrence?.intervalType ?? null);
  }
  return { state: state!, intervals };
}

/** A pseudo-random sequence in [0, 1): the same every run. */
function randomSequence(seed: number) {
  let value = seed;
  return () => {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    return value / 2_147_483_648;
  };
}

describe('series state', () => {
  it('finds an annual membership among years of weekly orders at the same store', () => {
    const random = randomSequence(7);
    const start = dayOf('2021-01-04');
    const payments = [];
    for (let day = start; day < start + 3 * 365 + 10; day += 1 + Math.floor(random() * 4)) {
      payments.push(payment(iso(day), Math.round((20 + random() * 240) * 100) / 100));
    }
    for (const year of [2021, 2022, 2023, 2024]) payments.push(payment(`${year}-03-15`, 65));
    payments.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
    const { state, intervals } = record(payments);
    expect(
      intervals[payments.findIndex((each) => each.occurredAt === '2024-03-15' && each.amount === 65)],
    ).toBe('annually');
    // Bounded whatever the history's length: a few hundred orders keep a few bands of a few dozen payments.
    expect(payments.length).toBeGreaterThan(300);
    expect(state.bands.length).toBeLessThanOrEqual(MAX_BANDS);
    for (const band of state.bands) expect(band.payments.length).toBeLessThanOrEqual(PAYMENTS_PER_BAND);
    expect(JSON.stringify(state).length).toBeLessThan(30_000);
    const annual = recurringView([{ key: 'costco', state }]).series.find(
      (series) => series.periodicity.label === 'annually',
    );
    expect(annual).toMatchObject({ firstDate: '2021-03-15', count: 4, lastAmount: 65, active: true });
  });

  it('finds quarterly and monthly bills of a heavy user whatever arrives in between', () => {
    const payments = [];
    for (let month = 0; month < 24; month++) {
      const date = (day: number) =>
        `${2022 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${day}`;
      payments.push(payment(date(10), 45.5));
      if (month % 3 === 0) payments.push(payment(date(20), 310));
      for (const day of [3, 7, 14, 18, 25]) payments.push(payment(date(day), 12 + day));
    }
    payments.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
    const { state } = record(payments);
    const labels = recurringView([{ key: 'utility', state }]).series.map(
      (series) => series.periodicity.label,
    );
    expect(labels).toContain('quarterly');
    expect(labels).toContain('monthly');
  });

  it('takes payments arriving out of order in their place by date', () => {
    const dates = ['2024-01-05', '2024-02-05', '2024-03-05', '2024-04-05', '2024-05-05', '2024-06-05'];
    const shuffled = [3, 0, 5, 1, 4, 2].map((index) => payment(dates[index]!, 9.99));
    const { state } = record(shuffled);
    const band = state.bands[0]!;
    expect(band.payments.map((each) => each[0])).toEqual(dates);
    expect(band.schedule).toMatchObject({
      intervalType: 'monthly',
      nextPaymentExpected: '2024-07-05',
      firstDate: '2024-01-05',
    });
    // A late arrival's own recurrence comes from the payments before it.
    const late = recordPayment(
      record(dates.slice(0, 5).map((date) => payment(date, 9.99))).state,
      payment('2024-03-20', 9.99),
      who,
    );
    expect(late.recurrence).toBeNull();
  });

  it('counts the same transaction sent twice once', () => {
    const first = record([payment('2024-01-05', 20, 'tx-1'), payment('2024-02-05', 20, 'tx-2')]).state;
    const again = recordPayment(first, payment('2024-02-05', 20, 'tx-2'), who).state!;
    expect(again.bands[0]!.payments.map((each) => each[3])).toEqual(['tx-1', 'tx-2']);
  });

  it('never changes the state it is given, and ignores an unreadable date', () => {
    const { state } = record([payment('2024-01-05', 20), payment('2024-02-05', 20)]);
    const before = JSON.stringify(state);
    recordPayment(state, payment('2024-03-05', 20), who);
    expect(JSON.stringify(state)).toBe(before);
    expect(recordPayment(state, payment('05/03/2024', 20), who)).toEqual({ state, recurrence: null });
  });

  it('judges activity at the user’s latest payment, and filters by status', () => {
    const gym = record(['2024-01-02', '2024-02-02', '2024-03-02'].map((date) => payment(date, 30))).state;
    const coffee = record([payment('2024-09-01', 4.5)]).state;
    const states = [
      { key: 'gym', state: gym },
      { key: 'coffee', state: coffee },
    ];
    const view = recurringView(states);
    expect(view.asOf).toBe('2024-09-01');
    expect(view.series).toHaveLength(1);
    expect(view.series[0]).toMatchObject({ seriesId: 'gym#0', active: false });
    expect(recurringView(states, { status: 'active' }).series).toEqual([]);
    expect(recurringView(states, { status: 'inactive' }).series).toHaveLength(1);
    expect(recurringView([{ key: 'gym', state: gym }]).series[0]?.active).toBe(true);
  });

  it('lists a bill of one price from its third payment, one of varying amounts from its fifth, and not three chance purchases', () => {
    const listed = (state: SeriesState) => recurringView([{ key: 'k', state }]).series.length;
    const membership = record(
      ['2023-03-14', '2024-03-14', '2025-03-14'].map((date) => payment(date, 60)),
    ).state;
    expect(listed(membership)).toBe(1);
    // Three lunches about a month apart: each is marked recurring, none is a subscription to list.
    const lunches = record([
      payment('2025-01-10', 11.2),
      payment('2025-02-10', 12.85),
      payment('2025-03-11', 10.4),
    ]);
    expect(lunches.intervals[2]).toBe('monthly');
    expect(listed(lunches.state)).toBe(0);
    const power = ['2025-01-20', '2025-02-20', '2025-03-20', '2025-04-21', '2025-05-20'];
    const bills = record(power.map((date, index) => payment(date, [84.1, 92.75, 79.3, 71.02, 68.4][index]!)));
    expect(
      listed(
        record(bills.state.bands[0]!.payments.slice(0, 3).map(([date, amount]) => payment(date, amount)))
          .state,
      ),
    ).toBe(0);
    expect(listed(bills.state)).toBe(1);
  });
});
