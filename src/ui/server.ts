/**
 * The sidebar's server functions (SidebarServer of rpc.ts) over a context: each one parses what the
 * page sent with zod, calls a use case, and turns an API error into its plain-words message.
 */
// A namespace import: `import { z }` keeps every zod locale in dist/Code.js (see src/api/schemas).
import * as z from 'zod/mini';
import { ApiError } from '../api/errors';
import { ENRICH_FIELDS } from '../domain/fields';
import { lazy } from '../domain/lazy';
import { LIMITS } from '../domain/limits';
import type { AppContext } from '../jobs/context';
import { importJob, retryAmbiguousJob } from '../jobs/recovery';
import { UserError } from '../domain/user-error';
import { INPUT_KEYS } from '../domain/inputs';
import { startRun } from '../jobs/start';
import { resumeRunsStoppedByKey } from '../jobs/key-wait';
import { cancelRun, clearEndedRuns } from '../jobs/run-control';
import { progressView } from './progress';
import type { SearchRequestInput, SidebarServer } from './rpc';
import { changeFormulaAuto, formulaQueueView, planFormulaRun, planRun, pollJobs } from './run-service';
import * as schedules from '../schedule/schedule-service';
import * as settings from './settings';
import * as search from './search-service';

/**
 * A whole number from `min` to `max`, as one refine: z.int(), z.minimum() and z.maximum() would add
 * zod's number formats and bound checks to Code.js for two fields.
 */
const wholeNumber = (min: number, max: number) =>
  z
    .number()
    .check(
      z.refine(
        (n: number) => Number.isInteger(n) && n >= min && n <= max,
        `expected a whole number from ${min} to ${max}`,
      ),
    );
/** Empty (the built-in address) or an http(s) URL; checked in a refine, as z.regex adds zod's string formats. */
const BASE_URL = /^$|^https?:\/\/[^\s/]+/i;

// Built on first use (src/lazy.ts): Code.js is evaluated at the start of every execution.
const column = lazy(() => wholeNumber(1, 18278));
const enrichFields = () => z.array(z.enum(ENRICH_FIELDS as ['work_email', 'personal_email', 'phone']));
const row = lazy(() => wholeNumber(1, 10_000_000));
const columnMapping = () => z.partialRecord(z.enum(INPUT_KEYS), column());
const runKind = () => z.enum(['enrich', 'reverse']);
const planRequest = lazy(() =>
  z.object({
    kind: runKind(),
    fields: z.optional(enrichFields()),
    mapping: z.optional(columnMapping()),
    overwrite: z.optional(z.boolean()),
    firstRowHeaders: z.optional(z.boolean()),
    onlyCellRow: z.optional(row()),
  }),
);
const saveSettingsRequest = lazy(() =>
  z.object({
    apiKey: z.optional(z.string().check(z.maxLength(500))),
    apiBaseUrl: z.optional(
      z.string().check(
        z.maxLength(500),
        z.refine((url: string) => BASE_URL.test(url), 'expected an http(s) URL'),
      ),
    ),
  }),
);
const planId = lazy(() => z.string().check(z.minLength(1), z.maxLength(64)));
const jobRef = lazy(() =>
  z.object({ runId: z.string().check(z.maxLength(64)), seq: wholeNumber(0, Number.MAX_SAFE_INTEGER) }),
);
const importRequest = lazy(() =>
  z.object({ jobId: z.string().check(z.maxLength(200)), job: z.optional(jobRef()) }),
);
const formulaPlanRequest = lazy(() =>
  z.object({ kind: z.optional(runKind()), fields: z.optional(enrichFields()) }),
);
const formulaAutoRequest = lazy(() =>
  z.object({ enabled: z.boolean(), dailyCap: wholeNumber(0, 1_000_000) }),
);
const scheduleRequest = lazy(() =>
  z.object({
    sheetName: z.string().check(z.minLength(1), z.maxLength(200)),
    kind: runKind(),
    fields: enrichFields(),
    every: z.enum(['hour', '6 hours', 'day']),
    maxCreditsPerRun: wholeNumber(0, 10_000_000),
    maxCreditsPerDay: wholeNumber(0, 10_000_000),
  }),
);

const runId = lazy(() => z.string().check(z.minLength(1), z.maxLength(64)));
const sheetId = lazy(() => wholeNumber(0, Number.MAX_SAFE_INTEGER));
const searchRequest = lazy(() =>
  z.object({
    kind: z.enum(['companies', 'people']),
    // Checked against the filter table by the use case, which says in one line what is wrong.
    filters: z.unknown(),
    rows: wholeNumber(1, LIMITS.searchMaxRows),
  }),
);
const loadMoreRequest = lazy(() =>
  z.object({ sheetId: sheetId(), rows: wholeNumber(1, LIMITS.searchMaxRows) }),
);

/** Parses input; a malformed request is a bug in the page, reported in one line. */
function parse<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || what}: ${issue.message}`);
    throw new Error(`Invalid ${what}: ${problems.join('; ')}`);
  }
  return result.data;
}

/**
 * The one error boundary of the sidebar: a UserError or an ApiError reaches the page as its plain
 * words; anything else is a bug, logged with its stack and shown as one line that says so.
 */
function guarded(ctx: AppContext, name: string, call: () => unknown): unknown {
  try {
    return call();
  } catch (error) {
    if (error instanceof UserError) throw error;
    if (error instanceof ApiError) throw new UserError(error.userMessage, { cause: error });
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    ctx.log.warn(`${name} failed: ${text}`);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Sheet Enrich hit an unexpected problem (${message}). Try again; if it persists, report it.`,
      {
        cause: error,
      },
    );
  }
}

export function createSidebarServer(ctx: AppContext): SidebarServer {
  const server: SidebarServer = {
    getSettings: () => settings.getSettings(ctx),
    saveSettings: (request) => settings.saveSettings(ctx, parse(saveSettingsRequest(), request, 'settings')),
    verifyApiKey: () => settings.verifyApiKey(ctx),
    getCreditBalance: () => settings.readCreditBalance(ctx),
    planRun: (request) => planRun(ctx, parse(planRequest(), request, 'plan request')),
    startRun: (id) => startRun(ctx, parse(planId(), id, 'plan id')),
    pollJobs: () => pollJobs(ctx),
    getProgress: () => progressView(ctx),
    retryJob: (job) => {
      retryAmbiguousJob(ctx, parse(jobRef(), job, 'job'));
      return progressView(ctx);
    },
    importJob: (request) => importJob(ctx, parse(importRequest(), request, 'import request')),
    getFormulaQueue: () => formulaQueueView(ctx),
    getSchedule: () => schedules.getSchedule(ctx),
    saveSchedule: (request) => schedules.saveSchedule(ctx, parse(scheduleRequest(), request, 'schedule')),
    clearSchedule: () => schedules.clearSchedule(ctx),
    setFormulaAuto: (request) =>
      changeFormulaAuto(ctx, parse(formulaAutoRequest(), request, 'automatic setting')),
    planFormulaRun: (request) =>
      planFormulaRun(ctx, parse(formulaPlanRequest(), request ?? {}, 'formula plan request')),
    resumeStoppedRuns: () => {
      resumeRunsStoppedByKey(ctx);
      return progressView(ctx);
    },
    cancelRun: (id) => {
      cancelRun(ctx, parse(runId(), id, 'run id'));
      return progressView(ctx);
    },
    clearEndedRuns: () => {
      clearEndedRuns(ctx);
      return progressView(ctx);
    },
    previewSearch: (request) =>
      search.previewSearch(ctx, parse(searchRequest(), request, 'search') as SearchRequestInput),
    startSearch: (request) =>
      search.startSearch(ctx, parse(searchRequest(), request, 'search') as SearchRequestInput),
    continueSearch: (id) => search.continueSearch(ctx, parse(sheetId(), id, 'tab')),
    getSearchTab: () => search.activeSearchTab(ctx),
    loadMoreSearch: (request) => {
      const { sheetId: id, rows } = parse(loadMoreRequest(), request, 'load more request');
      return search.loadMoreSearch(ctx, id, rows);
    },
    refreshSearch: (id) => search.refreshSearch(ctx, parse(sheetId(), id, 'tab')),
    selectSearchTabRows: (id) => {
      search.selectSearchTabRows(ctx, parse(sheetId(), id, 'tab'));
      return null;
    },
    companiesFilter: (id) => search.companiesFilter(ctx, parse(sheetId(), id, 'tab')),
    setBackgroundRefresh: (enabled) =>
      settings.setBackgroundRefresh(ctx, parse(z.boolean(), enabled, 'background refresh switch')),
  };
  const entries = Object.entries(server).map(([name, call]) => [
    name,
    (...args: unknown[]) => guarded(ctx, name, () => (call as (...a: unknown[]) => unknown)(...args)),
  ]);
  return Object.fromEntries(entries) as unknown as SidebarServer;
}
