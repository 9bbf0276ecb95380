/** Squeezing a part of a line: single spaces, no padding at either end. */

/** Characters that pad a part at its start (` * # , . - / : ; <`) and at its end (` * # , - / : ;`: `CO.` keeps its dot). */
const leadingPad = new Set([...' *#,.-/:;<'].map((char) => char.charCodeAt(0)));
const trailingPad = new Set([...' *#,-/:;'].map((char) => char.charCodeAt(0)));

/** Single spaces, no padding at either end. The text is canonical: its only whitespace is spaces. */
export function squeeze(text: string): string {
  const spaced = text.includes('  ') ? text.replace(/ {2,}/g, ' ') : text;
  let start = 0;
  let end = spaced.length;
  while (start < end && leadingPad.has(spaced.charCodeAt(start))) start++;
  while (end > start && trailingPad.has(spaced.charCodeAt(end - 1))) end--;
  return start === 0 && end === spaced.length ? spaced : spaced.slice(start, end);
}
