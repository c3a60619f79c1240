/**
 * The formula refresh at the scale a user reaches by filling a column down: every formula of ours
 * is cleared and written back around a flush (what makes Sheets run it again), in journal-sized
 * batches, with a handful of Range calls and none per cell.
 */
import {
  journalBatches,
  refreshFormulas,
  restoreInterruptedRefresh,
} from '../../../src/features/formulas/formula-refresh';
import { FakeBudget } from '../fakes/ports';
import { contextFor, createWorld, type TestWorld } from '../fakes/context';
import type { MemorySheet } from '../fakes/memory-spreadsheet';

/** A sheet of `rows` contacts with `=ENRICH_EMAIL(A2,B2,C2)` and so on filled down column D. */
function formulaColumn(world: TestWorld, rows: number): MemorySheet {
  const sheet = world.spreadsheet.addSheet('Leads', [['First', 'Last', 'Company', 'Email']]);
  for (let row = 2; row <= rows + 1; row++) {
    sheet.set(row, 1, `Ada${row}`);
    sheet.set(row, 2, `Lovelace${row}`);
    sheet.set(row, 3, 'acme.com');
    sheet.writeCells(row, 4, [[`=ENRICH_EMAIL(A${row},B${row},C${row})`]], []);
  }
  sheet.writes = 0;
  return sheet;
}

/** What each row of column D went through, in order: cleared, flushed, written back. */
function recordRefresh(world: TestWorld, sheet: MemorySheet) {
  const steps = new Map<number, string[]>();
  const writeCells = sheet.writeCells.bind(sheet);
  let flushes = 0;
  sheet.writeCells = (row, column, values, textCells) => {
    values.forEach(([value], index) => {
      const list = steps.get(row + index) ?? [];
      list.push(value === '' ? `clear@${flushes}` : `write@${flushes}`);
      steps.set(row + index, list);
    });
    writeCells(row, column, values, textCells);
  };
  world.spreadsheet.flush = () => void flushes++;
  return { steps, flushes: () => flushes };
}

const ROWS = 3400;

describe('refreshing a long column of per-cell formulas', () => {
  it('refreshes all 3,400 of them, in journal-sized batches, with no call per cell', () => {
    const world = createWorld();
    const sheet = formulaColumn(world, ROWS);
    const { steps, flushes } = recordRefresh(world, sheet);
    const ctx = contextFor(world);

    expect(refreshFormulas(ctx)).toBe(ROWS);

    // Every row was cleared, then a flush came, then its formula was written back.
    expect(steps.size).toBe(ROWS);
    for (const [row, list] of steps) {
      expect(list).toHaveLength(2);
      const [clear, write] = list.map((step) => Number(step.split('@')[1]));
      expect(list[0]).toMatch(/^clear/);
      expect(write).toBe(clear! + 1);
      expect(sheet.formulas.get(`${row}:4`)).toBe(`=ENRICH_EMAIL(A${row},B${row},C${row})`);
    }
    // About 125 KB of formulas: two journals of at most 90 KB, each two writes and one flush.
    expect(flushes()).toBe(2);
    expect(world.spreadsheet.calls).toEqual({ reads: 3, writes: 4 });
    expect(world.cache.get('formulaRefresh')).toBeNull();
  });

  it('cuts a batch where the journal is full: every journal fits one cache value', () => {
    const world = createWorld();
    const sheet = formulaColumn(world, ROWS);
    const runs = [
      {
        sheetId: sheet.id(),
        row: 2,
        column: 4,
        formulas: Array.from({ length: ROWS }, (_, i) => `=ENRICH_EMAIL(A${i + 2},B${i + 2},"José")`),
      },
    ];
    const batches = journalBatches(runs);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat().reduce((sum, run) => sum + run.formulas.length, 0)).toBe(ROWS);
    for (const batch of batches) expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThanOrEqual(90_000);
    // Pieces follow each other down the column, none lost or doubled.
    const rows = batches.flat().flatMap((run) => run.formulas.map((_, i) => run.row + i));
    expect(rows).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
  });

  it('leaves what the time budget does not reach to the next poll, which finishes it', () => {
    const world = createWorld();
    const sheet = formulaColumn(world, ROWS);
    const { steps } = recordRefresh(world, sheet);
    // Less than the safety margin left: the first batch is done, the second waits.
    const ctx = contextFor(world, new FakeBudget(40_000));
    const first = refreshFormulas(ctx);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(ROWS);
    expect(steps.size).toBe(first);

    restoreInterruptedRefresh(contextFor(world));
    expect(steps.size).toBe(ROWS);
    // The rest was done once: the first batch's rows were not cleared again.
    expect([...steps.values()].every((list) => list.length === 2)).toBe(true);
    expect(world.cache.get('formulaRefreshRest')).toBeNull();
  });
});
