/** `txenrich eval <labelled.jsonl> [--json] [--failures <n>]` */
import { createEngine, enrichResultItem } from '@txenrich/core';
import type { ResultItem } from '@txenrich/schema';
import type { Command } from 'commander';
import { evaluate, formatReport, type LabelledLine } from '../evaluation.js';
import type { CliIo } from '../io.js';
import { enrichableKinds, readJsonLines, unreadableLine } from './enrich.js';

interface EvalFlags {
  json?: boolean;
  failures: string;
}

const isEnrichable = (kind: string): kind is (typeof enrichableKinds)[number] =>
  (enrichableKinds as readonly string[]).includes(kind);

export function registerEval(program: Command, io: CliIo): void {
  program
    .command('eval')
    .description('score the engine on a labelled JSONL set: accuracy per field, coverage, failures')
    .argument('<file>', 'labelled JSONL: {"id", "kind", "input", "expect"} per line')
    .option('--json', 'print the report as one JSON object')
    .option('--failures <n>', 'failures to list', '50')
    .action(async (file: string, flags: EvalFlags) => {
      const engine = createEngine();
      const lines: LabelledLine[] = [];
      const results: ResultItem[] = [];
      let skipped = 0;
      for await (const line of readJsonLines(file)) {
        const labelled = line.value as LabelledLine | undefined;
        if ('error' in line || !labelled?.expect) {
          lines.push({ id: `line-${line.lineNumber}`, kind: 'card', input: null, expect: {} });
          results.push(unreadableLine(line.lineNumber, line.error ?? 'not a labelled line'));
          continue;
        }
        if (!isEnrichable(labelled.kind)) {
          skipped++;
          continue;
        }
        lines.push(labelled);
        results.push(enrichResultItem(engine, labelled.kind, labelled.input));
      }
      const report = evaluate(lines, results);
      io.stdout(flags.json ? JSON.stringify(report, null, 2) : formatReport(report, Number(flags.failures)));
      if (skipped > 0) io.stderr(`${skipped} lines of kinds this engine does not enrich yet were skipped`);
    });
}
