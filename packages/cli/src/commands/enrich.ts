/**
 * `txenrich enrich --kind <kind> <input> [-o output] [--threads N]`: a file of
 * request bodies (JSON lines or CSV; `-` reads standard input) through the
 * worker pool, streaming in and out, one result per row in input order. A CSV
 * input may be a bank's export (`--preset`, `csv-options.ts`). With
 * `--personalization`, a tenant's custom categories, counterparty
 * personalizations and category rules apply (`personalization-file.ts`).
 * Exits 2 when any row failed (`exitCodes.rowsFailed`), after the summary line.
 */
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { loadCatalog } from '@txenrich/catalog';
import type { EnrichableKind, TenantCategories } from '@txenrich/core';
import {
  createMemorySeries,
  createPool,
  DEFAULT_CHUNK_SIZE,
  type EnrichedChunk,
  type MemorySeries,
} from '@txenrich/pool';
import { transferTransactionSchema, universalTransactionSchema } from '@txenrich/schema';
import { SingleBar } from 'cli-progress';
import { type Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { PRESET_KIND } from '../bank-presets.js';
import { exitCodes, UsageError } from '../errors.js';
import { openInput, openOutput } from '../files.js';
import { capHeapGrowth, turnOffPretenuring } from '../heap.js';
import type { CliIo } from '../io.js';
import { type OutputFormatName, outputFormatNames, outputFormats } from '../output-formats.js';
import { defaultChains, readPersonalizationFile } from '../personalization-file.js';
import { formatOfPath, type InputFormat, inputFormats, openRows } from '../rows.js';
import { addCsvOptions, type CsvFlags, csvFlagsGiven, csvLayoutOf } from './csv-options.js';

export const enrichableKinds: readonly EnrichableKind[] = ['card', 'de43', 'transfer', 'universal'];

interface EnrichFlags extends CsvFlags {
  kind?: EnrichableKind;
  output?: string;
  threads: number;
  format?: InputFormat;
  outputFormat?: OutputFormatName;
  chunkSize: number;
  progress: boolean;
  explain: boolean;
  recurring?: string;
  personalization?: string;
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('Expected a positive integer.');
  return number;
}

/** Kinds whose requests need a `userId`, as the contract's schemas say (transfer and universal). */
const userRequired: Readonly<Record<EnrichableKind, boolean>> = {
  card: false,
  de43: false,
  transfer: !transferTransactionSchema.shape.userId.safeParse(undefined).success,
  universal: !universalTransactionSchema.shape.userId.safeParse(undefined).success,
};

/** The end-of-run line: rows, errors, match rate, speed and wall time. */
export function summaryLine(rows: number, errors: number, matched: number, seconds: number): string {
  const enriched = rows - errors;
  const matchRate = enriched > 0 ? ((100 * matched) / enriched).toFixed(1) : '0.0';
  const rate = seconds > 0 ? Math.round(rows / seconds) : rows;
  return `${rows} rows, ${errors} errors, ${matchRate}% matched, ${rate} rows/s, ${seconds.toFixed(2)} s`;
}

export function registerEnrich(program: Command, io: CliIo): void {
  const command = program
    .command('enrich')
    .description(
      'enrich a JSONL or CSV file of request bodies on all cores, one result per row in input order',
    )
    .addOption(
      new Option('--kind <kind>', 'transaction kind (required, unless --preset: universal)').choices(
        enrichableKinds,
      ),
    )
    .argument(
      '<input>',
      'JSONL (one request body per line) or CSV (a header row, one request per row); - reads standard input',
    )
    .option('-o, --output <path>', 'write results here, creating its folder (default: standard output)')
    .addOption(
      new Option('--format <format>', 'input format (default: from the file name)').choices(inputFormats),
    )
    .addOption(
      new Option(
        '--output-format <format>',
        'output format (default: from the output file name, else jsonl)',
      ).choices(outputFormatNames),
    );
  addCsvOptions(command)
    .option('--threads <n>', 'worker threads', positiveInteger, availableParallelism())
    .option('--chunk-size <n>', 'rows per worker task', positiveInteger, DEFAULT_CHUNK_SIZE)
    .option('--no-progress', 'no progress bar, even on a terminal')
    .option(
      '--explain',
      "add each result's explanation: the line's anatomy, the rules that fired, the candidates",
    )
    .option(
      '--recurring <path>',
      "write each user's recurring series (subscriptions and bills) here, one JSON line per user",
    )
    .option(
      '--personalization <path>',
      'a JSON file of custom categories, counterparty personalizations and category rules to apply',
    )
    .action(async (inputName: string, flags: EnrichFlags) => {
      const started = performance.now();
      // Everything that can be the user's mistake is checked before the pool starts or a file is written.
      const kind = flags.kind ?? (flags.preset ? PRESET_KIND : undefined);
      if (!kind) {
        const kinds = new Intl.ListFormat('en', { type: 'disjunction' }).format(enrichableKinds);
        throw new UsageError(`--kind is required (${kinds}) unless --preset gives it.`);
      }
      // A preset's rows have a description and no transactionType: only universal requests take them.
      if (flags.preset && kind !== PRESET_KIND)
        throw new UsageError(
          `--preset reads a bank export as ${PRESET_KIND} lines, not ${kind}: drop --kind.`,
        );
      const inputFormat = flags.format ?? (flags.preset ? 'csv' : formatOfPath(inputName));
      const csvFlags = csvFlagsGiven(flags);
      if (inputFormat !== 'csv' && csvFlags.length > 0)
        throw new UsageError(
          `${csvFlags.join(', ')} ${csvFlags.length === 1 ? 'applies' : 'apply'} to CSV input; ` +
            `${inputName === '-' ? 'standard input' : inputName} is read as JSON lines (see --format).`,
        );
      const categories = flags.personalization ? await personalizationOf(flags.personalization) : undefined;
      const input = openInput(inputName, io.stdin);
      const outputFormat = flags.outputFormat ?? (flags.output ? formatOfPath(flags.output) : 'jsonl');
      const chunks = await openRows(input, {
        format: inputFormat,
        chunkSize: flags.chunkSize,
        csv: csvLayoutOf(flags),
        ...(userRequired[kind] ? { userRequiredBy: kind } : {}),
      });
      let out: ReturnType<typeof openOutput> | null = null;
      try {
        out = flags.output ? openOutput(flags.output, input) : null;
      } catch (error) {
        input.stream.destroy();
        throw error;
      }
      const series = createMemorySeries();
      capHeapGrowth(150);
      turnOffPretenuring();
      await using pool = createPool({ threads: flags.threads, chunkSize: flags.chunkSize });
      const write = async (text: string) => {
        if (!out) return io.stdout(text);
        if (!out.write(`${text}\n`)) await once(out, 'drain');
      };
      // Results arrive as UTF-8 from the workers and go to the file untouched, in one write call
      // (corked); the chunk's buffer goes back to the pool once it is written.
      const writeChunk = async (chunk: EnrichedChunk) => {
        if (!out) {
          io.stdout(chunk.text);
          return chunk.release();
        }
        out.cork();
        out.write(chunk.bytes);
        const room = out.write('\n', () => chunk.release());
        out.uncork();
        if (!room) await once(out, 'drain');
      };
      const header = outputFormats[outputFormat].header;
      if (header) await write(header);

      const bar =
        flags.progress && io.progress && input.size !== null
          ? new SingleBar({
              stream: io.progress,
              format: '{bar} {percentage}% | {rows} rows | {speed} rows/s | ETA {eta_formatted}',
              hideCursor: true,
              etaBuffer: 50,
            })
          : null;
      bar?.start(input.size ?? 0, 0, { rows: 0, speed: 0 });
      let rows = 0;
      let errors = 0;
      let matched = 0;
      try {
        let bytesRead = 0;
        const tracked = (async function* () {
          for await (const chunk of chunks) {
            bytesRead = chunk.bytesRead;
            yield chunk;
          }
        })();
        const { module } = outputFormats[outputFormat];
        for await (const chunk of pool.enrichChunks(kind, tracked, {
          series,
          ...(categories ? { rules: { key: 'personalization', categories } } : {}),
          ...(module ? { output: module } : {}),
          ...(flags.explain ? { explain: true } : {}),
        })) {
          if (chunk.rows > 0) await writeChunk(chunk);
          rows += chunk.rows;
          errors += chunk.errors;
          matched += chunk.matched;
          const seconds = (performance.now() - started) / 1000;
          bar?.update(bytesRead, { rows, speed: Math.round(rows / seconds) });
        }
      } finally {
        bar?.stop();
        if (out) {
          out.end();
          await once(out, 'finish');
        }
      }
      if (flags.recurring) await writeRecurring(flags.recurring, series, input);
      io.stderr(summaryLine(rows, errors, matched, (performance.now() - started) / 1000));
      if (errors > 0)
        throw new CommanderError(exitCodes.rowsFailed, 'txenrich.rowsFailed', `${errors} rows failed.`);
    });
}

/**
 * `--personalization`: the file's categories, checked against the catalog's default taxonomy (read here
 * for its industries alone, then let go: the workers load their own).
 */
async function personalizationOf(path: string): Promise<TenantCategories> {
  const chains = defaultChains(loadCatalog().industries);
  return readPersonalizationFile(path, chains);
}

/** `--recurring`: each user's subscriptions view, one JSON line per user with a recurring series. */
async function writeRecurring(
  path: string,
  series: MemorySeries,
  input: Parameters<typeof openOutput>[1],
): Promise<void> {
  const out = openOutput(path, input);
  for (const view of series.views()) if (!out.write(`${JSON.stringify(view)}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}
