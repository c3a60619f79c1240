import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { loadRegistry, utf8Bytes } from '../../../src/store/registry';
import { estimateBytes, growthReserve } from '../../../src/store/registry-budget';
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import { createWorld } from '../fakes/context';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
} from '../fakes/scenario';
import { errorFromResponse } from '../../../src/api/failures';
import { enqueueRequests, queueUse } from '../../../src/features/formulas/formula-queue';
import { fingerprint } from '../../../src/sheet/fingerprint';
import { NO_INPUTS } from '../../../src/sheet/contact-input';

type World = ReturnType<typeof createWorld>;
const jobSheet = (world: World) => world.spreadsheet.sheets.find((sheet) => sheet.name() === JOB_SHEET_NAME);
const registryOf = (world: World) => loadRegistry(world.documentStore, world.spreadsheet);

describe('job registry: state in document properties, fingerprints in the job sheet', () => {
  // One 100,000-row run for both promises (each such run costs seconds of a CI core).
  it('holds a 100,000-row run beside a full formula queue: every value under 9 KB, the run in a third of the 500 KB store', () => {
    const world = createWorld();
    // Editors' formulas filled the queue to its budget (no key needed to queue): docs/features.md
    // says it never crowds out runs.
    const requests = people(3000, 'Queue & Co').map(([firstName, lastName, company], at) => {
      const input = { ...NO_INPUTS, firstName: firstName!, lastName: lastName!, company: company! };
      return {
        fp: fingerprint('enrich', input),
        asked: 'work_email' as const,
        kind: 'enrich' as const,
        input,
        at,
      };
    });
    enqueueRequests(world.documentStore, world.cache, requests);
    expect(queueUse(world.documentStore).full).toBe(true);
    const queued = { values: world.documentStore.values().length, bytes: world.documentStore.totalBytes() };
    contactsSheet(world, people(100_000));
    planAndStart(world);
    const values = world.documentStore.values();
    expect(values.length - queued.values).toBe(1000 + 1 + 1); // jobs, the run, the remembered mapping
    expect(Math.max(...values.map(utf8Bytes))).toBeLessThan(9 * 1024);
    expect(world.documentStore.totalBytes() - queued.bytes).toBeLessThan(170 * 1024);
    // The fingerprints, 1.3 MB of them, are in the hidden job sheet: one row per job, one write.
    expect(jobSheet(world)!.lastRow()).toBe(1 + 1000);
    const registry = registryOf(world);
    expect(registry.jobs).toHaveLength(1000);
    expect(new Set(registry.jobs.flatMap((job) => job.fingerprints)).size).toBe(100_000);
    expect(registry.unreadable).toEqual([]);
  });

  it('admits a run by what its records really take: items that could not be read add nothing (40,000 rows stuck at 30,000)', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2000));
    // Every item of every job comes back unreadable; the first job never ends, so its run keeps
    // every written job's record (as a long run does).
    world.api.outcomeFor = (job) => {
      if (job.id === 'job-1') return { kind: 'not_ready' };
      const result = world.api.resultOf(job, 'FINISHED');
      const rejected = result.items.map(({ custom }, index) => ({
        index,
        custom,
        reason: 'the result item could not be read (workEmails[0] is not an object)',
      }));
      return { kind: 'result', result: { ...result, items: [], rejected } };
    };
    planAndStart(world);
    const started = registryOf(world);
    const admitted = estimateBytes([...started.runs.values()], started.jobs);
    poll(world);
    poll(world);
    const registry = registryOf(world);
    expect(registry.jobs.filter((job) => job.state === 'applied')).toHaveLength(19);
    const stored = Object.entries(world.documentStore.getAll())
      .filter(
        ([key]) => key.startsWith(DOCUMENT_PROPERTY.jobPrefix) || key.startsWith(DOCUMENT_PROPERTY.runPrefix),
      )
      .reduce((sum, [key, value]) => sum + utf8Bytes(key) + utf8Bytes(value), 0);
    expect(stored).toBeLessThanOrEqual(admitted + growthReserve(registry));
    // Each such row says so, in one fixed sentence (not final: it may be run again).
    const statuses = sheet.column('Status');
    expect(statuses.filter((status) => status === 'error: the result item could not be read')).toHaveLength(
      1900,
    );
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(100);
  });

  it('refuses a run the store could not hold, before sending anything', () => {
    const world = createWorld();
    // Another feature's data leaves too little room for 300 jobs' records.
    for (let i = 0; i < 50; i++) world.documentStore.set(`other.${i}`, 'x'.repeat(8 * 1024));
    contactsSheet(world, people(30_000));
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(() => server(world).startRun(plan.planId)).toThrow(/Too many contacts are waiting/);
    expect(world.api.startCalls).toBe(0);
    expect(registryOf(world).runs.size).toBe(0);
  });

  it('measures a value in UTF-8 bytes as the store counts them, ASCII or not', () => {
    for (const text of ['', '{"a":1}', 'Zoë Müller', '⏳ 東京', 'a😀b', '\u007f\u0080', '\ud800']) {
      expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('reports a job whose fingerprints are missing (the hidden sheet was deleted) and keeps its record', () => {
    const world = createWorld();
    contactsSheet(world, people(150));
    world.api.startError = undefined;
    planAndStart(world);
    world.spreadsheet.sheets = world.spreadsheet.sheets.filter((sheet) => sheet !== jobSheet(world));
    const registry = registryOf(world);
    expect(registry.jobs).toHaveLength(0);
    expect(registry.unreadable.map(({ key, reason }) => [key, reason])).toEqual([
      [
        expect.stringMatching(/\.0$/),
        `the job's list of contacts is missing from the hidden sheet ${JOB_SHEET_NAME}`,
      ],
      [
        expect.stringMatching(/\.1$/),
        `the job's list of contacts is missing from the hidden sheet ${JOB_SHEET_NAME}`,
      ],
    ]);
    // Reading it again changes nothing: the records stay, reported.
    expect(registryOf(world).unreadable).toHaveLength(2);
    // The poll says so in the log, then writes the lists back from the jobs' own results (each
    // item carries the fingerprint it was sent with: engine/relist.ts) and applies them.
    poll(world);
    expect(world.logs.join('\n')).toContain('missing from the hidden sheet');
    const healed = registryOf(world);
    expect(healed.unreadable).toEqual([]);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', done: 150 });
    // Two jobs, each started once.
    expect(world.api.startCalls).toBe(2);
  });

  it('prunes finished runs: their jobs at once, the runs beyond the latest ten', () => {
    const world = createWorld();
    for (let run = 0; run < 12; run++) {
      contactsSheet(world, people(150, `Company${run}`), `Sheet${run}`);
      planAndStart(world);
      poll(world);
      world.clock.time += 1000;
    }
    const registry = registryOf(world);
    expect(registry.jobs).toHaveLength(0);
    expect(registry.runs.size).toBe(10);
    expect(progress(world).runs[0]!.sheetName).toBe('Sheet11');
    // The job sheet is rewritten without the deleted jobs' rows once they are most of it.
    expect(jobSheet(world)!.lastRow()).toBeLessThanOrEqual(1 + 2);
  });

  it("never reads a garbled list as a job's contacts, even when its count still matches (fuzz seed 1001)", () => {
    const world = createWorld();
    contactsSheet(world, people(1));
    planAndStart(world);
    // An edit leaves one word in the one-contact job's list cell: the count of contacts still matches.
    jobSheet(world)!.set(2, 2, '{"v":1,"garbage');
    const registry = registryOf(world);
    expect(registry.jobs).toHaveLength(0);
    expect(registry.unreadable.map(({ reason }) => reason)).toEqual([
      `the job's list of contacts is damaged in the hidden sheet ${JOB_SHEET_NAME}`,
    ]);
    // Read as the list, its answer went to no row and the row read "run this row again"; now the
    // list is written back from the job's results, and the row gets its answer, bought once.
    poll(world);
    const sheet = world.spreadsheet.sheets.find((one) => one.name() === 'Contacts')!;
    expect(sheet.cell(2, 'Status')).toBe('found');
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    expect(world.api.startCalls).toBe(1);
  });

  it('a damaged job record whose list cell is emptied too: its run holds its pending rows back', () => {
    const world = createWorld();
    contactsSheet(world, people(3));
    planAndStart(world);
    const [jobKey] = Object.keys(world.documentStore.getAll()).filter((key) => key.includes('.job.'));
    world.documentStore.set(jobKey!, '{not json');
    jobSheet(world)!.set(2, 2, '');
    expect(registryOf(world).damagedJobLists?.size ?? 0).toBe(0);
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    expect(plan.skipped.map(({ reason }) => reason)).toEqual(
      Array(3).fill(expect.stringContaining('lost its stored list of contacts')),
    );
  });

  it('survives an unreadable value, keeps it and reports it in the Jobs panel', () => {
    const world = createWorld();
    world.documentStore.set('sheetEnrich.job.x.0', '{not json');
    world.documentStore.set('sheetEnrich.run.y', JSON.stringify({ v: 9, id: 'y' }));
    const registry = registryOf(world);
    expect(registry.jobs).toHaveLength(0);
    expect(registry.unreadable).toEqual([
      { key: 'sheetEnrich.job.x.0', reason: 'the job record is not JSON' },
      {
        key: 'sheetEnrich.run.y',
        reason: 'the run record was written by a newer version of Sheet Enrich (v9)',
      },
    ]);
    // A run that ends and is pruned leaves the unreadable records where they are.
    contactsSheet(world, people(2));
    planAndStart(world);
    poll(world);
    expect(world.documentStore.get('sheetEnrich.job.x.0')).toBe('{not json');
    const view = progress(world);
    expect(view.problems).toEqual([
      expect.stringContaining(
        '(the job record is not JSON); it is kept unchanged under "sheetEnrich.job.x.0"',
      ),
      expect.stringContaining('newer version of Sheet Enrich (v9)'),
    ]);
    expect(world.logs.join('\n')).toContain('Kept unreadable record sheetEnrich.job.x.0');
  });
});

describe('very long API error messages', () => {
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
