import type { RecurrenceInfo } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { calendarDay, detectRecurrence, type RecurrenceTransaction } from './recurrence.js';

type Payment = readonly [occurredAt: string, amount: number | null];

const id = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** The last payment is the current transaction, the others its history (oldest first). */
function series(payments: readonly Payment[]): {
  current: RecurrenceTransaction;
  history: RecurrenceTransaction[];
} {
  const entries = payments.map(([occurredAt, amount], index) => ({
    enrichmentId: id(index + 1),
    transactionId: `tx-${index + 1}`,
    counterpartyId: 'c0ffee00-0000-4000-8000-000000000000',
    descriptorKey: 'NETFLIX COM',
    amount,
    occurredAt,
  }));
  const last = entries.pop()!;
  return { current: last, history: entries };
}

const detect = (payments: readonly Payment[]) => {
  const { current, history } = series(payments);
  return detectRecurrence(current, history);
};

const dates = (info: RecurrenceInfo | null) =>
  info?.recentRecurrences.map((item) => item.occurredAt.slice(0, 10));

describe('detectRecurrence: interval types', () => {
  it('finds a weekly plan and reports the occurrences, most recent last', () => {
    const info = detect([
      ['2024-05-06', 59.99],
      ['2024-05-13T08:00:00Z', 59.99],
      ['2024-05-20 08:00:00Z', 59.99],
      ['2024-05-27T08:00:00.000-05:00', 59.99],
    ]);
    expect(info).toEqual({
      intervalType: 'weekly',
      intervalDays: 7,
      nextPaymentExpected: '2024-06-03',
      recentRecurrences: [
        { amount: 59.99, enrichmentId: id(1), occurredAt: '2024-05-06', transactionId: 'tx-1' },
        { amount: 59.99, enrichmentId: id(2), occurredAt: '2024-05-13T08:00:00Z', transactionId: 'tx-2' },
        { amount: 59.99, enrichmentId: id(3), occurredAt: '2024-05-20 08:00:00Z', transactionId: 'tx-3' },
        {
          amount: 59.99,
          enrichmentId: id(4),
          occurredAt: '2024-05-27T08:00:00.000-05:00',
          transactionId: 'tx-4',
        },
      ],
    });
  });

  it('finds a biweekly payroll-like series', () => {
    const info = detect([
      ['2024-01-05', 120],
      ['2024-01-19', 120],
      ['2024-02-02', 120],
      ['2024-02-16', 120],
      ['2024-03-01', 120],
    ]);
    expect(info?.intervalType).toBe('biweekly');
    expect(info?.intervalDays).toBe(14);
    expect(info?.nextPaymentExpected).toBe('2024-03-15');
    expect(info?.recentRecurrences).toHaveLength(5);
  });

  it('finds a semi-monthly series on the 1st and the 15th, and expects the next one on the 1st', () => {
    const info = detect([
      ['2024-01-01', 250],
      ['2024-01-15', 250],
      ['2024-02-01', 250],
      ['2024-02-15', 250],
      ['2024-03-01', 250],
      ['2024-03-15', 250],
    ]);
    expect(info?.intervalType).toBe('semi_monthly');
    expect(info?.intervalDays).toBe(15);
    expect(info?.nextPaymentExpected).toBe('2024-04-01');
  });

  it('finds a semi-monthly series on the 15th and the last day of the month', () => {
    const info = detect([
      ['2023-01-15', 80],
      ['2023-01-31', 80],
      ['2023-02-15', 80],
      ['2023-02-28', 80],
      ['2023-03-15', 80],
    ]);
    expect(info?.intervalType).toBe('semi_monthly');
    expect(info?.nextPaymentExpected).toBe('2023-03-31');
  });

  it('follows a monthly series across month lengths and keeps its day of month, clamped', () => {
    const info = detect([
      ['2024-01-31', 15.49],
      ['2024-02-29', 15.49],
      ['2024-03-31', 15.49],
      ['2024-04-30', 15.49],
      ['2024-05-31', 15.49],
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(info?.intervalDays).toBe(30);
    expect(info?.nextPaymentExpected).toBe('2024-06-30');
  });

  it('expects a monthly payment on its usual day even when the current one came early', () => {
    const info = detect([
      ['2024-01-15', 9.99],
      ['2024-02-15', 9.99],
      ['2024-03-15', 9.99],
      ['2024-04-12', 9.99], // the 15th is a Monday... paid on the Friday before
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(info?.nextPaymentExpected).toBe('2024-05-15');
  });

  it('finds a quarterly series', () => {
    const info = detect([
      ['2023-01-10', 45],
      ['2023-04-10', 45],
      ['2023-07-10', 45],
      ['2023-10-10', 45],
    ]);
    expect(info?.intervalType).toBe('quarterly');
    expect(info?.intervalDays).toBe(91);
    expect(info?.nextPaymentExpected).toBe('2024-01-10');
  });

  it('finds an annual renewal, leap day included', () => {
    const info = detect([
      ['2022-02-28', 139],
      ['2023-02-28', 139],
      ['2024-02-29', 139],
    ]);
    expect(info?.intervalType).toBe('annually');
    expect(info?.intervalDays).toBe(365);
    expect(info?.nextPaymentExpected).toBe('2025-02-28');
  });

  it('reports at most twelve occurrences, the current one last', () => {
    const payments: Payment[] = [];
    for (let month = 1; month <= 12; month++)
      payments.push([`2023-${String(month).padStart(2, '0')}-05`, 20]);
    for (let month = 1; month <= 6; month++) payments.push([`2024-${String(month).padStart(2, '0')}-05`, 20]);
    const info = detect(payments);
    expect(info?.intervalType).toBe('monthly');
    expect(info?.recentRecurrences).toHaveLength(12);
    expect(dates(info)?.[0]).toBe('2023-07-05');
    expect(info?.recentRecurrences.at(-1)?.transactionId).toBe('tx-18');
  });
});

describe('detectRecurrence: tolerances', () => {
  it('tolerates weekend shifts of up to three days', () => {
    const info = detect([
      ['2024-06-03', 70], // the 1st was a Saturday
      ['2024-07-01', 70],
      ['2024-08-01', 70],
      ['2024-09-03', 70], // Labor Day weekend
      ['2024-10-01', 70],
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(info?.nextPaymentExpected).toBe('2024-11-01');
  });

  it('tolerates one skipped period, and leaves it out of the occurrences', () => {
    const info = detect([
      ['2024-01-10', 12.99],
      ['2024-02-10', 12.99],
      ['2024-04-10', 12.99],
      ['2024-05-10', 12.99],
      ['2024-06-10', 12.99],
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(dates(info)).toEqual(['2024-01-10', '2024-02-10', '2024-04-10', '2024-05-10', '2024-06-10']);
  });

  it('does not step over two skipped periods in a row, nor over two single ones', () => {
    const afterPause = detect([
      ['2024-01-10', 12.99],
      ['2024-02-10', 12.99],
      ['2024-03-10', 12.99],
      ['2024-06-10', 12.99],
      ['2024-07-10', 12.99],
      ['2024-08-10', 12.99],
    ]);
    expect(dates(afterPause)).toEqual(['2024-06-10', '2024-07-10', '2024-08-10']);
    const twoGaps = detect([
      ['2024-01-10', 12.99],
      ['2024-03-10', 12.99],
      ['2024-04-10', 12.99],
      ['2024-06-10', 12.99],
      ['2024-07-10', 12.99],
    ]);
    expect(dates(twoGaps)).toEqual(['2024-03-10', '2024-04-10', '2024-06-10', '2024-07-10']);
  });

  it('needs four payments when one period was skipped', () => {
    expect(
      detect([
        ['2024-04-10', 12.99],
        ['2024-06-10', 12.99],
        ['2024-07-10', 12.99],
      ]),
    ).toBeNull();
  });

  it('keeps a subscription through a 30% price rise', () => {
    const info = detect([
      ['2024-01-20', 10],
      ['2024-02-20', 10],
      ['2024-03-20', 10],
      ['2024-04-20', 13],
      ['2024-05-20', 13],
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(info?.recentRecurrences).toHaveLength(5);
  });

  it('finds a fee among unrelated purchases at the same merchant', () => {
    const info = detect([
      ['2024-01-03', 14.99],
      ['2024-01-09', 43.2],
      ['2024-01-28', 120.5],
      ['2024-02-03', 14.99],
      ['2024-02-14', 64],
      ['2024-03-03', 14.99],
      ['2024-03-21', 29.95],
      ['2024-04-03', 14.99],
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(dates(info)).toEqual(['2024-01-03', '2024-02-03', '2024-03-03', '2024-04-03']);
  });

  it('is not put off by a payment recorded twice', () => {
    const info = detect([
      ['2024-01-12', 11.99],
      ['2024-02-12', 11.99],
      ['2024-02-12T18:00:00Z', 11.99],
      ['2024-03-12', 11.99],
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(info?.recentRecurrences).toHaveLength(3);
  });

  it('accepts unknown amounts', () => {
    const info = detect([
      ['2024-03-01', null],
      ['2024-04-01', null],
      ['2024-05-01', null],
    ]);
    expect(info?.intervalType).toBe('monthly');
    expect(info?.recentRecurrences.map((item) => item.amount)).toEqual([null, null, null]);
  });

  it('reads the history in date order even when it is handed over unsorted', () => {
    const { current, history } = series([
      ['2024-03-05', 30],
      ['2024-01-05', 30],
      ['2024-02-05', 30],
      ['2024-04-05', 30],
    ]);
    expect(dates(detectRecurrence(current, history))).toEqual([
      '2024-01-05',
      '2024-02-05',
      '2024-03-05',
      '2024-04-05',
    ]);
  });

  it('ignores the current transaction in its own history, later transactions and unreadable dates', () => {
    const { current, history } = series([
      ['2024-01-05', 30],
      ['2024-02-05', 30],
      ['not a date', 30],
      ['2024-02-30', 30],
      ['2024-06-05', 30],
      ['2024-03-05', 30],
    ]);
    const withItself = [
      ...history,
      { ...history[0]!, enrichmentId: current.enrichmentId, occurredAt: '2024-03-05' },
    ];
    expect(dates(detectRecurrence(current, withItself))).toEqual(['2024-01-05', '2024-02-05', '2024-03-05']);
  });
});

describe('detectRecurrence: not recurring', () => {
  it('needs three payments, the current one included', () => {
    expect(
      detect([
        ['2024-01-05', 30],
        ['2024-02-05', 30],
      ]),
    ).toBeNull();
    expect(detect([['2024-02-05', 30]])).toBeNull();
  });

  it('is not fooled by coffee five times a week', () => {
    // Weekdays of six weeks, at varying amounts around 5.
    const payments: Payment[] = [];
    const amounts = [4.75, 5.4, 3.95, 6.1, 5.25, 4.6];
    for (let day = 0; day < 42; day++) {
      if (day % 7 < 5)
        payments.push([isoDay(calendarDay('2024-04-01') + day), amounts[day % amounts.length]!]);
    }
    expect(detect(payments)).toBeNull();
  });

  it('is not fooled by a few random visits', () => {
    expect(
      detect([
        ['2024-01-13', 42.1],
        ['2024-02-27', 38.5],
        ['2024-03-09', 45],
        ['2024-05-30', 40.25],
        ['2024-06-11', 41.8],
      ]),
    ).toBeNull();
  });

  it('does not call wildly different amounts on regular dates one subscription', () => {
    expect(
      detect([
        ['2024-01-05', 10],
        ['2024-02-05', 250],
        ['2024-03-05', 40],
        ['2024-04-05', 900],
        ['2024-05-05', 75],
      ]),
    ).toBeNull();
  });

  it('does not attach a payment of another size to a subscription', () => {
    expect(
      detect([
        ['2024-01-05', 9.99],
        ['2024-02-05', 9.99],
        ['2024-03-05', 9.99],
        ['2024-04-05', 89],
      ]),
    ).toBeNull();
  });

  it('does not revive a series that stopped long ago', () => {
    expect(
      detect([
        ['2023-01-05', 9.99],
        ['2023-02-05', 9.99],
        ['2023-03-05', 9.99],
        ['2023-04-05', 9.99],
        ['2023-09-05', 9.99],
      ]),
    ).toBeNull();
  });

  it('needs a date on the current transaction', () => {
    const { current, history } = series([
      ['2024-01-05', 30],
      ['2024-02-05', 30],
      ['2024-03-05', 30],
    ]);
    expect(detectRecurrence({ ...current, occurredAt: null }, history)).toBeNull();
  });
});

function isoDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
