import { loadRegistry, utf8Bytes } from '../../../src/jobs/registry';
import { createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll, progress, server } from '../fakes/scenario';
import { errorFromResponse } from '../../../src/api/failures';

describe('job registry in document properties', () => {
  it('keeps every value under 9 KB and a 1,000-contact run far under 500 KB', () => {
    const world = createWorld();
    contactsSheet(world, people(1000));
    planAndStart(world);
    const values = world.documentStore.values();
    expect(values.length).toBeGreaterThanOrEqual(11);
    expect(Math.max(...values.map(utf8Bytes))).toBeLessThan(9 * 1024);
    expect(world.documentStore.totalBytes()).toBeLessThan(40 * 1024);
  });

  it('refuses a run the store could not hold, before sending anything', () => {
    const world = createWorld();
    contactsSheet(world, people(30000));
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(() => server(world).startRun(plan.planId)).toThrow(/Too many contacts are waiting/);
    expect(world.api.startCalls).toBe(0);
    expect(loadRegistry(world.documentStore).runs.size).toBe(0);
  });

  it('prunes finished runs: their jobs at once, the runs beyond the latest ten', () => {
    const world = createWorld();
    for (let run = 0; run < 12; run++) {
      contactsSheet(world, people(150, `Company${run}`), `Sheet${run}`);
      planAndStart(world);
      poll(world);
      world.clock.time += 1000;
    }
    const registry = loadRegistry(world.documentStore);
    expect(registry.jobs).toHaveLength(0);
    expect(registry.runs.size).toBe(10);
    expect(progress(world).runs[0]!.sheetName).toBe('Sheet11');
  });

  it('survives an unreadable value, keeps it and reports it in the Jobs panel', () => {
    const world = createWorld();
    world.documentStore.set('sheetEnrich.job.x.0', '{not json');
    world.documentStore.set('sheetEnrich.run.y', JSON.stringify({ v: 9, id: 'y' }));
    const registry = loadRegistry(world.documentStore);
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
