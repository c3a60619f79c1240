/**
 * What the fuzzer's invariants make of a retry's resend (fuzz-invariants.ts paid-once,
 * fuzz-cap-count.ts caps), on books written by hand: a retry's consent covers what its resend buys
 * again, never another run's purchase; and a standing order's count of the day a retry was made
 * must hold what the resend was charged, whatever day its run started. Both were missed before
 * (mutants retried-lost-start-never-sent and retry-price-skips-early-twice, docs/mutants.md).
 */
import type { AdminJob, AdminOutcome } from '../../dev/emulator/admin-client';
import type { BookedCharge } from '../../dev/emulator/books';
import type { Addon } from '../../dev/gas/harness';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { newBooks } from '../../scripts/lib/fuzz-books';
import { countBelowCharges, noteCounts } from '../../scripts/lib/fuzz-cap-count';
import { unconsentedCharge } from '../../scripts/lib/fuzz-invariants';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 10, 29);
const LOST = 'run R job 1';

/** A charge of Ann's work email by a provider job of that readable name. */
const charge = (job: string, name: string): AdminOutcome =>
  ({
    job,
    name: `Contacts · ${name}`,
    workspace_id: 'ws_a',
    kind: 'enrich',
    fp: 'fp-ann',
    person: 'per_ann',
    credits: 1,
    charged_for: ['work_email'],
  }) as AdminOutcome;
const job = (id: string, name: string) => ({ id, name: `Contacts · ${name}` }) as AdminJob;

describe("a retry's consent (paid-once)", () => {
  const books = newBooks();
  books.retries.push({ job: LOST, at: START });

  it('excuses what its resend bought again', () => {
    const jobs = [job('j1', LOST), job('j2', LOST)];
    expect(unconsentedCharge(books, [charge('j1', LOST), charge('j2', LOST)], jobs)).toBeUndefined();
  });

  it('excuses no other run buying the same person while the resend never left', () => {
    const jobs = [job('j1', LOST), job('j2', 'run F job 1')];
    expect(unconsentedCharge(books, [charge('j1', LOST), charge('j2', 'run F job 1')], jobs)).toMatch(
      /per_ann:work_email charged 2 times .*consented to 0 more/,
    );
  });

  it("keeps it when a later retry finds the resend's answer saved (finding 170)", () => {
    const twice = newBooks();
    twice.retries.push({ job: LOST, at: START, answered: new Set() });
    // Clicked again once job 2 had saved the answer (refused, or sent asking nothing).
    twice.retries.push({ job: LOST, at: START + 1, answered: new Set(['fp-ann']) });
    const jobs = [job('j1', LOST), job('j2', 'run R job 2')];
    expect(unconsentedCharge(twice, [charge('j1', LOST), charge('j2', 'run R job 2')], jobs)).toBeUndefined();
  });

  it('excuses a charge once, however many retries of its run could have made it', () => {
    const two = newBooks();
    two.retries.push({ job: LOST, at: START }, { job: 'run R job 2', at: START });
    const names = ['run G job 1', 'run R job 3', 'run F job 1'];
    const jobs = names.map((name, n) => job(`j${n}`, name));
    const charges = names.map((name, n) => charge(`j${n}`, name));
    // Run G bought her; job 3 of run R resent her (either retry's); run F bought her with no consent.
    expect(unconsentedCharge(two, charges, jobs)).toMatch(/charged 3 times .*consented to 1 more/);
  });
});

describe("a standing order's count of the day (caps)", () => {
  it("holds what a retry's resend the next day was charged", () => {
    const books = newBooks();
    books.runs.set('R', { source: 'schedule', startedAt: START, zone: 'Etc/UTC' });
    const retryAt = START + DAY + 3_600_000;
    books.retries.push({ job: LOST, at: retryAt });
    // The retry counted 1 on the second day; its resend was charged 3 that day.
    const record = JSON.stringify({ v: 1, committedToday: 1, resetAt: START + 2 * DAY });
    const doc = {
      now: () => retryAt + 1_000,
      properties: {
        document: { getProperty: (key: string) => (key === DOCUMENT_PROPERTY.schedule ? record : null) },
      },
      spreadsheet: { getSpreadsheetTimeZone: () => 'Etc/UTC' },
    } as unknown as Addon;
    const line = (at: number, credits: number): BookedCharge => ({
      key: 'ka',
      workspace_id: 'ws_a',
      at,
      name: `Contacts · ${LOST}`,
      credits,
    });
    // The books read the second day's count first at the retry (fuzz-world.ts does after each step).
    books.notedAt = retryAt - 1;
    noteCounts(books, [[doc, '']], retryAt);
    expect(countBelowCharges(books, [[doc, '']], [line(START, 2), line(retryAt, 3)])).toBe(
      "shared schedule: its day's count holds 1, its runs were charged 3",
    );
  });
});
