/**
 * How SQL stores keep a batch's results: one row per chunk, its result texts
 * (given as texts, or as UTF-8 lines) joined as one JSON array text with each text's length (UTF-16 code units,
 * little-endian uint32) beside it, so that they are cut out again without
 * parsing. And which chunks hold a page of results.
 */

export interface PackedChunk {
  /** The chunk's result texts as one JSON array text. */
  results: string;
  /** Each text's length, 4 bytes each. */
  lengths: Buffer;
}

/** A chunk's result texts as one JSON array text, and their lengths to cut them out again. */
export function packChunk(results: readonly string[] | Uint8Array): PackedChunk {
  if (results instanceof Uint8Array) return packLines(results);
  const lengths = Buffer.alloc(results.length * 4);
  for (const [index, text] of results.entries()) lengths.writeUInt32LE(text.length, index * 4);
  return { results: `[${results.join(',')}]`, lengths };
}

const decoder = new TextDecoder();

/** `packChunk` of texts given as UTF-8 lines: one decoded string, never a string per text. */
function packLines(bytes: Uint8Array): PackedChunk {
  const text = decoder.decode(bytes);
  if (text === '') return { results: '[]', lengths: Buffer.alloc(0) };
  const lengths: number[] = [];
  let from = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', from)) {
    lengths.push(at - from);
    from = at + 1;
  }
  lengths.push(text.length - from);
  const packed = Buffer.alloc(lengths.length * 4);
  for (const [index, length] of lengths.entries()) packed.writeUInt32LE(length, index * 4);
  return { results: `[${text.replaceAll('\n', ',')}]`, lengths: packed };
}

/** Appends a packed chunk's result texts to `into`, in order. */
export function unpackChunk(chunk: PackedChunk, into: string[]): void {
  let start = 1; // past '['
  for (let offset = 0; offset < chunk.lengths.length; offset += 4) {
    const end = start + chunk.lengths.readUInt32LE(offset);
    into.push(chunk.results.slice(start, end));
    start = end + 1; // past ','
  }
}

/** The chunks that hold items `offset .. offset + limit - 1` (`limit` >= 1): chunk i holds items i * chunkSize on. */
export function chunksOfPage(
  offset: number,
  limit: number,
  chunkSize: number,
): { first: number; last: number } {
  return { first: Math.floor(offset / chunkSize), last: Math.floor((offset + limit - 1) / chunkSize) };
}

/** The page's items out of the results of chunks `first` on. */
export function pageOfChunks(
  results: string[],
  page: { offset: number; limit: number; first: number; chunkSize: number },
): string[] {
  const skipped = page.offset - page.first * page.chunkSize;
  return results.slice(skipped, skipped + page.limit);
}
