/**
 * Undo a run (features/undo): the record its writes leave (store/undo-record.ts) and the restore,
 * over the in-memory spreadsheet. The local runtime and the emulator are in
 * test/integration/undo.test.ts.
 */
import { createWorld, type TestWorld } from '../fakes/context';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
} from '../fakes/scenario';
import { FakeApi, loseStartAnswers } from '../fakes/fake-api';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import { readUndoRecord, UNDO_SHEET_NAME, UNRECORDED } from '../../../src/store/undo-record';
import { RUN_LOG_SHEET } from '../../../src/store/run-log';
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';

/** A finished run over `rows` people; the sheet as it was before the run, and after. */
function finishedRun(rows: number, before?: (sheet: MemorySheet) => void) {
  const world = createWorld();
  const sheet = contactsSheet(world, people(rows));
  before?.(sheet);
  const original = sheet.cells.map((row) => [...row]);
  const { start } = planAndStart(world);
  poll(world);
  expect(progress(world).runs[0]).toMatchObject({ runId: start.runId, state: 'finished' });
  return { world, sheet, runId: start.runId, original };
}

/** Every data cell of the sheet, as text, `width` columns wide (cells past a row's end are ""). */
const grid = (cells: string[][], width: number) =>
  cells.slice(1).map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));

const undo = (world: TestWorld, runId: string) => server(world).undoRun(runId);

describe('the record of what a run overwrote', () => {
  it('keeps each cell once: what it held before the run, and what the run left in it', () => {
    const { world, runId, sheet } = finishedRun(3);
    const record = readUndoRecord(world.spreadsheet, runId);
    if (typeof record === 'string') throw new Error(record);
    const status = sheet.cells[0]!.indexOf('Status') + 1;
    // "pending" at the start, then the answer: one cell, its first before and its last after.
    expect(record.filter((cell) => cell.column === status)).toEqual(
      [2, 3, 4].map((row) => ({ row, column: status, before: '', formula: false, after: 'found' })),
    );
    expect(record.every((cell) => cell.after === sheet.get(cell.row, cell.column))).toBe(true);
  });

  it('is a hidden sheet, not the property store: a 2,500-row run leaves properties as small as before', () => {
    const { world } = finishedRun(2500);
    const rows = world.spreadsheet.hiddenSheet(UNDO_SHEET_NAME, false)!.lastRow();
    expect(rows).toBeGreaterThan(2500 * 4);
    const bytes = Object.entries(world.documentStore.getAll()).reduce(
      (n, [k, v]) => n + k.length + v.length,
      0,
    );
    expect(bytes).toBeLessThan(10_000);
  });
});

describe('undo a run', () => {
  it('puts every cell back, leaves the rows edited since whole and counts them; the log and the card say so', () => {
    const { world, sheet, runId, original } = finishedRun(5);
    const width = sheet.cells[0]!.length;
    expect(server(world).previewUndo(runId)).toMatchObject({ cells: 5 * (width - 3) });
    sheet.set(3, 4, 'checked by hand');
    sheet.set(5, 5, 'ann@example.com');
    const expected = grid(original, width);
    const written = grid(sheet.cells, width);
    expected[1] = written[1]!;
    expected[3] = written[3]!;

    const done = undo(world, runId);
    expect(done.undone).toBe('Undone: 12 cells put back, 2 rows edited since left as they were.');
    expect(grid(sheet.cells, width)).toEqual(expected);
    expect(progress(world).runs[0]).toMatchObject({ undo: done.undone });
    const log = world.spreadsheet.ownVisibleSheet(RUN_LOG_SHEET, false) as MemorySheet;
    expect(log.cell(2, 'Reason')).toBe(done.undone);
  });

  it('after a sort, leaves every row that moved whole: no Status blanked beside an answer kept', () => {
    // Fuzz seed 64062: cells matched one by one, a moved row's "found" and minute were put back
    // where another row's had been, and its answer stayed beside an empty Status.
    const { world, sheet, runId, original } = finishedRun(5);
    const width = sheet.cells[0]!.length;
    sheet.reorder((rows) => [...rows].reverse());
    const sorted = grid(sheet.cells, width);
    const done = undo(world, runId);
    expect(done.undone).toBe('Undone: 4 cells put back, 4 rows edited since left as they were.');
    expect(grid(sheet.cells, width)).toEqual([
      ...sorted.slice(0, 2),
      grid(original, width)[2],
      ...sorted.slice(3),
    ]);
  });

  it('refuses while the saved results are damaged: its rows may hold the only copy of its answers', () => {
    const { world, sheet, runId } = finishedRun(3);
    world.spreadsheet.deleteSheetNamed(LEDGER_SHEET_NAME);
    const before = sheet.cells.map((row) => [...row]);
    expect(() => undo(world, runId)).toThrow(
      `This run cannot be undone: the saved results are damaged (the hidden sheet ${LEDGER_SHEET_NAME} was deleted or replaced): its answers may be saved on its rows alone.`,
    );
    expect(sheet.cells).toEqual(before);
  });

  it('keeps the answers: the same rows run again cost nothing and are filled from saved results', () => {
    const { world, sheet, runId } = finishedRun(4);
    const filled = sheet.column('Work email');
    undo(world, runId);
    expect(sheet.column('Status')).toEqual(['', '', '', '']);
    const jobs = world.api.jobs.size;
    const { plan, start } = planAndStart(world);
    expect(plan).toMatchObject({ contactsToSend: 0, maxCredits: 0 });
    expect(start.rowsFromLedger).toBe(4);
    expect(world.api.jobs.size).toBe(jobs);
    expect(sheet.column('Work email')).toEqual(filled);
  });

  it("puts a user's formula back as a formula, and text that looks like a formula as text", () => {
    const { world, sheet } = finishedRun(2);
    const status = sheet.cells[0]!.indexOf('Status') + 1;
    // Typed over the first run's statuses: text (plain-text format) and a formula.
    sheet.set(2, status, '=not a formula');
    sheet.formats.set(`2:${status}`, '@');
    sheet.formulas.set(`3:${status}`, '=1+1');
    sheet.set(3, status, '2');
    const { start } = planAndStart(world);
    expect(start.rowsFromLedger).toBe(2);
    expect(sheet.column('Status')).toEqual(['found (saved)', 'found (saved)']);
    undo(world, start.runId);
    expect(sheet.get(2, status)).toBe('=not a formula');
    expect(sheet.formulas.has(`2:${status}`)).toBe(false);
    expect(sheet.formulas.get(`3:${status}`)).toBe('=1+1');
  });

  it('refuses a run that still works, and a run whose record is damaged, changing nothing', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    world.api.notReadyPolls = 5;
    const { start } = planAndStart(world);
    expect(() => undo(world, start.runId)).toThrow(
      'This run cannot be undone: its results are not all written yet.',
    );
    world.api.notReadyPolls = 0;
    poll(world);
    const record = world.spreadsheet.hiddenSheet(UNDO_SHEET_NAME, false) as MemorySheet;
    record.set(3, 2, 'row two');
    const before = sheet.cells.map((row) => [...row]);
    expect(() => undo(world, start.runId)).toThrow('This run cannot be undone: its record is damaged.');
    world.spreadsheet.deleteSheetNamed(UNDO_SHEET_NAME);
    expect(() => undo(world, start.runId)).toThrow('This run cannot be undone: it left no record.');
    expect(sheet.cells).toEqual(before);
  });

  it("refuses a run with a job no one can read: its rows' words may be all that holds what it bought", () => {
    // A lost start (at the provider, maybe paid) whose list was then garbled: put back, its rows
    // read "" and the next run bought all 3 again.
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    loseStartAnswers(world.api);
    const { start } = planAndStart(world);
    world.api.startJobs = FakeApi.prototype.startJobs;
    poll(world);
    expect(progress(world).runs[0]!.state).toBe('failed');
    const jobs = world.spreadsheet.hiddenSheet(JOB_SHEET_NAME, false) as MemorySheet;
    jobs.set(jobs.lastRow(), 2, 'garbage');
    const before = sheet.cells.map((row) => [...row]);
    expect(() => undo(world, start.runId)).toThrow(
      'This run cannot be undone: a job of it cannot be read and may have been paid; import it by its id first (Jobs panel).',
    );
    expect(sheet.cells).toEqual(before);
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
  });

  it('goes on after a kill part-way, never over a cell edited meanwhile', () => {
    const { world, sheet, runId, original } = finishedRun(2500);
    const width = sheet.cells[0]!.length;
    // Rows 2–2001 are the first chunk, written; the second chunk's write dies.
    sheet.failOnWrite = 2;
    expect(() => undo(world, runId)).toThrow('Exceeded maximum execution time');
    expect(sheet.get(2, 4)).toBe('');
    expect(sheet.get(2100, 4)).toBe('found');
    sheet.set(10, 4, 'typed after the kill');
    const done = undo(world, runId);
    expect(done.undone).toMatch(/ 1 row edited since left as it was/);
    const expected = grid(original, width);
    expected[8]![3] = 'typed after the kill';
    expect(grid(sheet.cells, width)).toEqual(expected);
  });
});

describe('a record Sheets refuses', () => {
  it('stops no answer from landing, and the run says it cannot be undone', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    // The record's first write (the start's) is refused, as a spreadsheet at its size limit would.
    world.spreadsheet.addSheet(UNDO_SHEET_NAME).failOnWrite = 1;
    const { start } = planAndStart(world);
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
    const card = progress(world).runs[0]!;
    expect(card).toMatchObject({ state: 'finished', undo: UNRECORDED });
    expect(undo(world, start.runId).undone).toBe(UNRECORDED);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
  });
});

describe('the record lives as long as the runs listed', () => {
  it('drops the rows of runs cleared from the Jobs panel', () => {
    const { world } = finishedRun(3);
    const record = world.spreadsheet.hiddenSheet(UNDO_SHEET_NAME, false)!;
    expect(record.lastRow()).toBeGreaterThan(1);
    server(world).clearEndedRuns();
    expect(record.lastRow()).toBe(1);
  });
});
