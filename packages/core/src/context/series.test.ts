/**
 * A series' payments as detection reads them, merged from its bands: the
 * same recurrence whatever order a hand-written state keeps them in, and ids
 * told apart in full where their cheap hashes agree.
 */
import { describe, expect, it } from 'vitest';
import { type NewPayment, recordPayment, type SeriesState } from './series.js';

const who = { name: 'Gym', counterpartyId: null };

/** A payment on `date` of `amount`, its ids numbered. */
const payment = (
  date: string,
  amount: number,
  id: string,
  transactionId: string | null = null,
): NewPayment => ({
  occurredAt: `${date}T12:00:00Z`,
  amount,
  enrichmentId: id,
  transactionId,
});

/** The state after `payments`, each recorded oldest first. */
function stateOf(payments: readonly NewPayment[]): SeriesState | undefined {
  let state: SeriesState | undefined;
  for (const each of payments) state = recordPayment(state, each, who).state;
  return state;
}

const fee = (month: number, id: string, transactionId: string | null = null) =>
  payment(`2024-${String(month).padStart(2, '0')}-05`, 29.99, id, transactionId);

describe('recordPayment: detection over a series', () => {
  it('finds the same schedule in a hand-written state whose payments are not in date order', () => {
    const state = stateOf([fee(1, 'e1'), fee(2, 'e2'), fee(3, 'e3'), fee(4, 'e4')])!;
    const shuffled: SeriesState = {
      ...state,
      bands: state.bands.map((band) => ({ ...band, payments: [...band.payments].reverse() })),
    };
    const next = fee(5, 'e5');
    const inOrder = recordPayment(state, next, who).recurrence;
    const written = recordPayment(shuffled, next, who).recurrence;
    expect(inOrder?.intervalType).toBe('monthly');
    expect(written).toEqual(inOrder);
  });

  it('tells apart ids that end alike (the same length, the same last characters)', () => {
    // Every id ends in `-0001`: their hashes agree, the ids do not.
    const state = stateOf([
      fee(1, 'a-0001', 'ta-0001'),
      fee(2, 'b-0001', 'tb-0001'),
      fee(3, 'c-0001', 'tc-0001'),
    ]);
    const recurrence = recordPayment(state, fee(4, 'd-0001', 'td-0001'), who).recurrence;
    expect(recurrence?.recentRecurrences.map((each) => each.enrichmentId)).toEqual([
      'a-0001',
      'b-0001',
      'c-0001',
      'd-0001',
    ]);
  });

  it('leaves out an earlier entry of the same transaction kept in another band', () => {
    // A fee skipped in March, where nothing else stands: a schedule of four over the skip. The May
    // transaction was first sent with another amount and a wrong date (March: another band); it is
    // the same transaction as May's, not a payment in March's slot.
    const state = stateOf([
      fee(1, 'e1'),
      fee(2, 'e2'),
      payment('2024-03-05', 450, 'e5-first', 't5'),
      fee(4, 'e4'),
    ]);
    expect(state!.bands).toHaveLength(2);
    const recurrence = recordPayment(state, fee(5, 'e5', 't5'), who).recurrence;
    expect(recurrence?.recentRecurrences.map((each) => each.enrichmentId)).toEqual(['e1', 'e2', 'e4', 'e5']);
    // Another transaction in March's slot does take it.
    expect(recordPayment(state, fee(5, 'e5', 't6'), who).recurrence).toBeNull();
  });
});
