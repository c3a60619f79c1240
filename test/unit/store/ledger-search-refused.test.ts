/**
 * A custom function's search of the ledger (TextFinder) is allowed by no document and refused by
 * none: when a runtime refuses it, whatever the message, formulas answer from one read of the sheet,
 * and the next ones do not try a search bound to fail (docs/deploy.md, "First deploy").
 */
import { LEDGER_SHEET_NAME, Ledger } from '../../../src/store/ledger';
import { LEDGER_ENTRY_CODEC } from '../../../src/store/ledger-entry';
import { encodeRecord } from '../../../src/store/stored-records';
import { contextFor, createWorld } from '../fakes/context';

const fpOf = (i: number) => `e${String(i).padStart(11, '0')}`;

function ledgerWorld(size: number) {
  const world = createWorld();
  const rows = Array.from({ length: size }, (_, i) => [
    fpOf(i),
    encodeRecord(LEDGER_ENTRY_CODEC, {
      fields: ['work_email'],
      workEmail: { email: `p${i}@acme.com`, status: 'DELIVERABLE' },
      at: 1,
    }),
  ]);
  const sheet = world.spreadsheet.addSheet(LEDGER_SHEET_NAME, [['fingerprint', 'result'], ...rows]);
  // Each formula is its own execution: a new Ledger over the document's cache.
  const lookUp = (fp: string) =>
    new Ledger(world.spreadsheet, contextFor(world).cache, undefined, true).lookup([fp]).get(fp)?.workEmail
      ?.email;
  return { sheet, lookUp };
}

describe('a refused ledger search', () => {
  it('answers from one read of the sheet, whatever the refusal says, and is not tried again', () => {
    const { sheet, lookUp } = ledgerWorld(100);
    let tries = 0;
    sheet.findRows = () => {
      tries++;
      throw new Error('Exception: Service error: Spreadsheets'); // no "permission" in it
    };
    expect(lookUp(fpOf(42))).toBe('p42@acme.com');
    expect(lookUp(fpOf(43))).toBe('p43@acme.com');
    expect(lookUp(fpOf(44))).toBe('p44@acme.com');
    expect(tries).toBe(1);
    expect(sheet.tableReads).toBe(3);
  });
});
