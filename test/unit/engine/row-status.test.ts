import type { LedgerEntry } from '../../../src/store/ledger-entry';
import { rowOutputFromEntry, type RowOutputOptions } from '../../../src/engine/row-status';
import { emailStatusText } from '../../../src/domain/statuses';

const AT = Date.UTC(2026, 10, 22, 18, 45, 30);
const ENRICH: RowOutputOptions = {
  kind: 'enrich',
  fields: ['work_email', 'personal_email'],
  saved: false,
  timeZone: 'Europe/Paris',
};

function entry(workStatus: string, personalStatus = 'DELIVERABLE'): LedgerEntry {
  return {
    fields: ['work_email', 'personal_email'],
    workEmail: { email: 'jane@acme.com', status: workStatus },
    personalEmail: { email: 'jane@home.example', status: personalStatus },
    at: AT,
  };
}

describe('email statuses in cells', () => {
  it('read as words', () => {
    expect(
      ['DELIVERABLE', 'HIGH_PROBABILITY', 'CATCH_ALL', 'INVALID', 'INVALID_DOMAIN'].map(emailStatusText),
    ).toEqual(['Deliverable', 'Probably valid', 'Catch-all', 'Invalid', 'Invalid domain']);
  });

  it('a value the API adds later reads as text, and an absent one as nothing', () => {
    expect(emailStatusText('ROLE_ACCOUNT')).toBe('Role account');
    expect(emailStatusText('deliverable')).toBe('Deliverable');
    expect(emailStatusText('Valid (role account)')).toBe('Valid (role account)');
    expect(emailStatusText('=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(emailStatusText('')).toBe('');
  });

  it('a usable email goes in its column, its status beside it', () => {
    expect(rowOutputFromEntry(entry('HIGH_PROBABILITY'), ENRICH)).toMatchObject({
      workEmail: 'jane@acme.com',
      workEmailStatus: 'Probably valid',
      personalEmail: 'jane@home.example',
      personalEmailStatus: 'Deliverable',
    });
  });

  it('an invalid email is kept out of the email column; its status says what was found', () => {
    const output = rowOutputFromEntry(entry('INVALID', 'INVALID_DOMAIN'), ENRICH);
    expect(output.workEmail).toBeUndefined();
    expect(output.workEmailStatus).toBe('Invalid: jane@acme.com');
    expect(output.personalEmail).toBeUndefined();
    expect(output.personalEmailStatus).toBe('Invalid domain: jane@home.example');
    expect(output.status).toBe('found');
  });
});

describe('"Enriched at"', () => {
  it("is the minute the answer arrived, on the spreadsheet's clock", () => {
    expect(rowOutputFromEntry(entry('DELIVERABLE'), ENRICH).enrichedAt).toBe('2026-11-22 19:45');
    const tokyo = rowOutputFromEntry(entry('DELIVERABLE'), { ...ENRICH, timeZone: 'Asia/Tokyo' });
    expect(tokyo.enrichedAt).toBe('2026-11-23 03:45');
  });
});
