import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIndustryId, parentIndustryId } from '../src/build/curated.js';
import { readMccCodes } from '../src/build/mcc.js';
import { packageRoot } from '../src/build/sources.js';
import { iconsDir } from '../src/paths.js';

interface Node {
  id: string;
  name: string;
  icon: string;
}

const industries = JSON.parse(readFileSync(join(packageRoot, 'data/industries.json'), 'utf8')) as Node[];
const ids = new Set(industries.map((industry) => industry.id));

describe('industry ids', () => {
  it('derive parents by zeroing the last non-zero group', () => {
    expect(parentIndustryId('011-000-000-000')).toBeNull();
    expect(parentIndustryId('011-002-000-000')).toBe('011-000-000-000');
    expect(parentIndustryId('012-004-003-000')).toBe('012-004-000-000');
    expect(parentIndustryId('012-004-003-007')).toBe('012-004-003-000');
  });

  it('are four groups of three digits, broad to specific', () => {
    expect(isIndustryId('011-002-000-000')).toBe(true);
    expect(isIndustryId('011-000-002-000')).toBe(false);
    expect(isIndustryId('000-000-000-000')).toBe(false);
    expect(isIndustryId('11-2-0-0')).toBe(false);
  });
});

describe('the industry taxonomy', () => {
  it('is well formed: unique ids, names, parents that exist', () => {
    expect(ids.size).toBe(industries.length);
    for (const industry of industries) {
      expect(isIndustryId(industry.id), industry.id).toBe(true);
      expect(industry.name.trim(), industry.id).not.toBe('');
      const parent = parentIndustryId(industry.id);
      if (parent !== null) expect(ids.has(parent), `${industry.id} -> ${parent}`).toBe(true);
    }
  });

  it('has at least 15 top-level nodes and 150 nodes', () => {
    expect(
      industries.filter((industry) => parentIndustryId(industry.id) === null).length,
    ).toBeGreaterThanOrEqual(15);
    expect(industries.length).toBeGreaterThanOrEqual(150);
  });

  it('has an SVG file for every icon', () => {
    const missing = industries.filter((industry) => !existsSync(join(iconsDir, industry.icon)));
    expect(missing.map((industry) => `${industry.id} ${industry.icon}`)).toEqual([]);
    for (const icon of new Set(industries.map((industry) => industry.icon))) {
      expect(readFileSync(join(iconsDir, icon), 'utf8'), icon).toMatch(/<svg[\s>]/);
    }
  });

  it('is where every MCC of merchant-category-codes points', () => {
    const map = JSON.parse(readFileSync(join(packageRoot, 'data/mcc-industries.json'), 'utf8')) as Record<
      string,
      string
    >;
    const unmapped = readMccCodes().filter(({ code }) => !ids.has(map[code] ?? ''));
    expect(unmapped).toEqual([]);
  });
});
