import { detectRecurrence, type HistoryEntry, type UserHistoryEntry } from '@txenrich/core';
import { generateHistories } from '@txenrich/generator';
import { describe, expect, it } from 'vitest';
import { createRecurrencePass } from '../src/recurrence-pass.ts';

const counterpartyId = 'c0ffee00-0000-4000-8000-000000000000';

/** A monthly fee on the 3rd, `months` times from January 2024. */
function monthlyFee(userId: string, months: number, transactionId: (month: number) => string | null) {
  return Array.from(
    { length: months },
    (_, month): UserHistoryEntry => ({
      userId,
      enrichmentId: `00000000-0000-4000-8000-${String(month + 1).padStart(12, '0')}`,
      transactionId: transactionId(month),
      counterpartyId,
      descriptorKey: 'netflix com',
      amount: 15.49,
      occurredAt: `2024-${String(month + 1).padStart(2, '0')}-03T08:00:00Z`,
    }),
  );
}

describe('the recurrence pass', () => {
  it('answers what detectRecurrence answers with the whole history, users interleaved', () => {
    const histories = generateHistories(400, 7);
    const users = histories.map((history, index) => {
      const userId = `user-${index}`;
      // The history is one series already; the current transaction joins it.
      const own = (entry: HistoryEntry | (typeof history)['current']): UserHistoryEntry => ({
        ...entry,
        counterpartyId,
        descriptorKey: 'x',
        userId,
      });
      return { rows: [...history.history, history.current].map(own), history };
    });
    const pass = createRecurrencePass();
    const answers: unknown[] = [];
    // Round robin: each user's rows keep their order, but the users' chains interleave.
    for (let row = 0; users.some((user) => row < user.rows.length); row++) {
      for (const [index, user] of users.entries()) {
        const entry = user.rows[row];
        if (!entry) continue;
        const info = pass.next(entry);
        if (row === user.rows.length - 1) answers[index] = info;
      }
    }
    const expected = users.map(({ history }) => detectRecurrence(history.current, history.history));
    expect(expected.filter(Boolean).length).toBeGreaterThan(100);
    expect(answers).toEqual(expected);
  });

  it('gives back transaction ids as they were: null, empty or text', () => {
    const ids = [null, '', 'tx-3', null, 'tx-5'];
    const pass = createRecurrencePass();
    const infos = monthlyFee('user-1', 5, (month) => ids[month]!).map((entry) => pass.next(entry));
    expect(infos[4]?.intervalType).toBe('monthly');
    expect(infos[4]?.recentRecurrences.map((payment) => payment.transactionId)).toEqual(ids);
    expect(infos[4]?.recentRecurrences[0]).toEqual({
      amount: 15.49,
      enrichmentId: '00000000-0000-4000-8000-000000000001',
      occurredAt: '2024-01-03T08:00:00Z',
      transactionId: null,
    });
  });

  it('reads at most perSeries earlier transactions, and keeps users and series apart', () => {
    const fees = monthlyFee('user-1', 9, (month) => `tx-${month}`);
    const other = monthlyFee('user-2', 2, (month) => `other-${month}`);
    const rows = [...fees.slice(0, 8), ...other, fees[8]!];
    const answers = (perSeries?: number) => {
      const pass = createRecurrencePass(perSeries ? { perSeries } : {});
      return rows.map((entry) => pass.next(entry));
    };
    const limited = answers(3);
    expect(limited[10]?.recentRecurrences.map((payment) => payment.transactionId)).toEqual([
      'tx-5',
      'tx-6',
      'tx-7',
      'tx-8',
    ]);
    expect(answers()[10]?.recentRecurrences).toHaveLength(9);
    // user-2's second fee has one earlier transaction of its own: too few for a series.
    expect(limited[9]).toBeNull();
  });

  it('starts each user from the history it is given', () => {
    const [first, second, third] = monthlyFee('user-1', 3, (month) => `tx-${month}`);
    const pass = createRecurrencePass({
      history: (userId) => (userId === 'user-1' ? [first!, second!] : []),
    });
    expect(pass.next(third!)?.recentRecurrences).toHaveLength(3);
  });
});
