/**
 * Undo a run through the local Apps Script runtime against the emulator: every cell back as it was
 * (typed values, formulas, formula-looking text), rows edited since left and counted, the answers
 * kept (a run again charges nothing), a 10,000-row undo within a sidebar call's 30 s, batched, and
 * one killed part-way finished by the next call.
 */
import type { UndoView } from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import {
  contactRows,
  engineKit,
  jobsEnded,
  people,
  planAndStart,
  progress,
  settle,
  SHEET,
} from './support/engine';

const kit = engineKit();

const sheetOf = (addon: Addon) => addon.spreadsheet.getSheetByName(SHEET)!;
/** Values of every data row, `width` columns wide. */
const values = (addon: Addon, width: number): unknown[][] => {
  const sheet = sheetOf(addon);
  return sheet.getRange(2, 1, sheet.getLastRow() - 1, width).getValues() as unknown[][];
};
const column = (addon: Addon, header: string): number =>
  (sheetOf(addon).getRange(1, 1, 1, sheetOf(addon).getLastColumn()).getValues()[0] as string[]).indexOf(
    header,
  ) + 1;

/** Undo calls in sidebar-sized executions (30 s) until one says undone; how many it took. */
function undoInCalls(
  addon: Addon,
  runId: string,
  killAfter?: Record<string, number>,
): UndoView & { calls: number } {
  for (let calls = 1; calls <= 20; calls++) {
    const view = addon.callWith<UndoView>({ budgetMs: 30_000, killAfter }, 'undoRun', runId);
    if (view.undone) return { ...view, calls };
  }
  throw new Error('undo never finished');
}

async function finishedRun(addon: Addon, request = {}): Promise<string> {
  const { start } = planAndStart(addon, request);
  await jobsEnded(kit.emulator(), 60_000);
  expect(await settle(addon, start.runId, 200)).toMatchObject({ state: 'finished' });
  return start.runId;
}

describe('undo a run', () => {
  it('puts every cell back, leaves 2 rows edited since whole, and a run again charges nothing', async () => {
    const addon = kit.open(contactRows(people(40)));
    const original = values(addon, 4);
    const runId = await finishedRun(addon);
    const width = sheetOf(addon).getLastColumn();
    const after = values(addon, width);
    const email = column(addon, 'Work email');
    const status = column(addon, 'Status');
    const edited = after.findIndex((row) => row[email - 1]);
    sheetOf(addon)
      .getRange(edited + 2, email)
      .setValue('kept@example.com');
    sheetOf(addon).getRange(5, status).setValue('my note');
    // Status and time on every row, and the answers found (a field with no answer is not written).
    const written = after.flatMap((row) => row.slice(4)).filter((cell) => cell !== '').length;
    expect(addon.call<UndoView>('previewUndo', runId).cells).toBe(written);

    const done = undoInCalls(addon, runId);
    // The two rows edited since are left whole, as they are now.
    const left = [edited, 3].map((index) => values(addon, width)[index]!);
    const kept = left.flatMap((row) => row.slice(4)).filter((cell) => cell !== '').length;
    expect(edited).not.toBe(3);
    expect(done.undone).toBe(
      `Undone: ${written - kept} cells put back, 2 rows edited since left as they were.`,
    );
    const expected = original.map((row) => [...row, ...Array(width - 4).fill('')]);
    expected[edited] = left[0]!;
    expected[3] = left[1]!;
    expect(values(addon, width)).toEqual(expected);
    expect(progress(addon, runId).undo).toBe(done.undone);

    const charged = (await kit.emulator().admin.stats()).credits_spent;
    const again = planAndStart(addon);
    expect(again.plan).toMatchObject({ contactsToSend: 0, maxCredits: 0 });
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(charged);
    expect(values(addon, width)[0]).toEqual(
      after[0]!.map((cell, c) => (c === status - 1 ? 'found (saved)' : cell)),
    );
  }, 90_000);

  it("puts back a number, a date, a user's formula and formula-looking text as they were", async () => {
    const addon = kit.open(contactRows(people(4, 0)));
    await finishedRun(addon);
    const status = column(addon, 'Status');
    const cells = sheetOf(addon).getRange(2, status, 4, 1);
    cells.setNumberFormat('General');
    const date = new Date(Date.UTC(2026, 10, 2));
    cells.setValues([[42], [date], ['=1+1'], ['x']]);
    sheetOf(addon).getRange(5, status).setNumberFormat('@').setValue('+33 6 12');
    const runId = await finishedRun(addon);
    expect(cells.getValues()).toEqual(Array(4).fill(['found (saved)']));

    undoInCalls(addon, runId);
    const [number, day, , text] = cells.getValues();
    expect([number, day, text]).toEqual([[42], [date], ['+33 6 12']]);
    expect(cells.getFormulas()).toEqual([[''], [''], ['=1+1'], ['']]);
  }, 90_000);

  it('undoes 10,000 rows in batched calls within a sidebar call, and finishes one killed part-way', async () => {
    const addon = kit.open(contactRows(people(10_000)));
    const original = values(addon, 4);
    const runId = await finishedRun(addon, { fields: ['work_email'] });
    const width = sheetOf(addon).getLastColumn();
    const status = column(addon, 'Status');

    // The second chunk's write dies: the first 2,000 rows are back, the rest not yet.
    addon.counts.reset();
    expect(() =>
      addon.callWith({ budgetMs: 30_000, killAfter: { 'Range.setValues': 2 } }, 'undoRun', runId),
    ).toThrow();
    expect(values(addon, width)[0]![status - 1]).toBe('');
    expect(values(addon, width)[5000]![status - 1]).not.toBe('');
    // Typed after the kill, in a row put back already: the undo that goes on leaves it.
    sheetOf(addon).getRange(3, status).setValue('typed after the kill');

    const done = undoInCalls(addon, runId);
    expect(done.undone).toMatch(/, 1 row edited since left as it was\.$/);
    const expected = original.map((row) => [...row, ...Array(width - 4).fill('')]);
    expected[1]![status - 1] = 'typed after the kill';
    expect(values(addon, width)).toEqual(expected);
    // Two executions, the killed one and one call that finishes. Per 2,000-row chunk: one read of
    // its values, formulas and formats, and one write of its text format and values (none for the
    // chunk put back already); the record read once per execution, and the ledger (no run is undone
    // while it is damaged); the log's row noted. Measured: 27 reads and 14 writes, never a call per
    // cell.
    expect(done.calls).toBe(1);
    const calls = addon.counts;
    expect(calls.get('Range.setValue') + calls.get('Range.getValue')).toBe(0);
    expect(calls.get('Range.getValues')).toBe(2 + 5);
    expect(calls.rangeReads).toBeLessThanOrEqual(27);
    expect(calls.rangeWrites).toBeLessThanOrEqual(14);
  }, 300_000);

  it('goes on in the background when the page closed part-way, then the trigger goes', async () => {
    const addon = kit.open(contactRows(people(30)));
    const original = values(addon, 4);
    const runId = await finishedRun(addon);
    const width = sheetOf(addon).getLastColumn();
    expect(addon.triggers()).toEqual([]);
    // The only call is killed at its first write; nobody calls again (the sidebar was closed).
    expect(() => addon.callWith({ killAfter: { 'Range.setValues': 1 } }, 'undoRun', runId)).toThrow();
    expect(addon.triggers()).toHaveLength(1);
    for (let tick = 0; tick < 3 && addon.triggers().length; tick++) {
      addon.advanceClock(addon.triggers()[0]!.nextRunAt - addon.now());
      addon.fireTriggers();
    }
    expect(values(addon, width)).toEqual(original.map((row) => [...row, ...Array(width - 4).fill('')]));
    expect(progress(addon, runId).undo).toMatch(/^Undone: \d+ cells put back, 0 rows edited since/);
    expect(addon.triggers()).toEqual([]);
  });
});
