/** `txenrich eval <file.jsonl> [--kind <kind>] [--by-tag] [--json] [--failures <n>]` */
import {
  createEngine,
  createSeriesBook,
  type Engine,
  type EnrichableKind,
  enrichResultItem,
} from '@txenrich/core';
import { unreadableLineItem } from '@txenrich/pool';
import type { ResultItem } from '@txenrich/schema';
import { type Command, Option } from 'commander';
import { createEvaluator, formatReport, type LabelledLine } from '../evaluation.js';
import { openInput } from '../files.js';
import type { CliIo } from '../io.js';
import { readJsonLines } from '../rows.js';
import { enrichableKinds } from './enrich.js';

interface EvalFlags {
  kind: EnrichableKind;
  byTag?: boolean;
  json?: boolean;
  failures: string;
}

const isEnrichable = (kind: string): kind is (typeof enrichableKinds)[number] =>
  (enrichableKinds as readonly string[]).includes(kind);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Enriches request bodies in file order, each in its user's series (in memory), as `txenrich enrich`
 * does: recurrence comes from the user's earlier rows.
 */
function createSequentialEnricher(engine: Engine, kind: EnrichableKind): (body: unknown) => ResultItem {
  const context = { series: createSeriesBook() };
  return (body) => enrichResultItem(engine, kind, body, { context });
}

export function registerEval(program: Command, io: CliIo): void {
  program
    .command('eval')
    .description('score the engine on a labelled JSONL set: accuracy per field, coverage, failures')
    .argument(
      '<file>',
      'labelled JSONL: {"id", "kind", "input", "expect"} per line, or request bodies with their "expect" (txenrich generate); - reads standard input',
    )
    .addOption(
      new Option('--kind <kind>', 'kind of the request-body lines (lines without "input")')
        .choices(enrichableKinds)
        .default('card'),
    )
    .option('--by-tag', 'also score the lines of each tag apart')
    .option('--json', 'print the report as one JSON object')
    .option('--failures <n>', 'failures to list', '50')
    .action(async (file: string, flags: EvalFlags) => {
      const input = openInput(file, io.stdin);
      const engine = createEngine();
      // request-body lines are users' transactions in file order: their recurrence is scored too
      const enrichBody = createSequentialEnricher(engine, flags.kind);
      const evaluator = createEvaluator({ byTag: flags.byTag ?? false });
      let skipped = 0;
      for await (const line of readJsonLines(input.stream)) {
        const value = line.value;
        if ('error' in line || !isObject(value) || !isObject(value.expect)) {
          evaluator.add(
            { id: `line-${line.lineNumber}`, kind: 'card', input: null, expect: {} },
            unreadableLineItem(line.lineNumber, line.error ?? 'not a labelled line'),
          );
          continue;
        }
        if ('input' in value) {
          const labelled = value as unknown as LabelledLine;
          if (!isEnrichable(labelled.kind)) {
            skipped++;
            continue;
          }
          evaluator.add(labelled, enrichResultItem(engine, labelled.kind, labelled.input));
          continue;
        }
        // a request body carrying its truth: the schema drops `expect` and `tags` before enriching
        const id = typeof value.transactionId === 'string' ? value.transactionId : `line-${line.lineNumber}`;
        const tags = Array.isArray(value.tags) ? (value.tags as string[]) : undefined;
        evaluator.add(
          { id, kind: flags.kind, input: value, expect: value.expect, ...(tags ? { tags } : {}) },
          enrichBody(value),
        );
      }
      const report = evaluator.report();
      io.stdout(flags.json ? JSON.stringify(report, null, 2) : formatReport(report, Number(flags.failures)));
      if (skipped > 0) io.stderr(`${skipped} lines of kinds this engine does not enrich yet were skipped`);
    });
}
