/** Settings use cases: the API key (kept in user properties, shown masked), base URL, background refresh. */
import * as z from 'zod/mini';
import { ApiError } from '../../api/errors';
import { isKeyProblem } from '../../api/failures';
import { allowListPermits } from '../../api/url';
import { UserError } from '../../domain/user-error';
import { actorOf } from '../../engine/team';
import type { AppContext } from '../../engine/context';
import { backgroundRefreshEnabled, syncPollTrigger } from '../../engine/poll-trigger';
import { noteKeyOutcome, runsStoppedByKey } from '../../engine/key-wait';
import { loadRegistrySummary } from '../../store/registry';
import { quotaView, type QuotaView } from '../../store/quota-meter';
import { RUN_LOG_SHEET } from '../../store/run-log';
import { keyIdOf, rememberWorkspace, savedKeyId } from '../../store/user-identity';
import { USER_PROPERTY } from '../../platform/property-keys';
import { text } from '../../rpc/table';

export interface SettingsView {
  hasApiKey: boolean;
  /** e.g. "••••••••3f9a"; never the key itself. */
  maskedKey: string;
  apiBaseUrl: string;
  backgroundRefresh: boolean;
  /** This user's UrlFetch calls and trigger minutes today, against Apps Script's daily quotas. */
  quota: QuotaView;
  /** The sheets the user sees, for the schedule's sheet choice. */
  sheetNames: string[];
  /** Runs waiting for a working key, and the most resuming them can cost (their jobs not sent yet). */
  stoppedByKey?: { runs: number; maxCredits: number };
  /** The panel a menu item asked for ("enrich", "reverse", "settings"); given once, then cleared. */
  openPanel?: SidebarPanel;
}

export type SidebarPanel = 'enrich' | 'reverse' | 'search' | 'settings' | 'jobs';

export interface KeyCheckView {
  ok: boolean;
  workspaceId?: string;
  /** The API's reason in plain words when not ok. */
  message?: string;
  /** The key checked is the one pasted in the form, not the saved one. */
  pasted?: true;
  /** Not ok because the API refused the key (not because it could not be asked). */
  refused?: true;
}

/** Empty (the built-in address) or an http(s) URL. */
const BASE_URL = /^$|^https?:\/\/[^\s/]+/i;

const apiKey = () => z.optional(text(500));

export const saveSettingsRequest = () =>
  z.object({
    apiKey: apiKey(),
    apiBaseUrl: z.optional(text(500).check(z.regex(BASE_URL, 'expected an http(s) URL'))),
  });

export const verifyRequest = () => z.optional(z.object({ apiKey: apiKey() }));

/** What Save sends: a key or an API address to keep (an empty one clears it). */
export type SaveSettingsRequest = z.output<ReturnType<typeof saveSettingsRequest>>;

/** "••••••••3f9a": enough to recognise a key, never enough to use it. */
export function maskKey(key: string): string {
  return key ? `••••••••${key.slice(-4)}` : '';
}

export function getSettings(ctx: AppContext): SettingsView {
  const key = ctx.userStore.get(USER_PROPERTY.apiKey) ?? '';
  const view: SettingsView = {
    hasApiKey: key !== '',
    maskedKey: maskKey(key),
    apiBaseUrl: ctx.userStore.get(USER_PROPERTY.apiBaseUrl) || ctx.defaultApiBaseUrl,
    backgroundRefresh: backgroundRefreshEnabled(ctx),
    quota: quotaView(ctx),
    // The add-on's own log tab is no sheet to enrich.
    sheetNames: ctx.spreadsheet
      .visibleSheets()
      .map((sheet) => sheet.name())
      .filter((name) => name !== RUN_LOG_SHEET),
  };
  const stopped = runsStoppedByKey(loadRegistrySummary(ctx.documentStore), actorOf(ctx));
  if (stopped.runs > 0) view.stoppedByKey = stopped;
  const panel = ctx.userStore.get(USER_PROPERTY.openPanel);
  if (panel) {
    view.openPanel = panel as SidebarPanel;
    ctx.userStore.deleteMany([USER_PROPERTY.openPanel]);
  }
  return view;
}

/** Saves a user setting, or deletes it when `value` is empty (its default comes back). */
function keep(ctx: AppContext, key: string, value: string): void {
  if (value) ctx.userStore.set(key, value);
  else ctx.userStore.deleteMany([key]);
}

/**
 * Empty strings clear a setting (the default base URL comes back). A new key resumes nothing by
 * itself: the view says which runs wait for a key and what resuming them may cost, and the user
 * decides (resumeStoppedRuns).
 */
export function saveSettings(ctx: AppContext, request: SaveSettingsRequest): SettingsView {
  const apiKey = request.apiKey?.trim();
  if (apiKey) refuseRefusedKey(ctx, apiKey);
  if (apiKey !== undefined) {
    keep(ctx, USER_PROPERTY.apiKey, apiKey);
    // A new key is not the one the API refused.
    ctx.userStore.deleteMany([USER_PROPERTY.keyRefused]);
    // Which jobs this user can collect depends on the key: the background check follows it.
    syncPollTrigger(ctx, loadRegistrySummary(ctx.documentStore));
  }
  if (request.apiBaseUrl !== undefined) {
    const url = request.apiBaseUrl.trim();
    // The manifest's allow-list holds the default base URL only: any other address would be
    // saved, then refused by Apps Script at the first call with a message about the manifest.
    if (url && !allowListPermits([ctx.defaultApiBaseUrl], url)) {
      throw new UserError(
        `This copy of Sheet Enrich may only call ${ctx.defaultApiBaseUrl} (the address it was deployed with): ${url} is not allowed.`,
      );
    }
    keep(ctx, USER_PROPERTY.apiBaseUrl, url === ctx.defaultApiBaseUrl ? '' : url);
  }
  return getSettings(ctx);
}

/**
 * A key the API refuses is never saved: it would replace a working key (or none) with one that makes
 * every panel fail. Only a refusal stops the save; a check that could not be made (network, 5xx, rate
 * limit) lets the key be saved, and the sidebar's check after Save says how it went.
 */
function refuseRefusedKey(ctx: AppContext, apiKey: string): void {
  const check = verifyApiKey(ctx, { apiKey });
  if (check.ok || !check.refused) return;
  const kept = ctx.userStore.get(USER_PROPERTY.apiKey)
    ? `your saved key ${maskKey(ctx.userStore.get(USER_PROPERTY.apiKey) ?? '')} is kept`
    : 'no key is saved';
  throw new UserError(`The API refused this key, so it was not saved (${kept}): ${KEY_CHECK}`);
}

/** What to check about a refused key, in Settings (the command line says its flag instead). */
export const KEY_CHECK = 'check that it was copied whole, from the account you mean to pay with.';

export function setBackgroundRefresh(ctx: AppContext, enabled: boolean): SettingsView {
  keep(ctx, USER_PROPERTY.backgroundRefresh, enabled ? '' : '0');
  syncPollTrigger(ctx, loadRegistrySummary(ctx.documentStore));
  return getSettings(ctx);
}

/**
 * Checks a key with the API: the one pasted in the form when there is one (it is not saved, and the
 * saved key's standing is left as it is), otherwise the saved key.
 */
export function verifyApiKey(ctx: AppContext, request: { apiKey?: string } = {}): KeyCheckView {
  const pasted = request.apiKey?.trim();
  const mark = pasted ? { pasted: true as const } : {};
  try {
    const workspaceId = (pasted ? ctx.apiFor(pasted) : ctx.api()).verifyKey();
    if (!pasted) noteKeyOutcome(ctx);
    // Kept for the key it belongs to (a pasted one once it is saved): teammates whose keys verify
    // to the same workspace may then read each other's jobs.
    const keyId = pasted ? keyIdOf(pasted) : savedKeyId(ctx.userStore);
    if (keyId) rememberWorkspace(ctx.userStore, keyId, workspaceId);
    return { ok: true, workspaceId, ...mark };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (!pasted) noteKeyOutcome(ctx, error);
    const refused = isKeyProblem(error);
    return {
      ok: false,
      // Said in Settings, where "check it in Settings" and the API's raw reason mean nothing.
      message: error.status === 401 ? `The API key was refused: ${KEY_CHECK}` : error.userMessage,
      ...mark,
      ...(refused ? { refused: true } : {}),
    };
  }
}

/** Remembers which panel the sidebar should open on (a menu item chose it). */
export function requestPanel(ctx: AppContext, panel: SidebarPanel): void {
  ctx.userStore.set(USER_PROPERTY.openPanel, panel);
}
