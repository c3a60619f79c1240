/**
 * One story per canceled run: the card's counts, the toast and the log row agree that contacts
 * canceled before they were sent were neither sent nor done (issue 30: "10 of 10 contacts done ·
 * 10 not processed" beside "0 of 0 contacts found").
 */
import { answerStarts, apiError } from '../fakes/fake-api';
import { createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll, progress, server } from '../fakes/scenario';
import { readRunLog } from './team-support';

describe('a canceled run', () => {
  it('nothing sent: 0 of 10 done, 10 not processed; the toast and the log say the same', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(10));
    world.api.startError = apiError(401, 'error.api.key');
    const { start } = planAndStart(world);
    server(world).cancelRun(start.runId);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'canceled',
      sent: 0,
      done: 0,
      notSent: 10,
      unprocessed: 10,
    });
    expect(sheet.column('Status')).toEqual(Array(10).fill('canceled'));
    expect(world.notifier.toasts.at(-1)).toBe(
      'Contacts: no contact processed (10 of 10 not processed), 0 credits charged. Canceled: 10 contacts were not sent (nothing charged for them).',
    );
    expect(readRunLog(world).at(-1)).toMatchObject({ 'Contacts sent': '0', Outcome: 'canceled' });
  });

  it('partly sent: the sent contacts are done, the canceled ones are not', () => {
    const world = createWorld();
    contactsSheet(world, people(250));
    answerStarts(world.api, (n, send) => (n === 0 ? send() : apiError(429, 'error.rate.limit')));
    const { start } = planAndStart(world);
    server(world).cancelRun(start.runId);
    world.clock.time += 60_000;
    poll(world);
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'canceled',
      sent: 100,
      done: 100,
      notSent: 150,
      unprocessed: 150,
    });
    expect(world.notifier.toasts.at(-1)).toMatch(
      /^Contacts: \d+ of 250 contacts found \(150 not processed\)/,
    );
    expect(readRunLog(world).at(-1)).toMatchObject({ 'Contacts sent': '100' });
  });

  it('rows of an earlier answer say "canceled" too, keeping what that answer wrote', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    planAndStart(world, { kind: 'enrich', fields: ['work_email'] });
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
    const emails = sheet.column('Work email');
    // Phones asked next; the key is refused at the start, so nothing is sent, then the run is canceled.
    world.api.startError = apiError(401, 'error.api.key');
    const { start } = planAndStart(world, { kind: 'enrich', fields: ['work_email', 'phone'] });
    server(world).cancelRun(start.runId);
    expect(sheet.column('Status')).toEqual(['canceled', 'canceled']);
    expect(sheet.column('Work email')).toEqual(emails);
    expect(progress(world).runs.find((run) => run.runId === start.runId)).toMatchObject({
      state: 'canceled',
      done: 0,
      notSent: 2,
    });
  });
});
