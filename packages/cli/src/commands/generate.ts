/** `txenrich generate --kind card --rows <n> [--seed <n>] [--start <date>] [--years <n>] [--heavy <share>] [-o <output.jsonl>]` */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { loadCatalog } from '@txenrich/catalog';
import { createWorld, DEFAULT_START, generateCards } from '@txenrich/generator';
import { type Command, InvalidArgumentError } from 'commander';
import { type CliIo, processIo } from '../io.js';

interface GenerateFlags {
  kind: string;
  rows: number;
  seed: number;
  start: string;
  years: number;
  heavy: number;
  output?: string;
}

/** Kinds the generator writes. */
export const generatedKinds = ['card'] as const;
/** Rows joined into one write. */
const CHUNK_ROWS = 2000;

function integer(min: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < min) {
      throw new InvalidArgumentError(`expected an integer of at least ${min}`);
    }
    return value;
  };
}

function share(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !(value >= 0 && value < 1)) {
    throw new InvalidArgumentError('expected a share of at least 0 and below 1 (0.1: one user in ten)');
  }
  return value;
}

function date(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    throw new InvalidArgumentError('expected a date, YYYY-MM-DD');
  }
  return text;
}

/** Resolves when the stream wants more, or is gone (its error is handled by the caller). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

export function registerGenerate(program: Command, io: CliIo): void {
  program
    .command('generate')
    .description(
      'write a synthetic JSONL dataset: one request body per line with its ground truth ("expect") for txenrich eval',
    )
    .option('--kind <kind>', `transaction kind (${generatedKinds.join(', ')})`, 'card')
    .requiredOption('--rows <n>', 'rows to write', integer(0))
    .option('--seed <n>', 'PRNG seed: the same seed gives the same bytes', integer(0), 1)
    .option('--start <date>', 'first day the rows cover', date, DEFAULT_START)
    .option(
      '--years <n>',
      'years the rows cover (365 days each): 3 gives annual bills their third payment',
      integer(1),
      1,
    )
    .option(
      '--heavy <share>',
      'share of heavy users: 40-80 purchases a month, quarterly and annual bills among them (tag heavy-user)',
      share,
      0,
    )
    .option('-o, --output <path>', 'write here (default: standard output)')
    .action(async (flags: GenerateFlags, command: Command) => {
      if (!(generatedKinds as readonly string[]).includes(flags.kind)) {
        command.error(
          `error: --kind ${flags.kind} is not generated yet; kinds: ${generatedKinds.join(', ')}`,
          { exitCode: 1 },
        );
      }
      const started = performance.now();
      const world = createWorld(loadCatalog());
      // a file or the process's stdout get backpressure; a test's io gets the text
      const out: Writable | null = flags.output
        ? createWriteStream(flags.output)
        : io === processIo
          ? process.stdout
          : null;
      let failure: Error | null = null;
      out?.on('error', (error) => {
        failure = error;
      });
      const write = async (text: string) => {
        if (!out) return io.stdout(text);
        if (!out.write(text) && !out.destroyed) await drained(out);
      };
      let rows = 0;
      let chunk: string[] = [];
      const options = {
        rows: flags.rows,
        seed: flags.seed,
        start: flags.start,
        years: flags.years,
        heavyShare: flags.heavy,
      };
      for (const row of generateCards(world, options)) {
        chunk.push(JSON.stringify(row));
        rows++;
        if (chunk.length === CHUNK_ROWS) {
          await write(`${chunk.join('\n')}\n`);
          chunk = [];
          if (failure) break;
        }
      }
      if (chunk.length > 0 && !failure) await write(`${chunk.join('\n')}\n`);
      if (out && out !== process.stdout) {
        out.end();
        if (!failure) await once(out, 'close');
      }
      // a closed pipe (`| head`) is how a reader says it has enough
      if (failure && (failure as NodeJS.ErrnoException).code !== 'EPIPE') throw failure;
      const seconds = (performance.now() - started) / 1000;
      io.stderr(
        `${rows} rows, ${seconds.toFixed(2)} s, ${Math.round(rows / Math.max(seconds, 1e-9))} rows/s${flags.output ? ` -> ${flags.output}` : ''}`,
      );
    });
}
