/**
 * A custom function's arguments as Sheets passes them: a single cell arrives as its value, a range
 * as a 2-D array of rows. Each argument becomes a column of text; single values apply to every row
 * (`=ENRICH_EMAIL(A2:A100, B2:B100, "acme.com")`), ranges must all have the same height.
 */
import { UserError } from '../../domain/user-error';

interface FormulaRows {
  /** One entry per row, one text per argument ("" for an empty or absent argument). */
  rows: string[][];
  /** True when some argument was a range: the function answers with a column, not one value. */
  column: boolean;
}

const text = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? '').trim();

/** The columns of each argument, checked: one column each, equal heights. */
export function formulaRows(names: readonly string[], args: readonly unknown[]): FormulaRows {
  // A single value is a column of one cell, that every row reads.
  const columns = names.map((name, index) => {
    const value = args[index];
    const range = Array.isArray(value);
    const cells = range
      ? value.map((row: unknown) => {
          if (Array.isArray(row) && row.length > 1)
            throw new UserError(`${name} must be one column (it has ${row.length}).`);
          return text(Array.isArray(row) ? row[0] : row);
        })
      : [text(value)];
    return { name, cells, range };
  });
  const ranges = columns.filter((column) => column.range);
  const height = ranges[0]?.cells.length ?? 1;
  const uneven = ranges.find((column) => column.cells.length !== height);
  if (uneven)
    throw new UserError(
      `The ranges must have the same number of rows: ${ranges[0]!.name} has ${height}, ${uneven.name} has ${uneven.cells.length}.`,
    );
  const rows = Array.from({ length: height }, (_, row) =>
    columns.map((column) => column.cells[column.range ? row : 0]!),
  );
  return { rows, column: ranges.length > 0 };
}
