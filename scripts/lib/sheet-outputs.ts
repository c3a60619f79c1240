/**
 * What the add-on wrote into a sheet, read back from its text by the output column table
 * (src/sheet/output-columns.ts), for summaries and test assertions.
 */
import type { JobKind } from '../../src/api/model';
import { neutraliseCells } from './csv';
import {
  locateOutputBlocks,
  outputColumnSet,
  outputColumnsOf,
  type OutputKey,
} from '../../src/sheet/output-columns';

export interface FoundByKind {
  workEmail: number;
  personalEmail: number;
  phone: number;
  profile: number;
}

export type OutputRow = Partial<Record<OutputKey, string>>;

/** Each data row's output cells by key (header row 1); empty objects when the block is missing. */
export function outputRows(table: readonly (readonly string[])[], kind: JobKind): OutputRow[] {
  const start = locateOutputBlocks([...(table[0] ?? [])])[kind];
  const columns = outputColumnsOf(kind);
  return table.slice(1).map((cells) => {
    if (!start) return {};
    return Object.fromEntries(columns.map((column, offset) => [column.key, cells[start - 1 + offset] ?? '']));
  });
}

export function readOutputs(
  table: readonly (readonly string[])[],
  kind: JobKind,
): { found: FoundByKind; statuses: Record<string, number> } {
  const found: FoundByKind = { workEmail: 0, personalEmail: 0, phone: 0, profile: 0 };
  const statuses: Record<string, number> = {};
  for (const row of outputRows(table, kind)) {
    if (row.workEmail) found.workEmail++;
    if (row.personalEmail) found.personalEmail++;
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
  const outputs = outputColumnSet(locateOutputBlocks([...(table[0] ?? [])]));
  return neutraliseCells(table, (row, column) => row > 0 && outputs.has(column + 1));
}
