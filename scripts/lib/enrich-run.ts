/**
 * The CSV flow shared by `npm run enrich`, `npm run bench` and the integration tests: a CSV becomes a
 * sheet in the local Apps Script runtime, and the built dist/Code.js runs on it exactly as in Sheets
 * (planRun, startRun, then the time-driven trigger until no job is pending).
 */
import { withoutClassName } from '../../src/domain/user-error';
import { INPUTS_BY_KIND } from '../../src/domain/inputs';
import type { JobKind } from '../../src/domain/runs';
import type { EnrichField } from '../../src/domain/fields';
import type {
  KeyCheckView,
  PlanView,
  ProgressView,
  RunProgress,
  RunState,
  SkippedRow,
  StartView,
} from '../../src/app/sidebar-contract';
import { loadAddon, type Addon, type RuntimeState } from '../../dev/gas/harness';
import { columnLetters } from '../../dev/gas/spreadsheet/a1';
import { readOutputs, type FoundByKind } from './sheet-outputs';
import { EnrichRunError } from './run-error';
import { withoutSecrets } from './state-file';

export { EnrichRunError };

export interface CsvEnrichmentOptions {
  /** The CSV's rows, header first. */
  rows: readonly (readonly string[])[];
  /** Name of the sheet the rows go to (the CSV file's base name). */
  sheetName: string;
  kind: JobKind;
  /** Ignored for a reverse lookup. */
  fields: readonly EnrichField[];
  apiBaseUrl: string;
  apiKey: string;
  /** Per-execution budget of the local runtime (Apps Script: 6 min). */
  budgetMs?: number;
  /** Real time between two trigger runs. Default 2000 ms. */
  pollMs?: number;
  /** Give up waiting after this many trigger runs (the jobs stay registered in the state). */
  maxPolls?: number;
  /** Stored state of an earlier run (ledger sheet, properties): saved answers cost nothing. */
  state?: RuntimeState;
  /** Called after the start and after every poll. */
  onProgress?: (run: RunProgress) => void;
}

export interface CsvEnrichmentSummary {
  kind: JobKind;
  /** Data rows of the CSV (the header excluded). */
  rows: number;
  /** Distinct contacts sent to the API. */
  sent: number;
  rowsFromLedger: number;
  rowsFromDuplicates: number;
  skipped: SkippedRow[];
  found: FoundByKind;
  /** Status column text → rows. */
  statuses: Record<string, number>;
  credits: number;
  state: RunState;
  /** Why the run did not finish, in the add-on's words. */
  message?: string;
  /** Answers whose row no longer exists (kept in the ledger, not written). */
  unmatched: number;
  urlfetchCalls: number;
  rangeReads: number;
  rangeWrites: number;
  triggerRuns: number;
  wallMs: number;
  /** The enriched sheet as text, header first: what goes into the output CSV. */
  table: string[][];
  /** What to keep for the next run; the API key and base URL are left out. */
  runtimeState: RuntimeState;
}

const DEFAULT_POLL_MS = 2000;
const DEFAULT_MAX_POLLS = 500;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Puts the rows on the sheet `name` (replacing what an earlier run left there), as plain text: a
 * CSV is data, so "0612…" keeps its zero and "=…" or "+1 555…" stay the text they were.
 */
export function loadRowsAsSheet(addon: Addon, name: string, rows: readonly (readonly string[])[]): void {
  const spreadsheet = addon.spreadsheet;
  const sheets = spreadsheet.getSheets();
  let sheet = spreadsheet.getSheetByName(name);
  if (!sheet && sheets.length === 1 && sheets[0]!.getLastRow() === 0) sheet = sheets[0]!.setName(name);
  sheet = sheet ?? spreadsheet.insertSheet(name);
  sheet.clear();
  sheet.activate();
  const width = Math.max(1, ...rows.map((row) => row.length));
  if (rows.length === 0) return;
  sheet.ensureSize(rows.length, width);
  const range = sheet.getRange(1, 1, rows.length, width);
  range.setNumberFormat('@');
  range.setValues(rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]));
}

/** Selects every data row under the header, as a user would before "Enrich selected rows". */
export function selectDataRows(addon: Addon, name: string, rows: number, width: number): void {
  addon.setSelection(`A2:${columnLetters(Math.max(1, width))}${Math.max(2, rows)}`, name);
}

export function runOf(progress: ProgressView, runId: string): RunProgress | undefined {
  return progress.runs.find((run) => run.runId === runId);
}

export interface PumpOptions {
  pollMs?: number;
  maxPolls?: number;
  onProgress?: (run: RunProgress) => void;
}

/**
 * Lets the time-driven trigger run until the run ends: the harness clock jumps to the trigger's
 * next time (minutes or an hour in Apps Script) while only `pollMs` of real time passes, so jobs,
 * which run on the API's real clock, get real time to finish. Returns the run's last progress.
 */
export async function pumpUntilDone(
  addon: Addon,
  runId: string,
  options: PumpOptions = {},
): Promise<RunProgress> {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const maxPolls = options.maxPolls ?? DEFAULT_MAX_POLLS;
  let run = requireRun(addon.call<ProgressView>('getProgress'), runId);
  options.onProgress?.(run);
  for (let polls = 0; run.state === 'running' && polls < maxPolls; polls++) {
    await sleep(pollMs);
    // A real trigger runs minutes apart, long enough for any backoff: here the clock moves only to
    // the moment the API asked us to wait for, so results are stamped with the real time otherwise.
    if (run.retryAt) addon.advanceClock(Math.max(0, Date.parse(run.retryAt) + 1_000 - addon.now()));
    // With the background refresh off there is no trigger: poll the way the open sidebar does.
    if (addon.fireTriggers({ all: true }) === 0)
      run = requireRun(addon.call<ProgressView>('pollJobs'), runId);
    else run = requireRun(addon.call<ProgressView>('getProgress'), runId);
    options.onProgress?.(run);
  }
  return run;
}

function requireRun(progress: ProgressView, runId: string): RunProgress {
  const run = runOf(progress, runId);
  if (!run) throw new Error(`run ${runId} is missing from getProgress()`);
  return run;
}

/** The add-on's own message when one of its functions threw (an Apps Script "Exception: …"). */
export function callOrExplain<T>(addon: Addon, name: string, ...args: unknown[]): T {
  try {
    return addon.call<T>(name, ...args);
  } catch (error) {
    throw new EnrichRunError(messageOf(error));
  }
}

/** Errors thrown inside the add-on come from its own realm: `instanceof Error` is false for them. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return withoutClassName(typeof message === 'string' ? message : String(error));
}

/** dist/Code.js in the local runtime, for a command line run: on the API given, from the stored state. */
export function openRuntime(
  options: Pick<CsvEnrichmentOptions, 'apiBaseUrl' | 'apiKey' | 'budgetMs' | 'state'>,
): Addon {
  return loadAddon({
    apiBaseUrl: options.apiBaseUrl,
    apiKey: options.apiKey,
    // The emulator runs on loopback; any other API must be the one the build allow-lists.
    allowLoopback: true,
    ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
    ...(options.state ? { state: options.state } : {}),
  });
}

/** Enriches the rows through dist/Code.js; see the module comment. */
export async function runCsvEnrichment(options: CsvEnrichmentOptions): Promise<CsvEnrichmentSummary> {
  const startedAt = Date.now();
  checkCsvRows(options.rows);
  const addon = openRuntime(options);
  try {
    const width = Math.max(...options.rows.map((row) => row.length));
    loadRowsAsSheet(addon, options.sheetName, options.rows);
    selectDataRows(addon, options.sheetName, options.rows.length, width);
    const plan = callOrExplain<PlanView>(addon, 'planRun', {
      kind: options.kind,
      fields: [...options.fields],
    });
    checkPlan(plan, options.kind);
    // No balance means the API did not answer: say why now rather than poll a run that cannot start.
    if (plan.contactsToSend > 0 && plan.balance === null) {
      const check = callOrExplain<KeyCheckView>(addon, 'verifyApiKey');
      if (!check.ok) throw new EnrichRunError(check.message ?? 'The API cannot be reached.');
    }
    const start = callOrExplain<StartView>(addon, 'startRun', plan.planId);
    const run = await pumpUntilDone(addon, start.runId, options);
    const sheet = addon.spreadsheet.getSheetByName(options.sheetName)!;
    const table = sheet.getDataRange().getDisplayValues() as string[][];
    const outputs = readOutputs(table, options.kind);
    const message =
      start.message ?? run.error ?? (run.state === 'running' ? stillRunning(options) : undefined);
    return {
      kind: options.kind,
      rows: options.rows.length - 1,
      sent: plan.contactsToSend,
      rowsFromLedger: plan.rowsFromLedger,
      rowsFromDuplicates: plan.rowsFromDuplicates,
      skipped: plan.skipped,
      found: outputs.found,
      statuses: outputs.statuses,
      credits: run.credits,
      state: run.state,
      ...(message ? { message } : {}),
      unmatched: run.unmatched ?? 0,
      urlfetchCalls: addon.counts.urlfetch,
      rangeReads: addon.counts.rangeReads,
      rangeWrites: addon.counts.rangeWrites,
      triggerRuns: addon.counts.triggerRuns,
      wallMs: Date.now() - startedAt,
      table,
      runtimeState: withoutSecrets(addon.exportState()),
    };
  } finally {
    addon.close();
  }
}

function stillRunning(options: CsvEnrichmentOptions): string {
  return `Jobs were still running after ${options.maxPolls ?? DEFAULT_MAX_POLLS} polls: run the same command again later to collect them.`;
}

/** An empty file or a header alone: nothing to enrich (checked before any emulator is started). */
export function checkCsvRows(rows: readonly (readonly string[])[]): void {
  if (rows.length === 0) throw new EnrichRunError('The file is empty.');
  if (rows.length === 1) throw new EnrichRunError('The file has a header row but no data rows.');
}

/** A file none of whose columns the add-on recognised: say what it needs instead of sending nothing. */
function checkPlan(plan: PlanView, kind: JobKind): void {
  const mapped = Object.keys(plan.mapping);
  const usable =
    kind === 'reverse'
      ? mapped.includes('email')
      : mapped.some((key) => (INPUTS_BY_KIND.enrich as readonly string[]).includes(key));
  if (usable) return;
  // A file without a header row is read from its first line: its columns go by letter.
  const headers =
    plan.columns
      .map((column) => (column.header ? `"${column.header}"` : `column ${columnLetters(column.index)}`))
      .join(', ') || 'none';
  throw new EnrichRunError(
    kind === 'reverse'
      ? `No email column found (columns: ${headers}). Name it "Email".`
      : `No usable column found (columns: ${headers}). Name them e.g. "First name", "Last name", "Company" or "LinkedIn URL".`,
  );
}
