/**
 * Seeded randomness for the generator: one mulberry32 stream drives a run, and
 * `hash32` derives stable values (store numbers, phone numbers, local shops)
 * from names and ids, so they do not depend on the order rows are drawn in.
 */

/** A seeded PRNG returning floats in [0, 1) (mulberry32: small, fast, good enough for test data). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the parts, as an unsigned 32-bit integer. */
export function hash32(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = String(part);
    for (let index = 0; index < text.length; index++) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
    hash ^= 0x1f; // separator, so ('ab', 'c') and ('a', 'bc') differ
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Cumulative weights for `Random.weighted`. */
export interface WeightedList<T> {
  items: readonly T[];
  cumulative: Float64Array;
}

export function weightedList<T>(
  items: readonly T[],
  weightOf: (item: T, index: number) => number,
): WeightedList<T> {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((item, index) => {
    total += Math.max(0, weightOf(item, index));
    cumulative[index] = total;
  });
  return { items, cumulative };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)]!;
  }
  /** An item drawn in proportion to its weight (binary search over the cumulative weights). */
  weighted<T>(list: WeightedList<T>): T {
    const { cumulative, items } = list;
    const target = this.next() * (cumulative[cumulative.length - 1] ?? 0);
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return items[low]!;
  }
  /** Log-uniform in [min, max]: many small amounts, a few large ones. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }
  /** A version-4-shaped UUID from the PRNG (a flat string, as one read from JSON or a database). */
  uuid(): string {
    const hex: string[] = [];
    for (let index = 0; index < 32; index++) hex.push(Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '8';
    for (const at of [20, 16, 12, 8]) hex.splice(at, 0, '-');
    return hex.join('');
  }
  digits(count: number): string {
    let text = '';
    for (let index = 0; index < count; index++) text += String(Math.floor(this.next() * 10));
    return text;
  }
  alnum(count: number): string {
    let text = '';
    for (let index = 0; index < count; index++) text += ALNUM[Math.floor(this.next() * ALNUM.length)];
    return text;
  }
}
