/**
 * The fuzzer's truth check of what formulas show (fuzz-truth.ts formulasAgainstTruth), on a sheet
 * written by hand: an answer is the person's of the row its formula reads (a formula of ranges
 * spills its n-th row's answer n rows below itself), and what is no answer (a wait, "not found", a
 * blocked spill's #REF!) is never judged. Before it, no formula cell was checked at all: answers of
 * a formula of ranges laid out one row off (mutant array-answers-shifted) passed every invariant.
 */
import type { AdminOutcome } from '../../dev/emulator/admin-client';
import { fingerprint } from '../../src/sheet/fingerprint';
import { NO_INPUTS } from '../../src/sheet/contact-input';
import { formulasAgainstTruth } from '../../scripts/lib/fuzz-truth';

const TABLE = [
  ['First name', 'Last name', 'Company', 'Website'],
  ['Ann', 'Lee', 'Acme', 'acme.com'],
  ['Bob', 'Roe', 'Initech', 'initech.com'],
];
const fpOf = (row: string[]) =>
  fingerprint('enrich', {
    ...NO_INPUTS,
    firstName: row[0]!,
    lastName: row[1]!,
    companyName: row[2]!,
    companyDomain: row[3]!,
  });
const outcome = (row: string[], email: string, phone: string): AdminOutcome => ({
  job: 'j1',
  name: 'Contacts · run R job 1',
  workspace_id: 'ws_a',
  kind: 'enrich',
  fp: fpOf(row),
  person: `per_${row[0]}`,
  credits: 1,
  charged_for: ['work_email'],
  work_emails: [email],
  personal_emails: [],
  phones: [phone],
  full_name: null,
});
const OUTCOMES = [
  outcome(TABLE[1]!, 'ann@acme.com', '+15550001'),
  outcome(TABLE[2]!, 'bob@initech.com', '+15550002'),
];
const ARRAY = '=ENRICH_EMAIL(A2:A3,B2:B3,D2:D3)';
const check = (formulas: string[], shown: string[]) =>
  formulasAgainstTruth(TABLE, formulas, shown, 'enrich', OUTCOMES);

describe("the fuzzer's truth of formula cells", () => {
  it("takes a formula of ranges' answers, each its own row's person's", () => {
    expect(check(['', ARRAY, ''], ['', 'ann@acme.com', 'bob@initech.com'])).toBeUndefined();
  });

  it('finds answers laid out one row off', () => {
    expect(check(['', ARRAY, ''], ['', 'bob@initech.com', 'ann@acme.com'])?.invariant).toBe('truth');
  });

  it("finds a per-row formula showing another field's answer or another person's", () => {
    expect(check(['', '=ENRICH_PHONE(A2,B2,D2)'], ['', '+15550001'])).toBeUndefined();
    expect(check(['', '=ENRICH_PHONE(A2,B2,D2)'], ['', '+15550002'])?.invariant).toBe('truth');
    expect(check(['', '', '=ENRICH_EMAIL(A3,B3,D3)'], ['', '', '+15550002'])?.invariant).toBe('truth');
  });

  it('reads an invalid address by the address its status names', () => {
    expect(check(['', '=ENRICH_EMAIL(A2,B2,D2)'], ['', 'Invalid: ann@acme.com'])).toBeUndefined();
  });

  it('never judges a wait, "not found" or a blocked spill (nor the cells below it)', () => {
    const waits = ['⏳ queued: Extensions › Sheet Enrich › Get formula results', '— not found'];
    expect(check(['', ARRAY, ''], ['', ...waits])).toBeUndefined();
    expect(check(['', ARRAY, '=ENRICH_PHONE(A3,B3,D3)'], ['', '#REF!', '+15550002'])).toBeUndefined();
  });
});
