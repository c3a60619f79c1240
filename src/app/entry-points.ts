/**
 * The top-level functions Apps Script calls (re-exported by src/index.ts): each creates the
 * execution's context and hands over to the sidebar server or a use case.
 */
import { convertedMessage, convertFormulasToValues } from '../features/formulas/convert';
import { askAgainForClearedFormulas } from '../features/formulas/formula-service';
import { pollOnce } from '../engine/poll';
import { hasTime } from '../engine/timing';
import { runDueSchedule } from '../features/schedule/scheduled-run';
import { UserError } from '../domain/user-error';
import { plural } from '../domain/words';
import { showSidebar } from './menu';

export { onInstall, onOpen, showSidebar } from './menu';
import { errorForLog } from '../domain/user-error';
import { refreshNowMessage } from '../features/runs/progress';
import { recordUsage } from '../store/quota-meter';
import { serveCall, SIDEBAR_RPC } from './sidebar-server';
import type { SidebarPanel } from '../features/settings/settings';
import { requestPanel } from '../features/settings/settings';
import { createContext } from './context';

/**
 * Runs `use` in a new execution's context, then records what it used of the daily quotas (UrlFetch
 * calls; a trigger's time too). A failure to record never fails the execution.
 */
function metered<T>(use: (ctx: ReturnType<typeof createContext>) => T, trigger = false): T {
  const ctx = createContext();
  try {
    return use(ctx);
  } finally {
    try {
      const triggerMs = trigger ? ctx.clock.now() - ctx.usage.startedAt : undefined;
      recordUsage(ctx, ctx.usage.urlFetches, triggerMs, ctx.usage.paceToKeep());
    } catch (error) {
      ctx.log.warn(`The quota meter could not be updated: ${String(error)}`);
    }
  }
}

/**
 * The sidebar's one server function (src/index.ts exports it, and the build writes one top-level stub
 * for it, not one per call: Code.js is parsed on every execution): the page calls
 * google.script.run.rpc(name, input), and the call `name` of the features' tables runs in its own
 * execution's context, then is metered.
 */
export function sidebarCall(name: string, input?: unknown): unknown {
  if (!Object.prototype.hasOwnProperty.call(SIDEBAR_RPC, name))
    throw new Error(`Unknown sidebar call: ${name}`);
  return metered((ctx) => serveCall(ctx, name, input));
}

/**
 * The one time-driven trigger: polls pending jobs (and sends automatic formula requests), then runs
 * the schedule when it is due and this user's; it removes itself when it has nothing left to do.
 */
export function onPollTrigger(): void {
  metered((ctx) => {
    try {
      pollOnce(ctx);
      if (hasTime(ctx)) runDueSchedule(ctx);
    } catch (error) {
      // A trigger's error only reaches an e-mail digest: log it with its stack, the next run tries again.
      ctx.log.warn(`Poll trigger failed: ${errorForLog(error)}`);
    }
  }, true);
}

function openOn(panel: SidebarPanel): void {
  requestPanel(createContext(), panel);
  showSidebar();
}

/** Menu: Enrich selected rows (the sidebar opens on the enrich panel, which plans the selection). */
export function menuEnrichSelection(): void {
  openOn('enrich');
}
/** Menu: Reverse lookup selected emails. */
export function menuReverseSelection(): void {
  openOn('reverse');
}
/** Menu: Settings. */
export function menuSettings(): void {
  openOn('settings');
}
export function menuSearch(): void {
  openOn('search');
}
/** Menu: Refresh results now (polls at once, even jobs that are backing off). */
export function menuRefreshNow(): void {
  metered((ctx) => {
    const message = refreshNowMessage(ctx, pollOnce(ctx, { force: true }));
    const again = askAgainForClearedFormulas(ctx);
    ctx.notify.toast(
      again ? `${message} ${plural(again, 'cleared formula request')} queued again.` : message,
    );
  });
}
/** Menu: Get formula results (the Jobs panel shows the formula requests and their price). */
export function menuFormulaRequests(): void {
  openOn('jobs');
}
/** Menu: Convert formulas to values (the selected rows', or every one of the sheet). */
export function menuConvertFormulas(): void {
  const ctx = createContext();
  try {
    ctx.notify.toast(convertedMessage(convertFormulasToValues(ctx)));
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    ctx.notify.toast(error.message);
  }
}
