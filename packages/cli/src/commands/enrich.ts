/** `txenrich enrich --kind card|de43|transfer|universal <input.jsonl> [-o output.jsonl]` */

import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  createEngine,
  descriptorKey,
  type Engine,
  type EnrichableKind,
  enrichResultItem,
  type HistoryEntry,
} from '@txenrich/core';
import type { ResultItem } from '@txenrich/schema';
import { type Command, Option } from 'commander';
import type { CliIo } from '../io.js';

export const enrichableKinds: readonly EnrichableKind[] = ['card', 'de43', 'transfer', 'universal'];

interface EnrichFlags {
  kind: EnrichableKind;
  output?: string;
}

/** The result item of a line that is not JSON: it keeps its place, with its line number. */
export function unreadableLine(lineNumber: number, error: unknown): ResultItem {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    statusCode: 400,
    errors: { non_field_errors: [`Line ${lineNumber} is not valid JSON: ${reason}`] },
    transactionInfo: { transactionId: null },
  };
}

/** Reads JSON lines one by one (blank lines skipped), never the whole file at once. */
export async function* readJsonLines(
  path: string,
): AsyncGenerator<{ lineNumber: number; value?: unknown; error?: unknown }> {
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    try {
      yield { lineNumber, value: JSON.parse(line) as unknown };
    } catch (error) {
      yield { lineNumber, error };
    }
  }
}

/** Earlier transactions kept per user, so that recurrence can be seen within one file. */
const historyPerUser = 400;

/**
 * Enriches raw bodies in file order, handing each user's earlier results to
 * the engine as history (recurrence), and remembering each new one.
 */
export function createHistoryEnricher(engine: Engine, kind: EnrichableKind) {
  const histories = new Map<string, HistoryEntry[]>();
  return (raw: unknown): ResultItem => {
    const fields = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const userId = typeof fields.userId === 'string' ? fields.userId : null;
    const history = userId ? histories.get(userId) : undefined;
    const item = enrichResultItem(engine, kind, raw, history ? { context: { history } } : {});
    const descriptor = fields.merchantName ?? fields.description ?? fields.de43;
    if (
      item.statusCode === 200 &&
      userId &&
      typeof fields.occurredAt === 'string' &&
      typeof descriptor === 'string'
    ) {
      const entries = histories.get(userId) ?? [];
      entries.push({
        enrichmentId: item.enrichmentId,
        transactionId: item.transactionInfo.transactionId,
        counterpartyId: item.counterparty[0]?.id ?? null,
        descriptorKey: descriptorKey(descriptor),
        amount:
          typeof fields.amount === 'number' ? fields.amount : Number(fields.amount ?? Number.NaN) || null,
        occurredAt: fields.occurredAt,
      });
      if (entries.length > historyPerUser) entries.shift();
      histories.set(userId, entries);
    }
    return item;
  };
}

export function registerEnrich(program: Command, io: CliIo): void {
  program
    .command('enrich')
    .description('enrich a JSONL file of request bodies, one result per line in input order')
    .addOption(new Option('--kind <kind>', 'transaction kind').choices(enrichableKinds).makeOptionMandatory())
    .option('-o, --output <path>', 'write results here (default: standard output)')
    .argument('<input>', 'JSONL file: one request body per line')
    .action(async (input: string, flags: EnrichFlags) => {
      const enrich = createHistoryEnricher(createEngine(), flags.kind);
      const out = flags.output ? createWriteStream(flags.output) : null;
      const write = async (text: string) => {
        if (!out) return io.stdout(text);
        if (!out.write(`${text}\n`)) await once(out, 'drain');
      };
      let rows = 0;
      let errors = 0;
      let matched = 0;
      const started = performance.now();
      for await (const line of readJsonLines(input)) {
        const item = 'error' in line ? unreadableLine(line.lineNumber, line.error) : enrich(line.value);
        rows++;
        if (item.statusCode === 400) errors++;
        else if (item.counterparty.length > 0) matched++;
        await write(JSON.stringify(item));
      }
      if (out) {
        out.end();
        await once(out, 'finish');
      }
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? Math.round(rows / seconds) : rows;
      io.stderr(
        `${rows} rows, ${errors} errors, ${rows - errors > 0 ? ((100 * matched) / (rows - errors)).toFixed(1) : '0.0'}% matched, ${rate} rows/s, ${seconds.toFixed(2)} s`,
      );
    });
}
