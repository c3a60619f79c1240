/**
 * Interrupted and concurrent executions, and rows that move while jobs run: an execution killed at
 * every write of a poll, two pollers at once, rows sorted and deleted mid-job. Answers must land on
 * the rows whose inputs they belong to, exactly once, with the credits charged once.
 */
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import type { Addon } from '../../dev/gas/harness';
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  firePoll,
  jobsEnded,
  ledgerFingerprints,
  people,
  planAndStart,
  progress,
  rowsOf,
  settle,
  SHEET,
} from './support/engine';

const kit = engineKit();

/** The same contacts enriched without interruption, for comparison: row inputs → outputs. */
let reference: Map<string, { workEmail?: string; phone?: string; status?: string }>;
const CONTACTS = people(120);
const key = (input: string[]) => input.join('|');

beforeAll(async () => {
  const addon = kit.open(contactRows(CONTACTS));
  const { start } = planAndStart(addon);
  await settle(addon, start.runId);
  reference = new Map(rowsOf(addon).map((row) => [key(row.input), row]));
  addon.close();
});

function expectRowsAsReference(addon: Addon, sheet = SHEET): void {
  const rows = rowsOf(addon, 'enrich', sheet);
  for (const row of rows) {
    const expected = reference.get(key(row.input))!;
    expect({ input: row.input, workEmail: row.workEmail, phone: row.phone, status: row.status }).toEqual({
      input: row.input,
      workEmail: expected.workEmail,
      phone: expected.phone,
      status: expected.status,
    });
  }
}

async function creditsSpent(): Promise<number> {
  return (await kit.emulator().admin.stats()).credits_spent;
}

/** Poll executions killed at the n-th call of a method (as Apps Script ends a run out of time). */
const KILL_POINTS: [string, number][] = [
  ['UrlFetchApp.fetchAll', 1],
  ['Range.setValues', 1], // the ledger append
  ['RangeList.setNumberFormat', 1], // the first sheet's rows: text format set on owned cells, values not yet
  ['Range.setValues', 2], // the first sheet's rows
  ['Range.setValues', 3], // the second sheet's rows, the first one's written
  ['Properties.setProperties', 1], // answers stored, jobs not yet marked fetched
  ['Properties.setProperties', 2], // the first sheet's rows written, its jobs not yet marked applied
];

describe('interrupted executions', () => {
  it.each(KILL_POINTS)(
    'a poll killed at %s #%i loses nothing and writes nothing twice',
    async (method, nth) => {
      // Two sheets, so that one execution writes rows twice: a kill can fall between the two.
      const addon = kit.open(contactRows(CONTACTS.slice(0, 60)));
      const first = planAndStart(addon).start;
      addon.spreadsheet.insertSheet('More');
      const other = kit.open(contactRows(CONTACTS.slice(60)), { sheet: 'More', state: addon.exportState() });
      const second = planAndStart(other).start;
      const fetchesBefore = other.counts.urlfetch;
      await jobsEnded(kit.emulator());

      expect(() => other.callWith({ killAfter: { [method]: nth } }, 'onPollTrigger')).toThrow(
        /Exceeded maximum execution time/,
      );
      const runs = [progress(other, first.runId), progress(other, second.runId)];
      expect(runs.map((run) => run.state)).toEqual(['running', 'running']);

      for (const runId of [first.runId, second.runId]) {
        const run = await settle(other, runId);
        expect(run.state).toBe('finished');
        expect(run.done).toBe(run.sent);
      }
      expectRowsAsReference(other, SHEET);
      expectRowsAsReference(other, 'More');
      const runs2 = [progress(other, first.runId), progress(other, second.runId)];
      const rows = [...rowsOf(other, 'enrich', SHEET), ...rowsOf(other, 'enrich', 'More')];
      expect(runs2[0]!.found.workEmail + runs2[1]!.found.workEmail).toBe(
        rows.filter((r) => foundEmail(r, 'work')).length,
      );
      expect(runs2[0]!.credits + runs2[1]!.credits).toBe(await creditsSpent());
      const fps = ledgerFingerprints(other);
      expect(fps).toHaveLength(new Set(fps).size);
      expect(fps).toHaveLength(120);
      // At most the killed poll's requests were sent again.
      expect(other.counts.urlfetch - fetchesBefore).toBeLessThanOrEqual(2 * 2);
    },
  );

  it('lets only one of two concurrent pollers work, and the other finishes the job later', async () => {
    const addon = kit.open(contactRows(CONTACTS));
    const { start } = planAndStart(addon);
    await jobsEnded(kit.emulator());
    // Execution A stops once the answers and what they charged are saved (the ledger, the record of
    // charges, the Spending tab), still holding the lock.
    const a = addon.startExecution({ killAfter: { 'Range.setValues': 4 } });
    expect(() => a.call('pollJobs')).toThrow(/Exceeded/);
    const fetched = addon.counts.urlfetch;
    const writes = addon.counts.rangeWrites;
    const b = addon.startExecution();
    const view = b.call<ProgressView>('pollJobs');
    b.end();
    expect(addon.counts.urlfetch).toBe(fetched);
    expect(addon.counts.rangeWrites).toBe(writes);
    expect(view.runs[0]).toMatchObject({ state: 'running', done: 0 });
    // Starting another run waits for the lock too, and says why it cannot.
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    expect(() => addon.call('startRun', plan.planId)).toThrow(/being written right now/);
    a.end();
    firePoll(addon);
    expect(addon.counts.urlfetch).toBe(fetched);
    expect(progress(addon, start.runId)).toMatchObject({ state: 'finished', done: 120 });
    expectRowsAsReference(addon);
    expect(progress(addon, start.runId).credits).toBe(await creditsSpent());
  });
});

describe('rows that move while jobs run', () => {
  it('writes answers to the rows whose inputs match after a sort and deletions, and reports the rest', async () => {
    const addon = kit.open(contactRows(CONTACTS));
    await kit.emulator().admin.config({ jobMs: 60_000 });
    const { start } = planAndStart(addon);
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange(2, 1, CONTACTS.length, sheet.getLastColumn()).sort({ column: 2, ascending: false });
    const deleted = [5, 6, 7, 40].map(
      (row) => sheet.getRange(row, 1, 1, 4).getDisplayValues()[0] as string[],
    );
    for (const row of [40, 7, 6, 5]) sheet.deleteRow(row);
    for (const job of await kit.emulator().admin.jobs()) await kit.emulator().admin.finishJob(job.id);

    const run = await settle(addon, start.runId);
    expect(run.state).toBe('finished');
    const rows = rowsOf(addon);
    expect(rows).toHaveLength(CONTACTS.length - 4);
    expect(rows.filter((row) => !emailMatchesRow(row))).toEqual([]);
    expectRowsAsReference(addon);
    const answeredDeleted = deleted.filter((input) => reference.get(key(input))?.status === 'found');
    expect(run.unmatched).toBe(answeredDeleted.length);
    expect(answeredDeleted.length).toBeGreaterThan(0);
    expect(ledgerFingerprints(addon)).toHaveLength(CONTACTS.length);
  });
});
