/** Binary search over sorted string lists (cities, words). */

/** The index of the first of `sorted` that is not before `key`. */
export function lowerBound(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
