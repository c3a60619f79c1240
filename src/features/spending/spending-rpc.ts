/**
 * The sidebar's short view of the Spending tab (store/spending.ts): its lines (the page adds this
 * month's up by person and kind), each daily cap's use today against its limit, and the key's limit.
 */
import { type AppContext, type CapUse } from '../../engine/context';
import { call, query, wholeNumber } from '../../rpc/table';
import { KEY_CAP } from '../../domain/runs';
import { readKeyLimit, setKeyLimit } from '../../store/key-limit';
import { dayIn, zoneAndNow } from '../../store/local-time';
import { readSpending, SPENDING_SHEET, type SpendingLine } from '../../store/spending';

export interface SpendingView {
  /** Today, as the lines name days ("2026-11-29"). */
  today: string;
  /** The tab's lines (the page keeps this month's). */
  lines: SpendingLine[];
  /** The key's daily limit in all the user's spreadsheets is the last, named KEY_CAP, when set. */
  caps: CapUse[];
}

/** One read of the tab's book; the caps from the sources that have one, and the key's. */
export function spendingView(ctx: AppContext): SpendingView {
  const today = dayIn(...zoneAndNow(ctx));
  const key = readKeyLimit(ctx);
  const caps = ctx.sources.flatMap((source) => source.capToday?.(ctx) ?? []);
  if (key?.limit) caps.push({ ...key, name: KEY_CAP });
  return {
    today,
    lines: readSpending(ctx.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false)),
    caps,
  };
}

export const SPENDING_RPC = {
  getSpending: query(spendingView),
  /** Settings: at most N credits a day with my key, in all my spreadsheets (0: no limit). */
  setKeyLimit: call(
    'limit',
    () => wholeNumber(0, 1_000_000),
    (ctx, limit: number) => {
      setKeyLimit(ctx, limit);
      return spendingView(ctx);
    },
  ),
};
