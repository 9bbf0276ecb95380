/** The shapes of reading rows (`rows.ts` for JSON lines, `csv-rows.ts` for CSV): formats, options, chunks. */
import type { ChunkInput } from '@txenrich/pool';
import type { CsvLayout } from './csv-layout.js';

export const inputFormats = ['jsonl', 'csv'] as const;
export type InputFormat = (typeof inputFormats)[number];

export type RowChunk = ChunkInput & {
  /** Bytes of the input read so far, for progress. */
  bytesRead: number;
};

export interface ReadRowsOptions {
  format: InputFormat;
  chunkSize: number;
  /** CSV: how its records become request bodies (a file written for txenrich by default). */
  csv?: CsvLayout;
  /** CSV: the kind whose requests need a `userId`, to refuse before any row a file that gives none. */
  userRequiredBy?: string;
}
