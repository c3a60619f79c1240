/**
 * A run's columns as the sheet has them now. Answers are matched to rows through the input
 * columns; a user may insert, move or rename columns while a run works, so the columns are found
 * again by the header texts they had at start, never trusted by number.
 */
import { ownedColumns } from '../sheet/output-layout';
import type { ColumnMapping, InputKey } from '../domain/inputs';
import type { SheetTable } from '../sheet/table';
import type { RunRecord } from '../store/registry';

export interface CurrentColumns {
  mapping: ColumnMapping;
  /** Header texts of input columns that cannot be found any more (renamed or deleted). */
  missing: string[];
}

export function currentColumns(run: RunRecord, table: SheetTable): CurrentColumns {
  const saved = run.mappingHeaders;
  // Runs started before headers were remembered: their numbers are all there is.
  if (!saved) return { mapping: run.mapping, missing: [] };
  const outputs = ownedColumns(table.outputs);
  const mapping: ColumnMapping = {};
  const missing: string[] = [];
  for (const [input, column] of Object.entries(run.mapping) as [InputKey, number][]) {
    const header = saved[input];
    if (header === undefined || table.headers[column - 1] === header) {
      mapping[input] = column;
      continue;
    }
    const candidates = table.headers
      .map((text, index) => (text === header && !outputs.has(index + 1) ? index + 1 : 0))
      .filter((index) => index > 0 && !Object.values(mapping).includes(index));
    if (candidates.length === 1) mapping[input] = candidates[0]!;
    else missing.push(header);
  }
  return { mapping, missing };
}

/** What a run says when its input columns are gone: the answers are kept and re-running is free. */
export function missingColumnsMessage(missing: readonly string[]): string {
  const names = missing.map((header) => `"${header}"`).join(', ');
  return `The column ${names} was renamed, removed or duplicated while the run was working: its answers are saved; run these rows again to fill them at no cost.`;
}
