/**
 * One user with the add-on in two spreadsheets (editor add-on rules: one time-driven trigger per
 * user per document). Each spreadsheet keeps its own poll trigger: the second gets one although the
 * first has one, and a poll that ends in the second leaves the first's (here, its schedule's) alone.
 */
import type { Addon } from '../../dev/gas/harness';
import { loadRowsAsSheet, selectDataRows } from '../../scripts/lib/enrich-run';
import { contactRows, engineKit, people, planAndStart, settle, SHEET } from './support/engine';

const kit = engineKit();

describe('the add-on in two spreadsheets of one user', () => {
  let second: Addon | undefined;
  afterEach(() => second?.close());

  it('keeps one trigger per spreadsheet: a run ending in one leaves the other’s schedule trigger', async () => {
    const rows = contactRows(people(6, 0));
    const first = kit.open(rows, { addon: true });
    first.call('saveSchedule', {
      sheetName: SHEET,
      kind: 'enrich',
      fields: ['work_email'],
      every: 'hour',
      maxCreditsPerRun: 1_000,
      maxCreditsPerDay: 1_000,
    });
    expect(first.triggers()).toHaveLength(1);

    second = first.openDocument();
    loadRowsAsSheet(second, SHEET, rows);
    selectDataRows(second, SHEET, rows.length, rows[0]!.length);
    const { start } = planAndStart(second);
    expect(second.triggers()).toHaveLength(1);

    const run = await settle(second, start.runId!);
    expect(run.state).toBe('finished');
    expect(second.triggers()).toHaveLength(0);
    expect(first.triggers()).toHaveLength(1);
  });
});
