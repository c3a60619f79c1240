/**
 * Refresh old answers (issue 41 item 3): a plan sends only the contacts whose saved answer is older
 * than the days asked, at their price, through paid-once's rule; a refreshed answer takes a new date.
 */
import { PRICES } from '../../../src/domain/fields';
import { LEDGER_SHEET_NAME, Ledger } from '../../../src/store/ledger';
import { LEDGER_ENTRY_CODEC, type LedgerEntry } from '../../../src/store/ledger-entry';
import { decodeRecord, encodeRecord } from '../../../src/store/stored-records';
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { fingerprint } from '../../../src/sheet/fingerprint';
import { NO_INPUTS } from '../../../src/sheet/contact-input';
import { contextFor, createWorld, type TestWorld } from '../fakes/context';
import {
  ENRICH_WORK_EMAIL,
  contactsSheet,
  people,
  planAndStart,
  poll,
  progress,
  server,
} from '../fakes/scenario';

const DAY = 86_400_000;

/** Four people answered on day 0, rows 3 and 4 looked up again on day 20; the clock then at day 31. */
function answeredOnTwoDays(): TestWorld {
  const world = createWorld();
  contactsSheet(world, people(4));
  planAndStart(world);
  poll(world);
  world.clock.time += 20 * DAY;
  world.spreadsheet.selectRows(world.spreadsheet.sheets[0]!.id(), 4, 5);
  planAndStart(world, { ...ENRICH_WORK_EMAIL, overwrite: true });
  poll(world);
  world.clock.time += 11 * DAY;
  world.spreadsheet.selection = [];
  return world;
}

describe('a refresh of answers older than N days', () => {
  it('plans only the contacts answered before the cutoff, at their price', () => {
    const world = answeredOnTwoDays();
    const view = server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 30 });
    expect(view.contactsToSend).toBe(2);
    expect(view.maxCredits).toBe(2 * PRICES.work_email);
    // Older than 10 days: all four; older than 40: none.
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 10 }).contactsToSend).toBe(4);
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 40 }).contactsToSend).toBe(0);
  });

  it('runs as "refresh", replaces the answers\' date, and never buys a refreshed contact again', () => {
    const world = answeredOnTwoDays();
    const items = () => [...world.api.jobs.values()].reduce((sum, job) => sum + job.items.length, 0);
    const sent = items();
    const { start } = planAndStart(world, { ...ENRICH_WORK_EMAIL, refreshDays: 30 });
    expect(start.contacts).toBe(2);
    // Planned again while its job runs: held by the rule (a job in flight), nothing sent twice.
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 30 }).contactsToSend).toBe(0);
    poll(world);
    expect(items() - sent).toBe(2);
    const run = progress(world).runs.find((candidate) => candidate.runId === start.runId)!;
    expect(run).toMatchObject({ source: 'refresh', state: 'finished', credits: 2 * PRICES.work_email });
    // The answer was the same: its date moved all the same, so the next refresh leaves it alone.
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 30 }).contactsToSend).toBe(0);
    world.clock.time += 25 * DAY;
    // Day 56: the refreshed two are 25 days old; the two of day 20 are 36.
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 30 }).contactsToSend).toBe(2);
  });

  it('forgets what the API no longer finds: the row and the saved answer lose a stale email', () => {
    const world = answeredOnTwoDays();
    const sheet = world.spreadsheet.sheets[0]!;
    expect(sheet.column('Work email')[0]).not.toBe('');
    // P1 changed jobs: the API finds no work email for them any more (and charges nothing).
    world.api.outcomeFor = (job) => {
      const result = world.api.resultOf(job, 'FINISHED');
      for (const item of result.items) if (item.input.firstName === 'P1') delete item.workEmail;
      return { kind: 'result', result };
    };
    planAndStart(world, { ...ENRICH_WORK_EMAIL, refreshDays: 30 });
    poll(world);
    expect(sheet.column('Status').slice(0, 2)).toEqual(['not found', 'found']);
    expect(sheet.column('Work email')[0]).toBe('');
    expect(sheet.column('Work email')[1]).not.toBe('');
    // The saved answer says so too: a formula or a later run finds no email for P1.
    const fp = fingerprint('enrich', { ...NO_INPUTS, firstName: 'P1', lastName: 'L1', companyName: 'Acme' });
    const ctx = contextFor(world);
    const entry = new Ledger(ctx.spreadsheet, ctx.cache, ctx.documentStore).lookup([fp]).get(fp)!;
    expect(entry).toMatchObject({ fields: ['work_email'], at: world.clock.now() });
    expect(entry.workEmail).toBeUndefined();
  });

  it('leaves rows without an answer alone (a plain run sends them)', () => {
    const world = answeredOnTwoDays();
    const sheet = world.spreadsheet.sheets[0]!;
    sheet.writeText(6, 1, [['P9', 'L9', 'Acme']]);
    const view = server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 30 });
    expect(view.contactsToSend).toBe(2);
    expect(view.skipped).toContainEqual(expect.objectContaining({ row: 6 }));
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(1);
  });
});

describe('a refresh goes through the rule of what may have been bought', () => {
  it('keeps every hold "look up again" lifts: a running job no one can read holds its kind', () => {
    const world = answeredOnTwoDays();
    // Another sheet's run at work, its job record and list lost: which contacts it carries, no one knows.
    contactsSheet(world, people(2, 'Globex'), 'Other');
    world.api.notReadyPolls = 1000;
    const { start } = planAndStart(world);
    const key = `${DOCUMENT_PROPERTY.jobPrefix}${start.runId}.0`;
    expect(world.documentStore.get(key)).not.toBeNull();
    world.documentStore.set(key, '{not json');
    world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
    world.spreadsheet.active = 0;
    world.spreadsheet.selection = [];
    const refresh = server(world).planRun({ ...ENRICH_WORK_EMAIL, refreshDays: 10 });
    expect(refresh.contactsToSend).toBe(0);
    expect(refresh.skipped[0]!.reason).toMatch(/a running job lost its stored list/);
    // "Look up again", the user's choice for every row, sends them (money-rule.md, the third exit).
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, overwrite: true }).contactsToSend).toBe(4);
  });
});

describe("the ledger's date", () => {
  const entry = (at: number): LedgerEntry => ({
    fields: ['work_email'],
    workEmail: { email: 'a@acme.example', status: 'VALID' },
    at,
  });

  it('survives the codec', () => {
    const text = encodeRecord(LEDGER_ENTRY_CODEC, entry(1_700_000_000_123));
    expect(decodeRecord(LEDGER_ENTRY_CODEC, text)).toEqual({ ok: true, value: entry(1_700_000_000_123) });
  });

  it('is replaced when the same answer comes a day or more later, not when stored twice the same day', () => {
    const world = createWorld();
    const ctx = () => contextFor(world);
    const rows = () => {
      const sheet = world.spreadsheet.sheets.find((candidate) => candidate.name() === LEDGER_SHEET_NAME)!;
      return sheet.lastRow();
    };
    const ledger = () => new Ledger(ctx().spreadsheet, ctx().cache, ctx().documentStore);
    ledger().store(new Map([['fp', entry(0)]]));
    ledger().store(new Map([['fp', entry(DAY / 2)]]));
    expect(rows()).toBe(2);
    expect(ledger().lookup(['fp']).get('fp')!.at).toBe(0);
    ledger().store(new Map([['fp', entry(31 * DAY)]]));
    expect(rows()).toBe(3);
    expect(ledger().lookup(['fp']).get('fp')!.at).toBe(31 * DAY);
  });
});
