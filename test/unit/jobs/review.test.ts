/** Defects found in review: each test failed before its fix. */
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
