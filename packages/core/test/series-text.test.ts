import { describe, expect, it, vi } from 'vitest';
import { createTextSeriesBook, recordPayment, type SeriesState, seriesText } from '../src/index.js';

const who = { name: 'Costco', counterpartyId: 'costco' };

/** A busy series: weekly orders of varying amounts and a monthly membership, a year of them. */
function busySeries(): SeriesState {
  let state: SeriesState | undefined;
  for (let week = 0; week < 52; week++) {
    const day = new Date(Date.UTC(2025, 0, 1 + week * 7)).toISOString();
    state = recordPayment(
      state,
      {
        occurredAt: day,
        amount: -(40 + ((week * 37) % 90)),
        enrichmentId: `order-${week}`,
        transactionId: null,
      },
      who,
    ).state;
    if (week % 4 === 0)
      state = recordPayment(
        state,
        { occurredAt: day, amount: -65, enrichmentId: `fee-${week}`, transactionId: `fee-${week}` },
        who,
      ).state;
  }
  return state!;
}

describe('series text', () => {
  it('writes what JSON.stringify writes, before and after a payment changed one band', () => {
    const state = busySeries();
    expect(state.bands.length).toBeGreaterThan(1);
    expect(seriesText(state)).toBe(JSON.stringify(state));
    const next = recordPayment(
      state,
      { occurredAt: '2026-01-02T10:00:00Z', amount: -65, enrichmentId: 'fee-next', transactionId: null },
      who,
    ).state!;
    expect(next.bands.filter((band) => state.bands.includes(band)).length).toBe(next.bands.length - 1);
    expect(seriesText(next)).toBe(JSON.stringify(next));
    expect(JSON.parse(seriesText(next))).toEqual(next);
  });

  it('reads each state once, keeps a state written, and lists each change once', () => {
    const state = busySeries();
    const text = seriesText(state);
    const book = createTextSeriesBook();
    const costco = { userId: 'u1', key: 'costco' };
    const fresh = { userId: 'u1', key: 'descriptor:corner shop' };
    book.fill([costco, fresh], [text, null]);
    expect(book.holds(costco) && book.holds(fresh)).toBe(true);
    expect(book.holds({ userId: 'u2', key: 'costco' })).toBe(false);
    const parse = vi.spyOn(JSON, 'parse');
    expect(book.get('u1', 'descriptor:corner shop')).toBeUndefined();
    expect(book.get('u1', 'costco')).toEqual(state);
    book.get('u1', 'costco');
    const reads = parse.mock.calls.map(([parsed]) => (parsed === text ? 'costco' : parsed));
    parse.mockRestore();
    expect(reads).toEqual(['costco']);

    const written = recordPayment(
      book.get('u1', 'costco'),
      { occurredAt: '2026-01-02T10:00:00Z', amount: -65, enrichmentId: 'fee-next', transactionId: null },
      who,
    ).state!;
    book.set('u1', 'costco', written);
    book.set('u1', 'costco', written);
    // Filled again (a later load of the same series): the state written stays.
    book.fill([costco], [seriesText(state)]);
    expect(book.get('u1', 'costco')).toBe(written);
    const changes = book.changes();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ userId: 'u1', key: 'costco', state: JSON.stringify(written) });
    expect(changes[0]!.lastDay).toBe(Date.UTC(2026, 0, 2) / 86_400_000);
  });

  it('holds states given parsed, as texts filled: a state held or written stays', () => {
    const state = busySeries();
    const book = createTextSeriesBook();
    const costco = { userId: 'u1', key: 'costco' };
    const fresh = { userId: 'u1', key: 'descriptor:corner shop' };
    const parse = vi.spyOn(JSON, 'parse');
    book.hold(costco, state);
    book.hold(fresh, undefined);
    expect(book.holds(costco) && book.holds(fresh)).toBe(true);
    expect(book.get('u1', 'costco')).toBe(state);
    expect(book.get('u1', 'descriptor:corner shop')).toBeUndefined();
    const parsed = parse.mock.calls.length;
    parse.mockRestore();
    // No text to parse: the states were given parsed.
    expect(parsed).toBe(0);
    const other = busySeries();
    book.hold(costco, other);
    expect(book.get('u1', 'costco')).toBe(state);
    expect(book.changes()).toEqual([]);
  });
});
