/** Defects found in review: each test failed before its fix. */
import { errorFromResponse } from '../../../src/api/failures';
import { LEDGER_SHEET_NAME } from '../../../src/jobs/ledger';
import { readSheetTable } from '../../../src/sheet/table';
import { writeRowOutputs } from '../../../src/sheet/writer';
import { MemorySheet } from '../fakes/memory-spreadsheet';
import { createWorld } from '../fakes/context';
import { apiError } from '../fakes/fake-api';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
} from '../fakes/scenario';

describe('row identity of names outside the Latin alphabet', () => {
  it('sends two Cyrillic-named people at one company as two contacts, each answer on its own row', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [
      ['Иван', 'Петров', 'Acme'],
      ['Ольга', 'Смирнова', 'Acme'],
    ]);
    const { plan } = planAndStart(world);
    expect(plan).toMatchObject({ contactsToSend: 2, rowsFromDuplicates: 0 });
    poll(world);
    expect(sheet.column('Work email')).toEqual(['иван.петров@acme.com', 'ольга.смирнова@acme.com']);
  });
});

describe('rows of a run stopped by a refused key', () => {
  it('are not sent again by a new run while that run waits for a key (its jobs are paid for)', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    planAndStart(world);
    world.api.outcomeFor = () => ({ kind: 'error', error: apiError(401, 'error.api.key') });
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'failed' });
    // The refusal was passing (or the key was re-enabled in the dashboard): a new plan works.
    world.api.outcomeFor = () => undefined;
    const again = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(again.contactsToSend).toBe(0);
    expect(again.skipped.map((skip) => skip.reason)).toEqual([
      expect.stringContaining('save the API key'),
      expect.stringContaining('save the API key'),
    ]);
    // Saving the key resumes the stopped run, which fills the rows: one job in all.
    server(world).saveSettings({ apiKey: 'new-key-1234' });
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
    expect(world.api.startCalls).toBe(1);
  });

  it('are not sent twice when a run refused at start is resumed after a later run sent them', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    world.api.startError = apiError(401, 'error.api.key');
    planAndStart(world);
    world.api.startError = undefined;
    const again = server(world).planRun(ENRICH_WORK_EMAIL);
    if (again.contactsToSend > 0) server(world).startRun(again.planId);
    server(world).saveSettings({ apiKey: 'new-key-1234' });
    poll(world);
    poll(world);
    expect([...world.api.jobs.values()].flatMap((job) => job.items)).toHaveLength(2);
  });
});

describe('very long strings from the API', () => {
  it('keep every ledger cell within the 50,000 characters a cell holds', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(1));
    planAndStart(world);
    world.api.outcomeFor = (job) => {
      const result = world.api.resultOf(job, 'FINISHED');
      for (const item of result.items)
        item.profile = { title: 'T'.repeat(60000), location: '"'.repeat(30000) };
      return { kind: 'result', result };
    };
    poll(world);
    const ledger = world.spreadsheet.sheets.find((candidate) => candidate.name() === LEDGER_SHEET_NAME)!;
    const cells = ledger.readDisplayValues(1, 1, ledger.lastRow(), 2).flat();
    expect(Math.max(...cells.map((cell) => cell.length))).toBeLessThanOrEqual(50000);
    expect(sheet.column('Status')).toEqual(['found']);
    expect(sheet.column('Title')[0]).toMatch(/^T{100}/);
  });

  it('keep an API error message out of the 9 KB registry value: the start fails with a status, not a crash', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    const body = JSON.stringify({ code: 'error.request.invalid_body', message: 'bad item; '.repeat(1500) });
    world.api.startError = errorFromResponse('POST /x', { status: 400, body, headers: {} }, 'key');
    expect(() => planAndStart(world)).not.toThrow();
    poll(world);
    const statuses = sheet.column('Status');
    expect(statuses.every((status) => status.startsWith('error: '))).toBe(true);
    expect(statuses[0]!.length).toBeLessThan(600);
  });
});

describe('a sheet of 150,000 rows', () => {
  const ROWS = 150_000;

  it('gets a plan, not "Maximum call stack size exceeded" (spreading every row into Math.min)', () => {
    const world = createWorld();
    contactsSheet(
      world,
      Array.from({ length: ROWS }, (_, i) => [`P${i}`, '', 'Acme']),
    );
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.selectionLabel).toBe(`rows 2–${ROWS + 1}`);
    expect(plan.skipped).toHaveLength(ROWS);
  });

  it('is written in one block by the writer', () => {
    const sheet = new MemorySheet(1, 'Big', [
      ['First name', 'Last name', 'Company'],
      ...Array.from({ length: ROWS }, () => ['P', 'L', 'Acme']),
    ]);
    const outputs = new Map(Array.from({ length: ROWS }, (_, i) => [i + 2, { status: 'pending' }]));
    expect(writeRowOutputs(readSheetTable(sheet), 'enrich', outputs, false).rowsWritten).toBe(ROWS);
    expect(sheet.cell(ROWS + 1, 'Status')).toBe('pending');
  });
});
