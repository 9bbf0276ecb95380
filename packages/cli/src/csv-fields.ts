/**
 * How the cells of a CSV record become a request body, once the header row is known: the columns each
 * field is read from, amounts read with their notation and sign convention (Debit and Credit columns as
 * an amount and a direction), dates in their form, `--user` on every row. A cell that cannot be read
 * makes the row a fault naming its line, field and column; an empty cell is an absent field.
 */
import { negated, readAmount } from './amounts.js';
import type { CsvLayout } from './csv-layout.js';
import { readDate } from './date-formats.js';

/** A record as a request body, as why it cannot be one, or as no row at all (a balance line). */
export type RowOutcome = { body: Record<string, string> } | { fault: string } | { notTransaction: true };

export interface BoundColumns {
  /** Columns the layout needs and the header row lacks, each as its headers (`Transaction Date or Posting Date`). */
  missing: string[];
  /** The request fields its columns give (`--user` aside). */
  fields: ReadonlySet<string>;
  read(cells: readonly string[], line: number): RowOutcome;
}

interface Binding {
  field: string;
  /** The columns it is read from, in order of preference. */
  columns: number[];
}

/** Field names that are read as amounts, and what they say of the direction. */
const amountRoles = { amount: null, debit: 'DEBIT', credit: 'CREDIT' } as const;

/** Binds `layout`'s columns to a header row (the file's, or the layout's own for a file without one). */
export function bindColumns(headers: readonly string[], layout: CsvLayout): BoundColumns {
  const missing: string[] = [];
  const bindings: Binding[] = [];
  const bind = (sources: CsvLayout['columns'], required: boolean) => {
    for (const [field, names] of Object.entries(sources)) {
      const columns = names.map((name) => headers.indexOf(name)).filter((at) => at >= 0);
      if (columns.length > 0) bindings.push({ field, columns });
      else if (required) missing.push(names.join(' or '));
    }
  };
  bind(layout.columns, true);
  bind(layout.optionalColumns, false);
  if (layout.otherHeadersAreFields) {
    const named = new Set(bindings.flatMap((binding) => binding.columns));
    const bound = new Set(bindings.map((binding) => binding.field));
    headers.forEach((header, at) => {
      if (named.has(at) || bound.has(header) || header === '') return;
      bindings.push({ field: header, columns: [at] });
      bound.add(header);
    });
  }
  const fields = new Set(bindings.map((binding) => binding.field).filter((field) => !(field in amountRoles)));
  if (bindings.some((binding) => binding.field in amountRoles)) fields.add('amount');
  const width = headers.length;
  const widthOf = typeof layout.header === 'object' ? 'a row of this export' : 'the header row';
  return {
    missing,
    fields,
    read(cells, line) {
      // Cells past the header's are a comma in an unquoted cell: the columns would be shifted.
      if (cells.slice(width).some((cell) => cell !== ''))
        return { fault: `Line ${line} has ${cells.length} cells; ${widthOf} has ${width}.` };
      return readRow(cells, line, headers, bindings, layout);
    },
  };
}

function readRow(
  cells: readonly string[],
  line: number,
  headers: readonly string[],
  bindings: readonly Binding[],
  layout: CsvLayout,
): RowOutcome {
  const body: Record<string, string> = {};
  const faults: string[] = [];
  /** Debit and Credit cells with a value: the amount they read as. */
  const sides: Array<{ direction: 'DEBIT' | 'CREDIT'; amount: string; column: string; cell: string }> = [];
  for (const { field, columns } of bindings) {
    const at = columns.find((column) => (cells[column] ?? '') !== '');
    if (at === undefined) continue;
    const cell = cells[at]!;
    const column = headers[at]!;
    const cannotRead = (what: string) =>
      faults.push(`${field}: "${cell}" in column ${column} is not ${what}`);
    if (field === 'occurredAt' && layout.dateFormat) {
      const date = readDate(cell, layout.dateFormat);
      if (date === undefined) cannotRead(`a date in the form ${layout.dateFormat.id}`);
      else body.occurredAt = date;
    } else if (field in amountRoles) {
      const amount = readAmount(cell, layout.decimal);
      const direction = amountRoles[field as keyof typeof amountRoles];
      if (amount === undefined) cannotRead('an amount');
      else if (direction === null)
        body.amount = layout.sign === 'money-in-positive' ? negated(amount) : amount;
      else sides.push({ direction, amount: amount.replace(/^-/, ''), column, cell });
    } else body[field] = cell;
  }
  for (const rule of layout.notTransactions)
    if (rule.pattern.test(body[rule.field] ?? '')) return { notTransaction: true };
  if (body.amount === undefined && sides.length > 0) {
    // A Debit or Credit of 0.00 beside the other's amount says nothing.
    const said = sides.filter((side) => /[1-9]/.test(side.amount));
    if (said.length > 1) {
      const [one, other] = [said[0]!, said[1]!];
      faults.push(
        `amount: "${one.cell}" in column ${one.column} and "${other.cell}" in column ${other.column} ` +
          'are both amounts; a row is money out or money in',
      );
    } else {
      const side = said[0] ?? sides[0]!;
      body.amount = side.direction === 'DEBIT' ? side.amount : negated(side.amount);
      body.direction = side.direction;
    }
  }
  if (faults.length > 0) return { fault: `Line ${line}: ${faults.join('; ')}.` };
  if (layout.userId !== undefined) body.userId = layout.userId;
  return { body };
}
