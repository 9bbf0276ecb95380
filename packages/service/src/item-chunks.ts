/**
 * A batch's stored items cut into the chunks the workers enrich: chunk `i`
 * holds items `[i * chunkSize, (i + 1) * chunkSize)`, as a block of JSON
 * lines.
 */
import type { LineBlock } from '@txenrich/pool';

/**
 * The chunks of a batch's stored items from chunk `first` on: blocks of JSON lines, which the workers
 * parse, keeping each line as the request it stores (nothing is parsed or stringified on this thread).
 * Items stored as one JSON array (before version 4 of the store) are read as lines first.
 */
export function* itemChunks(items: string, chunkSize: number, first: number): Generator<LineBlock> {
  const text = items.startsWith('[')
    ? (JSON.parse(items) as unknown[]).map((item) => JSON.stringify(item)).join('\n')
    : items;
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
