/**
 * The top-level functions Apps Script calls (re-exported by src/index.ts): each creates the
 * execution's context and hands over to a use case.
 */
import { pollOnce } from '../jobs/poll';
import { getProgress as progressOf } from '../jobs/run-end';
import { createContext } from '../platform/context';
import type {
  BalanceView,
  KeyCheckView,
  PlanRequest,
  PlanView,
  ProgressView,
  SaveSettingsRequest,
  SettingsView,
  SidebarPanel,
  StartView,
} from './rpc';
import { createSidebarServer } from './server';
import { requestPanel } from './settings';
import { showSidebar } from './menu';

const server = () => createSidebarServer(createContext());

export function getSettings(): SettingsView {
  return server().getSettings();
}
export function saveSettings(request: SaveSettingsRequest): SettingsView {
  return server().saveSettings(request);
}
export function verifyApiKey(): KeyCheckView {
  return server().verifyApiKey();
}
export function getCreditBalance(): BalanceView {
  return server().getCreditBalance();
}
export function planRun(request: PlanRequest): PlanView {
  return server().planRun(request);
}
export function startRun(planId: string): StartView {
  return server().startRun(planId);
}
export function pollJobs(): ProgressView {
  return server().pollJobs();
}
export function getProgress(): ProgressView {
  return server().getProgress();
}
export function setBackgroundRefresh(enabled: boolean): SettingsView {
  return server().setBackgroundRefresh(enabled);
}

/** The time-driven trigger: polls pending jobs; the trigger removes itself when none is left. */
export function onPollTrigger(): void {
  const ctx = createContext();
  try {
    pollOnce(ctx);
  } catch (error) {
    // A trigger's error only reaches an e-mail digest: log it, the next run tries again.
    ctx.log.warn(`Poll trigger failed: ${error instanceof Error ? error.message : String(error)}`);
  }
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
/** Menu: Refresh results now (polls at once, even jobs that are backing off). */
export function menuRefreshNow(): void {
  const ctx = createContext();
  const polled = pollOnce(ctx, { force: true });
  const progress = progressOf(ctx);
  const running = progress.runs.filter((run) => run.state === 'running');
  ctx.notify.toast(
    !polled
      ? 'Results are being written right now.'
      : running.length
        ? `${running.reduce((sum, run) => sum + run.done, 0)} of ${running.reduce((sum, run) => sum + run.sent, 0)} contacts done; the rest is still running.`
        : 'No job is waiting for results.',
  );
}
