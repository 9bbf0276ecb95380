import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankPresets } from './bank-presets.js';

const fixtures = new URL('../test/fixtures/bank-exports/', import.meta.url);

describe('bankPresets', () => {
  for (const preset of bankPresets) {
    it(`${preset.id}: each example is in one of its shapes, with the requests it reads as beside it`, () => {
      for (const example of preset.examples) {
        const lines = readFileSync(new URL(example, fixtures), 'utf8').split(/\r?\n/);
        const expected = new URL(example.replace(/\.csv$/, '.requests.jsonl'), fixtures);
        expect(existsSync(expected), `${example}: its requests`).toBe(true);
        if (preset.headerRows.length > 0)
          expect(
            lines.some((line) => (preset.headerRows as readonly string[]).includes(line)),
            example,
          ).toBe(true);
        if ('impliedHeader' in preset)
          expect(lines[0]!.split('","')).toHaveLength(preset.impliedHeader.length);
      }
    });
  }

  it('says what is no transaction, with examples', () => {
    for (const preset of bankPresets)
      for (const rule of 'notTransactions' in preset ? preset.notTransactions : [])
        expect(rule.pattern.test(rule.example), rule.id).toBe(true);
  });
});
