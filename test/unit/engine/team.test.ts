/**
 * A shared spreadsheet is a team: each user's jobs, key and runs stay their own. Ann and Carol share
 * one provider workspace (two keys), Bob has his own; every user has their own user properties.
 */
import type { AppContext } from '../../../src/engine/context';
import { pollOnce } from '../../../src/engine/poll';
import { createSidebarServer } from '../../../src/app/sidebar-server';
import { cancelRun } from '../../../src/engine/run-control';
import { readRunLog } from './team-support';
import { STATUS } from '../../../src/domain/statuses';
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import { contextAs, createWorld, teammate, type TestUser, type TestWorld } from '../fakes/context';
import { apiError } from '../fakes/fake-api';
import { contactsSheet, ENRICH_WORK_EMAIL, people } from '../fakes/scenario';

function team() {
  const world = createWorld();
  const ann = teammate(world, 'ann@acme.com', 'key-ann-0123456789', 'ws_acme');
  const bob = teammate(world, 'bob@other.com', 'key-bob-0123456789', 'ws_other');
  const carol = teammate(world, 'carol@acme.com', 'key-carol-0123456789', 'ws_acme');
  return { world, ann, bob, carol };
}

const as = (world: TestWorld, user: TestUser): AppContext => contextAs(world, user);

/** The user's sidebar: plan, confirm, start. */
function startRun(world: TestWorld, user: TestUser) {
  const server = createSidebarServer(as(world, user));
  const plan = server.planRun(ENRICH_WORK_EMAIL);
  return createSidebarServer(as(world, user)).startRun(plan.planId);
}

/** Verify in Settings: the user's key's workspace becomes known. */
const verify = (world: TestWorld, user: TestUser) => createSidebarServer(as(world, user)).verifyApiKey({});

describe('a document shared by a team', () => {
  it("another user's poll leaves a run alone; its owner's poll writes every paid answer", () => {
    const { world, ann, bob } = team();
    const sheet = contactsSheet(world, people(30));
    startRun(world, ann);
    expect(sheet.column('Status').every((status) => status === 'pending')).toBe(true);

    // Bob opens his sidebar while Ann's jobs run: his key cannot read them (404), which proves nothing.
    expect(pollOnce(as(world, bob))).toBe(true);
    expect(sheet.column('Status').every((status) => status === 'pending')).toBe(true);
    const bobsView = createSidebarServer(as(world, bob)).getProgress();
    expect(bobsView.runs[0]).toMatchObject({
      state: 'running',
      othersRun:
        "ann@acme.com's run: results arrive when their add-on checks (their sidebar or their trigger).",
    });

    pollOnce(as(world, ann));
    expect(sheet.column('Work email')).toEqual(
      people(30).map(([f, l]) => `${f}.${l}@acme.com`.toLowerCase()),
    );
    expect(createSidebarServer(as(world, ann)).getProgress().runs[0]).toMatchObject({
      state: 'finished',
      credits: 30,
    });
    expect(createSidebarServer(as(world, ann)).getProgress().runs[0]!.othersRun).toBeUndefined();
  });

  it('a teammate whose key verifies to the same workspace polls the run and writes its answers', () => {
    const { world, ann, carol } = team();
    const sheet = contactsSheet(world, people(3));
    verify(world, ann);
    startRun(world, ann);
    pollOnce(as(world, carol));
    expect(sheet.column('Work email')).toEqual(['p1.l1@acme.com', 'p2.l2@acme.com', 'p3.l3@acme.com']);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
  });

  it('a 404 closes a job only when the key that started it gets it', () => {
    const { world, ann, carol } = team();
    const sheet = contactsSheet(world, people(2));
    verify(world, ann);
    startRun(world, ann);
    world.api.outcomeFor = () => ({ kind: 'error', error: apiError(404, 'job.not_found', false) });
    pollOnce(as(world, carol));
    expect(sheet.column('Status')).toEqual(['pending', 'pending']);
    world.clock.advance(60 * 60 * 1000);
    pollOnce(as(world, ann));
    expect(sheet.column('Status')).toEqual([STATUS.jobNotFound, STATUS.jobNotFound]);
  });

  it('a user without a key stops only their own runs', () => {
    const { world, ann, bob } = team();
    const sheet = contactsSheet(world, people(2));
    startRun(world, ann);
    bob.userStore.deleteMany([USER_PROPERTY.apiKey]);
    pollOnce(as(world, bob));
    const seenByAnn = createSidebarServer(as(world, ann)).getProgress().runs[0]!;
    expect(seenByAnn.state).toBe('running');
    expect(seenByAnn.waitingForKey).toBeUndefined();
    pollOnce(as(world, ann));
    expect(sheet.column('Status')).toEqual(['found', 'found']);
  });

  it("nobody cancels another user's run, and no one's trigger is kept for another's jobs", () => {
    const { world, ann, bob } = team();
    contactsSheet(world, people(2));
    const { runId } = startRun(world, ann);
    expect(() => cancelRun(as(world, bob), runId)).toThrow(/ann@acme.com's run.*Only they can change it/);
    pollOnce(as(world, bob));
    expect(bob.triggerStore.list()).toEqual([]);
    expect(ann.triggerStore.list()).toHaveLength(1);
  });

  it('the log tab says who started each run and whose key paid', () => {
    const { world, ann } = team();
    contactsSheet(world, people(2));
    verify(world, ann);
    startRun(world, ann);
    pollOnce(as(world, ann));
    const [row] = readRunLog(world);
    expect(row).toMatchObject({ By: 'ann@acme.com', 'Paid with': "ann@acme.com's key" });
  });
});
