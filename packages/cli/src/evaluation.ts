/**
 * Scores enrichment results against a labelled set (`datasets/eval/*.jsonl`,
 * or a file from `txenrich generate`): accuracy per field (and per tag on
 * request), coverage, hard negatives, and every failure. `createEvaluator`
 * scores one line at a time, so a file of any size is scored in flat memory.
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
    /** The interval type of the series the transaction belongs to, or null (generated files). */
    recurrence?: string | null;
  };
  tags?: readonly string[];
}

export const scoredFields = [
  'merchant',
  'website',
  'channel',
  'type',
  'subType',
  'thirdParty',
  'isPeerToPeer',
  'recurrence',
] as const;
export type ScoredField = (typeof scoredFields)[number];

export interface Failure {
  id: string;
  field: ScoredField;
  expected: unknown;
  actual: unknown;
}

export interface FieldScore {
  labelled: number;
  correct: number;
}

export interface EvaluationReport {
  lines: number;
  /** Per field: lines labelled for it and lines right. */
  fields: Record<ScoredField, FieldScore>;
  /** Per tag, per field labelled on its lines (only when asked for). */
  byTag?: Record<string, Partial<Record<ScoredField, FieldScore>>>;
  /**
   * Recurring payments (lines labelled with an interval), those the engine
   * called recurring, and those it gave the right interval: recall and
   * precision, which the accuracy over mostly one-off lines hides.
   */
  recurrence?: { expected: number; detected: number; found: number };
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
    case 'recurrence':
      return info.recurrenceInfo?.intervalType ?? null;
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

export interface Evaluator {
  /** Scores one line against its result. */
  add(line: LabelledLine, result: ResultItem): void;
  report(): EvaluationReport;
}

const emptyFields = () =>
  Object.fromEntries(scoredFields.map((field) => [field, { labelled: 0, correct: 0 }])) as Record<
    ScoredField,
    FieldScore
  >;

/** Scores lines one at a time; `byTag` also scores each tag's lines apart. */
export function createEvaluator(options: { byTag?: boolean } = {}): Evaluator {
  const fields = emptyFields();
  const byTag: Record<string, Partial<Record<ScoredField, FieldScore>>> = {};
  const failures: Failure[] = [];
  let lines = 0;
  let covered = 0;
  const hardNegatives = { total: 0, matchedToABrand: 0 };
  const recurrence = { expected: 0, detected: 0, found: 0 };
  return {
    add(line, result) {
      lines++;
      if (result.statusCode === 200 && result.counterparty.length > 0) covered++;
      for (const field of scoredFields) {
        if (!(field in line.expect)) continue;
        const expected = line.expect[field];
        const actual = actualValue(field, result);
        const correct = isCorrect(field, expected, actual);
        fields[field].labelled++;
        if (correct) fields[field].correct++;
        else failures.push({ id: line.id, field, expected, actual });
        if (field === 'recurrence') {
          if (expected !== null) recurrence.expected++;
          if (actual !== null) recurrence.detected++;
          if (expected !== null && correct) recurrence.found++;
        }
        if (options.byTag) {
          for (const tag of line.tags ?? []) {
            const scores = byTag[tag] ?? {};
            byTag[tag] = scores;
            const score = scores[field] ?? { labelled: 0, correct: 0 };
            scores[field] = score;
            score.labelled++;
            if (correct) score.correct++;
          }
        }
      }
      if (line.tags?.includes('hard-negative')) {
        hardNegatives.total++;
        const merchant = actualValue('merchant', result);
        if (merchant !== null && !isCorrect('merchant', line.expect.merchant ?? null, merchant))
          hardNegatives.matchedToABrand++;
      }
    },
    report() {
      return {
        lines,
        fields,
        ...(options.byTag ? { byTag } : {}),
        ...(fields.recurrence.labelled > 0 ? { recurrence } : {}),
        coverage: lines ? covered / lines : 0,
        hardNegatives,
        failures,
      };
    },
  };
}

/** Scores `results[i]` against `lines[i]`. */
export function evaluate(lines: readonly LabelledLine[], results: readonly ResultItem[]): EvaluationReport {
  const evaluator = createEvaluator();
  lines.forEach((line, index) => {
    evaluator.add(line, results[index]!);
  });
  return evaluator.report();
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
  const tagRows = Object.entries(report.byTag ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, scores]) => {
      const cells = scoredFields
        .filter((field) => (scores[field]?.labelled ?? 0) > 0)
        .map((field) => `${field} ${percent(scores[field]!.correct, scores[field]!.labelled)}`);
      return `  ${tag.padEnd(20)} ${String(scores.type?.labelled ?? scores.merchant?.labelled ?? 0).padStart(7)}  ${cells.join(', ')}`;
    });
  return [
    `lines: ${report.lines}`,
    'accuracy:',
    ...rows,
    ...(report.recurrence
      ? [
          `recurring payments: recall ${percent(report.recurrence.found, report.recurrence.expected)} (${report.recurrence.found}/${report.recurrence.expected}), precision ${percent(report.recurrence.found, report.recurrence.detected)} (${report.recurrence.found}/${report.recurrence.detected})`,
        ]
      : []),
    ...(report.byTag ? ['by tag (lines, accuracy):', ...tagRows] : []),
    `coverage: ${percent(report.coverage * report.lines, report.lines)} with a counterparty`,
    `hard negatives matched to a brand: ${report.hardNegatives.matchedToABrand}/${report.hardNegatives.total}`,
    `failures: ${report.failures.length}${report.failures.length > maxFailures ? ` (first ${maxFailures})` : ''}`,
    ...failures,
  ].join('\n');
}
