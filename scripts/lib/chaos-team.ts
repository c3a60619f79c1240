/**
 * The chaos benchmark with a team (`npm run chaos -- --users 3`): the faults, kills and sheet edits
 * of chaos.ts, with three users in one document and two workspaces at the emulator.
 *
 * - Ann and Bob share workspace A and one key, Carol has workspace B: the Spending tab tells Ann
 *   and Bob apart by who started each run, and is compared with the emulator's books at the end.
 * - Ann saves a schedule on the sheet (caps per run and per day) after her first run; Carol takes
 *   it over mid-run with caps of her own. Bob turns automatic formula results on (a daily cap) for
 *   ENRICH_EMAIL formulas on a "Leads" tab over part of the contacts (per cell and one range), and
 *   recalculates them now and then, as his open spreadsheet would.
 * - Each starts a sidebar run on a selection (Ann's, Bob's and Carol's overlap; the last rows are
 *   nobody's: the schedule's), and runs their own rows left again when their runs have ended.
 * - Bob, then Carol (alone in her workspace), clear their key while their runs work and save it
 *   again later, then resume their runs if they waited for it.
 * - Each user's trigger runs every hour of the harness clock, killed or short of time at random;
 *   a teammate's sidebar polls now and then; each user imports (or retries) their own ambiguous
 *   jobs; the credits run out in both workspaces and are topped up once; the provider unsticks jobs.
 *
 * This file holds the scenario: the team, its rounds and what each member does in them. The cast
 * and caps are in chaos-team-setup.ts, the counting of results and cap overruns in
 * chaos-team-measure.ts.
 */
import { loadAddon, type Addon } from '../../dev/gas/harness';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import { isFinalStatus } from '../../src/sheet/output-columns';
import type { FormulaQueueView, PlanView, ProgressView, ScheduleView } from '../../src/app/sidebar-contract';
import { columnLetters } from '../../dev/gas/spreadsheet/a1';
import { loadRowsAsSheet, sleep } from './enrich-run';
import { keyOf, prng, User } from './chaos-user';
import { outputRows } from './sheet-outputs';
import {
  contactRows,
  FAULTS,
  importAmbiguous,
  killedPoll,
  newEvents,
  pollNow,
  referenceAnswers,
  spawnChaosEmulator,
  unstick,
  type ChaosEvents,
  type ChaosOptions,
} from './chaos';
import { statusCounts } from './chaos-measure';
import {
  capsFor,
  FIELDS,
  LEADS,
  SHEET,
  sheetTable,
  TEAM,
  type Caps,
  type Member,
  type TeamEvents,
} from './chaos-team-setup';
import {
  formulaCells,
  formulaEmail,
  measureTeam,
  noteRuns,
  type TeamChaosResult,
} from './chaos-team-measure';
import type { SeenRun } from './chaos-spending';

export type { TeamChaosResult } from './chaos-team-measure';

const HOUR = 60 * 60 * 1000;
const MAX_ROUNDS = 600;
/** Parts of the contacts (fractions of the rows): each user's selection, and the formulas'. */
const SELECTIONS = [
  [0, 0.4],
  [0.3, 0.55],
  [0.5, 0.8],
] as const;
const LEADS_PART = [0.7, 0.9] as const;
/** Formulas one per cell on the first Leads rows; one range formula for the rest. */
const CELL_FORMULAS = 20;
/** Hours a user goes without a key. */
const KEYLESS_ROUNDS = 12;

const part = (rows: number, [from, to]: readonly [number, number]) =>
  [Math.floor(rows * from), Math.floor(rows * to)] as const;

export async function runTeamChaos(
  options: ChaosOptions,
): Promise<{ result: TeamChaosResult; events: TeamEvents }> {
  const startedAt = Date.now();
  const log = options.log ?? (() => undefined);
  const random = prng(options.seed);
  const rows = contactRows(options);
  const reference = await referenceAnswers(rows, options.seed, FIELDS);
  const referenceCredits = [...reference.values()].filter((answer) => answer.namedEmail).length;
  const caps = capsFor(options.rows);
  log(`chaos: ${options.rows} rows, 3 users, seed ${options.seed}, reference ${referenceCredits} credits`);
  const emulator = await spawnChaosEmulator({
    // Each workspace can pay for less than half of what it will be asked.
    credits: Math.round(referenceCredits * 0.3),
    seed: options.seed,
    // Ann and Bob share one key (TEAM): one key of workspace A.
    workspaces: { ws_a: [TEAM[0].key], ws_b: [TEAM[2].key] },
  });
  const [first, ...others] = TEAM;
  const ann = loadAddon({
    apiBaseUrl: emulator.baseUrl,
    apiKey: first.key,
    userEmail: first.email,
    addon: true,
    allowLoopback: true,
  });
  const members: Member[] = [
    { email: first.email, key: first.key, view: ann, rows: new Set() },
    ...others.map((user) => ({
      email: user.email,
      key: user.key,
      view: ann.as(user.email, { apiKey: user.key, apiBaseUrl: emulator.baseUrl }),
      rows: new Set<string>(),
    })),
  ];
  const [, bob, carol] = members as [Member, Member, Member];
  try {
    loadRowsAsSheet(ann, SHEET, rows);
    const leads = leadsSheet(ann, rows);
    const events: TeamEvents = {
      ...newEvents(),
      sidebarPolls: 0,
      keyCleared: 0,
      resumed: 0,
      takeovers: 0,
      scheduleResaved: 0,
      autoResumed: 0,
      recalculations: 0,
      scheduleRuns: 0,
      autoRuns: 0,
      daysNearCap: 0,
      jobsNotInLog: 0,
      jobsOfUnknownRuns: 0,
    };
    const editor = new User(ann, random, events);
    const runs = new Map<string, SeenRun>();
    const schedule = { payer: members[0]!, caps: caps.ann };
    // Ann's first starts are processed but their answers lost: she imports them.
    await emulator.admin.config({ faults: 'lost=1' });
    startOn(members[0]!, editor, part(options.rows, SELECTIONS[0]), events);
    await emulator.admin.config({ faults: FAULTS });
    saveSchedule(schedule.payer, schedule.caps);
    bob.view.call('setFormulaAuto', { enabled: true, dailyCap: caps.auto });
    recalculate(bob, events);
    let round = 0;
    for (; round < MAX_ROUNDS; round++) {
      if (round === 2) startOn(bob, editor, part(options.rows, SELECTIONS[1]), events);
      if (round === 3) editor.insertColumnAtA();
      else if (random() < 0.6) editor.edit();
      if (round === 4) startOn(carol, editor, part(options.rows, SELECTIONS[2]), events);
      // Bob, then Carol (alone in her workspace), remove their key while their runs work, and save
      // it again later: only their own runs may wait for it.
      for (const [member, clearAt] of [
        [bob, 2],
        [carol, 6],
      ] as const) {
        if (round === clearAt) setKey(member, '', events);
        if (round === clearAt + KEYLESS_ROUNDS) setKey(member, member.key, events);
      }
      if (round === 30) {
        Object.assign(schedule, { payer: carol, caps: caps.carol });
        saveSchedule(carol, caps.carol);
        events.takeovers++;
      }
      ann.advanceClock(HOUR);
      for (const member of shuffled(members, random)) {
        if (member.view.triggers().length === 0) continue;
        if (round >= 1 && events.kills === 0) killedPoll(member.view, 'Range.setValues', 1, events);
        else pollNow(member.view, random, events);
      }
      if (random() < 0.3) {
        members[Math.floor(random() * members.length)]!.view.call('pollJobs');
        events.sidebarPolls++;
      }
      if (round % 3 === 2) recalculate(bob, events);
      if (round % 15 === 14) await unstick(emulator, events);
      noteRuns(ann, runs);
      for (const member of members) await tend(member, emulator, editor, events);
      tendStandingOrders(schedule, bob, caps.auto, events);
      if (round > 30 && settled(ann, editor, leads)) break;
      if (process.env.CHAOS_VERBOSE) log(`round ${round}: ${progressLine(ann, editor, leads)}`);
      await sleep(60);
    }
    recalculate(bob, events);
    noteRuns(ann, runs);
    events.answers = statusCounts((await emulator.admin.stats()).requests);
    const measured = await measureTeam(ann, emulator, editor, reference, leads, members, caps, runs, events);
    log(`chaos: settled after ${round} rounds; ${JSON.stringify(events)}`);
    return {
      result: { rows: options.rows, users: members.length, ...measured, wall_ms: Date.now() - startedAt },
      events,
    };
  } finally {
    ann.close();
    await emulator.stop();
  }
}

/** The Leads tab: part of the contacts again, with ENRICH_EMAIL per cell, then one range formula. */
function leadsSheet(addon: Addon, rows: string[][]): { first: number; count: number } {
  const [from, to] = part(rows.length - 1, LEADS_PART);
  const picked = rows.slice(1 + from, 1 + to);
  loadRowsAsSheet(addon, LEADS, [rows[0]!, ...picked]);
  const sheet = addon.spreadsheet.getSheetByName(LEADS)!;
  const cells = Math.min(CELL_FORMULAS, picked.length);
  for (let row = 2; row < 2 + cells; row++)
    sheet.getRange(`E${row}`).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
  const last = picked.length + 1;
  if (last >= 2 + cells) {
    const top = 2 + cells;
    sheet.getRange(`E${top}`).setFormula(`=ENRICH_EMAIL(A${top}:A${last},B${top}:B${last},D${top}:D${last})`);
  }
  addon.spreadsheet.getSheetByName(SHEET)!.activate();
  return { first: 2, count: picked.length };
}

/** The member saves a key in Settings ('' removes it), the sidebar open (it polls). */
function setKey(member: Member, key: string, events: TeamEvents): void {
  member.view.call('saveSettings', { apiKey: key });
  member.view.call('pollJobs');
  if (key) delete member.keyCleared;
  else {
    member.keyCleared = true;
    events.keyCleared++;
  }
}

function recalculate(member: Member, events: TeamEvents): void {
  member.view.recalculate();
  events.recalculations++;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  return items
    .map((item) => ({ item, at: random() }))
    .sort((a, b) => a.at - b.at)
    .map(({ item }) => item);
}

function saveSchedule(member: Member, caps: Caps): ScheduleView {
  return member.view.call<ScheduleView>('saveSchedule', {
    sheetName: SHEET,
    kind: 'enrich',
    fields: FIELDS,
    every: 'hour',
    maxCreditsPerRun: caps.perRun,
    maxCreditsPerDay: caps.perDay,
  });
}

/** The member selects rows `from`–`to` of the contacts (wherever they are now) and starts a run. */
function startOn(member: Member, editor: User, [from, to]: readonly [number, number], events: ChaosEvents) {
  const table = sheetTable(member.view);
  const keys = table.slice(1 + from, 1 + to).map((cells) => keyOf(editor.inputsOf(cells)));
  keys.forEach((key) => member.rows.add(key));
  startOnRows(member, editor, member.rows, events);
}

/** Selects the rows of `keys` without a final status and starts a run on them. */
function startOnRows(member: Member, editor: User, keys: ReadonlySet<string>, events: ChaosEvents): void {
  const table = sheetTable(member.view);
  const outputs = outputRows(table, 'enrich');
  const rows: number[] = [];
  table.slice(1).forEach((cells, index) => {
    if (keys.has(keyOf(editor.inputsOf(cells))) && !isFinalStatus(outputs[index]!.status ?? ''))
      rows.push(index + 2);
  });
  if (rows.length === 0) return;
  const last = columnLetters(table[0]!.length);
  const ranges: string[] = [];
  for (let start = 0; start < rows.length;) {
    let end = start;
    while (end + 1 < rows.length && rows[end + 1] === rows[end]! + 1) end++;
    ranges.push(`A${rows[start]}:${last}${rows[end]}`);
    start = end + 1;
  }
  // At most 100 separate ranges a selection: more are refused ("select the rows in fewer ranges"),
  // and a person does as told, a block of them at a time.
  for (let first = 0; first < ranges.length; first += 100) {
    member.view.setSelection(ranges.slice(first, first + 100), SHEET);
    const plan = member.view.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    if (plan.contactsToSend + plan.rowsFromLedger === 0) continue;
    member.view.call('startRun', plan.planId);
    events.reruns++;
  }
}

/** What a member does about their own runs: import, resume, top up, run their rows left again. */
async function tend(member: Member, emulator: SpawnedEmulator, editor: User, events: TeamEvents) {
  const view = member.view.call<ProgressView>('getProgress');
  const own = view.runs.filter((run) => !run.othersRun);
  if (member.keyCleared) return;
  // The card says to add credits first: a Retry of its lost starts before that runs out too.
  if (events.topUps === 0 && view.runs.some((run) => run.state === 'out_of_credits')) {
    await emulator.admin.setCredits(10_000_000);
    events.topUps++;
  }
  for (const run of own) await importAmbiguous(member.view, emulator, run, events);
  if (view.stoppedByKey?.runs) {
    member.view.call('resumeStoppedRuns');
    events.resumed++;
  }
  if (own.some((run) => run.state === 'running') || member.rows.size === 0) return;
  startOnRows(member, editor, member.rows, events);
}

/** The schedule's payer saves it again when it paused itself; Bob turns automatic results back on. */
function tendStandingOrders(
  schedule: { payer: Member; caps: Caps },
  bob: Member,
  autoCap: number,
  events: TeamEvents,
): void {
  const paused = schedule.payer.view.call<ScheduleView | null>('getSchedule')?.pausedReason;
  if (paused && !hasAmbiguousJobs(schedule.payer)) {
    if (process.env.CHAOS_VERBOSE) process.stderr.write(`schedule paused: ${paused}\n`);
    saveSchedule(schedule.payer, schedule.caps);
    events.scheduleResaved++;
  }
  if (bob.keyCleared) return;
  const queue = bob.view.call<FormulaQueueView>('getFormulaQueue');
  if ((queue.autoPaused || !queue.auto) && !hasAmbiguousJobs(bob)) {
    bob.view.call('setFormulaAuto', { enabled: true, dailyCap: autoCap });
    events.autoResumed++;
  }
}

/** The member's own runs have jobs whose start's answer was lost (they import them first). */
const hasAmbiguousJobs = (member: Member): boolean =>
  member.view
    .call<ProgressView>('getProgress')
    .runs.some((run) => !run.othersRun && run.ambiguousJobs?.length);

function settled(ann: Addon, editor: User, leads: { first: number; count: number }): boolean {
  if (ann.call<ProgressView>('getProgress').runs.some((run) => run.state === 'running')) return false;
  const outputs = outputRows(sheetTable(ann), 'enrich');
  const rowsLeft = sheetTable(ann)
    .slice(1)
    .some(
      (cells, index) => editor.inputsOf(cells).some(Boolean) && !isFinalStatus(outputs[index]!.status ?? ''),
    );
  return !rowsLeft && formulaCells(ann, leads).every(([, text]) => formulaEmail(text!) !== undefined);
}

function progressLine(ann: Addon, editor: User, leads: { first: number; count: number }): string {
  const runs = ann
    .call<ProgressView>('getProgress')
    .runs.map((run) => `${run.state}:${run.done}/${run.sent}`);
  const pendingTexts = formulaCells(ann, leads)
    .map(([, text]) => text!)
    .filter((text) => formulaEmail(text) === undefined);
  const pending = `${pendingTexts.length} ${JSON.stringify([...new Set(pendingTexts)].slice(0, 3))}`;
  const statuses: Record<string, number> = {};
  for (const row of outputRows(sheetTable(ann), 'enrich'))
    if (!isFinalStatus(row.status ?? '')) statuses[row.status ?? ''] = (statuses[row.status ?? ''] ?? 0) + 1;
  const schedule = ann.call<ScheduleView | null>('getSchedule');
  return `${runs.join(' ')} · formulas pending ${pending} · not final ${JSON.stringify(statuses)} · schedule ${schedule?.ownerEmail}: ${schedule?.lastOutcome} ${schedule?.pausedReason ?? ''} · triggers ${ann
    .allTriggers()
    .map((t) => t.owner)
    .join(',')}`;
}
