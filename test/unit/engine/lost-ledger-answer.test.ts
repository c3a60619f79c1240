/**
 * Fuzz finding 210: a saved answer whose ledger row became unreadable, and a row no job answered.
 *
 * 1. A ledger row whose answer cell cannot be read, beside a readable fingerprint, says which
 *    contact's answer was lost: that contact may have been bought, for any field no readable answer
 *    covers, until the user looks it up again (docs/money-rule.md: damage to money state holds what
 *    it might cover). Before, only the row's own cells held it, and a row whose Status no longer
 *    said "found" (cleared, or the words below) was bought again.
 * 2. Two jobs of one sheet collected in one poll, a "look up again" one and a plain one, are written
 *    in two writes: each marked the rows only the other answers "inputs changed… run this row
 *    again" over their answer, which invited the re-run that bought the lost answer again.
 */
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { answerFormula, contactFieldSpec } from '../../../src/features/formulas/custom-functions';
import { STATUS } from '../../../src/domain/statuses';
import { contextFor, createWorld, type TestWorld } from '../fakes/context';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import { FakeCache } from '../../../dev/gas/cache';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  hourlyWorkEmail,
  people,
  planAndStart,
  poll,
  server,
} from '../fakes/scenario';
import { runDueSchedule } from '../../../src/features/schedule/scheduled-run';

/** Two people's work emails bought and saved; the first one's saved answer then garbled. */
function lostAnswer(): { world: TestWorld; sheet: MemorySheet } {
  const world = createWorld();
  const sheet = contactsSheet(world, people(2));
  planAndStart(world);
  poll(world);
  expect(world.api.startCalls).toBe(1);
  const ledger = world.spreadsheet.hiddenSheet(LEDGER_SHEET_NAME, false) as MemorySheet;
  ledger.set(2, 2, '{"v":2,"garb');
  return { world, sheet };
}

/** The user clears a row's Status and work email, as one does to run a row again. */
function clearRow(sheet: MemorySheet, row: number): void {
  for (const header of ['Status', 'Work email']) sheet.set(row, headerColumn(sheet, header), '');
}

const headerColumn = (sheet: MemorySheet, header: string): number =>
  sheet.readDisplayValues(1, 1, 1, sheet.lastColumn())[0]!.indexOf(header) + 1;

describe('a saved answer whose ledger row cannot be read (finding 210)', () => {
  it('holds its contact from a plain run, in words that say so, until it is looked up again', () => {
    const { world, sheet } = lostAnswer();
    clearRow(sheet, 2);
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    planAndStart(world);
    expect(sheet.cell(2, 'Status')).toMatch(/saved answer could not be read.*look up again/);
    expect(world.api.startCalls).toBe(1);
    // "Look up again" is the consent to buy it again; its answer then frees the contact.
    world.spreadsheet.selectRows(sheet.id(), 2, 2);
    const again = planAndStart(world, { ...ENRICH_WORK_EMAIL, overwrite: true });
    expect(again.plan.contactsToSend).toBe(1);
    poll(world);
    expect(sheet.cell(2, 'Status')).toBe(STATUS.found);
    world.spreadsheet.selection = [];
    clearRow(sheet, 2);
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    expect(world.api.startCalls).toBe(2);
  });

  it('lets a field a readable answer covers be filled free, and holds only the others', () => {
    const { world, sheet } = lostAnswer();
    // The phone looked up again: a readable answer of the phone alone, saved after the lost one.
    world.spreadsheet.selectRows(sheet.id(), 2, 2);
    planAndStart(world, { kind: 'enrich', fields: ['phone'], overwrite: true });
    poll(world);
    expect(world.api.startCalls).toBe(2);
    world.spreadsheet.selection = [];
    clearRow(sheet, 2);
    // Row 3's phone was never asked: it is the one sent, each time.
    const phone = server(world).planRun({ kind: 'enrich', fields: ['phone'] });
    expect([phone.contactsToSend, phone.rowsFromLedger]).toEqual([1, 1]);
    const both = server(world).planRun({ kind: 'enrich', fields: ['work_email', 'phone'] });
    expect(both.contactsToSend).toBe(1);
    expect(both.skipped).toEqual([
      expect.objectContaining({ row: 2, reason: expect.stringMatching(/could not be read/) }),
    ]);
  });

  it('holds a formula of that contact from "Get them", which buys it only for a new person', () => {
    const { world } = lostAnswer();
    // Hours later the cache in front of the ledger has forgotten the answer.
    world.cache = new FakeCache(() => world.clock.now());
    const formula = (row: string[]) => answerFormula(contextFor(world), contactFieldSpec('work_email'), row);
    formula(people(1)[0]!);
    formula(['New', 'Person', 'Acme']);
    expect(formula(people(1)[0]!)).toMatch(/queued/);
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 1 });
  });
});

describe('two jobs of one sheet collected in one poll (finding 210)', () => {
  it('each writes its rows, and neither calls the other\'s rows "inputs changed"', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    const PHONE = { kind: 'enrich' as const, fields: ['phone' as const] };
    world.spreadsheet.selectRows(sheet.id(), 4, 4);
    planAndStart(world, PHONE);
    world.spreadsheet.selectRows(sheet.id(), 2, 3);
    planAndStart(world, { ...PHONE, overwrite: true });
    poll(world);
    expect(world.api.startCalls).toBe(2);
    const statuses = sheet.column('Status');
    expect(statuses).toHaveLength(3);
    for (const status of statuses) expect([STATUS.found, STATUS.notFound]).toContain(status);
  });
});

describe('a damaged ledger', () => {
  const ledgerSheet = (world: ReturnType<typeof createWorld>) =>
    world.spreadsheet.sheets.find((sheet) => sheet.name() === LEDGER_SHEET_NAME)!;
  const damages: [string, (world: ReturnType<typeof createWorld>) => void][] = [
    [
      'garbage in its cells',
      (world) =>
        ledgerSheet(world)
          .cells.slice(1, 6)
          .forEach((row) => (row[1] = 'garbage')),
    ],
    [
      'rows of a newer version',
      (world) =>
        ledgerSheet(world)
          .cells.slice(1, 4)
          .forEach((row) => (row[1] = '{"v":99,"fields":[]}')),
    ],
    ['its header deleted', (world) => ledgerSheet(world).cells.shift()],
    ['its sheet deleted', (world) => world.spreadsheet.deleteSheetNamed(LEDGER_SHEET_NAME)],
  ];

  it.each(damages)(
    '%s: the schedule pauses, says why, and once saved again sends a new row, none that shows results',
    (what, damage) => {
      const world = createWorld();
      const sheet = contactsSheet(world, people(10));
      planAndStart(world);
      poll(world);
      expect(sheet.column('Status').every((status) => status === 'found')).toBe(true);
      const settings = hourlyWorkEmail(100);
      server(world).saveSchedule(settings);
      damage(world);
      // Six hours later the cache in front of the ledger has forgotten everything.
      world.cache = new FakeCache(() => world.clock.now());
      sheet.cells.push(['New', 'Person', 'Acme']);
      const sentBefore = [...world.api.jobs.values()].flatMap((job) => job.items).length;
      const sentSince = () => [...world.api.jobs.values()].flatMap((job) => job.items).slice(sentBefore);
      world.clock.advance(2 * 60 * 60 * 1000);
      runDueSchedule(contextFor(world));
      if (what === 'its header deleted') {
        // Nothing is lost with a header: the tick runs as on a whole ledger.
        expect(sentSince().map((item) => 'firstName' in item && item.firstName)).toEqual(['New']);
        expect(server(world).getSchedule()?.lastOutcome).toBe('Sent 1 contact (at most 1 credit).');
        return;
      }
      // Nobody read the damage: "New" may be a row whose answer was lost. Nothing is sent.
      expect(sentSince()).toEqual([]);
      const paused = server(world).getSchedule();
      expect(paused?.pausedReason).toMatch(
        /^the saved results are damaged \(.+\): a row with no saved result may be one whose result was lost, and resuming buys it again\. Check the rows first$/,
      );
      expect(paused?.lastOutcome).toBe(`Paused: ${paused?.pausedReason}.`);
      // Saved again, the reason read: the next tick sends the new row, and no row showing results.
      server(world).saveSchedule(settings);
      world.clock.advance(2 * 60 * 60 * 1000);
      runDueSchedule(contextFor(world));
      expect(sentSince().map((item) => 'firstName' in item && item.firstName)).toEqual(['New']);
      expect(server(world).getSchedule()?.lastOutcome ?? '').toMatch(
        /^Sent 1 contact .*Note: the saved results are damaged \(.+\): rows that show results are not sent again/,
      );
      // The same damage does not pause it again; another deletion would.
      expect(server(world).getSchedule()?.pausedReason).toBeUndefined();
    },
  );
});
