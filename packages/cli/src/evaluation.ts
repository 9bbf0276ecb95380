/**
 * Scores enrichment results against a labelled set (`datasets/eval/*.jsonl`):
 * accuracy per field, coverage, hard negatives, and every failure.
 */
import type { ResultItem } from '@txenrich/schema';

/** One labelled line: the request and what a correct enrichment says. */
export interface LabelledLine {
  id: string;
  kind: string;
  input: unknown;
  expect: {
    /** `Name | Alternate`, or null for no counterparty. */
    merchant?: string | null;
    /** Bare domain, or null. */
    website?: string | null;
    channel?: string | null;
    type?: string;
    subType?: string | null;
    thirdParty?: string | null;
    isPeerToPeer?: boolean;
  };
  tags?: string[];
}

export const scoredFields = [
  'merchant',
  'website',
  'channel',
  'type',
  'subType',
  'thirdParty',
  'isPeerToPeer',
] as const;
export type ScoredField = (typeof scoredFields)[number];

export interface Failure {
  id: string;
  field: ScoredField;
  expected: unknown;
  actual: unknown;
}

export interface EvaluationReport {
  lines: number;
  /** Per field: lines labelled for it and lines right. */
  fields: Record<ScoredField, { labelled: number; correct: number }>;
  /** Share of lines with a counterparty. */
  coverage: number;
  hardNegatives: { total: number; matchedToABrand: number };
  failures: Failure[];
}

const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’.,]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const alternatives = (label: string) => label.split('|').map(comparable);
const domainOf = (url: string | null | undefined) =>
  url
    ? url
        .toLowerCase()
        .replace(/^[a-z]+:\/\//, '')
        .replace(/^www\./, '')
        .replace(/[/#?].*$/, '')
    : null;

/** What a result says for one scored field, in the label's terms. */
function actualValue(field: ScoredField, result: ResultItem): unknown {
  if (result.statusCode !== 200) return `error ${JSON.stringify(result.errors)}`;
  const info = result.transactionInfo;
  const counterparty = result.counterparty[0];
  switch (field) {
    case 'merchant':
      return counterparty?.name ?? null;
    case 'website':
      return domainOf(counterparty?.website);
    case 'channel':
      return info.spendingInfo?.channel.value ?? null;
    case 'type':
      return info.type;
    case 'subType':
      return info.subType;
    case 'thirdParty':
      return info.thirdParties.map((party) => party.name);
    case 'isPeerToPeer':
      return info.isPeerToPeer;
  }
}

function isCorrect(field: ScoredField, expected: unknown, actual: unknown): boolean {
  if (field === 'merchant') {
    return expected === null
      ? actual === null
      : typeof actual === 'string' && alternatives(String(expected)).includes(comparable(actual));
  }
  if (field === 'website') {
    return expected === null
      ? actual === null
      : String(expected)
          .split('|')
          .some((domain) => domainOf(domain.trim()) === actual);
  }
  if (field === 'thirdParty') {
    const names = (actual as string[]).map(comparable);
    return expected === null
      ? names.length === 0
      : alternatives(String(expected)).some((name) => names.includes(name));
  }
  return expected === actual;
}

/** Scores `results[i]` against `lines[i]`. */
export function evaluate(lines: readonly LabelledLine[], results: readonly ResultItem[]): EvaluationReport {
  const fields = Object.fromEntries(
    scoredFields.map((field) => [field, { labelled: 0, correct: 0 }]),
  ) as EvaluationReport['fields'];
  const failures: Failure[] = [];
  let covered = 0;
  const hardNegatives = { total: 0, matchedToABrand: 0 };
  lines.forEach((line, index) => {
    const result = results[index]!;
    if (result.statusCode === 200 && result.counterparty.length > 0) covered++;
    for (const field of scoredFields) {
      if (!(field in line.expect)) continue;
      const expected = line.expect[field];
      const actual = actualValue(field, result);
      fields[field].labelled++;
      if (isCorrect(field, expected, actual)) fields[field].correct++;
      else failures.push({ id: line.id, field, expected, actual });
    }
    if (line.tags?.includes('hard-negative')) {
      hardNegatives.total++;
      const merchant = actualValue('merchant', result);
      if (merchant !== null && !isCorrect('merchant', line.expect.merchant ?? null, merchant))
        hardNegatives.matchedToABrand++;
    }
  });
  return {
    lines: lines.length,
    fields,
    coverage: lines.length ? covered / lines.length : 0,
    hardNegatives,
    failures,
  };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`;

/** The report as a person reads it. */
export function formatReport(report: EvaluationReport, maxFailures = 50): string {
  const rows = scoredFields
    .filter((field) => report.fields[field].labelled > 0)
    .map((field) => {
      const { labelled, correct } = report.fields[field];
      return `  ${field.padEnd(14)} ${percent(correct, labelled).padStart(7)}  (${correct}/${labelled})`;
    });
  const failures = report.failures
    .slice(0, maxFailures)
    .map(
      (failure) =>
        `  ${failure.id} ${failure.field}: expected ${JSON.stringify(failure.expected)}, got ${JSON.stringify(failure.actual)}`,
    );
  return [
    `lines: ${report.lines}`,
    'accuracy:',
    ...rows,
    `coverage: ${percent(report.coverage * report.lines, report.lines)} with a counterparty`,
    `hard negatives matched to a brand: ${report.hardNegatives.matchedToABrand}/${report.hardNegatives.total}`,
    `failures: ${report.failures.length}${report.failures.length > maxFailures ? ` (first ${maxFailures})` : ''}`,
    ...failures,
  ].join('\n');
}
