/**
 * Damage never hides work in flight (docs/money-rule.md): a job whose stored list of contacts or
 * run record was damaged while it ran is still collected, or its rows say it may have been paid, so
 * no plan buys its people again.
 */
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { STATUS } from '../../src/domain/statuses';
import type { Addon } from '../../dev/gas/harness';
import type { FormulaQueueView, PlanView, ProgressView, StartView } from '../../src/app/sidebar-contract';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  FIELDS,
  firePoll,
  pollUntilIdle,
  jobsEnded,
  ledgerFingerprints,
  people,
  planAndStart,
  progress,
  rowsOf,
  SHEET,
} from './support/engine';

const kit = engineKit();

/** The hidden job sheet's list cell of the last job sent: edited (one word) or emptied. */
function garbleLastList(addon: Addon, text = '{"v":1,"garbage'): void {
  const jobs = addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!;
  jobs.getRange(jobs.getLastRow(), 2).setValue(text);
}

describe('a job whose list of contacts is lost while it runs', () => {
  const damages: [string, (addon: Addon) => void][] = [
    ['its list cell edited', (addon) => garbleLastList(addon)],
    ['its list cell emptied', (addon) => garbleLastList(addon, '')],
    [
      'the job sheet deleted',
      (addon) => addon.spreadsheet.deleteSheet(addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!),
    ],
  ];

  it.each(damages)(
    "%s: every row is answered from the job's own results, nobody is bought twice, no import",
    async (_, damage) => {
      const addon = kit.open(contactRows(people(150)));
      const { start } = planAndStart(addon);
      damage(addon);
      // While it runs, which rows the lost list held no one knows: a run of the same rows sends none.
      const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
      expect(plan.contactsToSend).toBe(0);
      await jobsEnded(kit.emulator());
      pollUntilIdle(addon);
      // The list came back from the results (each item carries the fingerprint it was sent with).
      expect(progress(addon, start.runId).state).toBe('finished');
      const rows = rowsOf(addon);
      expect(rows.filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
      expect(rows.filter((row) => row.workEmail).length).toBeGreaterThan(100);
      expect(rows.filter((row) => row.workEmail).every(emailMatchesRow)).toBe(true);
      expect(ledgerFingerprints(addon)).toHaveLength(150);
      expect(addon.call<ProgressView>('getProgress').problems ?? []).toEqual([]);
      expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
      const stats = await kit.emulator().admin.stats();
      expect(stats.jobs.total).toBe(2);
      expect(stats.charges.charged_twice).toBe(0);
    },
  );

  it('a garbled list then a cancel: the row is answered all the same (fuzz seed 1001)', async () => {
    const addon = kit.open(contactRows(people(1)));
    const { start } = planAndStart(addon);
    garbleLastList(addon);
    addon.call('cancelRun', start.runId);
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect(rowsOf(addon).map((row) => row.status)).toEqual([expect.stringMatching(/^(found|not found)$/)]);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(plan.contactsToSend).toBe(0);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('an automatic formula run: the formula cells get their answers, nobody is bought twice', async () => {
    const contacts = people(3, 0);
    const addon = kit.open(contactRows(contacts));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('G2').setFormula('=ENRICH_EMAIL(A2:A4,B2:B4,D2:D4)');
    addon.recalculate();
    addon.call('setFormulaAuto', { enabled: true, dailyCap: 100 });
    // The trigger sends the three requests as one job; its list is then edited away.
    firePoll(addon);
    expect((await kit.emulator().admin.jobs()).length).toBe(1);
    garbleLastList(addon);
    await jobsEnded(kit.emulator());
    for (let poll = 0; poll < 4; poll++) firePoll(addon);
    addon.recalculate();
    const emails = (sheet.getRange('G2:G4').getDisplayValues() as string[][]).map(([email]) => email);
    expect(emails).toEqual(
      contacts.map((contact) => expect.stringMatching(new RegExp(`@${contact.domain}$`))),
    );
    expect(addon.call<FormulaQueueView>('getFormulaQueue').queues).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('automatic formula results on a ledger deleted under them (stop 60)', () => {
  it('switch off saying why, once on again send, and a second deletion stops them again', async () => {
    const contacts = people(5, 0);
    const addon = kit.open(contactRows(contacts));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    const deleteLedger = () =>
      addon.spreadsheet.deleteSheet(addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME)!);
    const jobs = async () => (await kit.emulator().admin.jobs()).length;
    const formula = async (row: number) => {
      sheet.getRange(`G${row}`).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
      addon.recalculate();
      firePoll(addon);
      await jobsEnded(kit.emulator());
      firePoll(addon);
    };
    addon.call('setFormulaAuto', { enabled: true, dailyCap: 100 });
    await formula(2);
    expect(await jobs()).toBe(1);
    deleteLedger();
    // A new request, on a ledger that lost what it held: it may be an answer that was lost.
    await formula(3);
    expect(await jobs()).toBe(1);
    const paused = addon.call<FormulaQueueView>('getFormulaQueue');
    expect(paused.auto).toBeNull();
    expect(paused.autoPaused).toMatch(
      /^the saved results are damaged \(.+deleted.+\): a formula's request may be/,
    );
    // Switched on again, the reason read: it sends, tick after tick (it went off for good before).
    addon.call('setFormulaAuto', { enabled: true, dailyCap: 100 });
    firePoll(addon);
    await jobsEnded(kit.emulator());
    firePoll(addon);
    expect(await jobs()).toBe(2);
    await formula(4);
    expect(await jobs()).toBe(3);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').auto).not.toBeNull();
    // Deleted again: damage nobody read, and it goes off again.
    deleteLedger();
    await formula(5);
    expect(await jobs()).toBe(3);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').autoPaused).toMatch(
      /^the saved results are damaged/,
    );
  });
});

describe('the fallback: a job whose list cannot come back', () => {
  it('its record garbled too, then a cancel: the row reads "job record damaged", nobody is bought twice', async () => {
    const addon = kit.open(contactRows(people(1)));
    const { start } = planAndStart(addon);
    const document = addon.properties.document;
    const [jobKey] = Object.keys(document.getProperties()).filter((key) =>
      key.startsWith(DOCUMENT_PROPERTY.jobPrefix),
    );
    document.setProperty(jobKey!, '{not json');
    garbleLastList(addon);
    addon.call('cancelRun', start.runId);
    await jobsEnded(kit.emulator());
    for (let poll = 0; poll < 3; poll++) firePoll(addon);
    expect(progress(addon, start.runId).state).toBe('failed');
    expect(rowsOf(addon).map((row) => row.status)).toEqual([STATUS.damagedJob]);
    // Everything again, without "look up again": nothing to send.
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(plan.contactsToSend).toBe(0);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('a formula run hiding a job, then 11 other runs: its requests are still not bought again', async () => {
    const contacts = people(14, 0);
    const addon = kit.open(contactRows(contacts));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('G2').setFormula('=ENRICH_EMAIL(A2:A4,B2:B4,D2:D4)');
    addon.recalculate();
    const formulaPlan = addon.call<PlanView>('planFormulaRun', {});
    expect(formulaPlan.contactsToSend).toBe(3);
    const hidden = addon.call<StartView>('startRun', formulaPlan.planId);
    // Its job's record and its list are both lost: which requests it sent, no one knows.
    const document = addon.properties.document;
    const [jobKey] = Object.keys(document.getProperties()).filter((key) =>
      key.startsWith(`${DOCUMENT_PROPERTY.jobPrefix}${hidden.runId}.`),
    );
    document.setProperty(jobKey!, '{not json');
    garbleLastList(addon, '');
    await jobsEnded(kit.emulator());
    firePoll(addon);
    expect(progress(addon, hidden.runId).state).toBe('failed');
    // Eleven runs of other rows, each to its end: more than the ten ended runs pruning keeps.
    for (let row = 5; row <= 15; row++) {
      addon.setSelection(`A${row}:D${row}`, SHEET);
      const { start } = planAndStart(addon);
      await jobsEnded(kit.emulator());
      pollUntilIdle(addon);
      expect(progress(addon, start.runId).state).toBe('finished');
    }
    expect(addon.call<PlanView>('planFormulaRun', {}).contactsToSend).toBe(0);
    expect(progress(addon, hidden.runId).state).toBe('failed');
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(12);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe("a formula run's job record damaged, its list readable (fuzz finding 31)", () => {
  it('a plain run of the sheet sends none of its rows, and they say why: import the job', async () => {
    const addon = kit.open(contactRows(people(4, 0)));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('G2').setFormula('=ENRICH_EMAIL(A2:A4,B2:B4,D2:D4)');
    addon.recalculate();
    const formulas = addon.call<StartView>('startRun', addon.call<PlanView>('planFormulaRun', {}).planId);
    const document = addon.properties.document;
    const [jobKey] = Object.keys(document.getProperties()).filter((key) =>
      key.startsWith(`${DOCUMENT_PROPERTY.jobPrefix}${formulas.runId}.`),
    );
    document.setProperty(jobKey!, '{not json');
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect(progress(addon, formulas.runId).state).toBe('failed');
    // The formula run has no rows: its held contacts' rows never had a Status, and said nothing.
    // The start writes the hold's words on them (finding 38).
    expect(planAndStart(addon).plan.contactsToSend).toBe(1);
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    const held = expect.stringMatching(/^its job's stored record was damaged: import the job by its id/);
    expect(rowsOf(addon).map((row) => row.status)).toEqual([
      held,
      held,
      held,
      expect.stringMatching(/^(found|not found)$/),
    ]);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });
});

describe('a damaged run record', () => {
  const damages: [string, (value: string) => string][] = [
    ['not JSON', () => '{not json'],
    ['from a newer version', (value) => value.replace(/^\{"v":\d+/, '{"v":99')],
    ['with an unknown state', (value) => value.replace('"state":"running"', '"state":"paused"')],
  ];

  it.each(damages)(
    '%s: its jobs are still polled and written, and nobody is bought twice',
    async (_, damage) => {
      const addon = kit.open(contactRows(people(150)));
      const { start } = planAndStart(addon);
      const document = addon.properties.document;
      const key = DOCUMENT_PROPERTY.runPrefix + start.runId;
      const damaged = damage(document.getProperty(key)!);
      document.setProperty(key, damaged);
      // Before anything is collected, its contacts are busy: nothing to send.
      expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
      await jobsEnded(kit.emulator());
      for (let poll = 0; poll < 4 && addon.triggers().length; poll++) firePoll(addon);
      const rows = rowsOf(addon);
      expect(rows.filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
      expect(rows.filter((row) => row.workEmail).length).toBeGreaterThan(100);
      expect(rows.filter((row) => row.workEmail).every(emailMatchesRow)).toBe(true);
      expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
      const stats = await kit.emulator().admin.stats();
      expect(stats.jobs.total).toBe(2);
      expect(stats.charges.charged_twice).toBe(0);
      // The damaged record is kept as it was, and reported.
      expect(document.getProperty(key)).toBe(damaged);
      expect(addon.call<ProgressView>('getProgress').problems).toHaveLength(1);
    },
  );
});

describe('a damaged run record whose jobs the first poll cannot collect', () => {
  it('the background check stays for them, and the next poll writes every row (fuzz findings 13, 14)', async () => {
    const addon = kit.open(contactRows(people(3, 0)));
    const { start } = planAndStart(addon);
    const document = addon.properties.document;
    document.setProperty(DOCUMENT_PROPERTY.runPrefix + start.runId, '{not json');
    await jobsEnded(kit.emulator());
    // A gateway refuses the polls: the job cannot be given a run again yet.
    await kit.emulator().admin.config({ faults: '403=1' });
    firePoll(addon);
    expect(rowsOf(addon).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    expect(addon.triggers()).toHaveLength(1);
    // Saving the key again keeps it too (a saved key decides which jobs this user collects).
    addon.call('saveSettings', { apiKey: kit.emulator().apiKey });
    expect(addon.triggers()).toHaveLength(1);
    await kit.emulator().admin.config({ faults: '403=0' });
    pollUntilIdle(addon);
    expect(rowsOf(addon).map((row) => row.status)).toEqual(['found', 'found', 'found']);
    expect(addon.call<ProgressView>('getProgress').problems?.[0]).toMatch(/still collected/);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });
});

describe('a run whose only job record is damaged', () => {
  it.each([
    ['saving the key again', (addon: Addon) => addon.call('saveSettings', { apiKey: kit.emulator().apiKey })],
    ['switching the background check on', (addon: Addon) => addon.call('setBackgroundRefresh', true)],
  ])('%s keeps the check, and the next poll ends the run (fuzz finding 15)', async (_, act) => {
    const addon = kit.open(contactRows(people(3, 0)));
    const { start } = planAndStart(addon);
    const document = addon.properties.document;
    const [jobKey] = Object.keys(document.getProperties()).filter((key) =>
      key.startsWith(DOCUMENT_PROPERTY.jobPrefix),
    );
    document.setProperty(jobKey!, '{not json');
    act(addon);
    expect(addon.triggers()).toHaveLength(1);
    await jobsEnded(kit.emulator());
    firePoll(addon);
    expect(progress(addon, start.runId)).toMatchObject({ state: 'failed' });
    expect(rowsOf(addon).map((row) => row.status)).toEqual(Array(3).fill(STATUS.damagedJob));
    expect(addon.triggers()).toHaveLength(0);
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
  });
});

describe('a run record and its job record both damaged', () => {
  it('the Jobs panel names the run to import by, and the import writes every row (fuzz finding 17)', async () => {
    const addon = kit.open(contactRows(people(3, 0)));
    const { start } = planAndStart(addon);
    const document = addon.properties.document;
    for (const key of Object.keys(document.getProperties()))
      if (key.startsWith(DOCUMENT_PROPERTY.runPrefix) || key.startsWith(DOCUMENT_PROPERTY.jobPrefix))
        document.setProperty(key, '{not json');
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    const problems = addon.call<ProgressView>('getProgress').problems ?? [];
    expect(problems.join('\n')).toContain(`the provider's dashboard names them after run ${start.runId}`);
    expect(problems.join('\n')).not.toMatch(/still collected/);
    // Nothing sends its rows meanwhile.
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
    const [job] = await kit.emulator().admin.jobs();
    expect(job!.name).toContain(` run ${start.runId} job `);
    addon.call('importJob', { jobId: job!.id });
    pollUntilIdle(addon);
    expect(rowsOf(addon).map((row) => row.status)).toEqual(['found', 'found', 'found']);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });
});

describe('a run record and its job list both damaged', () => {
  it('nothing is sent meanwhile, and the job gets its run and its list back from its results (fuzz finding 18)', async () => {
    const addon = kit.open(contactRows(people(3, 0)));
    const { start } = planAndStart(addon);
    addon.properties.document.setProperty(DOCUMENT_PROPERTY.runPrefix + start.runId, '{not json');
    garbleLastList(addon);
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect(rowsOf(addon).map((row) => row.status)).toEqual(['found', 'found', 'found']);
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('an imported job whose records are damaged in turn (fuzz finding 35)', () => {
  it.each([
    ['its job record', false],
    ['its run record and its job record', true],
  ])('%s: the Jobs panel names it, and importing it again writes every row', async (_, runToo) => {
    const addon = kit.open(contactRows(people(3, 0)));
    const { start } = planAndStart(addon);
    const document = addon.properties.document;
    const jobKey = `${DOCUMENT_PROPERTY.jobPrefix}${start.runId}.0`;
    document.setProperty(jobKey, '{not json');
    await jobsEnded(kit.emulator());
    const [job] = await kit.emulator().admin.jobs();
    // The import puts the job back in its place in its run (the dashboard names it after that run),
    // and is cut short in the poll that follows it; its records are then damaged again.
    expect(() =>
      addon.callWith({ killAfter: { 'UrlFetchApp.fetchAll': 2 } }, 'importJob', { jobId: job!.id }),
    ).toThrow(/Exceeded maximum execution time/);
    expect(document.getProperty(jobKey)).toContain(job!.id);
    document.setProperty(jobKey, '{not json');
    if (runToo) document.setProperty(DOCUMENT_PROPERTY.runPrefix + start.runId, '{not json');
    pollUntilIdle(addon);
    const problems = (addon.call<ProgressView>('getProgress').problems ?? []).join('\n');
    expect(problems).toContain(jobKey);
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
    addon.call('importJob', { jobId: job!.id });
    pollUntilIdle(addon);
    expect(rowsOf(addon).map((row) => row.status)).toEqual(['found', 'found', 'found']);
    // The damaged job record the second import answers for is gone with its complaint.
    expect(addon.call<ProgressView>('getProgress').problems ?? []).not.toContainEqual(
      expect.stringContaining(jobKey),
    );
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });
});
