/** `--output-format`: the pool's JSON lines, or CSV rendered by the workers with this package's module. */
import { csvHeader, csvOutputModule } from './csv-output.js';

export const outputFormatNames = ['jsonl', 'csv'] as const;
export type OutputFormatName = (typeof outputFormatNames)[number];

export const outputFormats: Readonly<
  Record<OutputFormatName, { module: string | undefined; header: string | null }>
> = {
  jsonl: { module: undefined, header: null },
  csv: { module: csvOutputModule, header: csvHeader },
};
