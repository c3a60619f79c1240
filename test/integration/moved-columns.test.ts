/**
 * Columns moved while a run works: answers are matched through the input columns found again by
 * their headers, never by the numbers saved at start; if a column is gone, the answers are kept and
 * the user is told; no row stays "pending".
 */
import type { Addon } from '../../dev/gas/harness';
import type { PlanView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, jobsEnded, people, planAndStart, settle, SHEET } from './support/engine';

const kit = engineKit();

/** Each data row by header, as the user sees the sheet now. */
function rowsByHeader(addon: Addon): Record<string, string>[] {
  const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
  const [header, ...rows] = sheet.getDataRange().getDisplayValues() as string[][];
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

async function startThen(change: (addon: Addon) => void, count = 150) {
  const addon = kit.open(contactRows(people(count, 0)));
  const { start } = planAndStart(addon);
  change(addon);
  await jobsEnded(kit.emulator());
  const run = await settle(addon, start.runId);
  return { addon, run, rows: rowsByHeader(addon) };
}

const sheetOf = (addon: Addon) => addon.spreadsheet.getSheetByName(SHEET)!;

/** The run is over, no row waits, and every work email is at its own row's company domain. */
function expectEveryAnswerOnItsRow(
  run: { state: string; unmatched?: number },
  rows: Record<string, string>[],
) {
  expect(run).toMatchObject({ state: 'finished', unmatched: 0 });
  expect(rows.filter((row) => row['Status'] === 'pending')).toEqual([]);
  const emails = rows.filter((row) => row['Work email']);
  expect(emails.length).toBeGreaterThan(100);
  expect(emails.every((row) => row['Work email']!.endsWith(`@${row['Website']}`))).toBe(true);
}

describe('columns moved mid-run', () => {
  it('a column inserted at A: every answer lands on its own row', async () => {
    const { run, rows } = await startThen((addon) => sheetOf(addon).insertColumnBefore(1));
    expectEveryAnswerOnItsRow(run, rows);
  });

  it('two input columns swapped: the right email on the right row', async () => {
    const { run, rows } = await startThen((addon) => {
      const sheet = sheetOf(addon);
      const last = sheet.getLastRow();
      const first = sheet.getRange(1, 1, last, 1).getValues();
      const second = sheet.getRange(1, 2, last, 1).getValues();
      sheet.getRange(1, 1, last, 1).setValues(second);
      sheet.getRange(1, 2, last, 1).setValues(first);
    });
    expectEveryAnswerOnItsRow(run, rows);
  });

  it('an input header renamed: answers kept, the user told, no row pending, re-running is free', async () => {
    const { addon, run, rows } = await startThen((a) => sheetOf(a).getRange(1, 3).setValue('Employer'), 60);
    expect(run.error).toMatch(/The column "Company" was renamed, removed or duplicated.*no cost/);
    expect(rows.filter((row) => row['Status'] === 'pending')).toEqual([]);
    expect(rows.every((row) => row['Status']!.startsWith('a column changed while the run was working'))).toBe(
      true,
    );
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    // The user maps Employer as the company and runs the rows again: every answer comes from the ledger.
    const plan = addon.call<PlanView>('planRun', {
      kind: 'enrich',
      fields: ['work_email', 'phone'],
      mapping: { firstName: 1, lastName: 2, companyName: 3, companyDomain: 4 },
    });
    expect(plan).toMatchObject({ contactsToSend: 0, rowsFromLedger: 60, maxCredits: 0 });
    addon.call('startRun', plan.planId);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(spent);
    expect(rowsByHeader(addon).filter((row) => row['Work email']).length).toBeGreaterThan(40);
  });

  it('a row edited mid-run says its inputs changed instead of staying pending', async () => {
    const { run, rows } = await startThen(
      (addon) => sheetOf(addon).getRange(3, 2).setValue('Someoneelse'),
      20,
    );
    expect(run.state).toBe('finished');
    expect(rows[1]!['Status']).toBe('inputs changed while the run was working: run this row again');
    expect(rows.filter((row) => row['Status'] === 'pending')).toEqual([]);
  });
});
