/**
 * The "Sheet Enrich log" tab: one row per run, whatever started it (sidebar, schedule, formulas),
 * written when the run ends, in one append per execution. Bounded: past MAX_ROWS the oldest rows
 * are dropped (one read and one rewrite, once every TRIM_SLACK runs).
 */
import type { PlatformPorts } from '../platform/ports';
import { minuteIn } from './local-time';
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
  'Job ids',
  'State',
  'Reason',
  // Last, so that log tabs written before it keep their columns.
  'Paid with',
];
const MAX_ROWS = 500;
const TRIM_SLACK = 50;

/** Contacts with any answer (runs saved before the count existed: the best single-kind count). */
export function contactsFound(run: RunRecord): number {
  if (run.kind === 'reverse') return run.found.profile;
  return run.found.contacts ?? Math.max(run.found.workEmail, run.found.phone, run.found.personalEmail);
}

function logRow(ctx: PlatformPorts, run: RunRecord, jobs: readonly JobBase[]): string[] {
  const ids = jobs.filter((job) => job.run === run.id && job.id).map((job) => job.id!);
  return [
    minuteIn(ctx.spreadsheet.timeZone(), run.startedAt),
    run.startedBy ?? '',
    run.source ?? 'sidebar',
    run.sheetName,
    String(run.rowsInScope ?? ''),
    String(run.sent),
    String(contactsFound(run)),
    String(run.found.workEmail),
    String(run.found.personalEmail),
    String(run.found.phone),
    String(run.found.profile),
    String(run.estimatedCredits ?? ''),
    run.mayHaveCost
      ? `${run.credits} (may have been charged up to ${run.credits + run.mayHaveCost})`
      : String(run.credits),
    ids.join(' '),
    run.state,
    run.error ?? '',
    paidWith(run, jobs),
  ];
}

/** Whose key paid the run's jobs, and the workspaces it belongs to when known ("" if none was sent). */
function paidWith(run: RunRecord, jobs: readonly JobBase[]): string {
  const started = jobs.filter((job) => job.run === run.id && (job.id || job.keyId));
  if (started.length === 0) return '';
  const workspaces = [...new Set(started.map((job) => job.workspace).filter((id) => id))];
  const who = run.startedBy ? `${run.startedBy}'s key` : 'the key of the user who started it';
  return workspaces.length ? `${who} (workspace ${workspaces.join(', ')})` : who;
}

/** Appends a row per ended run (call before the registry is pruned: job ids come from it). */
export function appendRunLog(
  ctx: PlatformPorts,
  runs: readonly RunRecord[],
  registry: Registry<JobBase>,
): void {
  if (runs.length === 0) return;
  const sheet = ctx.spreadsheet.ownVisibleSheet(RUN_LOG_SHEET, true)!;
  const lastRow = sheet.lastRow();
  const rows = runs.map((run) => logRow(ctx, run, registry.jobs));
  if (lastRow === 0) rows.unshift(RUN_LOG_HEADER);
  sheet.writeText(lastRow + 1, 1, rows);
  const dataRows = Math.max(0, lastRow - 1) + runs.length;
  if (dataRows <= MAX_ROWS + TRIM_SLACK) return;
  const all = sheet.readDisplayValues(2, 1, dataRows, RUN_LOG_HEADER.length);
  const kept = all.slice(-MAX_ROWS);
  const blank = Array.from({ length: all.length - kept.length }, () => RUN_LOG_HEADER.map(() => ''));
  sheet.writeText(2, 1, [...kept, ...blank]);
}
