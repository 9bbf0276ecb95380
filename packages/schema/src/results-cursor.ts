/**
 * The cursor of a page of batch results: opaque to clients, it names the
 * batch and the index of the page's first item (base64url of
 * `<batchId>:<index>`), so that one batch's cursor is refused on another.
 */

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeResultsCursor(batchId: string, index: number): string {
  return toBase64Url(`${batchId.toLowerCase()}:${index}`);
}

/** The item index a cursor names, or null when it is not a cursor of this batch. */
export function decodeResultsCursor(cursor: string, batchId: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = /^([0-9a-f-]{36}):(0|[1-9]\d{0,8})$/.exec(text);
  return match && match[1] === batchId.toLowerCase() ? Number(match[2]) : null;
}
