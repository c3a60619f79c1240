/**
 * The custom functions through the built add-on: formulas answer from saved results only (no
 * UrlFetch, no key), misses are queued once however often Sheets recalculates, a run the user
 * confirms gets them (the credits the emulator charged are the ones previewed), the formulas are
 * refreshed to show the answers, and an editor's recalculation never spends anyone's credits.
 */
import { loadAddon, type Addon } from '../../dev/gas/harness';
import type { FormulaQueueView, PlanView, StartView } from '../../src/app/sidebar-contract';
import { sleep } from '../../scripts/lib/enrich-run';
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import { contactRows, engineKit, firePoll, jobsEnded, people, rowsOf, settle, SHEET } from './support/engine';
import { column, typeFormula } from './support/formulas';

const kit = engineKit();
const CONTACTS = people(20, 0.2);
const LAST = CONTACTS.length + 1;

const queuedRequests = (addon: Addon) =>
  Object.keys(addon.exportState().properties.document ?? {}).filter((key) =>
    key.startsWith('sheetEnrich.fq.'),
  );

describe('=ENRICH_EMAIL over a range', () => {
  it('queues misses once, gets them in a confirmed run, and shows each row its own email', async () => {
    const addon = kit.open(contactRows(CONTACTS));
    typeFormula(addon, 'G2', `=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    const fetches = addon.counts.urlfetch;
    addon.recalculate();
    addon.recalculate();
    const statuses = column(addon, `G2:G${LAST}`);
    expect(statuses.every((status) => status.startsWith('⏳ queued'))).toBe(true);
    expect(addon.counts.urlfetch).toBe(fetches);
    expect(queuedRequests(addon)).toHaveLength(CONTACTS.length);

    const queue = addon.call<FormulaQueueView>('getFormulaQueue');
    expect(queue.queues).toEqual([
      { kind: 'enrich', requests: 20, contactsToSend: 20, fields: ['work_email'], maxCredits: 20 },
    ]);
    const plan = addon.call<PlanView>('planFormulaRun', { fields: ['work_email'] });
    expect(plan).toMatchObject({ contactsToSend: 20, maxCredits: 20, fields: ['work_email'] });
    const start = addon.call<StartView>('startRun', plan.planId);
    expect(addon.recalculate()).toBe(0); // nothing changed: Sheets keeps the cached "queued"
    const run = await settle(addon, start.runId);
    expect(run.state).toBe('finished');
    // The run rewrote the formula around a flush: Sheets evaluates it again and shows the answers.
    expect(addon.recalculate()).toBe(1);
    const emails = column(addon, `G2:G${LAST}`);
    CONTACTS.forEach((contact, index) => {
      const shown = emails[index]!;
      if (shown === '— not found') return;
      expect(shown).toMatch(new RegExp(`@${contact.domain.replace(/\./g, '\\.')}$`));
    });
    const found = emails.filter((email) => email.includes('@')).length;
    expect(found).toBeGreaterThan(10);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(found);
    expect(queuedRequests(addon)).toHaveLength(0);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').queues).toEqual([]);
  });
});

describe('formulas next to a sidebar run', () => {
  it('queued first, are answered by a sidebar run on their rows, and leave the queue', async () => {
    const addon = kit.open(contactRows(CONTACTS));
    typeFormula(addon, 'G2', `=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    addon.recalculate();
    expect(queuedRequests(addon)).toHaveLength(CONTACTS.length);
    addon.setSelection(`A2:D${LAST}`, SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    const run = await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    expect(run.state).toBe('finished');
    // The run's answers took the requests off the queue and the formulas show them.
    expect(queuedRequests(addon)).toHaveLength(0);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').queues).toEqual([]);
    addon.recalculate();
    const shown = column(addon, `G2:G${LAST}`);
    const rows = rowsOf(addon);
    expect(shown).toEqual(
      rows.map((row) => row.workEmail || (foundEmail(row, 'work') && row.workEmailStatus) || '— not found'),
    );
    expect(shown.some((value) => value.startsWith('⏳'))).toBe(false);
    // One run paid once for each person: nothing was sent for the formulas.
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(run.credits);
  });
});

/** Calls of the quota-relevant services (cache, properties, ranges, UrlFetch) a block of work made. */
function serviceCalls(addon: Addon, work: () => void): Record<string, number> {
  const before = addon.counts.snapshot();
  work();
  const after = addon.counts.snapshot();
  return Object.fromEntries(
    Object.entries(after)
      .filter(([name]) => /^(Cache|Properties|Range|RangeList|UrlFetchApp)\./.test(name))
      .map(([name, count]) => [name, count - (before[name] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
}

describe('formulas over saved results', () => {
  it('answer 1,000 rows from the ledger in one execution: no UrlFetch, at most 3 service calls', async () => {
    const contacts = people(1000, 0.1);
    let addon = kit.open(contactRows(contacts));
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    const run = await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    expect(run.state).toBe('finished');
    const credits = (await kit.emulator().admin.stats()).credits_spent;
    typeFormula(addon, 'K2', '=ENRICH_EMAIL(A2:A1001,B2:B1001,D2:D1001)');
    // The same document opened later, its cache empty: the ledger sheet is read once.
    const state = addon.exportState();
    addon.close();
    addon = loadAddon({ apiBaseUrl: kit.emulator().baseUrl, allowLoopback: true, state });
    const cold = serviceCalls(addon, () => addon.recalculate());
    expect(cold['UrlFetchApp.fetch'] ?? 0).toBe(0);
    expect(cold).toEqual({ 'Cache.getAll': 1, 'Range.getDisplayValues': 1 });
    // The formula shows what the row shows: the address, or for one that will bounce what its
    // status cell says ("Invalid: …"), never the bare address.
    const formulaEmails = column(addon, 'K2:K1001');
    const rows = rowsOf(addon);
    expect(formulaEmails).toEqual(
      rows.map((row) => row.workEmail || (foundEmail(row, 'work') && row.workEmailStatus) || '— not found'),
    );
    expect(formulaEmails.filter((email) => /^Invalid/.test(email)).length).toBeGreaterThan(0);
    // Nothing changed: Sheets does not run the formula again.
    expect(serviceCalls(addon, () => expect(addon.recalculate()).toBe(0))).toEqual({});
    // The same formula elsewhere reads the sheet again: a formula puts nothing in the cache (only a
    // store does: a value read and put there could land after a newer one a poll stored meanwhile).
    typeFormula(addon, 'L2', '=ENRICH_EMAIL(A2:A1001,B2:B1001,D2:D1001)');
    const again = serviceCalls(addon, () => expect(addon.recalculate()).toBe(1));
    expect(again).toEqual({ 'Cache.getAll': 1, 'Range.getDisplayValues': 1 });
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(credits);
    addon.close();
  });

  it('never spend: with a key saved and the trigger running, an editor’s formulas only queue', async () => {
    const addon = kit.open(contactRows(CONTACTS), { userEmail: 'editor@example.com' });
    typeFormula(addon, 'G2', `=ENRICH_PHONE(A2:A${LAST},B2:B${LAST},C2:C${LAST})`);
    for (let round = 0; round < 3; round++) {
      addon.recalculate();
      addon.advanceClock(60 * 60 * 1000);
      addon.fireTriggers({ all: true });
    }
    expect(addon.counts.urlfetch).toBe(0);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(0);
    expect(queuedRequests(addon)).toHaveLength(CONTACTS.length);
  });

  it('queue each miss once however often Sheets recalculates, one request per contact and field', () => {
    const addon = kit.open(contactRows(CONTACTS));
    typeFormula(addon, 'G2', `=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    typeFormula(addon, 'H2', `=ENRICH_PHONE(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    addon.recalculate();
    const again = serviceCalls(addon, () => addon.recalculate());
    expect(again['Properties.setProperties'] ?? 0).toBe(0);
    expect(queuedRequests(addon)).toHaveLength(2 * CONTACTS.length);
    const plan = addon.call<PlanView>('planFormulaRun', {});
    // Both fields in one job per contact: 1 + 10 credits each at most.
    expect(plan).toMatchObject({ contactsToSend: 20, maxCredits: 20 * 11, jobs: 1 });
    expect([...plan.fields].sort()).toEqual(['phone', 'work_email']);
  });

  it('queue at most 1,000 new requests per formula, and say so on the rest', () => {
    const contacts = people(1200, 0);
    const addon = kit.open(contactRows(contacts));
    typeFormula(addon, 'G2', '=ENRICH_EMAIL(A2:A1201,B2:B1201,D2:D1201)');
    addon.recalculate();
    const shown = column(addon, 'G2:G1201');
    expect(shown.filter((text) => text.startsWith('⏳ queued'))).toHaveLength(1000);
    expect(shown.slice(1000).every((text) => text.startsWith('⚠ the formula queue is full'))).toBe(true);
    expect(queuedRequests(addon)).toHaveLength(1000);
  });

  it('say what is wrong with a row, and refuse ranges of different heights', () => {
    const addon = kit.open([
      ['First name', 'Last name', 'Company'],
      ['Ada', '', 'acme.com'],
      ['', '', ''],
      ['Grace Hopper', '', 'navy.mil'],
    ]);
    typeFormula(addon, 'E2', '=ENRICH_EMAIL(A2:A4,B2:B4,C2:C4)');
    typeFormula(addon, 'F2', '=ENRICH_EMAIL(A2:A4,B2:B3,C2:C4)');
    typeFormula(addon, 'G2', '=REVERSE_EMAIL("ada@acme.com","shoe size")');
    addon.recalculate();
    expect(column(addon, 'E2:E4')).toEqual(['⚠ missing last name', '', expect.stringMatching(/^⏳ queued/)]);
    expect(column(addon, 'F2:F2')).toEqual(['#ERROR!']);
    expect(column(addon, 'G2:G2')).toEqual(['#ERROR!']);
  });
});

describe('Convert formulas to values', () => {
  it('keeps what the formulas showed as text, and leaves every other cell as it was', async () => {
    const addon = kit.open(contactRows(CONTACTS));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    typeFormula(addon, 'G2', `=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    sheet.getRange('H2').setFormula('=LEN(A2)');
    sheet.getRange('H3').setValue(42);
    addon.recalculate();
    const plan = addon.call<PlanView>('planFormulaRun', {});
    await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    addon.recalculate();
    const shown = column(addon, `G2:G${LAST}`);
    expect(shown.filter((text) => text.includes('@')).length).toBeGreaterThan(10);
    // A result taller than the data (its cells under the data are empty), one that is an error,
    // and one on a row below the selection.
    typeFormula(addon, 'I2', `=ENRICH_EMAIL(A2:A${LAST + 5},B2:B${LAST + 5},D2:D${LAST + 5})`);
    typeFormula(addon, 'J2', '=ENRICH_EMAIL(A2:A5,B2:B4,D2:D5)');
    typeFormula(addon, 'K30', '=ENRICH_EMAIL(A2,B2,D2)');
    addon.recalculate();
    expect(sheet.getRange('J2').getDisplayValue()).toBe('#ERROR!');
    // One cell selected: the formulas whose result reaches its row, each result whole.
    addon.setSelection('A3', SHEET);
    addon.call('menuConvertFormulas');
    expect(sheet.getRange('G2').getFormula()).toBe('');
    expect(column(addon, `G2:G${LAST}`)).toEqual(shown);
    expect(sheet.getRange('I2').getFormula()).toBe('');
    expect(column(addon, `I2:I${LAST}`)).toEqual(shown);
    // Empty cells of a result stay empty (not text), an error stays its formula, row 30 was not selected.
    for (let row = LAST + 1; row <= LAST + 5; row++) {
      expect(sheet.getRange(`I${row}`).getValue()).toBe('');
      expect(sheet.getRange(`I${row}`).getNumberFormat()).not.toBe('@');
    }
    expect(sheet.getRange('J2').getFormula()).toBe('=ENRICH_EMAIL(A2:A5,B2:B4,D2:D5)');
    expect(sheet.getRange('K30').getFormula()).toBe('=ENRICH_EMAIL(A2,B2,D2)');
    expect(addon.ui.toasts.at(-1)?.message).toBe(
      `2 formulas (${2 * CONTACTS.length} cells) now show their values as text: they no longer need Sheet Enrich. 1 formula showing an error stays a formula.`,
    );
    addon.recalculate();
    expect(column(addon, `G2:G${LAST}`)).toEqual(shown);
    expect(sheet.getRange('H2').getFormula()).toBe('=LEN(A2)');
    expect(sheet.getRange('H3').getValue()).toBe(42);
  });
});

describe('Get formula results automatically', () => {
  it('is off by default, then spends at most the daily cap with the key of who turned it on', async () => {
    const addon = kit.open(contactRows(CONTACTS), { userEmail: 'owner@example.com' });
    typeFormula(addon, 'G2', `=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    addon.recalculate();
    expect(addon.call<FormulaQueueView>('getFormulaQueue').auto).toBeNull();
    const view = addon.call<FormulaQueueView>('setFormulaAuto', { enabled: true, dailyCap: 8 });
    expect(view.auto).toEqual({
      ownerEmail: 'owner@example.com',
      dailyCap: 8,
      committedToday: 0,
      yours: true,
    });
    expect(addon.triggers().map((trigger) => trigger.handler)).toEqual(['onPollTrigger']);

    // The trigger sends 8 contacts (1 credit each at most), gets their answers, then waits for tomorrow.
    for (let round = 0; round < 6; round++) {
      expect(firePoll(addon)).toBe(1);
      await sleep(300);
    }
    const stats = await kit.emulator().admin.stats();
    expect(stats.credits_spent).toBeLessThanOrEqual(8);
    // The cap counts what was charged: contacts not found gave their room back at each run's end,
    // so more than 8 contacts were sent for the 8 credits, and what stays committed is what was paid.
    const queuedAfterDay1 = queuedRequests(addon).length;
    expect(queuedAfterDay1).toBeLessThan(CONTACTS.length - 8);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').auto?.committedToday).toBe(stats.credits_spent);

    addon.advanceClock(24 * 60 * 60 * 1000);
    for (let round = 0; round < 6; round++) {
      firePoll(addon);
      await sleep(300);
    }
    expect(queuedRequests(addon).length).toBeLessThan(queuedAfterDay1);
    expect((await kit.emulator().admin.stats()).credits_spent).toBeLessThanOrEqual(16);
    addon.recalculate();
    expect(column(addon, `G2:G${LAST}`).filter((text) => text.includes('@')).length).toBeGreaterThan(8);
  });
});

describe('Get formula results automatically, when a job start is lost', () => {
  it('switches itself off with the reason, and counts the lost start at its most', async () => {
    const contacts = people(3, 0);
    const addon = kit.open(contactRows(contacts), { userEmail: 'owner@example.com' });
    typeFormula(addon, 'G2', '=ENRICH_EMAIL(A2:A4,B2:B4,D2:D4)');
    addon.recalculate();
    addon.call('setFormulaAuto', { enabled: true, dailyCap: 100 });
    await kit.emulator().admin.config({ faults: 'lost=1' });
    try {
      firePoll(addon);
      await sleep(300);
      firePoll(addon);
    } finally {
      await kit.emulator().admin.config({ faults: 'lost=0' });
    }
    const view = addon.call<FormulaQueueView>('getFormulaQueue');
    expect(view.auto).toBeNull();
    expect(view.autoPaused).toBe(
      "a run's job start was lost: it may have been charged up to 3 credits. Import the job (its id is in the log tab) or retry it from the Jobs panel, then switch automatic results on again.",
    );
    // Nothing more is sent while it is off, and switching it on again keeps what was committed.
    const jobs = (await kit.emulator().admin.jobs()).length;
    firePoll(addon);
    expect((await kit.emulator().admin.jobs()).length).toBe(jobs);
    const on = addon.call<FormulaQueueView>('setFormulaAuto', { enabled: true, dailyCap: 100 });
    expect(on.auto?.committedToday).toBe(3);
    expect(on.autoPaused).toBeUndefined();
  });
});

describe('the formula refresh', () => {
  // An editor add-on's trigger runs at most hourly: the next poll may come an hour after the kill.
  it.each([
    ['at once', 0],
    ['an hour later', 60 * 60 * 1000],
  ])(
    'killed between clearing the formulas and writing them back, puts them back at the next poll (%s)',
    async (_when, delayMs) => {
      const addon = kit.open(contactRows(CONTACTS));
      const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
      const formula = `=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`;
      typeFormula(addon, 'G2', formula);
      addon.recalculate();
      const plan = addon.call<PlanView>('planFormulaRun', {});
      addon.call<StartView>('startRun', plan.planId);
      await jobsEnded(kit.emulator());
      expect(() => addon.callWith({ killAfter: { 'SpreadsheetApp.flush': 1 } }, 'onPollTrigger')).toThrow(
        /Exceeded maximum execution time/,
      );
      expect(sheet.getRange('G2').getFormula()).toBe('');
      addon.advanceClock(delayMs);
      addon.call('pollJobs');
      expect(sheet.getRange('G2').getFormula()).toBe(formula);
      expect(addon.recalculate()).toBe(1);
      expect(column(addon, `G2:G${LAST}`).filter((text) => text.includes('@')).length).toBeGreaterThan(10);
    },
  );
});
