/**
 * A batch's stored items cut into the chunks the workers enrich: chunk `i`
 * holds items `[i * chunkSize, (i + 1) * chunkSize)`, as a block of JSON
 * lines.
 */
import type { LineBlock } from '@txenrich/pool';

/**
 * The items of a batch stored as one JSON array (before version 4 of the store): one line, an array of
 * the batch's `size` items. Lines of today's form may start with `[` too (an item that is an array, which
 * its result reports as invalid), and then are no array of that size, or none at all.
 */
function olderForm(items: string, size: number): unknown[] | null {
  if (!items.startsWith('[') || items.includes('\n')) return null;
  try {
    const parsed: unknown = JSON.parse(items);
    return Array.isArray(parsed) && parsed.length === size ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The chunks of a batch's stored items (`size` of them) from chunk `first` on: blocks of JSON lines, which
 * the workers parse, keeping each line as the request it stores (nothing is parsed or stringified on this
 * thread). Items stored in the older form are read as lines first.
 */
export function* itemChunks(
  items: string,
  size: number,
  chunkSize: number,
  first: number,
): Generator<LineBlock> {
  const text =
    olderForm(items, size)
      ?.map((item) => JSON.stringify(item))
      .join('\n') ?? items;
  let start = 0;
  for (let chunk = 0; start < text.length; chunk++) {
    // The chunk ends at its last line's break, or the text's end.
    let end = start - 1;
    for (let row = 0; row < chunkSize; row++) {
      end = text.indexOf('\n', end + 1);
      if (end < 0) {
        end = text.length;
        break;
      }
    }
    if (chunk >= first) yield { lines: Buffer.from(text.slice(start, end)) };
    start = end + 1;
  }
}
