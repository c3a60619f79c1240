/**
 * What people do to the contacts sheet while runs work (issue 38): paste a block of new contacts
 * (hundreds of rows: several jobs), sort the table, insert or delete a row, paste another contact
 * over a row. The add-on finds rows by their inputs' fingerprint, so none of this may cost a second
 * charge or lose an answer. Deterministic: the n-th pasted block is always the same contacts.
 */
import { sampleContacts } from '../../dev/emulator/sample';
import type { Addon } from '../../dev/gas/harness';
import { ROWS, type SheetEdit } from './fuzz-model';
import { EMAIL, WORLD_SEED } from './fuzz-cast';

/** Contacts the pasted blocks take from (the emulator's world knows them; fuzz-cast.ts's second document takes the next ones). */
const POOL_SIZE = 600;
let pool: string[][] | undefined;

function contactPool(): string[][] {
  pool ??= sampleContacts(WORLD_SEED, POOL_SIZE, { unknownShare: 0.1 }).map((c) => [
    c.firstName,
    c.lastName,
    c.companyName,
    c.domain,
  ]);
  return pool;
}

/** The sheet's input columns (A–D): what a paste or a typed row replaces. */
const INPUTS = 4;
/** The columns a run writes (Status and answers; Z holds the fuzzer's formulas). */
const OUTPUTS = 'E:Y';

export class SheetHands {
  /** Contacts of the pool pasted so far: the next paste takes the next ones. */
  private pasted = 0;
  /** Ann protected the output columns: a teammate's start is refused ("Sheets refused to write…"). */
  private guarded = false;

  constructor(
    private readonly addon: Addon,
    private readonly sheetName: string,
  ) {}

  /** Data rows (the header is row 1). */
  dataRows(): number {
    return Math.max(0, this.addon.spreadsheet.getSheetByName(this.sheetName)!.getLastRow() - 1);
  }

  edit(edit: SheetEdit): void {
    const sheet = this.addon.spreadsheet.getSheetByName(this.sheetName)!;
    const rows = this.dataRows();
    // A row of the data, wherever the table is now (rows move with sorts, inserts and deletes).
    const row = rows ? 2 + (edit.at % rows) : 2;
    switch (edit.op) {
      case 'paste': {
        const block = this.nextContacts(edit.n);
        if (block.length) sheet.getRange(rows + 2, 1, block.length, INPUTS).setValues(block);
        return;
      }
      case 'sort': {
        const width = sheet.getLastColumn();
        if (rows > 1)
          sheet
            .getRange(2, 1, rows, width)
            .sort({ column: 1 + (edit.at % INPUTS), ascending: edit.n % 2 === 0 });
        return;
      }
      case 'insert':
        if (rows) sheet.insertRowBefore(row);
        return;
      case 'delete':
        // Never the last data row: a sheet without data is another story (nothing to run).
        if (rows > 1) sheet.deleteRow(row);
        return;
      case 'type': {
        // Another contact pasted over a whole row, its output cells emptied with it (a user replacing
        // a row; one who types over inputs alone keeps an answer that is no longer theirs).
        const [contact] = this.nextContacts(1);
        if (!rows || !contact) return;
        const width = sheet.getLastColumn();
        sheet.getRange(row, 1, 1, width).setValues([[...contact, ...Array<string>(width - INPUTS).fill('')]]);
        return;
      }
      case 'protect':
        // As an owner does in Sheets: only she may write there; a second time, she lifts it.
        if (this.guarded) return this.lift();
        this.addon.protect(OUTPUTS, this.sheetName, [EMAIL.ann]);
        this.guarded = true;
        return;
    }
  }

  /** Every protection lifted, as the refusal a teammate's start got asks the owner to. */
  lift(): void {
    this.addon.unprotectAll();
    this.guarded = false;
  }

  private nextContacts(n: number): string[][] {
    const all = contactPool();
    const start = ROWS + this.pasted;
    const block = all.slice(start, Math.min(all.length, start + n));
    this.pasted += block.length;
    return block.map((contact) => [...contact]);
  }
}
