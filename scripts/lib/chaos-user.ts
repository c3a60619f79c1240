/**
 * The chaos benchmark's user (see chaos.ts): between executions they sort, delete and insert rows,
 * insert a column at A once, and type over output cells, all drawn from a seeded PRNG so a seed
 * replays the same run. What they typed over is remembered, to check it is still theirs at the end.
 */
import type { Addon } from '../../dev/gas/harness';
import { isFinalStatus } from '../../src/sheet/output-columns';
import type { ChaosEvents } from './chaos-types';
import { selectDataRows } from './enrich-run';

/** What the user types over an output cell. */
export const USER_TEXT = 'my own note';

/** A row's identity in the benchmark: its four inputs. */
export const keyOf = (cells: readonly string[]) => cells.slice(0, 4).join('|');

/** mulberry32: a small seeded PRNG, so a run with the same seed does the same things. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The user, between executions: edits the sheet the way people do while a run works. */
export class User {
  private columnInserted = false;
  readonly typedOver = new Set<string>();

  constructor(
    private readonly addon: Addon,
    private readonly random: () => number,
    private readonly events: ChaosEvents,
  ) {}

  private get sheet() {
    return this.addon.spreadsheet.getSheetByName('Contacts')!;
  }

  /** Where the inputs are now (a column may have been inserted at A). */
  private inputColumn(): number {
    return this.columnInserted ? 2 : 1;
  }

  edit(): void {
    const sheet = this.sheet;
    const lastRow = sheet.getLastRow();
    if (lastRow < 3) return;
    const pick = this.random();
    const row = 2 + Math.floor(this.random() * (lastRow - 1));
    if (pick < 0.25) {
      const column = this.inputColumn() + Math.floor(this.random() * 4);
      sheet
        .getRange(2, 1, lastRow - 1, sheet.getLastColumn())
        .sort({ column, ascending: this.random() < 0.5 });
      this.events.sorts++;
    } else if (pick < 0.4) {
      sheet.deleteRow(row);
      this.events.deletions++;
    } else if (pick < 0.55) {
      sheet.insertRowBefore(row);
      this.events.insertions++;
    } else if (pick < 0.6) {
      this.insertColumnAtA();
    } else if (pick < 0.7) this.typeOverOutput(row);
  }

  insertColumnAtA(): void {
    if (this.columnInserted) return;
    this.sheet.insertColumnBefore(1);
    this.columnInserted = true;
    this.events.columnInsertions++;
  }

  /** The user types into the Work email cell of a row that has its answer: the cell is theirs now. */
  private typeOverOutput(row: number): void {
    const table = this.sheet.getDataRange().getDisplayValues() as string[][];
    const header = table[0]!;
    const email = header.indexOf('Work email');
    const status = header.indexOf('Status');
    const cells = table[row - 1];
    if (email < 0 || status < 0 || !cells || !isFinalStatus(cells[status] ?? '')) return;
    const inputs = this.inputsOf(cells);
    if (inputs.every((cell) => !cell)) return;
    this.sheet.getRange(row, email + 1).setValue(USER_TEXT);
    this.typedOver.add(keyOf(inputs));
    this.events.typedOver++;
  }

  /** A row's four input cells, wherever the inputs are now. */
  inputsOf(cells: readonly string[]): string[] {
    return cells.slice(this.inputColumn() - 1, this.inputColumn() + 3);
  }

  selectAll(): void {
    const sheet = this.sheet;
    selectDataRows(this.addon, 'Contacts', sheet.getLastRow(), sheet.getLastColumn());
  }
}
