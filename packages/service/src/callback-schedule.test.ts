import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retrySchedule } from './callback-schedule.js';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const window = 72 * hour;
const middle = () => 0.5;

/** Every attempt's time, from the first at 0, while each fails: the schedule over a whole window. */
function attemptTimes(random: () => number, windowMs = window): number[] {
  const times = [0];
  for (;;) {
    const next = nextAttemptAt({
      attempts: times.length,
      at: times.at(-1)!,
      windowStart: 0,
      windowMs,
      random,
    });
    if (next === null) return times;
    times.push(next);
  }
}

describe('the callback retry schedule', () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h between attempts (Svix's schedule)", () => {
    expect(retrySchedule).toEqual([5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour]);
    const delays = attemptTimes(middle)
      .slice(1, 9)
      .map((time, index, times) => time - (index === 0 ? 0 : times[index - 1]!));
    expect(delays).toEqual([
      5 * second,
      5 * minute,
      30 * minute,
      2 * hour,
      5 * hour,
      10 * hour,
      10 * hour,
      10 * hour,
    ]);
  });

  it('retries for three days, the last attempt at the end of the window, then gives up', () => {
    const times = attemptTimes(middle);
    expect(times).toHaveLength(13);
    expect(times.at(-2)).toBe(5 * second + 5 * minute + 30 * minute + 7 * hour + 6 * 10 * hour);
    expect(times.at(-1)).toBe(window);
    // A failure at or after the window's end abandons the delivery.
    expect(
      nextAttemptAt({ attempts: 13, at: window, windowStart: 0, windowMs: window, random: middle }),
    ).toBeNull();
    // The window counts from its start: a replay, 80 hours after creation, has three days again.
    expect(
      nextAttemptAt({ attempts: 1, at: 80 * hour, windowStart: 80 * hour, windowMs: window, random: middle }),
    ).toBe(80 * hour + 5 * second);
  });

  it('varies each delay by up to 20% either way', () => {
    const delay = (random: () => number) =>
      nextAttemptAt({ attempts: 4, at: 0, windowStart: 0, windowMs: window, random })!;
    expect(delay(() => 0)).toBe(0.8 * 2 * hour);
    expect(delay(() => 0.999_999)).toBe(Math.round(2 * hour * (0.8 + 0.4 * 0.999_999)));
    const times = attemptTimes(Math.random);
    expect(times.length).toBeGreaterThanOrEqual(12);
    expect(times.at(-1)).toBe(window);
  });

  it('takes a shorter schedule and window (tests): its last delay repeats', () => {
    const times = [0];
    for (let next: number | null = 0; next !== null; ) {
      next = nextAttemptAt({
        attempts: times.length,
        at: times.at(-1)!,
        windowStart: 0,
        windowMs: 1000,
        schedule: [100, 300],
        random: middle,
      });
      if (next !== null) times.push(next);
    }
    expect(times).toEqual([0, 100, 400, 700, 1000]);
  });
});
