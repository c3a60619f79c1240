/**
 * The chaos benchmark's damage step (chaos.ts; on in `npm run chaos`, off with `--no-damage`):
 * mid-run, once answers are saved and a running run has a started job not written yet, the stores
 * the add-on keeps in the document are broken the way a stray edit, a script or a bad copy breaks
 * them:
 * - one job record in document properties (a started job of a running run) is no longer JSON;
 * - the hidden job sheet gets garbage in the list cells of two started jobs (one of a running run);
 * - the ledger gets garbage in the answer cells of five rows.
 * The user then does what the add-on tells them: for a run that ended with the damaged-job error, they
 * import the jobs the provider's dashboard names after that run ("… run <run> job <n>") by their ids
 * (free), and run the rows left again as chaos.ts does. Rows of a damaged job the provider never
 * received (its start failed) have nothing to import: the user runs them with "look up again".
 *
 * In the default run (`npm run chaos`) since it met every target on seeds 1 to 20 in a row at
 * 2,000 rows, five of them with 100 rows looked up again and nobody charged twice. Before that, an
 * imported job that had run out of credits left its damaged record blocking its rows for good
 * (engine/recovery.ts now replaces that record). Over-charges of 18 to 32 people in runs that
 * looked rows up again (finding 29, about 1 run in 4) were an imported job whose answers went to no
 * row: it was imported before the column inserted at A, and its run matched rows by column numbers
 * (engine/rehome.ts now keeps its columns' headers, as a started run does).
 */
import type { Addon } from '../../dev/gas/harness';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import type { EnrichField } from '../../src/domain/fields';
import { STATUS } from '../../src/domain/statuses';
import { columnLetters } from '../../dev/gas/spreadsheet/a1';
import { outputRows } from './sheet-outputs';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { DAMAGED_RUN_ERROR } from '../../src/engine/run-end';
import type { ChaosDamage, ChaosEvents } from './chaos-types';

export type { ChaosDamage };

/** The damage, and the user's side of it: the job ids tried (imported or refused). */
export interface DamageState {
  damage?: ChaosDamage;
  tried: Set<string>;
  /** Runs seen ending with the damaged-job error (the Jobs panel lists the latest runs only). */
  runs: Set<string>;
  /** The job ids the add-on accepted an import of (the fuzzer's held-with-why reads them). */
  imported?: Set<string>;
}

const LEDGER_ROWS = 5;
const GARBAGE = 'garbage, not a record';

interface StoredJob {
  key: string;
  state: string;
  id?: string;
  /** Its run is still running. */
  running: boolean;
}

/** Job records as stored, readable ones only, with whether their run is running. */
function jobRecords(addon: Addon): StoredJob[] {
  const stored = Object.entries(addon.properties.document.getProperties());
  const parse = (text: string) => {
    try {
      return JSON.parse(text) as { state: string; id?: string; run?: string };
    } catch {
      return undefined; // Already broken.
    }
  };
  const running = new Set(
    stored.flatMap(([key, text]) =>
      key.startsWith(DOCUMENT_PROPERTY.runPrefix) && parse(text)?.state === 'running'
        ? [key.slice(DOCUMENT_PROPERTY.runPrefix.length)]
        : [],
    ),
  );
  return stored.flatMap(([key, text]) => {
    const record = key.startsWith(DOCUMENT_PROPERTY.jobPrefix) ? parse(text) : undefined;
    return record
      ? [{ key, state: record.state, id: record.id, running: running.has(record.run ?? '') }]
      : [];
  });
}

/**
 * Lines under CHAOS_VERBOSE=1: each import and the add-on's refusal, each look-up-again, and at the
 * end who was charged twice and in which jobs (how finding 29 was traced to an unmatched import).
 */
const verbose = (line: string): void => {
  if (process.env.CHAOS_VERBOSE) process.stderr.write(`damage: ${line}\n`);
};

/** For CHAOS_VERBOSE or CHAOS_CHARGES: the people charged in more than one job, by the pair of jobs. */
export async function reportDoubleCharges(emulator: SpawnedEmulator): Promise<void> {
  // CHAOS_CHARGES=1 names them without the per-round log, whose extra calls change the timing
  // (seed 3's failures went away under CHAOS_VERBOSE).
  if (!process.env.CHAOS_VERBOSE && !process.env.CHAOS_CHARGES) return;
  const byPerson = new Map<string, string[]>();
  for (const outcome of await emulator.admin.outcomes())
    if (outcome.person && outcome.credits > 0) {
      const key = `${outcome.kind}|${outcome.person}`;
      byPerson.set(key, [...(byPerson.get(key) ?? []), `${outcome.name}(${outcome.job})`]);
    }
  const pairs = new Map<string, number>();
  for (const jobs of byPerson.values())
    if (jobs.length > 1) pairs.set(jobs.join(' + '), (pairs.get(jobs.join(' + ')) ?? 0) + 1);
  for (const [pair, count] of pairs) process.stderr.write(`charged twice: ${count} people in ${pair}\n`);
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

/**
 * Breaks the three stores once answers are saved and a running run has a started job not written
 * yet (mid-run); undefined until then. Only started jobs (with an id, or whose start's answer was lost) are broken: the
 * provider's dashboard lists those, so the user can import them.
 */
export function damageStores(addon: Addon, random: () => number, round: number): ChaosDamage | undefined {
  const started = jobRecords(addon).filter((record) => record.id || record.state === 'ambiguous');
  const waiting = started.filter((record) => record.running && record.state !== 'applied');
  const ledger = addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME);
  const ledgerRows = (ledger?.getLastRow() ?? 1) - 1;
  if (!waiting.length || ledgerRows < LEDGER_ROWS) return undefined;
  const broken = pick(waiting, random);
  addon.properties.document.setProperty(broken.key, '{"v":1,"run":');
  // The job sheet: another waiting job's list, and one more started job's, written or not.
  const keyOf = (record: { key: string }) => record.key.slice(DOCUMENT_PROPERTY.jobPrefix.length);
  const jobSheet = addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!;
  const keys = (jobSheet.getRange(1, 1, jobSheet.getLastRow(), 1).getValues() as string[][]).map(
    ([key]) => key,
  );
  const others = waiting.filter((record) => record !== broken);
  const rest = started.filter((record) => record !== broken);
  const garbled = [others, rest].flatMap((records) => (records.length ? [keyOf(pick(records, random))] : []));
  for (const key of new Set(garbled)) {
    const row = keys.lastIndexOf(key) + 1;
    if (row > 1) jobSheet.getRange(row, 2).setValue(GARBAGE);
  }
  const rows = new Set<number>();
  while (rows.size < LEDGER_ROWS) rows.add(2 + Math.floor(random() * ledgerRows));
  for (const row of rows) ledger!.getRange(row, 2).setValue(`${GARBAGE} ${row}`);
  return {
    round,
    job_record: broken.key,
    job_sheet_rows: [...new Set(garbled)],
    ledger_rows: rows.size,
    jobs_imported: 0,
    rows_looked_up_again: 0,
  };
}

/**
 * For each run that ended with the damaged-job error, or that the Jobs panel names for an import,
 * the user imports the jobs the dashboard names after it, by their ids: the add-on refuses those it still knows ("already in the Jobs list") and
 * one the log counts already ("imported already"), and
 * a job still running at the provider is imported again a little later. (The Jobs panel names only
 * damaged records, not jobs whose list the job sheet lost, so the dashboard is what the user goes by.)
 */
export async function importDamagedJobs(
  addon: Addon,
  emulator: SpawnedEmulator,
  view: ProgressView,
  state: DamageState & { damage: ChaosDamage },
  events: ChaosEvents,
): Promise<void> {
  for (const run of view.runs)
    if (run.state === 'failed' && run.error === DAMAGED_RUN_ERROR) state.runs.add(run.runId);
  // A record the panel cannot read names the run whose jobs to import: a run record whose jobs'
  // records are lost too, or a start of it lost; a job record.
  for (const problem of view.problems ?? []) {
    // A job imported (or re-homed) before, whose record was damaged since: the panel names its id.
    for (const [, id] of problem.matchAll(/import the job (\S+) by its id/gi))
      if (!state.tried.has(`${id} again`) && tryImport(addon, id!, 'again', state, events))
        state.tried.add(`${id} again`);
    const named =
      /"sheetEnrich\.run\.(\w+)"\. .*import them by their ids/.exec(problem) ??
      /import it by its id \(the provider's dashboard names it after run (\w+) job/.exec(problem);
    if (named) state.runs.add(named[1]!);
  }
  if (!state.runs.size) return;
  const jobs = await emulator.admin.jobs();
  for (const runId of state.runs)
    for (const job of jobs) {
      if (!job.name.includes(` run ${runId} job `) || state.tried.has(job.id)) continue;
      if (tryImport(addon, job.id, `(${job.name}, ${job.status})`, state, events)) state.tried.add(job.id);
    }
}

/** Imports a job by its id as the panel says; false while it still runs (to be tried again). */
function tryImport(
  addon: Addon,
  jobId: string,
  what: string,
  state: { damage: ChaosDamage; imported?: Set<string> },
  events: ChaosEvents,
): boolean {
  try {
    addon.call('importJob', { jobId });
    verbose(`import ${jobId} ${what}: imported`);
    state.imported?.add(jobId);
    state.damage.jobs_imported++;
    events.imported++;
  } catch (error) {
    verbose(`import ${jobId} ${what}: refused: ${String(error)}`);
    if (/still running/.test(String(error))) return false;
    // Refused: a job it still knows, or one the log counts already (recovery.ts).
    if (!/already in the Jobs list|imported already/.test(String(error))) throw error;
  }
  return true;
}

/**
 * Rows that still say their job record is damaged once every job the dashboard names after a
 * damaged run was tried and nothing runs: their job never reached the provider (its start failed,
 * and nothing was charged), so there is nothing to import. The user selects those rows and runs
 * them with "look up again" (overwrite), the only way the add-on sends them. Returns true if so.
 */
export async function lookUpDamagedRowsAgain(
  addon: Addon,
  emulator: SpawnedEmulator,
  state: DamageState & { damage: ChaosDamage },
  fields: readonly EnrichField[],
): Promise<boolean> {
  const rows = rowsReading(addon, STATUS.damagedJob);
  if (!rows.length) return false;
  const jobs = await emulator.admin.jobs();
  const untried = jobs.some(
    (job) =>
      [...state.runs].some((runId) => job.name.includes(` run ${runId} job `)) && !state.tried.has(job.id),
  );
  if (untried) return false;
  // An answer collected but written to no row (unmatched) is what such a look-up-again buys twice.
  if (process.env.CHAOS_VERBOSE)
    for (const run of addon.call<ProgressView>('getProgress').runs)
      verbose(`  run ${run.runId} ${run.state} ${run.done}/${run.sent}, unmatched ${run.unmatched ?? 0}`);
  const sent = lookUpRowsAgain(addon, rows, fields);
  if (sent === 0) return false;
  state.damage.rows_looked_up_again += sent;
  return true;
}

/** The data rows (1-based) of the contacts sheet whose Status reads `status`. */
export function rowsReading(addon: Addon, status: string): number[] {
  const table = addon.spreadsheet.getSheetByName('Contacts')!.getDataRange().getDisplayValues() as string[][];
  return outputRows(table, 'enrich').flatMap((row, index) => (row.status === status ? [index + 2] : []));
}

/** "Look up again" of these rows, every field given: the contacts it sends (started when any). */
export function lookUpRowsAgain(
  addon: Addon,
  rows: readonly number[],
  fields: readonly EnrichField[],
): number {
  if (!rows.length) return 0;
  const last = columnLetters(addon.spreadsheet.getSheetByName('Contacts')!.getLastColumn());
  addon.setSelection(
    rows.map((row) => `A${row}:${last}${row}`),
    'Contacts',
  );
  const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: [...fields], overwrite: true });
  if (plan.contactsToSend === 0) return 0;
  verbose(`look up again: ${rows.length} rows, ${plan.contactsToSend} contacts`);
  addon.call('startRun', plan.planId);
  return plan.contactsToSend;
}
