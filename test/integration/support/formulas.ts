/**
 * Formula cells as a user types and reads them, and "Get them…" as the sidebar's Jobs panel runs
 * it (sidebar/formula-queue.ts: the queue's row, its preview, then Start), for the formula tests.
 */
import type { Addon } from '../../../dev/gas/harness';
import type { FormulaQueueView, PlanView, RunProgress, StartView } from '../../../src/app/sidebar-contract';
import type { JobKind } from '../../../src/domain/runs';
import { settle, SHEET } from './engine';

export function typeFormula(addon: Addon, a1: string, formula: string, sheet = SHEET): void {
  addon.spreadsheet.getSheetByName(sheet)!.getRange(a1).setFormula(formula);
}

/** What the cells of a one-column range show. */
export function column(addon: Addon, a1: string, sheet = SHEET): string[] {
  return (addon.spreadsheet.getSheetByName(sheet)!.getRange(a1).getDisplayValues() as string[][]).map(
    ([value]) => value!,
  );
}

/**
 * "Get them…" on the queue of `kind`: the preview the confirm box prices, then Start, then polls
 * until the run ends (its end refreshes the formulas: the next recalculation shows the answers).
 */
export async function getThem(
  addon: Addon,
  kind: JobKind = 'enrich',
): Promise<{ queue: FormulaQueueView['queues'][number]; plan: PlanView; run: RunProgress }> {
  const queue = addon.call<FormulaQueueView>('getFormulaQueue').queues.find((q) => q.kind === kind);
  if (!queue?.contactsToSend) throw new Error(`nothing to get: ${JSON.stringify(queue)}`);
  const plan = addon.call<PlanView>('planFormulaRun', { kind });
  const run = await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
  return { queue, plan, run };
}
