/**
 * A ledger of any size in seconds, for the benchmark and the tests of formulas at scale: rows are
 * written straight into the add-on's hidden ledger sheet through the harness, as the engine would
 * have appended them, instead of running 50,000 enrichments.
 */
import type { SampleContact } from '../../dev/emulator/sample';
import type { Addon } from '../../dev/gas/harness';
import { companyDomainFrom, NO_INPUTS } from '../../src/sheet/contact-input';
import { fingerprint } from '../../src/sheet/fingerprint';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { LEDGER_ENTRY_CODEC, type LedgerEntry } from '../../src/store/ledger-entry';
import { encodeRecord } from '../../src/store/stored-records';

/** The fingerprint `=ENRICH_EMAIL(first, last, website)` computes for a person. */
export function personFingerprint(person: SampleContact): string {
  return fingerprint('enrich', {
    ...NO_INPUTS,
    firstName: person.firstName,
    lastName: person.lastName,
    companyDomain: companyDomainFrom(person.domain),
  });
}

/** The address the filled ledger saved for a person. */
export const savedEmail = (person: SampleContact): string =>
  person.workEmail || `${person.firstName}.${person.lastName}@${person.domain}`.toLowerCase();

const answer = (email: string, at: number): string => {
  const entry: LedgerEntry = { fields: ['work_email'], workEmail: { email, status: 'VALID' }, at };
  return encodeRecord(LEDGER_ENTRY_CODEC, entry);
};

/**
 * Fills the hidden ledger sheet with `size` answers: one for each of `people`, spread evenly (the
 * last one on the last row, where a search scanning from the top finds it last), the others for
 * fingerprints no formula asks for.
 */
export function fillLedger(addon: Addon, size: number, people: readonly SampleContact[]): void {
  const at = addon.now();
  const rows = Array.from({ length: size }, (_, i) => {
    const fp = `x${i.toString(36).padStart(11, '0')}`;
    return [fp, answer(`${fp}@filler.example`, at)];
  });
  const step = Math.floor(size / Math.max(1, people.length));
  people.forEach((person, i) => {
    rows[size - 1 - i * step] = [personFingerprint(person), answer(savedEmail(person), at)];
  });
  const active = addon.spreadsheet.getActiveSheet();
  const sheet = addon.spreadsheet.insertSheet(LEDGER_SHEET_NAME);
  sheet.ensureSize(size + 1, 2);
  // Plain text first, as the engine writes it: a fingerprint must never be read as a number.
  sheet.getRange(1, 1, size + 1, 2).applyNumberFormat('@');
  sheet.getRange(1, 1, size + 1, 2).setValues([['fingerprint', 'result'], ...rows]);
  sheet.hideSheet();
  active.activate();
}
