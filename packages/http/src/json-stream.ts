/**
 * A JSON answer written as its list is read, a page at a time, so that
 * neither the list nor its text is ever held whole: `head`, the items, then
 * `tail()` once the last is written.
 */
import { Readable } from 'node:stream';

/**
 * The answer of `head`, `items` and `tail()`. The first item is read before the answer starts: a store
 * that cannot be read now is the error table's answer (a 503), not an answer cut short. When the answer
 * ends, however it ends, the reading stops (a store keeps a list while it is read).
 */
export async function jsonStream(
  head: string,
  items: AsyncIterable<string>,
  tail: () => string,
): Promise<Readable> {
  const iterator = items[Symbol.asyncIterator]();
  let item = await iterator.next();
  async function* parts(): AsyncGenerator<string> {
    yield head;
    for (; !item.done; item = await iterator.next()) yield item.value;
    yield tail();
  }
  const stream = Readable.from(parts());
  stream.once('close', () => void iterator.return?.()?.catch(() => undefined));
  return stream;
}

/** The items of a list's pages as the text inside a JSON array: `,`-joined, a page at a time. */
export async function* arrayItems<T>(
  pages: AsyncIterable<readonly T[]>,
  text: (page: readonly T[]) => string,
): AsyncGenerator<string> {
  let written = false;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield `${written ? ',' : ''}${text(page)}`;
    written = true;
  }
}
