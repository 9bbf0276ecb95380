/**
 * The recurrence detector of @txenrich/core scored over the generated,
 * labelled user histories: precision, recall and the next expected date.
 * (Here rather than in core, which does not depend on the generator.)
 */
import { detectRecurrence } from '@txenrich/core';
import type { IntervalType } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { generateHistories, type LabelledHistory } from '../src/index.js';

/** Days since 1970-01-01 of a `YYYY-MM-DD...` date. */
const calendarDay = (date: string) => Math.floor(Date.parse(date.slice(0, 10)) / 86_400_000);

interface Scores {
  precision: number;
  recall: number;
  nextWithinThreeDays: number;
  truePositives: number;
}

/** Precision and recall of `detector` over labelled histories; a wrong interval type is both a false positive and a miss. */
function score(
  histories: readonly LabelledHistory[],
  detector: (history: LabelledHistory) => { intervalType: IntervalType; nextPaymentExpected: string } | null,
): Scores {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let nextWithin = 0;
  for (const history of histories) {
    const found = detector(history);
    if (found && found.intervalType === history.expected) {
      truePositives++;
      const off = Math.abs(calendarDay(found.nextPaymentExpected) - calendarDay(history.nextDue ?? ''));
      if (off <= 3) nextWithin++;
      continue;
    }
    if (found) falsePositives++;
    if (history.expected) falseNegatives++;
  }
  return {
    precision: truePositives / (truePositives + falsePositives || 1),
    recall: truePositives / (truePositives + falseNegatives || 1),
    nextWithinThreeDays: nextWithin / (truePositives || 1),
    truePositives,
  };
}

describe('detectRecurrence over generated histories', () => {
  const histories = generateHistories(1_100, 20_240_601);

  it('covers every interval type and every negative kind', () => {
    const kinds = new Set(histories.map((history) => history.kind));
    expect(kinds.size).toBe(11);
    expect(histories.filter((history) => history.expected !== null)).toHaveLength(600);
    expect(histories.filter((history) => history.traits.includes('skip')).length).toBeGreaterThan(30);
    expect(histories.filter((history) => history.traits.includes('price_rise')).length).toBeGreaterThan(100);
  });

  it('reaches 95% precision and 95% recall, with the next payment within three days', () => {
    const scores = score(histories, (history) => detectRecurrence(history.current, history.history));
    expect(scores.precision).toBeGreaterThanOrEqual(0.95);
    expect(scores.recall).toBeGreaterThanOrEqual(0.95);
    expect(scores.nextWithinThreeDays).toBeGreaterThanOrEqual(0.95);
  });

  it('scores naive detectors below the bar (the measure can fail)', () => {
    const never = score(histories, () => null);
    expect(never.recall).toBe(0);
    const alwaysMonthly = score(histories, (history) => ({
      intervalType: 'monthly',
      nextPaymentExpected: history.current.occurredAt.slice(0, 10),
    }));
    expect(alwaysMonthly.precision).toBeLessThan(0.95);
    expect(alwaysMonthly.recall).toBeLessThan(0.95);
  });
});
