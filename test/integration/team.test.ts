/**
 * A document shared by a team, through the built add-on: Ann and Bob each saved their own key (two
 * workspaces at the emulator, where a job of another workspace answers 404). What each one's sidebar
 * and trigger do leaves the other's runs, answers and caps alone.
 */
import type { Addon } from '../../dev/gas/harness';
import type { FormulaQueueView, ProgressView, ScheduleView } from '../../src/app/sidebar-contract';
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import { contactRows, engineKit, jobsEnded, people, planAndStart, rowsOf, SHEET } from './support/engine';

const ANN_KEY = 'ann-key-0123456789abcdef';
const BOB_KEY = 'bob-key-0123456789abcdef';
/** Carol's key belongs to Ann's workspace (one provider account, two keys). */
const CAROL_KEY = 'carol-key-0123456789abcdef';
const kit = engineKit({ workspaces: { ws_acme: [ANN_KEY, CAROL_KEY], ws_other: [BOB_KEY] } });

function team(rows: string[][]): { ann: Addon; bob: Addon } {
  const ann = kit.open(rows, { apiKey: ANN_KEY, userEmail: 'ann@acme.com', addon: true });
  const bob = ann.as('bob@other.com', { apiKey: BOB_KEY, apiBaseUrl: kit.emulator().baseUrl });
  return { ann, bob };
}

const charged = async () => (await kit.emulator().admin.stats()).charges;

describe('a spreadsheet shared by two users with their own keys', () => {
  it("Bob's sidebar leaves Ann's running jobs alone; her trigger writes every paid answer", async () => {
    const contacts = people(30, 0.1);
    const { ann, bob } = team(contactRows(contacts));
    const { start } = planAndStart(ann);
    expect(start.contacts).toBe(30);
    await jobsEnded(kit.emulator());

    // Bob opens the sidebar while Ann's jobs are done at the API: his key gets 404 for them.
    const seenByBob = bob.call<ProgressView>('pollJobs');
    expect(seenByBob.runs[0]).toMatchObject({
      state: 'running',
      othersRun:
        "ann@acme.com's run: results arrive when their add-on checks (their sidebar or their trigger).",
    });
    expect(rowsOf(ann).every((row) => row.status === 'pending')).toBe(true);
    expect(bob.triggers()).toEqual([]);

    // Ann's trigger: every answer lands on its row, and a new preview has nothing to buy.
    ann.advanceClock(60 * 60 * 1000);
    expect(ann.fireTriggers()).toBe(1);
    const rows = rowsOf(ann);
    expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
    const known = contacts.filter((contact) => contact.known && contact.workEmail);
    expect(known.length).toBeGreaterThan(20);
    for (const contact of known) {
      const row = rows.find(
        (candidate) => candidate.input[1] === contact.lastName && candidate.input[0] === contact.firstName,
      );
      expect(row && foundEmail(row, 'work')).toBe(contact.workEmail);
    }
    const progress = ann.call<ProgressView>('getProgress');
    const credits = (await kit.emulator().admin.stats()).credits_spent;
    expect(progress.runs[0]).toMatchObject({ state: 'finished', credits });
    expect(planAndStart(ann).plan.contactsToSend).toBe(0);
    expect((await charged()).charged_twice).toBe(0);
  });

  it('Ann saves a key of another workspace mid-run: her paid jobs wait for their key, never bought twice', async () => {
    const { ann } = team(contactRows(people(40, 0.1)));
    const { start } = planAndStart(ann);
    await jobsEnded(kit.emulator());
    // Her new key cannot read the jobs her old key started (404): that is no evidence they are gone.
    ann.call('saveSettings', { apiKey: BOB_KEY });
    for (let poll = 0; poll < 5; poll++) {
      ann.advanceClock(60 * 60 * 1000);
      ann.fireTriggers();
    }
    expect(rowsOf(ann).every((row) => row.status === 'pending')).toBe(true);
    const waiting = ann.call<ProgressView>('getProgress').runs[0]!;
    expect(waiting).toMatchObject({ runId: start.runId, state: 'running' });
    expect(waiting.error).toMatch(/started with another API key/);
    expect(planAndStart(ann).plan.contactsToSend).toBe(0);

    ann.call('saveSettings', { apiKey: ANN_KEY });
    ann.advanceClock(60 * 60 * 1000);
    ann.fireTriggers();
    expect(rowsOf(ann).filter((row) => row.status === 'pending')).toEqual([]);
    expect(planAndStart(ann).plan.contactsToSend).toBe(0);
    expect((await charged()).charged_twice).toBe(0);
  });

  it("a user without a key stops nobody else's run", async () => {
    const { ann, bob } = team(contactRows(people(5, 0)));
    planAndStart(ann);
    bob.call('saveSettings', { apiKey: '' });
    await jobsEnded(kit.emulator());
    bob.call('pollJobs');
    const seenByAnn = ann.call<ProgressView>('pollJobs');
    expect(seenByAnn.runs[0]).toMatchObject({ state: 'finished' });
    expect(seenByAnn.runs[0]!.waitingForKey).toBeUndefined();
    expect(rowsOf(ann).map((row) => row.status)).toEqual(Array(5).fill('found'));
  });

  it("two users' automatic formulas and runs never buy a person twice", async () => {
    const contacts = people(26, 0);
    const { ann, bob } = team(contactRows(contacts));
    const sheet = ann.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('G2').setFormula(`=ENRICH_EMAIL(A2:A27,B2:B27,D2:D27)`);
    ann.recalculate();
    const on = ann.call<FormulaQueueView>('setFormulaAuto', { enabled: true, dailyCap: 1000 });
    expect(on.auto).toMatchObject({ yours: true });
    expect(bob.call<FormulaQueueView>('getFormulaQueue').auto).toMatchObject({
      yours: false,
      ownerEmail: 'ann@acme.com',
    });
    // Bob runs the first ten rows from his sidebar while Ann's trigger sends the formulas' requests.
    bob.setSelection('A2:D11', SHEET);
    planAndStart(bob);
    for (let round = 0; round < 6; round++) {
      ann.advanceClock(60 * 60 * 1000);
      ann.fireTriggers();
      await jobsEnded(kit.emulator());
      bob.call('pollJobs');
    }
    ann.fireTriggers({ all: true });
    ann.recalculate();
    const formulaAnswers = (sheet.getRange('G2:G27').getDisplayValues() as string[][]).map(
      ([text]) => text ?? '',
    );
    // Every person answered, each with their own address (an undeliverable one says so).
    expect(
      formulaAnswers.map((text) =>
        text.replace(/^(Invalid domain|Invalid): /, '').replace('— not found', ''),
      ),
    ).toEqual(contacts.map((contact) => contact.workEmail));
    const byKey = (await kit.emulator().admin.stats()).credits_spent_by_key;
    expect(byKey[ANN_KEY]! + byKey[BOB_KEY]!).toBe((await kit.emulator().admin.stats()).credits_spent);
    expect((await charged()).charged_twice).toBe(0);
  });
});

describe('two keys of one workspace', () => {
  it("read each other's jobs: Carol's sidebar writes Ann's answers on their rows", async () => {
    const contacts = people(6, 0);
    const { ann } = team(contactRows(contacts));
    const carol = ann.as('carol@acme.com', { apiKey: CAROL_KEY, apiBaseUrl: kit.emulator().baseUrl });
    expect(ann.call('verifyApiKey', {})).toMatchObject({ ok: true, workspaceId: 'ws_acme' });
    planAndStart(ann);
    await jobsEnded(kit.emulator());
    const seenByCarol = carol.call<ProgressView>('pollJobs');
    expect(seenByCarol.runs[0]).toMatchObject({ state: 'finished', done: 6 });
    const emails = rowsOf(ann).map((row) => foundEmail(row, 'work'));
    expect(emails).toEqual(contacts.map((contact) => contact.workEmail));
    // Carol's key asked the API its workspace once, and keeps it.
    const verifies = (await kit.emulator().admin.stats()).requests['GET /api/v2/account/keys/verify'];
    expect(verifies).toEqual({ '200': 2 });
  });
});

describe('a schedule taken over by another user', () => {
  const HOUR = 60 * 60 * 1000;
  const save = (user: Addon, perDay: number) =>
    user.call<ScheduleView>('saveSchedule', {
      sheetName: SHEET,
      kind: 'enrich',
      fields: ['work_email'],
      every: 'hour',
      maxCreditsPerRun: perDay,
      maxCreditsPerDay: perDay,
    });

  it("leaves the previous owner's run theirs, counts each payer's own cap and logs whose key paid", async () => {
    const contacts = people(12, 0);
    const { ann, bob } = team(contactRows(contacts.slice(0, 8)));
    expect(save(ann, 40)).toMatchObject({ yours: true, committedToday: 0 });
    ann.advanceClock(HOUR);
    expect(ann.fireTriggers()).toBe(1);
    const annsRun = ann.call<ProgressView>('getProgress').runs[0]!;
    expect(annsRun).toMatchObject({ state: 'running', sent: 8 });
    expect(ann.call<ScheduleView>('getSchedule').committedToday).toBe(annsRun.estimatedCredits);

    // Bob takes the schedule over while Ann's run is in flight: his count is his own.
    expect(save(bob, 40)).toMatchObject({
      yours: true,
      committedToday: 0,
      summary: 'Runs every hour with your key',
    });
    expect(ann.call<ScheduleView>('getSchedule')).toMatchObject({
      yours: false,
      ownerEmail: 'bob@other.com',
    });
    await jobsEnded(kit.emulator());
    // Bob's sidebar leaves Ann's jobs to her.
    bob.call('pollJobs');
    expect(rowsOf(ann).every((row) => row.status === 'pending')).toBe(true);
    // The next hour both triggers run: Ann's collects her run, Bob's tick waits for it to end.
    const sheet = ann.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange(10, 1, 4, 4).setValues(contactRows(contacts.slice(8)).slice(1));
    ann.advanceClock(HOUR);
    expect(ann.fireTriggers()).toBe(2);
    expect(
      rowsOf(ann)
        .slice(0, 8)
        .every((row) => /^(found|not found)$/.test(row.status ?? '')),
    ).toBe(true);
    // Then Bob's tick enriches the new rows with his key, and his trigger collects them.
    for (let hour = 0; hour < 2; hour++) {
      ann.advanceClock(HOUR);
      ann.fireTriggers();
      await jobsEnded(kit.emulator());
    }
    ann.advanceClock(HOUR);
    ann.fireTriggers();
    expect(rowsOf(ann).every((row) => /^(found|not found)$/.test(row.status ?? ''))).toBe(true);
    const log = ann.spreadsheet
      .getSheetByName('Sheet Enrich log')!
      .getDataRange()
      .getDisplayValues() as string[][];
    const [header, ...rows] = log;
    const by = header!.indexOf('By');
    const paid = header!.indexOf('Paid with');
    expect(rows.map((row) => [row[by], row[paid]])).toEqual([
      ['ann@acme.com', "ann@acme.com's key"],
      ['bob@other.com', "bob@other.com's key"],
    ]);
    expect(bob.call<ScheduleView>('getSchedule').committedToday).toBeLessThanOrEqual(4 * 11);
    expect((await charged()).charged_twice).toBe(0);
  });
});
