/**
 * `txenrich enrich --personalization`, through the real binary (`bin/txenrich.js`, which runs the built
 * `dist/`: `pnpm build` first): a file of custom categories, counterparty personalizations and category
 * rules applies to every row (a user's own to that user's rows alone), and a wrong file stops the command
 * before it reads a row, naming each wrong field by its path.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/txenrich.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'txenrich-personalization-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Result {
  transactionInfo: { transactionId: string; display: { categoryName: string | null } };
  counterparty: Array<{ id: string; industry: Array<{ id: string; name: string }> }>;
}

function txenrich(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const rows = [
  { transactionId: 'netflix', merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: 15.49 },
  {
    transactionId: 'netflix-u1',
    merchantName: 'NETFLIX.COM',
    categoryCode: '4899',
    amount: 15.49,
    userId: 'u1',
  },
  {
    transactionId: 'diner',
    merchantName: 'JOES DINER #123 SOMEWHEREVILLE TX',
    categoryCode: '5812',
    amount: 12,
  },
  { transactionId: 'flowers', merchantName: 'SQ *MARIAS FLOWERS', categoryCode: '5992', amount: 40 },
];

describe('txenrich enrich --personalization', { timeout: 60_000 }, () => {
  const input = join(dir, 'cards.jsonl');
  const enrich = async (file: string | null) => {
    const output = join(dir, `${file ? 'with' : 'without'}.jsonl`);
    const run = await txenrich([
      'enrich',
      '--kind',
      'card',
      input,
      '-o',
      output,
      '--threads',
      '1',
      ...(file ? ['--personalization', file] : []),
    ]);
    expect(run.stderr).toMatch(/^4 rows, 0 errors/);
    expect(run.status).toBe(0);
    const results = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Result);
    return Object.fromEntries(results.map((result) => [result.transactionInfo.transactionId, result]));
  };
  const leaf = (result: Result | undefined) => ({
    id: result?.counterparty[0]?.industry.at(-1)?.id,
    categoryName: result?.transactionInfo.display.categoryName,
  });

  let plain: Record<string, Result>;
  beforeAll(async () => {
    writeFileSync(input, rows.map((row) => JSON.stringify(row)).join('\n'));
    plain = await enrich(null);
  }, 60_000);

  it('applies the file: personalizations (a user’s to that user alone) before rules, rules to the rest', async () => {
    const netflixId = plain.netflix!.counterparty[0]!.id;
    const file = join(dir, 'personalization.json');
    writeFileSync(
      file,
      JSON.stringify({
        categories: [
          { id: 'eating-out', name: 'Eating Out', parentId: '011-000-000-000' },
          { id: 'streaming', name: 'Streaming', parentId: '015-000-000-000', userId: 'u1' },
        ],
        personalizations: [{ counterpartyId: netflixId, categoryId: 'streaming', userId: 'u1' }],
        rules: [
          { categoryId: 'eating-out', match: { mcc: { from: 5811, to: 5814 } } },
          { categoryId: '013-000-000-000', match: { namePattern: 'netflix*' } },
        ],
      }),
    );
    const results = await enrich(file);
    // The user's personalization, for the user's row alone; the rule for the other.
    expect(results['netflix-u1']!.counterparty[0]!.industry.map((node) => node.id)).toEqual([
      '015-000-000-000',
      'streaming',
    ]);
    expect(leaf(results['netflix-u1'])).toEqual({ id: 'streaming', categoryName: 'Streaming' });
    expect(leaf(results.netflix)).toEqual({ id: '013-000-000-000', categoryName: 'Travel' });
    expect(leaf(results.diner)).toEqual({ id: 'eating-out', categoryName: 'Eating Out' });
    // No rule holds: as without the file.
    expect(leaf(results.flowers)).toEqual(leaf(plain.flowers));
  });

  it('stops on a wrong file before reading a row, naming each wrong field', async () => {
    const file = join(dir, 'wrong.json');
    const output = join(dir, 'never.jsonl');
    const args = ['enrich', '--kind', 'card', input, '-o', output, '--personalization', file];
    // A cycle, an unknown parent and an unknown category.
    const wrong = {
      categories: [
        { id: 'a', name: 'A', parentId: 'b' },
        { id: 'b', name: 'B', parentId: 'a' },
        { id: 'c', name: 'C', parentId: '999-000-000-000' },
      ],
      personalizations: [{ counterpartyId: 'x', categoryId: 'nope' }],
    };
    writeFileSync(
      file,
      JSON.stringify({
        ...wrong,
        rules: [{ categoryId: 'a', match: { namePattern: 'NETFLIX\\' } }],
      }),
    );
    let run = await txenrich(args);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `txenrich: ${file}: rules.0.match.namePattern: Invalid pattern: a "\\" at its end escapes nothing.\n`,
    );
    writeFileSync(
      file,
      JSON.stringify({
        ...wrong,
        rules: [{ categoryId: 'c', match: { industryId: 'c' } }],
      }),
    );
    run = await txenrich(args);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `txenrich: ${file}: categories.0.parentId: This parent makes the category its own ancestor.; ` +
        'categories.1.parentId: This parent makes the category its own ancestor.; ' +
        'categories.2.parentId: Unknown category id.; personalizations.0.categoryId: Unknown category id.; ' +
        'rules.0.match.industryId: Unknown default category id.\n',
    );
    writeFileSync(file, '{"rules": [');
    run = await txenrich(args);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^txenrich: ${file} is not valid JSON: `));
    run = await txenrich([...args.slice(0, -1), join(dir, 'missing.json')]);
    expect(run.stderr).toBe(
      `txenrich: cannot read the personalization file ${join(dir, 'missing.json')}: no such file or directory\n`,
    );
    expect(() => readFileSync(output)).toThrow();
  });
});
