/**
 * A CSV has no cell limit; a spreadsheet does (10,000,000 cells, and a new sheet's 1,000 rows count
 * for every column it is widened to): a 10,000-column file ended in "above the limit of 10000000
 * cells" with an empty output (issue 39). A wide slice therefore goes through the runtime with only
 * the columns the add-on reads (the input mapping) or writes (output columns already in the file),
 * and the others are put back, in place, when the slice is written. The add-on reads the same
 * headers and values in the same order, so it maps, fingerprints and answers the rows as it would
 * have with every column; the state file holds the few columns too.
 */
import { ownedColumns } from '../../src/sheet/output-layout';
import { detectTableMapping } from '../../src/sheet/table';
import { tableOf } from './slice-answers';

/** A slice's cells beyond which only the needed columns enter the runtime. */
const CELLS_IN_FULL = 1_000_000;
/** Rows a new sheet has: a column costs that many cells however few rows the slice has. */
const SHEET_ROWS = 1_000;

export interface Projection {
  /** The slice's rows (header first) as the runtime gets them: the needed columns only. */
  rows: string[][];
  /** The runtime's table of those rows, back with every column of the file, in place. */
  expand(table: readonly (readonly string[])[]): string[][];
}

/** The slice's needed columns, or undefined when it goes through the runtime whole (most files). */
export function projectColumns(rows: readonly (readonly string[])[]): Projection | undefined {
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (Math.max(rows.length, SHEET_ROWS) * width <= CELLS_IN_FULL) return undefined;
  const headerWidth = rows[0]?.length ?? 0;
  const table = tableOf(rows);
  const mapping = detectTableMapping(table);
  const used = new Set(
    [...Object.values(mapping), ...ownedColumns(table.outputs)].map((column) => column - 1),
  );
  // A column the add-on would read beyond the header (a ragged row's extra cell): taken whole.
  if ([...used].some((column) => column >= headerWidth)) return undefined;
  const keep = [...used].sort((a, b) => a - b);
  return {
    rows: rows.map((row) => keep.map((column) => row[column] ?? '')),
    expand(written) {
      return rows.map((row, index) => {
        const full = Array.from({ length: headerWidth }, (_, column) => row[column] ?? '');
        // A row below the sheet's data range (its kept cells empty) stays as it was read.
        const cells = written[index];
        if (cells) keep.forEach((column, at) => (full[column] = cells[at] ?? ''));
        const added = cells ? cells.slice(keep.length) : [];
        const addedWidth = (written[0]?.length ?? keep.length) - keep.length;
        while (added.length < addedWidth) added.push('');
        return [...full, ...added, ...row.slice(headerWidth)];
      });
    },
  };
}
