/**
 * Damage never hides work in flight (docs/money-rule.md): a job whose stored list of contacts or
 * run record was damaged while it ran is still collected, or its rows say it may have been paid, so
 * no plan buys its people again.
 */
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import { STATUS } from '../../src/domain/statuses';
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  FIELDS,
  firePoll,
  jobsEnded,
  people,
  planAndStart,
  progress,
  rowsOf,
} from './support/engine';

const kit = engineKit();

describe('damaged records of a run in flight', () => {
  it('a garbled job list then a cancel: the row reads "job record damaged", nobody is bought twice (fuzz seed 1001)', async () => {
    const addon = kit.open(contactRows(people(1)));
    const { start } = planAndStart(addon);
    // An edit leaves one word in the sent one-contact job's list cell: the count still matches.
    const jobs = addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!;
    jobs.getRange(jobs.getLastRow(), 2).setValue('{"v":1,"garbage');
    addon.call('cancelRun', start.runId);
    await jobsEnded(kit.emulator());
    for (let poll = 0; poll < 3; poll++) firePoll(addon);
    expect(rowsOf(addon).map((row) => row.status)).toEqual([STATUS.damagedJob]);
    // Everything again, without "look up again": nothing to send.
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(plan.contactsToSend).toBe(0);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('a garbled job list: a run of the same rows while it runs sends none of them (fuzz seed 1001)', async () => {
    const addon = kit.open(contactRows(people(3)));
    const { start } = planAndStart(addon);
    const jobs = addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!;
    jobs.getRange(jobs.getLastRow(), 2).setValue('{"v":1,"garbage');
    // The run still works: which of its rows the lost list held, no one knows, so none is sent.
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(plan.contactsToSend).toBe(0);
    expect(plan.skipped.map(({ reason }) => reason)).toEqual([
      expect.stringContaining('lost its stored list of contacts'),
      expect.stringContaining('lost its stored list of contacts'),
      expect.stringContaining('lost its stored list of contacts'),
    ]);
    await jobsEnded(kit.emulator());
    for (let poll = 0; poll < 3; poll++) firePoll(addon);
    expect(progress(addon, start.runId).state).toBe('failed');
    expect(rowsOf(addon).map((row) => row.status)).toEqual(Array(3).fill(STATUS.damagedJob));
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
