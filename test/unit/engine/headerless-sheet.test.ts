import { createWorld } from '../fakes/context';
import { poll, server } from '../fakes/scenario';

/** Rows pasted from a tool that exports no header: names, a profile URL, an email. */
const ROWS = [
  ['Ada', 'Lovelace', 'https://www.linkedin.com/in/ada', 'ada@acme.com'],
  ['Alan', 'Nobody', 'https://www.linkedin.com/in/alan', 'alan@globex.io'],
  ['Grace', 'Hopper', 'https://www.linkedin.com/in/grace', 'not given'],
];

describe('a sheet without a header row', () => {
  it('is previewed from row 1, mapped by content, and offers every column to map by hand', () => {
    const world = createWorld();
    const sheet = world.spreadsheet.addSheet('Pasted', ROWS);
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(plan).toMatchObject({ headerRow: 0, selectionLabel: 'rows 1–3', contactsToSend: 3 });
    expect(plan.mapping).toEqual({ networkUrl: 3, email: 4 });
    expect(plan.columns).toEqual(ROWS[0]!.map((sample, index) => ({ index: index + 1, header: '', sample })));
    // A preview writes nothing.
    expect(sheet.cells).toEqual(ROWS);
  });

  it('gets a header row at start, and every status lands on its own row', () => {
    const world = createWorld();
    const sheet = world.spreadsheet.addSheet('Pasted', ROWS);
    // Rows 2–3 selected, names mapped by the user (content cannot tell them).
    world.spreadsheet.selection = [{ start: 2, end: 3 }];
    const mapping = { firstName: 1, lastName: 2, networkUrl: 3, email: 4 };
    const plan = server(world).planRun({ kind: 'reverse', fields: [], mapping });
    expect(plan.skipped).toEqual([{ row: 3, reason: 'invalid email' }]);
    server(world).startRun(plan.planId);

    expect(sheet.cells[0]!.slice(0, 4)).toEqual(['First name', 'Last name', 'Profile URL', 'Email']);
    expect(sheet.cells.slice(1).map((row) => row.slice(0, 4))).toEqual(ROWS);
    const job = [...world.api.jobs.values()][0]!;
    expect(job.items).toEqual([expect.objectContaining({ email: 'alan@globex.io' })]);
    expect(job.name).toMatch(/ › row 3 · /);
    expect(sheet.column('Status')).toEqual(['', 'pending', 'invalid email']);

    poll(world);
    expect(sheet.column('Status')).toEqual(['', 'found', 'invalid email']);
    expect(sheet.column('Full name')).toEqual(['', 'alan', '']);

    // The next preview finds the header row and the columns by their new headers.
    world.spreadsheet.selection = [];
    const next = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(next.headerRow).toBe(1);
    expect(next.mapping).toEqual(mapping);
  });
});
