/**
 * When a failed callback is tried again. The delays are Svix's published
 * webhook schedule (5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours,
 * 10 hours), its last step repeated for as long as Stripe retries, three
 * days: the retry window (`callbacks.retryHours`, 72 by default), counted
 * from the delivery's creation or from an operator's replay. The last
 * attempt falls at the window's end; a failure then abandons the delivery.
 * Each delay varies by up to 20% either way (jitter), so that callbacks
 * that failed together, in one receiver's outage, are not retried together.
 */

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** The delay after the n-th failed attempt (the last one repeats). */
export const retrySchedule: readonly number[] = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
];

/** How far a delay may stray from the schedule, either way. */
export const JITTER = 0.2;

export interface RetryTiming {
  /** Failed attempts so far, this one included (1 after the first failure). */
  attempts: number;
  /** When the failure happened. */
  at: number;
  /** When the retry window started: the delivery's creation, or its replay. */
  windowStart: number;
  windowMs: number;
  /** The delays to use; `retrySchedule` by default. */
  schedule?: readonly number[];
  random: () => number;
}

/** When to try again after a failed attempt, or null when the retry window is over (abandon). */
export function nextAttemptAt(timing: RetryTiming): number | null {
  const windowEnd = timing.windowStart + timing.windowMs;
  if (timing.at >= windowEnd) return null;
  const schedule = timing.schedule ?? retrySchedule;
  const step = schedule[Math.min(timing.attempts, schedule.length) - 1] ?? 0;
  const delay = Math.round(step * (1 - JITTER + 2 * JITTER * timing.random()));
  return Math.min(timing.at + delay, windowEnd);
}
