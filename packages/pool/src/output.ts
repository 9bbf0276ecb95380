/**
 * How a result item is written: the pool's own format is one JSON line; a
 * caller names the module of another (the CLI's CSV), which each worker
 * imports once and renders its rows with.
 */
import type { ResultItem } from '@txenrich/schema';

export interface OutputFormat {
  /** The item's text, without a line break. `line`, the row's line in its file, is written on error items. */
  render(item: ResultItem, line?: number): string;
}

/** An error item with its file line, written second, after `statusCode`. */
function withLine({ statusCode, ...rest }: ResultItem, line: number) {
  return { statusCode, line, ...rest };
}

export const jsonLines: OutputFormat = {
  render: (item, line) =>
    JSON.stringify(item.statusCode !== 200 && line !== undefined ? withLine(item, line) : item),
};

/** A worker's formats by module, imported once. */
const imported = new Map<string, Promise<OutputFormat>>();

/** The format of `module` (a file path or URL whose default export is an `OutputFormat`); JSON lines without one. */
export function outputFormat(module: string | undefined): Promise<OutputFormat> | OutputFormat {
  if (module === undefined) return jsonLines;
  let format = imported.get(module);
  if (!format) {
    const specifier = module.startsWith('file:') ? module : new URL(`file://${module}`).href;
    format = import(specifier).then((loaded: { default: OutputFormat }) => loaded.default);
    imported.set(module, format);
  }
  return format;
}
