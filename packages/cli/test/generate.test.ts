import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../src/index.js';
import { capture } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-generate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');

describe('txenrich generate', () => {
  it('writes the same bytes for the same seed and other bytes for another seed', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => join(dir, `${name}.jsonl`));
    const io = capture();
    expect(await run(['generate', '--kind', 'card', '--rows', '2500', '--seed', '7', '-o', a!], io)).toBe(0);
    expect(await run(['generate', '--rows', '2500', '--seed', '7', '-o', b!], capture())).toBe(0);
    expect(await run(['generate', '--rows', '2500', '--seed', '8', '-o', c!], capture())).toBe(0);
    expect(readFileSync(a!, 'utf8')).toBe(readFileSync(b!, 'utf8'));
    expect(readFileSync(a!, 'utf8')).not.toBe(readFileSync(c!, 'utf8'));
    expect(lines(a!)).toHaveLength(2500);
    expect(io.err.join('')).toMatch(/^2500 rows, \d+\.\d\d s, \d+ rows\/s -> /);
    // the same file goes to `enrich` unchanged: `expect` and `tags` are not request fields
    const enriched = capture();
    const results = join(dir, 'results.jsonl');
    expect(
      await run(['enrich', '--kind', 'card', a!, '-o', results, '--threads', '1', '--no-progress'], enriched),
    ).toBe(0);
    expect(enriched.err.join('')).toMatch(/^2500 rows, 0 errors, /);
  }, 30_000);

  it('writes to standard output without -o', async () => {
    const io = capture();
    expect(await run(['generate', '--rows', '40', '--seed', '3'], io)).toBe(0);
    const written = io.out.join('').trim().split('\n');
    expect(written).toHaveLength(40);
    expect(JSON.parse(written[0]!)).toMatchObject({ transactionId: 'txn-3-1', currencyCode: 'USD' });
  });

  it('rejects kinds it does not generate', async () => {
    const io = capture();
    expect(await run(['generate', '--kind', 'transfer', '--rows', '10'], io)).toBe(1);
    expect(io.err.join('')).toMatch(/--kind transfer is not generated yet; kinds: card/);
  });
});

describe('txenrich eval on a generated file', () => {
  it('scores request bodies by their expect, recurrence included', async () => {
    const file = join(dir, 'generated.jsonl');
    expect(await run(['generate', '--rows', '3000', '--seed', '5', '-o', file], capture())).toBe(0);
    const io = capture();
    expect(await run(['eval', file, '--json', '--by-tag'], io)).toBe(0);
    const report = JSON.parse(io.out.join(''));
    expect(report.lines).toBe(3000);
    for (const field of [
      'merchant',
      'website',
      'channel',
      'type',
      'thirdParty',
      'isPeerToPeer',
      'recurrence',
    ]) {
      expect(report.fields[field].labelled).toBe(3000);
    }
    expect(report.fields.merchant.correct).toBeGreaterThan(2000);
    expect(report.recurrence.expected).toBeGreaterThan(100);
    expect(report.recurrence.found).toBeGreaterThan(0);
    expect(report.byTag.subscription.recurrence.labelled).toBeGreaterThan(100);
    expect(report.failures[0].id).toMatch(/^txn-5-\d+$/);
  });

  it('reads lines without transactionId by line number, and keeps scoring labelled lines as before', async () => {
    const file = join(dir, 'mixed.jsonl');
    const body = { merchantName: 'NETFLIX.COM', categoryCode: '4899', expect: { merchant: 'Netflix' } };
    const labelled = {
      id: 'x1',
      kind: 'card',
      input: { merchantName: 'NETFLIX.COM' },
      expect: { type: 'spending' },
    };
    writeFileSync(
      file,
      `${JSON.stringify(labelled)}\n${JSON.stringify({ ...body, merchantName: 'ZZQX UNKNOWN' })}\n`,
    );
    const io = capture();
    expect(await run(['eval', file, '--json'], io)).toBe(0);
    const report = JSON.parse(io.out.join(''));
    expect(report.fields.type).toEqual({ labelled: 1, correct: 1 });
    expect(report.fields.merchant).toEqual({ labelled: 1, correct: 0 });
    expect(report.failures).toEqual([
      { id: 'line-2', field: 'merchant', expected: 'Netflix', actual: 'ZZQX Unknown' },
    ]);
  });
});
