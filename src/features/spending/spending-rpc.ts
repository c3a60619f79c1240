/**
 * The sidebar's short view of the Spending tab (store/spending.ts): this month's credits by person
 * and by kind, today's, and each daily cap's use today against its limit.
 */
import type { AppContext } from '../../engine/context';
import { runSources, type CapUse } from '../../engine/run-sources';
import { query } from '../../rpc/table';
import { dayIn } from '../../store/local-time';
import { readSpending, SPENDING_SHEET, totalsBy } from '../../store/spending';

export interface SpendingView {
  today: number;
  month: number;
  /** This month's credits per person and per kind, largest first. */
  byPerson: [string, number][];
  byKind: [string, number][];
  caps: CapUse[];
}

/** One read of the tab's book; the caps from the sources that have one (schedule, automatic formulas). */
export function spendingView(ctx: AppContext): SpendingView {
  const lines = readSpending(ctx.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false));
  const today = dayIn(ctx.spreadsheet.timeZone(), ctx.clock.now());
  const month = lines.filter((line) => line.day.startsWith(today.slice(0, 7)));
  const sum = (of: typeof lines) => of.reduce((total, line) => total + line.credits, 0);
  return {
    today: sum(month.filter((line) => line.day === today)),
    month: sum(month),
    byPerson: totalsBy(month, (line) => line.person),
    byKind: totalsBy(month, (line) => line.kind),
    caps: runSources().flatMap((source) => source.capToday?.(ctx) ?? []),
  };
}

export const SPENDING_RPC = {
  getSpending: query(spendingView),
};
