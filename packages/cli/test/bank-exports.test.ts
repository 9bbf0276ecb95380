/**
 * Bank exports through `txenrich enrich`: each preset's sample files read as the requests beside them
 * (amounts in the request's sign, dates as YYYY-MM-DD, every row a user), then enriched over the CLI;
 * the options a file without a preset needs; bad values as one error per row naming its line and field.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bankPresets } from '../src/bank-presets.js';
import { csvLayoutOf } from '../src/commands/csv-options.js';
import { openInput } from '../src/files.js';
import { exitCodes, run } from '../src/index.js';
import { openRows } from '../src/rows.js';
import { capture } from './capture.js';

const fixtures = fileURLToPath(new URL('./fixtures/bank-exports/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'txenrich-bank-exports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const examples = bankPresets.flatMap((preset) => preset.examples.map((example) => ({ preset, example })));

/** The JSON lines of `text`. */
const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

/** What the CLI reads from `path` with `flags`: each row's line and request body (or its fault). */
async function readRequests(path: string, flags: Parameters<typeof csvLayoutOf>[0]) {
  const chunks = await openRows(openInput(path, process.stdin), {
    format: 'csv',
    chunkSize: 4,
    csv: csvLayoutOf(flags),
  });
  const requests: Array<Record<string, unknown>> = [];
  for await (const chunk of chunks) {
    if (!('rows' in chunk)) throw new Error('CSV is read into rows');
    const faults = new Map(chunk.unreadable);
    chunk.rows.forEach((row, index) => {
      const line = chunk.lineNumbers![index];
      requests.push(faults.has(index) ? { line, fault: faults.get(index) } : { line, ...(row as object) });
    });
  }
  return requests;
}

/** `txenrich enrich` with `args` on one thread; its exit code and its results. */
async function enrich(args: readonly string[]) {
  const io = capture();
  const code = await run(['enrich', ...args, '--threads', '1'], io);
  return { code, err: io.err.join(''), results: io.out.length > 0 ? jsonLines(io.out.join('\n')) : [] };
}

describe('--preset: the sample export of each bank', () => {
  for (const { preset, example } of examples) {
    it(`${example} reads as the requests beside it`, async () => {
      const expected = jsonLines(
        readFileSync(join(fixtures, example.replace(/\.csv$/, '.requests.jsonl')), 'utf8'),
      );
      expect(await readRequests(join(fixtures, example), { preset: preset.id, user: 'jane' })).toEqual(
        expected,
      );
    });
  }

  // Each run starts a worker pool, whose worker loads the catalog: seconds on a busy machine.
  for (const { preset, example } of examples) {
    it(`${example} is enriched row by row with --preset ${preset.id}`, { timeout: 60_000 }, async () => {
      const { code, err, results } = await enrich([
        '--preset',
        preset.id,
        '--user',
        'jane',
        join(fixtures, example),
      ]);
      const requests = jsonLines(
        readFileSync(join(fixtures, example.replace(/\.csv$/, '.requests.jsonl')), 'utf8'),
      );
      expect(err).toMatch(new RegExp(`^${requests.length} rows, 0 errors`));
      expect(code).toBe(0);
      expect(results).toHaveLength(requests.length);
      expect(results.every((result) => result.statusCode === 200)).toBe(true);
      // Money in is incoming, money out outgoing, wherever the engine reads the line as a transfer.
      results.forEach((result, index) => {
        const direction = result.transactionInfo.transferInfo?.direction;
        if (direction)
          expect(direction, requests[index].description).toBe(
            Number(requests[index].amount) < 0 ? 'incoming' : 'outgoing',
          );
      });
    });
  }

  it('follows a monthly bill through a Bank of America export, its amounts and dates read', {
    timeout: 60_000,
  }, async () => {
    const { results } = await enrich([
      '--preset',
      'bofa',
      '--user',
      'jane',
      join(fixtures, 'bofa-checking.csv'),
    ]);
    // The third Netflix payment, the ninth row (the opening balance line is none).
    const netflix = results[8].transactionInfo.recurrenceInfo;
    expect(netflix.intervalType).toBe('monthly');
    expect(
      netflix.recentRecurrences.map((r: { amount: number; occurredAt: string }) => [r.amount, r.occurredAt]),
    ).toEqual([
      [15.49, '2024-01-08'],
      [15.49, '2024-02-08'],
      [15.49, '2024-03-08'],
    ]);
    expect(results[7].transactionInfo).toMatchObject({
      type: 'income',
      transferInfo: { direction: 'incoming' },
    });
  });

  it('gives each row with a bad value one error naming its line and field, and enriches the others', {
    timeout: 60_000,
  }, async () => {
    const input = join(dir, 'chase-bad.csv');
    writeFileSync(
      input,
      [
        'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
        'DEBIT,13/45/2024,NETFLIX.COM,-15.49,ACH_DEBIT,1000.00,,',
        'DEBIT,03/07/2024,NETFLIX.COM,-15.4.9,ACH_DEBIT,1000.00,,',
        'DEBIT,02/30/2024,NETFLIX.COM,abc,ACH_DEBIT,1000.00,,',
        'DEBIT,3/7/2024,NETFLIX.COM,"($1,015.49)",ACH_DEBIT,1000.00,,',
      ].join('\n'),
    );
    const { code, err, results } = await enrich(['--preset', 'chase', '--user', 'jane', input]);
    expect(code).toBe(exitCodes.rowsFailed);
    expect(err).toMatch(/^4 rows, 3 errors/);
    expect(results.slice(0, 3)).toEqual([
      {
        statusCode: 400,
        line: 2,
        errors: {
          non_field_errors: [
            'Line 2: occurredAt: "13/45/2024" in column Posting Date is not a date in the form MM/DD/YYYY.',
          ],
        },
        transactionInfo: { transactionId: null },
      },
      {
        statusCode: 400,
        line: 3,
        errors: { non_field_errors: ['Line 3: amount: "-15.4.9" in column Amount is not an amount.'] },
        transactionInfo: { transactionId: null },
      },
      {
        statusCode: 400,
        line: 4,
        errors: {
          non_field_errors: [
            'Line 4: amount: "abc" in column Amount is not an amount; ' +
              'occurredAt: "02/30/2024" in column Posting Date is not a date in the form MM/DD/YYYY.',
          ],
        },
        transactionInfo: { transactionId: null },
      },
    ]);
    expect(results[3]).toMatchObject({ statusCode: 200, counterparty: [{ name: 'Netflix' }] });
  });

  it('says in one line what a preset needs and does not find', async () => {
    const chase = join(fixtures, 'chase-checking.csv');
    const noUser = await enrich(['--preset', 'chase', chase]);
    expect(noUser.code).toBe(1);
    expect(noUser.err).toBe(
      `txenrich: every universal request needs a userId, and ${chase} has no userId column: ` +
        'give one with --user <id> (or name its column with --columns userId=<header>).',
    );
    const wrongBank = await enrich(['--preset', 'bofa', '--user', 'jane', chase]);
    expect(wrongBank.code).toBe(1);
    expect(wrongBank.err).toBe(
      `txenrich: ${chase} does not read as a Bank of America (checking, savings) export: none of its ` +
        'first 20 lines is a header row with the columns Description, Amount, and Date.',
    );
    const card = await enrich(['--preset', 'chase', '--kind', 'card', '--user', 'jane', chase]);
    expect(card.err).toBe(
      'txenrich: --preset reads a bank export as universal lines, not card: drop --kind.',
    );
    const noKind = await enrich([chase]);
    expect(noKind.err).toBe(
      'txenrich: --kind is required (card, de43, transfer, or universal) unless --preset gives it.',
    );
    const jsonl = join(dir, 'lines.jsonl');
    writeFileSync(jsonl, '{}\n');
    const notCsv = await enrich([
      '--kind',
      'universal',
      '--user',
      'jane',
      '--date-format',
      'MM/DD/YYYY',
      jsonl,
    ]);
    expect(notCsv.err).toBe(
      `txenrich: --user, --date-format apply to CSV input; ${jsonl} is read as JSON lines (see --format).`,
    );
    const twice = join(dir, 'with-user.csv');
    writeFileSync(twice, 'userId,description\nu1,NETFLIX.COM\n');
    const both = await enrich(['--kind', 'universal', '--user', 'jane', twice]);
    expect(both.err).toBe(
      `txenrich: --user gives every row a userId, and ${twice} has a userId column too: use one or the other.`,
    );
  });
});

describe('a bank export without a preset', () => {
  it('reads ; separators, decimal commas, day-first dates, money in positive, and --user', async () => {
    const input = join(dir, 'semicolons.csv');
    writeFileSync(
      input,
      [
        'Datum;Omschrijving;Bedrag',
        '01.03.2024;NETFLIX.COM;-15,49',
        '15.03.2024;"ACME CORP; PAYROLL";"2.450,00"',
        '20.03.2024;SHELL 1234;(41,02)',
      ].join('\n'),
    );
    const flags = {
      columns: { occurredAt: 'Datum', description: 'Omschrijving', amount: 'Bedrag' },
      dateFormat: 'DD.MM.YYYY',
      decimalComma: true,
      sign: 'money-in-positive',
      user: 'jane',
    } as const;
    expect(await readRequests(input, flags)).toEqual([
      { line: 2, occurredAt: '2024-03-01', description: 'NETFLIX.COM', amount: '15.49', userId: 'jane' },
      {
        line: 3,
        occurredAt: '2024-03-15',
        description: 'ACME CORP; PAYROLL',
        amount: '-2450.00',
        userId: 'jane',
      },
      { line: 4, occurredAt: '2024-03-20', description: 'SHELL 1234', amount: '41.02', userId: 'jane' },
    ]);
  });

  it('reads Withdrawals and Deposits columns as amounts with a direction, one or the other', async () => {
    const input = join(dir, 'two-columns.csv');
    writeFileSync(
      input,
      [
        'Date,Description,Withdrawals,Deposits',
        '03/01/24,NETFLIX.COM,$15.49,',
        '03/15/24,ACME CORP PAYROLL,,"$2,450.00"',
        '03/16/24,REFUND,0.00,12.00',
        '03/17/24,BOTH,1.00,2.00',
      ].join('\n'),
    );
    const flags = {
      columns: { occurredAt: 'Date', description: 'Description', debit: 'Withdrawals', credit: 'Deposits' },
      dateFormat: 'MM/DD/YY',
      user: 'jane',
    } as const;
    expect(await readRequests(input, flags)).toEqual([
      {
        line: 2,
        occurredAt: '2024-03-01',
        description: 'NETFLIX.COM',
        amount: '15.49',
        direction: 'DEBIT',
        userId: 'jane',
      },
      {
        line: 3,
        occurredAt: '2024-03-15',
        description: 'ACME CORP PAYROLL',
        amount: '-2450.00',
        direction: 'CREDIT',
        userId: 'jane',
      },
      {
        line: 4,
        occurredAt: '2024-03-16',
        description: 'REFUND',
        amount: '-12.00',
        direction: 'CREDIT',
        userId: 'jane',
      },
      {
        line: 5,
        fault:
          'Line 5: amount: "1.00" in column Withdrawals and "2.00" in column Deposits are both amounts; ' +
          'a row is money out or money in.',
      },
    ]);
  });

  it('keeps a file written for txenrich as it was: other headers are fields, cells as they are', async () => {
    const input = join(dir, 'plain.csv');
    writeFileSync(input, 'userId,description,amount,occurredAt\nu1,NETFLIX.COM,15.49,2024-03-07T10:00:00Z\n');
    expect(await readRequests(input, {})).toEqual([
      {
        line: 2,
        userId: 'u1',
        description: 'NETFLIX.COM',
        amount: '15.49',
        occurredAt: '2024-03-07T10:00:00Z',
      },
    ]);
  });
});
