/** A sheet's run plan as the Enrich and Reverse panels show it (PlanView of shapes.ts). */
import { PRICES, REVERSE_PROFILE_PRICE } from '../domain/fields';
import type { AppContext } from '../engine/context';
import { knownKeyProblem } from '../engine/key-wait';
import type { RunPlan } from '../engine/plan';
import { ownedColumns } from '../sheet/output-layout';
import type { ColumnMapping } from '../domain/inputs';
import type { SheetTable } from '../sheet/table';
import type { MappableColumn, PlanView } from './shapes';
import { readCreditBalance } from '../engine/key-wait';

/**
 * The columns the mapping dropdowns offer, each with its first value (what tells columns apart in
 * a sheet without a header row): our output columns left out, and columns with neither a header
 * nor any data unless the mapping uses them (content detection may have), so a mapping always shows.
 */
export function mappableColumns(table: SheetTable, mapping: ColumnMapping): MappableColumn[] {
  const outputs = ownedColumns(table.outputs);
  const mapped = new Set(Object.values(mapping));
  const rows = table.values.slice(table.headerRow);
  const columns: MappableColumn[] = [];
  const trimmed = (cells: readonly string[] | undefined, index: number) => (cells?.[index - 1] ?? '').trim();
  for (let index = 1; index <= table.width; index++) {
    if (outputs.has(index)) continue;
    const header = trimmed(table.headers, index);
    // The column's first value, cut to the 40 characters the page gets.
    const first = rows.find((row) => trimmed(row, index));
    const sample = trimmed(first, index).slice(0, 40);
    if (header || sample || mapped.has(index)) columns.push({ index, header, sample });
  }
  return columns;
}

/** "rows 2–41", "row 7", or "no rows". */
function selectionLabel(plan: RunPlan): string {
  // Rows are 1 or more: `last` stays 0 when there are none. A loop, not Math.min(...rows): spreading
  // 100,000+ arguments overflows the call stack.
  let first = Infinity;
  let last = 0;
  const see = (row: number) => {
    first = Math.min(first, row);
    last = Math.max(last, row);
  };
  plan.toSend.forEach((contact) => contact.rows.forEach(see));
  [...plan.fromLedger, ...plan.skipped].forEach((hit) => see(hit.row));
  if (!last) return 'no rows';
  return first === last ? `row ${first}` : `rows ${first}–${last}`;
}

export function sheetPlanView(
  ctx: AppContext,
  plan: RunPlan,
  planId: string,
  cell: PlanView['cell'],
): PlanView {
  return {
    planId,
    kind: plan.options.kind,
    sheetName: plan.sheet.name(),
    selectionLabel: selectionLabel(plan),
    rows: plan.rows,
    cell,
    headerRow: plan.table.headerRow,
    headerDetected: plan.headerDetected,
    columns: mappableColumns(plan.table, plan.mapping),
    mapping: plan.mapping,
    mappingComplete: plan.mappingComplete,
    rowsFromDuplicates: plan.duplicateRows,
    rowsFromLedger: plan.fromLedger.length,
    skipped: plan.skipped.map(({ row, reason }) => ({ row, reason })),
    reasked: plan.reasked,
    ...(plan.ledgerDamage ? { ledgerDamage: plan.ledgerDamage } : {}),
    rowsDone: plan.alreadyDone,
    lookUpAgain: plan.lookUpAgain,
    ...costView(ctx, plan),
    // After the balance: asking for it may just have found the key refused.
    keyProblem: plan.toSend.length ? knownKeyProblem(ctx) : undefined,
  };
}

/**
 * What every run preview (a sheet's, the formula requests') says of its cost, at the one price
 * table; the balance is asked for only when something would be sent.
 */
export function costView(ctx: AppContext, plan: Pick<RunPlan, 'fields' | 'toSend' | 'maxCredits' | 'jobs'>) {
  return {
    fields: plan.fields,
    contactsToSend: plan.toSend.length,
    maxCredits: plan.maxCredits,
    prices: { ...PRICES },
    reversePrice: REVERSE_PROFILE_PRICE,
    balance: plan.toSend.length ? readCreditBalance(ctx).balance : null,
    jobs: plan.jobs,
  };
}
