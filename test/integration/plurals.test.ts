/** One plural rule everywhere a count meets a word: "1 formula", "1 waits", never "1 formulas". */
import type { PlanView, ScheduleView, StartView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, jobsEnded, people, settle, SHEET } from './support/engine';

const kit = engineKit();
const HOUR = 60 * 60 * 1000;

describe('counts in words', () => {
  it('name a job of one formula request "1 formula"', async () => {
    const addon = kit.open(contactRows(people(1, 0)));
    addon.spreadsheet.getSheetByName(SHEET)!.getRange('G2').setFormula('=ENRICH_EMAIL(A2,B2,D2)');
    addon.recalculate();
    const plan = addon.call<PlanView>('planFormulaRun', {});
    await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    const [job] = await jobsEnded(kit.emulator());
    expect(job!.name).toMatch(/ › 1 formula · /);
  });

  it('say "1 new contact waits for the next period" when the cap leaves one contact out', async () => {
    const addon = kit.open(contactRows(people(2, 0)), { addon: true });
    addon.call<ScheduleView>('saveSchedule', {
      sheetName: SHEET,
      kind: 'enrich',
      fields: ['work_email'],
      every: 'hour',
      maxCreditsPerRun: 1,
      maxCreditsPerDay: 100,
    });
    addon.advanceClock(HOUR);
    expect(addon.fireTriggers()).toBe(1);
    expect(addon.call<ScheduleView>('getSchedule').lastOutcome).toBe(
      'Sent 1 contact (at most 1 credit); 1 new contact waits for the next period (credit cap reached).',
    );
  });
});
