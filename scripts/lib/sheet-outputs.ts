/**
 * What the add-on wrote into a sheet, read back from its text by the output column table
 * (src/sheet/output-columns.ts), for summaries and test assertions.
 */
import type { JobKind } from '../../src/domain/runs';
import { neutraliseCells } from './csv';
import { emailNamedBy } from '../../src/domain/statuses';
import type { OutputKey } from '../../src/sheet/output-columns';
import { locateOutputColumns, ownedColumns } from '../../src/sheet/output-layout';

export interface FoundByKind {
  workEmail: number;
  personalEmail: number;
  phone: number;
  profile: number;
}

export type OutputRow = Partial<Record<OutputKey, string>>;

/** Each data row's output cells by key (header row 1), for the columns the sheet has; {} without them. */
export function outputRows(table: readonly (readonly string[])[], kind: JobKind): OutputRow[] {
  const columns = Object.entries(locateOutputColumns(table[0] ?? [])[kind] ?? {});
  return table
    .slice(1)
    .map((cells) => Object.fromEntries(columns.map(([key, column]) => [key, cells[column - 1] ?? ''])));
}

/**
 * The email the API found for a row: in its column, or, for an address that will bounce, named by
 * its status cell alone ("Invalid: …"). What the run's found counts and the credits charged count.
 */
export function foundEmail(row: OutputRow, kind: 'work' | 'personal'): string {
  return kind === 'work'
    ? row.workEmail || emailNamedBy(row.workEmailStatus ?? '')
    : row.personalEmail || emailNamedBy(row.personalEmailStatus ?? '');
}

export function readOutputs(
  table: readonly (readonly string[])[],
  kind: JobKind,
): { found: FoundByKind; statuses: Record<string, number> } {
  const found: FoundByKind = { workEmail: 0, personalEmail: 0, phone: 0, profile: 0 };
  const statuses: Record<string, number> = {};
  for (const row of outputRows(table, kind)) {
    if (foundEmail(row, 'work')) found.workEmail++;
    if (foundEmail(row, 'personal')) found.personalEmail++;
    if (row.phone) found.phone++;
    if (row.fullName) found.profile++;
    const status = row.status || '(none)';
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { found, statuses };
}

/**
 * The table as the enriched CSV holds it: cells of the add-on's output columns (API data) cannot
 * run as formulas when the file is opened (neutraliseFormula); the user's own columns are kept as
 * they were, formulas included.
 */
export function safeToOpen(table: readonly (readonly string[])[]): string[][] {
  const outputs = ownedColumns(locateOutputColumns(table[0] ?? []));
  return neutraliseCells(table, (row, column) => row > 0 && outputs.has(column + 1));
}
