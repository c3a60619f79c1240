/**
 * The "Sheet Enrich log" tab: one row per run, whatever started it (sidebar, schedule, formulas),
 * written when the run ends, in one append per execution, and one per search call that loaded
 * results (searches cost credits too). Bounded: past MAX_ROWS the oldest rows
 * are dropped (one read and one rewrite, once every TRIM_SLACK runs).
 */
import type { PlatformPorts, SheetPort } from '../platform/ports';
import { appendBelow, keepRows } from '../platform/sheet-rows';
import { minuteIn } from './local-time';
import { RUN_STATE_LABELS, SPEND_WORDS, sourceWord } from '../domain/runs';
import type { JobBase, Registry, RunRecord } from './registry';

export const RUN_LOG_SHEET = 'Sheet Enrich log';
export const RUN_LOG_HEADER = [
  'Started at',
  'By',
  'Source',
  'Sheet',
  'Rows in scope',
  'Contacts sent',
  'Contacts found',
  'Work emails',
  'Personal emails',
  'Phones',
  'Profiles',
  'Credits estimated',
  'Credits charged',
  'Outcome',
  'Reason',
  'Paid with',
  // Ids last, for support only. A run that ends again (a lost start imported or retried) updates
  // its row, found by its run id.
  'Run id (for support)',
  'Job ids (for support)',
] as const;
/** Headers of earlier layouts, by their name now: a tab in one is rewritten in this one (inLayout). */
const FORMER: Readonly<Record<string, string>> = {
  State: 'Outcome',
  'Run id': 'Run id (for support)',
  'Job ids': 'Job ids (for support)',
};
const RUN_ID_COLUMN = RUN_LOG_HEADER.indexOf('Run id (for support)') + 1;
const JOB_IDS_COLUMN = RUN_LOG_HEADER.indexOf('Job ids (for support)') + 1;
// Reason, then Paid with, then the run id (noteRunLog reads the three).
const REASON_COLUMN = RUN_ID_COLUMN - 2;
const MAX_ROWS = 500;
const TRIM_SLACK = 50;

/** Contacts with any answer (runs saved before the count existed: the best single-kind count). */
export function contactsFound(run: RunRecord): number {
  if (run.kind === 'reverse') return run.found.profile;
  return run.found.contacts ?? Math.max(run.found.workEmail, run.found.phone, run.found.personalEmail);
}

function logRow(ctx: PlatformPorts, run: RunRecord, jobs: readonly JobBase[]): string[] {
  const { found } = run;
  const own = jobs.filter((job) => job.run === run.id);
  return [
    minuteIn(ctx.spreadsheet.timeZone(), run.startedAt),
    run.startedBy ?? '',
    sourceWord(run),
    run.sheetName,
    run.rowsInScope ?? '',
    run.sent,
    contactsFound(run),
    found.workEmail,
    found.personalEmail,
    found.phone,
    found.profile,
    run.estimatedCredits ?? '',
    run.mayHaveCost
      ? `${run.credits} (may have been charged up to ${run.credits + run.mayHaveCost})`
      : run.credits,
    RUN_STATE_LABELS[run.state].toLowerCase(),
    run.error ?? '',
    paidWith(run, own),
    run.id,
    own.flatMap((job) => job.id ?? []).join(' '),
  ].map(String);
}

/** Whose key paid the run's jobs ("" if none was sent): a person, never a workspace id. */
function paidWith(run: RunRecord, jobs: readonly JobBase[]): string {
  if (!jobs.some((job) => job.id || job.keyId)) return '';
  return run.startedBy ? `${run.startedBy}'s key` : 'the key of the user who started it';
}

/**
 * Writes a row per ended run (call before the run is saved as ended, and before the registry is
 * pruned: job ids come from it). A run that has a row (it ended before, then a lost start was
 * imported or retried; or its end was cut short once its row was written) gets that row updated,
 * found by its run id, still naming the jobs it named (pruned since): the log tells each run once.
 */
export function appendRunLog(
  ctx: PlatformPorts,
  runs: readonly RunRecord[],
  registry: Registry<JobBase>,
): void {
  const rows = new Map(runs.map((run) => [run.id, logRow(ctx, run, registry.jobs)]));
  const sheet = ctx.spreadsheet.ownVisibleSheet(RUN_LOG_SHEET, true)!;
  // Run id and job ids, the last two columns: one read.
  logColumns(sheet, RUN_ID_COLUMN, 2).forEach(([id, jobIds], index) => {
    const row = rows.get(id!);
    if (!row) return;
    const ids = `${jobIds} ${row[JOB_IDS_COLUMN - 1]}`.split(' ').filter(Boolean);
    row[JOB_IDS_COLUMN - 1] = [...new Set(ids)].join(' ');
    sheet.writeText(index + 2, 1, [row]);
    rows.delete(id!);
  });
  appendTo(sheet, [...rows.values()]);
}

/** Puts `note` before the Reason of the run's row (an undo says so there). */
export function noteRunLog(ctx: PlatformPorts, runId: string, note: string): void {
  const sheet = ctx.spreadsheet.ownVisibleSheet(RUN_LOG_SHEET, false);
  // Reason, Paid with, Run id: one read.
  logColumns(sheet, REASON_COLUMN, 3).forEach(([reason, , id], index) => {
    if (id === runId) sheet!.writeText(index + 2, REASON_COLUMN, [[`${note} ${reason}`.trim()]]);
  });
}

/** Whether a row of the log names the job `jobId`. */
export function jobLogged(ctx: PlatformPorts, jobId: string): boolean {
  const ids = logColumns(ctx.spreadsheet.ownVisibleSheet(RUN_LOG_SHEET, false), JOB_IDS_COLUMN, 1);
  return ids.some(([cell]) => cell!.split(' ').includes(jobId));
}

/** The tab's data rows, `columns` wide from `column` (none without a tab), once it is in this layout. */
function logColumns(sheet: SheetPort | null, column: number, columns: number): string[][] {
  const lastRow = sheet ? inLayout(sheet) : 0;
  return lastRow < 2 ? [] : sheet!.readDisplayValues(2, column, lastRow - 1, columns);
}

/** What one search call loaded into its tab, for the log. */
export interface SearchLogEntry {
  startedAt: number;
  tabName: string;
  /** Results added to the tab. */
  results: number;
  /** The most they can have cost: results returned to the workspace before are free. */
  maxCredits: number;
  /** What the API charged for them (features/search/search-run.ts loadPages). */
  credits: number;
  state: 'loading' | 'done' | 'stopped';
  reason?: string;
}

/** Appends a search call's row: who, which tab, results added, the most they could cost and what they did. */
export function appendSearchLog(ctx: PlatformPorts, entry: SearchLogEntry): void {
  const by = ctx.userEmail();
  // A search has no rows in scope, sends no contacts and has no job ids.
  appendLogRow(ctx, {
    'Started at': minuteIn(ctx.spreadsheet.timeZone(), entry.startedAt),
    By: by,
    Source: SPEND_WORDS.search,
    Sheet: entry.tabName,
    'Contacts found': String(entry.results),
    'Credits estimated': String(entry.maxCredits),
    'Credits charged': String(entry.credits),
    Outcome: SEARCH_OUTCOMES[entry.state],
    Reason: entry.reason,
    'Paid with': by ? `${by}'s key` : 'the key of the user who searched',
  });
}

/** A search tab's state as the log's Outcome says it, in the words runs use. */
const SEARCH_OUTCOMES: Readonly<Record<SearchLogEntry['state'], string>> = {
  done: 'finished',
  stopped: 'stopped',
  loading: 'in progress',
};

/** Appends a row saying results could not be saved (a failed poll): when, by whom, and why. */
export function appendPollProblemLog(ctx: PlatformPorts, at: number, reason: string): void {
  const by = ctx.userEmail();
  appendLogRow(ctx, {
    'Started at': minuteIn(ctx.spreadsheet.timeZone(), at),
    By: by,
    Source: 'results check',
    Outcome: 'failed',
    Reason: reason,
  });
}

/** Appends a row given by header (the other cells blank). */
function appendLogRow(
  ctx: PlatformPorts,
  cells: Partial<Record<(typeof RUN_LOG_HEADER)[number], string | undefined>>,
): void {
  const sheet = ctx.spreadsheet.ownVisibleSheet(RUN_LOG_SHEET, true)!;
  inLayout(sheet);
  appendTo(sheet, [RUN_LOG_HEADER.map((name) => cells[name] ?? '')]);
}

function appendTo(sheet: SheetPort, rows: string[][]): void {
  if (rows.length === 0) return;
  const lastRow = appendBelow(sheet, RUN_LOG_HEADER, rows);
  const dataRows = Math.max(0, lastRow - 1) + rows.length;
  if (dataRows <= MAX_ROWS + TRIM_SLACK) return;
  const all = sheet.readDisplayValues(2, 1, dataRows, RUN_LOG_HEADER.length);
  // The oldest rows leave; as many blank rows follow the kept ones.
  keepRows(sheet, all.slice(-MAX_ROWS), dataRows, RUN_LOG_HEADER.length);
}

/**
 * Rewrites a tab of an earlier layout (fewer columns, ids amid the row, raw state codes) in this
 * one, once: each cell goes under its header's name now. Returns the tab's last row. One read of
 * the header row when the tab is in this layout already.
 */
function inLayout(sheet: SheetPort): number {
  const lastRow = sheet.lastRow();
  const width = sheet.lastColumn();
  if (!lastRow) return 0;
  const header = sheet.readDisplayValues(1, 1, 1, width)[0]!.map((name) => FORMER[name] ?? name);
  if (header.join('\t') === RUN_LOG_HEADER.join('\t')) return lastRow;
  const rows = lastRow > 1 ? sheet.readDisplayValues(2, 1, lastRow - 1, width) : [];
  const moved = rows.map((row) =>
    RUN_LOG_HEADER.map((name) => {
      const cell = row[header.indexOf(name)] ?? '';
      if (name === 'Paid with') return cell.replace(/ \(workspace [^)]*\)$/, '');
      return name === 'Outcome' ? cell.replace(/_/g, ' ').replace(/^done$/, 'finished') : cell;
    }),
  );
  sheet.writeText(1, 1, [[...RUN_LOG_HEADER], ...moved]);
  return lastRow;
}
