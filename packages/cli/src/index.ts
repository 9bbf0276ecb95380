/**
 * @txenrich/cli: the `txenrich` command line. Each command registers itself
 * from its own file under `src/commands/`; `run` parses the arguments, runs
 * the command and turns errors into a message and an exit code.
 */
import { readFileSync } from 'node:fs';
import { isCatalogError } from '@txenrich/catalog';
import { isServiceError } from '@txenrich/service';
import { Command, CommanderError } from 'commander';
import { registerCatalog } from './commands/catalog.js';
import { registerEnrich } from './commands/enrich.js';
import { registerEval } from './commands/eval.js';
import { registerGenerate } from './commands/generate.js';
import { registerServe } from './commands/serve.js';
import { exitCodes, UsageError } from './errors.js';
import { type CliIo, processIo } from './io.js';

export { exitCodes } from './errors.js';
export type { CliIo } from './io.js';

/** This package's version: `src/` and `dist/` both sit beside its package.json. */
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The `txenrich` program, writing to `io`. */
export function createProgram(io: CliIo = processIo): Command {
  const program = new Command('txenrich')
    .description('txenrich: open transaction enrichment')
    .version(version, '-V, --version', 'print the version')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(text) });
  registerCatalog(program, io);
  registerEnrich(program, io);
  registerEval(program, io);
  registerServe(program, io);
  registerGenerate(program, io);
  for (const command of program.commands) {
    command
      .exitOverride()
      .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(text) });
    for (const sub of command.commands) {
      sub
        .exitOverride()
        .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(text) });
    }
  }
  return program;
}

/** A mistake of the user's or of their machine's: one line, since only a bug needs its stack. */
function isUsersMistake(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    isCatalogError(error) ||
    (isServiceError(error) && error.code === 'INVALID_CONFIG')
  );
}

/** Run `txenrich` with user arguments (without `node` and the script); resolves to the exit code. */
export async function run(args: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    await createProgram(io).parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (isUsersMistake(error)) io.stderr(`txenrich: ${error.message}`);
    else io.stderr(`txenrich: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return exitCodes.failed;
  }
}
