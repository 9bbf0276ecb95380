/**
 * Pages of JSON text as UTF-8 bytes in shared memory: how the trigger thread
 * hands the main thread a list of 20 MB without a copy, and without 20 MB of
 * strings that the main thread's collector would copy from generation to
 * generation while they wait to be stored. A page becomes a string when it
 * is taken, and is garbage soon after.
 */
export interface PageBlock {
  bytes: Uint8Array;
  /** Where each page ends in `bytes`. */
  ends: number[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function toPageBlock(pages: readonly string[]): PageBlock {
  const ends: number[] = [];
  let length = 0;
  for (const page of pages) {
    length += Buffer.byteLength(page);
    ends.push(length);
  }
  const bytes = new Uint8Array(new SharedArrayBuffer(length));
  let start = 0;
  for (const [index, page] of pages.entries()) {
    encoder.encodeInto(page, bytes.subarray(start));
    start = ends[index]!;
  }
  return { bytes, ends };
}

/** The pages of a block, each decoded when it is taken. */
export function* pagesOfBlock({ bytes, ends }: PageBlock): Generator<string> {
  let start = 0;
  for (const end of ends) {
    yield decoder.decode(bytes.subarray(start, end));
    start = end;
  }
}
