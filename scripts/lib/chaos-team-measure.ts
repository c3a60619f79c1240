/**
 * The counting of the team chaos benchmark's results (`npm run chaos -- --users 3`), apart from the
 * scenario that plays it (chaos-team.ts) so that each stays short enough to read whole.
 *
 * Measured as chaos.ts does (formula cells count too: an answer shown elsewhere is misplaced, a
 * missing one lost, a pending one not final), per workspace: credits_minimum charges each person
 * once in each workspace that bought them, as two accounts cannot share what they bought. Then
 * credits_by_user (the emulator's credits by key), and the caps per payer from the run log: each
 * schedule run within its payer's cap per run, each payer's schedule and automatic runs of a day
 * (charged, by the emulator's jobs) within their daily cap. Runs are told apart by the registry's
 * records, noted every round, rather than by the run log the add-on writes (the events count the
 * charged jobs the log does not name).
 */
import type { Addon } from '../../dev/gas/harness';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import { emailNamedBy } from '../../src/domain/statuses';
import { RUN_LOG_SHEET } from '../../src/store/run-log';
import { RUN_CODEC } from '../../src/store/registry';
import { decodeRecord } from '../../src/store/stored-records';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { dayIn } from '../../src/store/local-time';
import { keyOf, type User } from './chaos-user';
import type { ChaosResult, Expected } from './chaos-types';
import { ledgerDuplicates, rowCounts } from './chaos-measure';
import { checkSpending, runOfJob, type SeenRun, type SpendingCheck } from './chaos-spending';
import {
  LEADS,
  sheetTable,
  TEAM,
  type Caps,
  type capsFor,
  type Member,
  type TeamEvents,
} from './chaos-team-setup';

export interface TeamChaosResult extends Omit<ChaosResult, 'wall_ms'> {
  users: number;
  /** Credits the emulator's books charged, by the user who started the run (Ann and Bob share a key). */
  credits_by_user: Record<string, number>;
  /** The Spending tab against the emulator's books (chaos-spending.ts): `mismatches` 0 is the target. */
  spending: Omit<SpendingCheck, 'books_by_person'>;
  /** Schedule runs over their payer's cap per run, and payer-days over their daily cap. */
  schedule_cap_overruns: number;
  /** Payer-days whose automatic formula runs were charged more than the daily cap. */
  auto_cap_overruns: number;
  wall_ms: number;
}

/** The email a formula cell names ("" for not found), or undefined while it has no final answer. */
export function formulaEmail(text: string): string | undefined {
  if (text === '— not found') return '';
  if (!text || /^(⏳|⚠|#)/.test(text)) return undefined;
  return emailNamedBy(text) || text;
}

export function formulaCells(addon: Addon, leads: { first: number; count: number }): string[][] {
  return (
    addon.spreadsheet
      .getSheetByName(LEADS)!
      .getRange(leads.first, 1, leads.count, 5)
      .getDisplayValues() as string[][]
  ).map((cells) => [keyOf(cells), cells[4] ?? '']);
}

export async function measureTeam(
  ann: Addon,
  emulator: SpawnedEmulator,
  editor: User,
  reference: ReadonlyMap<string, Expected>,
  leads: { first: number; count: number },
  members: readonly Member[],
  caps: ReturnType<typeof capsFor>,
  runs: ReadonlyMap<string, SeenRun>,
  events: TeamEvents,
): Promise<Omit<TeamChaosResult, 'rows' | 'users' | 'wall_ms'>> {
  let { lost, misplaced, withoutFinal } = rowCounts(ann, editor, reference);
  for (const [key, text] of formulaCells(ann, leads)) {
    const shown = formulaEmail(text!);
    const expected = reference.get(key!)?.namedEmail ?? '';
    if (shown === undefined) withoutFinal++;
    else if (shown !== expected) {
      if (shown) misplaced++;
      else lost++;
    }
  }
  const stats = await emulator.admin.stats();
  const { books_by_person: credits_by_user, ...spending } = await checkSpending(ann, emulator.admin, runs);
  return {
    lost,
    misplaced,
    written_twice: ledgerDuplicates(ann),
    credits_spent: stats.credits_spent,
    credits_minimum: stats.charges.credits_once,
    charged_twice: stats.charges.charged_twice,
    rows_without_final_status: withoutFinal,
    credits_by_user,
    spending,
    ...(await capOverruns(ann, emulator, caps, runs, events)),
  };
}

/** Notes the runs in the registry now (finished ones are pruned later, so this runs every round). */
export function noteRuns(addon: Addon, seen: Map<string, SeenRun>): void {
  for (const [key, text] of Object.entries(addon.properties.document.getProperties())) {
    if (!key.startsWith(DOCUMENT_PROPERTY.runPrefix)) continue;
    const run = decodeRecord(RUN_CODEC, text);
    if (run.ok) seen.set(run.value.id, run.value);
  }
}

/**
 * The caps per payer: each job at the emulator belongs to a run (its name says which), was paid by
 * its key's user, and counts on the day its run started (as the caps count it). Also counts, in
 * `events`, the standing orders' runs, the payer-days that came within a tenth of their cap (the
 * caps did bind), charged jobs of runs never seen (the counts would miss them) and charged jobs the
 * run log does not name.
 */
async function capOverruns(
  ann: Addon,
  emulator: SpawnedEmulator,
  caps: ReturnType<typeof capsFor>,
  runs: ReadonlyMap<string, SeenRun>,
  events: TeamEvents,
): Promise<{ schedule_cap_overruns: number; auto_cap_overruns: number }> {
  const jobs = (await emulator.admin.jobs()).filter((job) => job.credits > 0);
  const [header, ...log] = sheetTable(ann, RUN_LOG_SHEET);
  const logged = new Set(log.flatMap((row) => row[header!.indexOf('Job ids (for support)')]!.split(' ')));
  const notInLog = jobs.filter((job) => !logged.has(job.id));
  events.jobsNotInLog = notInLog.length;
  if (process.env.CHAOS_VERBOSE)
    for (const job of notInLog) process.stderr.write(`not in the log: ${JSON.stringify(job)}\n`);
  const zone = ann.spreadsheet.getSpreadsheetTimeZone();
  const payers = new Map(TEAM.map((user) => [user.key as string, user.email as string]));
  const perRun = new Map<string, number>();
  const perDay = new Map<string, number>();
  for (const job of jobs) {
    const runId = runOfJob(job.name);
    const run = runs.get(runId);
    if (!run) events.jobsOfUnknownRuns++;
    const order = run?.source === 'schedule' ? 'schedule' : run?.automatic ? 'auto' : undefined;
    if (!order || !run) continue;
    perRun.set(runId, (perRun.get(runId) ?? 0) + job.credits);
    const day = `${order}|${run.startedBy ?? payers.get(job.key)}|${dayIn(zone, run.startedAt)}`;
    perDay.set(day, (perDay.get(day) ?? 0) + job.credits);
  }
  const capOf = (order: string, by = ''): Caps =>
    order === 'auto'
      ? { perRun: caps.auto, perDay: by === TEAM[1].email ? caps.auto : 0 }
      : (({ [TEAM[0].email]: caps.ann, [TEAM[2].email]: caps.carol } as Record<string, Caps>)[by] ?? {
          perRun: 0,
          perDay: 0,
        });
  const overruns = { schedule: 0, auto: 0 };
  for (const [runId, credits] of perRun) {
    const run = runs.get(runId)!;
    if (run.source === 'schedule') events.scheduleRuns++;
    else events.autoRuns++;
    // A schedule run is paid by one key: its payer's cap per run.
    const payer = run.startedBy ?? payers.get(jobs.find((job) => job.name.includes(` run ${runId} `))!.key);
    if (run.source === 'schedule' && credits > capOf('schedule', payer).perRun) overruns.schedule++;
  }
  for (const [day, credits] of perDay) {
    const [order, by] = day.split('|') as ['schedule' | 'auto', string];
    const cap = capOf(order, by).perDay;
    if (credits >= cap * 0.9) events.daysNearCap++;
    if (credits > cap) overruns[order]++;
  }
  return { schedule_cap_overruns: overruns.schedule, auto_cap_overruns: overruns.auto };
}
