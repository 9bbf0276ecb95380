/** The shapes of reading rows (`rows.ts` for JSON lines, `csv-rows.ts` for CSV): formats, options, chunks. */
import type { ChunkInput } from '@txenrich/pool';

export const inputFormats = ['jsonl', 'csv'] as const;
export type InputFormat = (typeof inputFormats)[number];

export type RowChunk = ChunkInput & {
  /** Bytes of the input read so far, for progress. */
  bytesRead: number;
};

export interface ReadRowsOptions {
  format: InputFormat;
  chunkSize: number;
  /** CSV: request field -> CSV header, for headers that differ from the field names. */
  columns?: Readonly<Record<string, string>>;
}
