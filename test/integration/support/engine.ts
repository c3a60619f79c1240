/**
 * Shared setup of the engine integration tests: dist/Code.js in the local Apps Script runtime,
 * talking over HTTP to an emulator in a child process (one per jest worker, reset before each test).
 * The flow helpers are the CLI's own (scripts/lib/enrich-run.ts), so tests and CLI drive the add-on
 * the same way.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobKind } from '../../../src/domain/runs';
import type { EnrichField } from '../../../src/domain/fields';
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import type { PlanView, ProgressView, RunProgress, StartView } from '../../../src/app/sidebar-contract';
import type { PlanRequest } from '../../../src/features/runs/run-service';
import { loadAddon, type Addon, type LoadOptions } from '../../../dev/gas/harness';
import { adminClient, type AdminJob } from '../../../dev/emulator/admin-client';
import { sampleContacts, type SampleContact } from '../../../dev/emulator/sample';
import { spawnEmulator, type SpawnOptions, type SpawnedEmulator } from '../../../dev/emulator/spawn';
import type { ExtraData } from '../../../dev/emulator/world/extra';
import {
  loadRowsAsSheet,
  pumpUntilDone,
  runOf,
  selectDataRows,
  sleep,
} from '../../../scripts/lib/enrich-run';
import { outputRows, type OutputRow } from '../../../scripts/lib/sheet-outputs';
import { tempDir } from '../../support/temp-dir';
import { workerSlots } from '../../support/worker-slots';

export const SEED = 5;
export const SHEET = 'Contacts';
export const HEADER = ['First name', 'Last name', 'Company', 'Website'];
export const FIELDS: EnrichField[] = ['work_email', 'phone'];

/** Jobs that finish in a blink, no rate limit, credits to spare: faults are added per test. */
const FAST: SpawnOptions = { jobMs: 150, rateLimit: 0, credits: 1_000_000, seed: SEED };

export interface EngineTestKit {
  emulator(): SpawnedEmulator;
  /** A spreadsheet with `rows` (header first) on the sheet "Contacts", all data rows selected. */
  open(rows: readonly (readonly string[])[], options?: LoadOptions & { sheet?: string }): Addon;
}

/**
 * The worker's emulator (workerEmulator), reset before each test; addons closed after. A test sees
 * the emulator as new whichever file used it before: the reset before it brings keys, balances,
 * jobs, faults, clock, rate limits and counts back to the start options.
 */
export function engineKit(options: SpawnOptions & { data?: ExtraData } = {}): EngineTestKit {
  let emulator: SpawnedEmulator | undefined;
  const addons: Addon[] = [];
  beforeAll(async () => {
    emulator = await workerEmulator(options);
  });
  beforeEach(async () => emulator!.admin.reset());
  afterEach(() => addons.splice(0).forEach((addon) => addon.close()));
  return {
    emulator: () => emulator!,
    open(rows, { sheet = SHEET, ...load } = {}) {
      const addon = loadAddon({
        apiBaseUrl: emulator!.baseUrl,
        apiKey: emulator!.apiKey,
        allowLoopback: true,
        ...(load.state ? {} : { now: nextMorning(Date.now()) }),
        ...load,
      });
      addons.push(addon);
      loadRowsAsSheet(addon, sheet, rows);
      selectDataRows(addon, sheet, rows.length, Math.max(...rows.map((row) => row.length)));
      return addon;
    },
  };
}

/** The worker's emulator and what it was started with that a restart cannot change (its world). */
const EMULATOR_SLOT = 'engine-emulator';
interface KeptEmulator {
  world: string;
  emulator: SpawnedEmulator;
}

/**
 * The emulator this jest worker keeps from file to file: a file restarts it with its own keys,
 * credits, job time, faults and extra people (`admin.restart`, as new), and replaces it only for
 * another generated world (seed, size). A child of its own per file cost about 0.5 CPU-s (its start
 * and its world, generated again in each), half of what a small integration file costs in all; kept
 * only while the options matched exactly, a file with other keys took a new one, and the next file
 * another (docs/testing.md).
 */
async function workerEmulator(options: SpawnOptions & { data?: ExtraData }): Promise<SpawnedEmulator> {
  const slots = workerSlots();
  const { data, ...spawn } = options;
  const { keys, workspaces, credits, jobMs, rateLimit, minuteMs, faults, ...world } = { ...FAST, ...spawn };
  const wanted = JSON.stringify(world);
  const kept = slots.get(EMULATOR_SLOT) as KeptEmulator | undefined;
  if (kept?.world === wanted && kept.emulator.running()) {
    // This file's own admin client: the kept one belongs to the file that started the child.
    const admin = adminClient(kept.emulator.baseUrl);
    const start = { keys, workspaces, credits, jobMs, rateLimit, minuteMs, faults, data };
    return { ...kept.emulator, apiKey: await admin.restart(start), admin };
  }
  slots.delete(EMULATOR_SLOT);
  await kept?.emulator.stop();
  const emulator = await spawnEmulator({ ...FAST, ...spawn, ...(data ? { dataFile: dataFile(data) } : {}) });
  // It ends with the worker (its stdin closes), or when a file wants another world.
  emulator.detach();
  slots.set(EMULATOR_SLOT, { world: wanted, emulator } satisfies KeptEmulator);
  return emulator;
}

/**
 * The next 09:00 UTC (the runtime's zone) from `ms`: every add-on a test opens starts there. Daily
 * caps and limits count calendar days, and a test that ticks through hours met a midnight when run
 * late in the day (the refresh, formula and Run now caps failed from about 20:00 and 23:20 UTC).
 */
function nextMorning(ms: number): number {
  const day = 86_400_000;
  return ms + ((9 * 3_600_000 - (ms % day) + day) % day);
}

function dataFile(data: ExtraData): string {
  const file = join(tempDir('sheet-enrich-data-'), 'people.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
}

export function people(count: number, unknownShare = 0.1): SampleContact[] {
  return sampleContacts(SEED, count, { unknownShare });
}

export function contactRows(contacts: readonly SampleContact[]): string[][] {
  return [HEADER, ...contacts.map((c) => [c.firstName, c.lastName, c.companyName, c.domain])];
}

export interface Started {
  plan: PlanView;
  start: StartView;
}

/** planRun then startRun on the current selection, as the sidebar does after the user confirms. */
export function planAndStart(addon: Addon, request: Partial<PlanRequest> = {}): Started {
  const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS, ...request });
  const start = addon.call<StartView>('startRun', plan.planId);
  return { plan, start };
}

export function progress(addon: Addon, runId: string): RunProgress {
  const run = runOf(addon.call<ProgressView>('getProgress'), runId);
  if (!run) throw new Error(`no run ${runId}`);
  return run;
}

/** Triggers every 200 ms of real time until the run ends. */
export function settle(addon: Addon, runId: string, maxPolls = 60): Promise<RunProgress> {
  return pumpUntilDone(addon, runId, { pollMs: 200, maxPolls });
}

/** Runs the poll trigger once now (the clock jumps to its time). Returns how many ran. */
export function firePoll(addon: Addon): number {
  const [trigger] = addon.triggers();
  if (!trigger) return 0;
  addon.advanceClock(Math.max(0, trigger.nextRunAt - addon.now()));
  return addon.fireTriggers();
}

/** Polls until the trigger is gone (nothing left to do), at most `max` times. */
export function pollUntilIdle(addon: Addon, max = 6): void {
  for (let poll = 0; poll < max && addon.triggers().length; poll++) firePoll(addon);
}

/** The run record of the one run so far, damaged (not JSON). */
export function damageTheRunRecord(addon: Addon): void {
  const document = addon.properties.document;
  const key = Object.keys(document.getProperties()).find((k) => k.startsWith(DOCUMENT_PROPERTY.runPrefix))!;
  document.setProperty(key, '{not json');
}

/** Waits (real time) until the emulator holds at least `count` jobs (a command's starts reached it). */
export async function jobsStarted(
  emulator: SpawnedEmulator,
  count: number,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await emulator.admin.jobs()).length < count) {
    if (Date.now() > deadline) throw new Error('no job started');
    await sleep(50);
  }
}

/**
 * Ann's start of row 2 (work email) reached the API, its answer lost; she chose Retry, and the
 * resend did not leave: that execution died at its marker's write, or the API refused the resend
 * with a 429 (it certainly did not arrive); then (with `damage`) the run record was damaged.
 */
export async function retriedLostStart(
  kit: EngineTestKit,
  resend: 'killed' | '429',
  damage = true,
): Promise<{ addon: Addon; jobId: string; ref: { runId: string; seq: number } }> {
  const addon = kit.open(contactRows(people(3, 0)));
  addon.setSelection('A2:D2', SHEET);
  const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
  expect(() =>
    addon.callWith({ killAfter: { 'Properties.setProperties': 3 } }, 'startRun', plan.planId),
  ).toThrow();
  await jobsEnded(kit.emulator());
  const [job] = await kit.emulator().admin.jobs();
  addon.call('pollJobs');
  const [run] = addon.call<ProgressView>('getProgress').runs;
  const [lost] = run!.ambiguousJobs ?? [];
  expect(lost).toBeDefined();
  const ref = { runId: run!.runId, seq: lost!.seq };
  if (resend === 'killed')
    expect(() => addon.callWith({ killAfter: { 'Properties.setProperties': 2 } }, 'retryJob', ref)).toThrow();
  else {
    await kit.emulator().admin.config({ faults: '429=1' });
    addon.call('retryJob', ref);
    await kit.emulator().admin.config({ faults: '429=0' });
  }
  expect(await kit.emulator().admin.jobs()).toHaveLength(1);
  if (damage) damageTheRunRecord(addon);
  return { addon, jobId: job!.id, ref };
}

/**
 * A run of 40 rows whose one job gets stuck halfway (20 contacts processed and charged), polled a
 * day later: the job is fetched with forceResults and held as "may have been charged".
 */
export async function stuckForADay(
  kit: EngineTestKit,
): Promise<{ addon: Addon; start: StartView; job: AdminJob }> {
  const addon = kit.open(contactRows(people(40, 0)));
  await kit.emulator().admin.config({ faults: 'stuck=1' });
  const { start } = planAndStart(addon);
  await kit.emulator().admin.config({ faults: 'stuck=0' });
  // The job processes half its contacts (charged), then stays in progress.
  await sleep(600);
  const [job] = await kit.emulator().admin.jobs();
  if (job?.status !== 'IN_PROGRESS' || job.processed !== 20)
    throw new Error(`not stuck: ${JSON.stringify(job)}`);
  addon.advanceClock(25 * 60 * 60 * 1000);
  firePoll(addon);
  return { addon, start, job };
}

/** Waits (real time) until no job of the emulator is running, so the next poll gets final answers. */
export async function jobsEnded(emulator: SpawnedEmulator, timeoutMs = 10_000): Promise<AdminJob[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await emulator.admin.jobs();
    if (jobs.every((job) => !['CREATED', 'IN_PROGRESS'].includes(job.status))) return jobs;
    if (Date.now() > deadline) throw new Error(`jobs still running: ${JSON.stringify(jobs)}`);
    await sleep(50);
  }
}

export function sheetText(addon: Addon, name = SHEET): string[][] {
  const sheet = addon.spreadsheet.getSheetByName(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet.getDataRange().getDisplayValues() as string[][];
}

/** Each data row's inputs (first four columns) with its output cells. */
export function rowsOf(
  addon: Addon,
  kind: JobKind = 'enrich',
  name = SHEET,
): (OutputRow & { input: string[] })[] {
  const table = sheetText(addon, name);
  return outputRows(table, kind).map((row, index) => ({ ...row, input: table[index + 1]!.slice(0, 4) }));
}

/** The fingerprints stored in the hidden ledger sheet (one row per stored answer). */
export function ledgerFingerprints(addon: Addon): string[] {
  const ledger = addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME);
  if (!ledger || ledger.getLastRow() < 2) return [];
  return (ledger.getRange(2, 1, ledger.getLastRow() - 1, 1).getDisplayValues() as string[][]).map(
    ([fp]) => fp!,
  );
}

/** A found work email is at the row's own company domain: an answer written to the wrong row shows. */
export function emailMatchesRow(row: OutputRow & { input: string[] }): boolean {
  return !row.workEmail || row.workEmail.endsWith(`@${row.input[3]}`);
}
