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
    /**
     * `Name | Alternate`: the counterparty's name, or, with `known: false`, the clean name of a merchant
     * no catalog knows (an unverified counterparty or the display name). Null: no brand.
     */
    merchant?: string | null;
    /** Whether the catalog knows the merchant (real-shapes sets); absent in older sets, where a name means known. */
    known?: boolean;
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
  /** Share of lines with a catalog counterparty. */
  coverage: number;
  hardNegatives: { total: number; matchedToABrand: number };
  /** Lines given a catalog brand that is not theirs (a wrong brand is worse than none). */
  wrongBrand: { lines: number; wrong: number };
  /** Lines whose merchant the catalog knows, and those named right. */
  knownMerchants: FieldScore;
  /** Unknown local merchants (tag `unknown-local`) whose display name is exactly right. */
  unknownDisplay: FieldScore;
  failures: Failure[];
}

/** Case, accents and punctuation ignored: `Joe's Pizza` = `JOES PIZZA`, `AT&T` = `ATT`, `Così` = `COSI`. */
const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
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
      // A brand the catalog knows, else the name read from the line (an unverified counterparty).
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

/** The verified (catalog) brand a result names, or null. */
function brandOf(result: ResultItem): string | null {
  if (result.statusCode !== 200) return null;
  const counterparty = result.counterparty[0];
  return counterparty && counterparty.verified !== false ? counterparty.name : null;
}

/**
 * The merchant field: a known brand must be the verified counterparty; an unknown
 * merchant's clean name may be an unverified counterparty or the display name; no
 * brand (null) accepts anything but a verified counterparty.
 */
function merchantCorrect(line: LabelledLine, result: ResultItem): boolean {
  if (result.statusCode !== 200) return false;
  const expected = line.expect.merchant ?? null;
  const brand = brandOf(result);
  if (expected === null) return brand === null;
  const names = alternatives(expected);
  if (line.expect.known === false) {
    if (brand !== null && !names.includes(comparable(brand))) return false;
    const seen = [result.counterparty[0]?.name, result.transactionInfo.display.name];
    return seen.some((name) => typeof name === 'string' && names.includes(comparable(name)));
  }
  return brand !== null && names.includes(comparable(brand));
}

/** A verified brand that is not the line's. */
function isWrongBrand(line: LabelledLine, result: ResultItem): boolean {
  const brand = brandOf(result);
  if (brand === null || !('merchant' in line.expect)) return false;
  const expected = line.expect.merchant ?? null;
  return expected === null || !alternatives(expected).includes(comparable(brand));
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
    // An error result has no third parties to compare.
    if (!Array.isArray(actual)) return false;
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
  const wrongBrand = { lines: 0, wrong: 0 };
  const knownMerchants = { labelled: 0, correct: 0 };
  const unknownDisplay = { labelled: 0, correct: 0 };
  const recurrence = { expected: 0, detected: 0, found: 0 };
  return {
    add(line, result) {
      lines++;
      if (result.statusCode === 200 && result.counterparty[0]?.verified) covered++;
      for (const field of scoredFields) {
        if (!(field in line.expect)) continue;
        const expected = line.expect[field];
        const actual = actualValue(field, result);
        const correct =
          field === 'merchant' ? merchantCorrect(line, result) : isCorrect(field, expected, actual);
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
      const wrong = isWrongBrand(line, result);
      if ('merchant' in line.expect) {
        wrongBrand.lines++;
        if (wrong) wrongBrand.wrong++;
      }
      if (typeof line.expect.merchant === 'string' && line.expect.known !== false) {
        knownMerchants.labelled++;
        if (merchantCorrect(line, result)) knownMerchants.correct++;
      }
      if (line.tags?.includes('unknown-local') && typeof line.expect.merchant === 'string') {
        unknownDisplay.labelled++;
        const display = result.statusCode === 200 ? result.transactionInfo.display.name : '';
        if (alternatives(line.expect.merchant).includes(comparable(display))) unknownDisplay.correct++;
      }
      if (line.tags?.includes('hard-negative')) {
        hardNegatives.total++;
        if (wrong) hardNegatives.matchedToABrand++;
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
        wrongBrand,
        knownMerchants,
        unknownDisplay,
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
    `coverage: ${percent(report.coverage * report.lines, report.lines)} with a catalog counterparty`,
    `merchant, catalog brands: ${percent(report.knownMerchants.correct, report.knownMerchants.labelled)} (${report.knownMerchants.correct}/${report.knownMerchants.labelled})`,
    `display name exact, unknown local merchants: ${percent(report.unknownDisplay.correct, report.unknownDisplay.labelled)} (${report.unknownDisplay.correct}/${report.unknownDisplay.labelled})`,
    `wrong brand: ${percent(report.wrongBrand.wrong, report.wrongBrand.lines)} (${report.wrongBrand.wrong}/${report.wrongBrand.lines})`,
    `hard negatives: ${percent(report.hardNegatives.total - report.hardNegatives.matchedToABrand, report.hardNegatives.total)} without a wrong brand (${report.hardNegatives.matchedToABrand}/${report.hardNegatives.total} matched to a brand)`,
    `failures: ${report.failures.length}${report.failures.length > maxFailures ? ` (first ${maxFailures})` : ''}`,
    ...failures,
  ].join('\n');
}
