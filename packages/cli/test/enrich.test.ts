import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCodes, run } from '../src/index.js';
import { capture } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-enrich-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each run starts a worker pool, whose workers load the catalog: seconds on a busy machine.
describe('txenrich enrich', { timeout: 60_000 }, () => {
  it('writes one result per non-blank input line, in order, bad lines as errors naming their line', async () => {
    const input = join(dir, 'cards.jsonl');
    const output = join(dir, 'results.jsonl');
    writeFileSync(
      input,
      [
        JSON.stringify({ transactionId: 't1', merchantName: 'NETFLIX.COM', categoryCode: '4899' }),
        '{not json',
        '',
        JSON.stringify({ transactionId: 't3', amount: 'abc' }),
        JSON.stringify({ transactionId: 't4', merchantName: 'SQ *MARIAS FLOWERS', categoryCode: '5992' }),
      ].join('\n'),
    );
    const io = capture();
    expect(await run(['enrich', '--kind', 'card', input, '-o', output], io)).toBe(exitCodes.rowsFailed);
    const results = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({
      statusCode: 200,
      transactionInfo: { transactionId: 't1' },
      counterparty: [{ name: 'Netflix' }],
    });
    expect(results[1]).toMatchObject({ statusCode: 400, line: 2, transactionInfo: { transactionId: null } });
    expect(results[1].errors.non_field_errors[0]).toMatch(/^Line 2 is not valid JSON/);
    // Line 3 is blank: no result; the next one names its own line.
    expect(results[2]).toEqual({
      statusCode: 400,
      line: 4,
      errors: { merchantName: ['This field is required.'], amount: ['A valid number is required.'] },
      transactionInfo: { transactionId: 't3' },
    });
    expect(results[3]).toMatchObject({
      statusCode: 200,
      counterparty: [{ name: "Maria's Flowers", verified: false }],
      transactionInfo: { display: { name: "Maria's Flowers" }, thirdParties: [{ name: 'Square' }] },
    });
    expect(io.err.join('')).toMatch(/^4 rows, 2 errors, 50\.0% matched, \d+ rows\/s/);
  });

  it('adds the explanation with --explain, and only then', async () => {
    const input = join(dir, 'explain.jsonl');
    writeFileSync(
      input,
      JSON.stringify({
        transactionId: 'e1',
        merchantName:
          'PURCHASE AUTHORIZED ON 02/14 SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA S381234567 CARD 1234',
      }),
    );
    const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
    const plain = join(dir, 'plain.jsonl');
    const explained = join(dir, 'explained.jsonl');
    expect(await run(['enrich', '--kind', 'card', input, '-o', plain, '--threads', '1'], capture())).toBe(0);
    const args = ['enrich', '--kind', 'card', input, '-o', explained, '--threads', '1', '--explain'];
    expect(await run(args, capture())).toBe(0);
    expect(read(plain)).not.toHaveProperty('explanation');
    expect(read(explained).explanation.anatomy).toMatchObject({
      wrapper: { id: 'wrapper.authorized-on' },
      name: 'BLUE BOTTLE COFFEE',
      location: { city: 'SAN FRANCISCO', region: 'CA' },
    });
    expect(read(explained).explanation.rules).toContain('wrapper.authorized-on');
  });

  it('keeps every row of a file read in several pieces, blocks spanning them', async () => {
    const input = join(dir, 'long.jsonl');
    const output = join(dir, 'long-results.jsonl');
    // About 3.2 MB, read 1 MB at a time: the first 2,500-row block spans three reads, the next starts inside one.
    const padding = 'x'.repeat(780);
    const lines = Array.from({ length: 4000 }, (_, index) =>
      JSON.stringify({ transactionId: `t${index}`, merchantName: 'NETFLIX.COM', description: padding }),
    );
    writeFileSync(input, `${lines.join('\n')}\n`);
    expect(
      await run(['enrich', '--kind', 'card', input, '-o', output, '--chunk-size', '2500'], capture()),
    ).toBe(0);
    const ids = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          (JSON.parse(line) as { transactionInfo: { transactionId: string } }).transactionInfo.transactionId,
      );
    expect(ids).toEqual(lines.map((_, index) => `t${index}`));
  });

  it('reads CSV with a column mapping and writes CSV, bad records in their place', async () => {
    const input = join(dir, 'bank-export.csv');
    const output = join(dir, 'results.csv');
    writeFileSync(
      input,
      [
        'Id,Description,MCC,Amount,Date,userId',
        't1,NETFLIX.COM,4899,15.49,2024-01-07,u1',
        't2,"SQ *BLUE BOTTLE" COFFEE",5814,4.50,2024-01-08,u1',
        't3,NETFLIX.COM,4899,15.49,2024-02-07,u1',
        't4,,5814,3.00,2024-02-08,u1',
        't5,NETFLIX.COM,4899,15.49,2024-03-07,u1',
      ].join('\n'),
    );
    const io = capture();
    const mapping =
      'transactionId=Id,merchantName=Description,categoryCode=MCC,amount=Amount,occurredAt=Date';
    const args = ['enrich', '--kind', 'card', input, '-o', output, '--columns', mapping];
    expect(await run(args, io)).toBe(exitCodes.rowsFailed);
    const [header, ...rows] = readFileSync(output, 'utf8').trim().split('\n');
    expect(header?.split(',').slice(0, 4)).toEqual(['transactionId', 'statusCode', 'errors', 'line']);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatch(/^t1,200,,,[0-9a-f-]{36},spending,,Netflix,/);
    expect(rows[1]).toMatch(
      /^,400,"{""non_field_errors"":\[""Line 3 is not valid CSV: text after the closing quote of cell 2\.""\]}",3,/,
    );
    expect(rows[3]).toMatch(/^t4,400,"{""merchantName"":\[""This field is required.""\]}",5,/);
    expect(rows[4]).toMatch(/,monthly,2024-04-07$/);
    expect(io.err.join('')).toMatch(/^5 rows, 2 errors, 100\.0% matched/);
  });

  it('gives each bad CSV record one error naming its line, and loses no good row after it', async () => {
    const input = join(dir, 'quotes.csv');
    writeFileSync(
      input,
      [
        'transactionId,merchantName,categoryCode',
        't1,SQ *BLUE "BOTTLE,5814', // a stray quote
        't2,NETFLIX.COM,4899',
        '',
        't3,"SQ *BLUE BOTTLE COFFEE,5814', // a quote never closed
        't4,NETFLIX.COM,4899',
        't5,SHELL OIL, INC,5541', // a comma in an unquoted cell: one cell too many
        't6,NETFLIX.COM,4899',
      ].join('\n'),
    );
    const io = capture();
    expect(await run(['enrich', '--kind', 'card', input, '--threads', '1'], io)).toBe(exitCodes.rowsFailed);
    const results = io.out
      .join('\n')
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(
      results.map((result) => [result.statusCode, result.line ?? result.transactionInfo.transactionId]),
    ).toEqual([
      [400, 2],
      [200, 't2'],
      [400, 5],
      [200, 't4'],
      [400, 7],
      [200, 't6'],
    ]);
    expect(results[2].errors.non_field_errors).toEqual([
      'Line 5 is not valid CSV: a quoted cell is not closed.',
    ]);
    expect(results[4].errors.non_field_errors).toEqual(['Line 7 has 4 cells; the header row has 3.']);
    expect(io.err.join('')).toMatch(/^6 rows, 3 errors/);
  });

  it('exits 0 when every row enriched, 2 when any failed, with the summary line either way', async () => {
    const good = join(dir, 'good.jsonl');
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(good, JSON.stringify({ merchantName: 'NETFLIX.COM' }));
    writeFileSync(bad, '{"amount": "abc"}\n{not json');
    const ok = capture();
    expect(await run(['enrich', '--kind', 'card', good, '--threads', '1'], ok)).toBe(0);
    expect(ok.err.join('')).toMatch(/^1 rows, 0 errors/);
    const failed = capture();
    expect(await run(['enrich', '--kind', 'card', bad, '--threads', '1'], failed)).toBe(2);
    expect(failed.err.join('')).toMatch(/^2 rows, 2 errors/);
  });

  it('reads standard input for -', async () => {
    const io = capture(`${JSON.stringify({ transactionId: 's1', merchantName: 'NETFLIX.COM' })}\n`);
    expect(await run(['enrich', '--kind', 'card', '-', '--threads', '1'], io)).toBe(0);
    expect(JSON.parse(io.out.join(''))).toMatchObject({ transactionInfo: { transactionId: 's1' } });
    const csv = capture('merchantName,categoryCode\nNETFLIX.COM,4899\n');
    expect(await run(['enrich', '--kind', 'card', '-', '--format', 'csv', '--threads', '1'], csv)).toBe(0);
    expect(JSON.parse(csv.out.join(''))).toMatchObject({ counterparty: [{ name: 'Netflix' }] });
  });

  it('creates the folder of -o', async () => {
    const input = join(dir, 'one.jsonl');
    writeFileSync(input, JSON.stringify({ merchantName: 'NETFLIX.COM' }));
    const output = join(dir, 'not', 'there', 'yet.jsonl');
    expect(await run(['enrich', '--kind', 'card', input, '-o', output, '--threads', '1'], capture())).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toMatchObject({ statusCode: 200 });
  });

  it('refuses an output that is the input, under any name, and leaves the input as it was', async () => {
    const input = join(dir, 'same.jsonl');
    const text = JSON.stringify({ merchantName: 'NETFLIX.COM' });
    writeFileSync(input, text);
    symlinkSync(input, join(dir, 'same-link.jsonl'));
    for (const output of [input, join(dir, '.', 'same.jsonl'), join(dir, 'same-link.jsonl')]) {
      const io = capture();
      expect(await run(['enrich', '--kind', 'card', input, '-o', output], io)).toBe(1);
      expect(io.err).toEqual([
        `txenrich: the output ${output} is the input file; writing it would empty it. Choose another -o.`,
      ]);
    }
    expect(readFileSync(input, 'utf8')).toBe(text);
  });

  it('says in one line that the input is missing, or a folder, or -o cannot be written', async () => {
    const missing = capture();
    expect(await run(['enrich', '--kind', 'card', join(dir, 'missing.jsonl')], missing)).toBe(1);
    expect(missing.err).toEqual([
      `txenrich: cannot read ${join(dir, 'missing.jsonl')}: no such file or directory.`,
    ]);
    const folder = capture();
    expect(await run(['enrich', '--kind', 'card', dir], folder)).toBe(1);
    expect(folder.err).toEqual([`txenrich: cannot read ${dir}: it is a directory.`]);
    const input = join(dir, 'one-more.jsonl');
    writeFileSync(input, '{}');
    const unwritable = capture();
    expect(await run(['enrich', '--kind', 'card', input, '-o', join(input, 'out.jsonl')], unwritable)).toBe(
      1,
    );
    expect(unwritable.err).toEqual([
      `txenrich: cannot write ${join(input, 'out.jsonl')}: a part of the path is not a directory.`,
    ]);
  });

  it('refuses --columns naming headers the CSV does not have, before writing anything', async () => {
    const input = join(dir, 'headers.csv');
    const output = join(dir, 'headers-results.jsonl');
    writeFileSync(input, 'Id,Description,Amount\nt1,NETFLIX.COM,15.49\n');
    const io = capture();
    const mapping = 'transactionId=Id,merchantName=Descripton,amount=Amt';
    expect(await run(['enrich', '--kind', 'card', input, '-o', output, '--columns', mapping], io)).toBe(1);
    expect(io.err).toEqual([
      `txenrich: --columns names headers that ${input} does not have: Descripton, Amt (its headers: Id, Description, Amount).`,
    ]);
    expect(existsSync(output)).toBe(false);
  });

  it('rejects a malformed column mapping', async () => {
    const io = capture();
    expect(await run(['enrich', '--kind', 'card', 'x.csv', '--columns', 'merchantName'], io)).toBe(1);
    expect(io.err.join('')).toMatch(/--columns expects field=Header pairs/);
  });

  it('rejects an unknown kind', async () => {
    const io = capture();
    expect(await run(['enrich', '--kind', 'cheque', join(dir, 'cards.jsonl')], io)).toBe(1);
    expect(io.err.join('')).toMatch(/argument 'cheque' is invalid/);
  });
});

describe('txenrich eval', () => {
  it('scores a labelled file', async () => {
    const file = join(dir, 'labelled.jsonl');
    const line = (id: string, merchantName: string, merchant: string | null) =>
      JSON.stringify({
        id,
        kind: 'card',
        input: { merchantName, categoryCode: '5814' },
        expect: { merchant, type: 'spending' },
      });
    writeFileSync(
      file,
      [line('a', 'STARBUCKS STORE 12345', 'Starbucks'), line('b', 'SHELL BEACH CAFE', 'Shell')].join('\n'),
    );
    const io = capture();
    expect(await run(['eval', file, '--json'], io)).toBe(0);
    const report = JSON.parse(io.out.join(''));
    expect(report.fields.merchant).toEqual({ labelled: 2, correct: 1 });
    expect(report.fields.type).toEqual({ labelled: 2, correct: 2 });
    // The line names a merchant no catalog knows: an unverified counterparty, not Shell.
    expect(report.failures).toEqual([
      { id: 'b', field: 'merchant', expected: 'Shell', actual: 'Shell Beach Cafe' },
    ]);
  });
});

describe('txenrich enrich: history within a file', { timeout: 60_000 }, () => {
  it('shows recurrence once a user has paid the same merchant monthly three times', async () => {
    const input = join(dir, 'year.jsonl');
    const months = ['2024-01-07', '2024-02-07', '2024-03-07', '2024-04-08'];
    writeFileSync(
      input,
      months
        .map((occurredAt, index) =>
          JSON.stringify({
            transactionId: `n${index}`,
            userId: 'u1',
            merchantName: 'NETFLIX.COM',
            amount: '15.49',
            occurredAt,
          }),
        )
        .join('\n'),
    );
    const io = capture();
    // One row per worker task: the history still follows the user across chunks and threads.
    expect(await run(['enrich', '--kind', 'card', input, '--chunk-size', '1', '--threads', '2'], io)).toBe(0);
    const results = io.out
      .join('\n')
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(results.map((result) => result.transactionInfo.recurrenceInfo?.intervalType ?? null)).toEqual([
      null,
      null,
      'monthly',
      'monthly',
    ]);
    expect(
      results[3].transactionInfo.recurrenceInfo.recentRecurrences.map(
        (r: { transactionId: string }) => r.transactionId,
      ),
    ).toEqual(['n0', 'n1', 'n2', 'n3']);
  });
});
