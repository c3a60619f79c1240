/**
 * `POST /__admin/clock`: the emulator's time jumps ahead without anyone sleeping (the fuzzer's
 * "wait"): jobs progress and webhooks fall due as if the time had passed; a reset undoes it.
 */
import { parseCliArgs } from '../../dev/emulator/cli';
import { sampleContacts } from '../../dev/emulator/sample';
import { manualClock, startEmulator, startReceiver, waitFor, type TestEmulator } from './helpers';

const SEED = 7;
const JOB_MS = 1_000;
const datas = sampleContacts(SEED, 8, { unknownShare: 0 })
  .slice(0, 4)
  .map((c) => ({ firstname: c.firstName, lastname: c.lastName, domain: c.domain }));

// The emulator's own clock stands still: whatever moves, moves by the jumps.
const wall = manualClock(Date.UTC(2031, 4, 1));
let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({ seed: SEED, jobMs: JOB_MS, now: wall.now });
});
afterAll(() => api.close());
beforeEach(() => api.admin.reset());

async function startJob(extra: object = {}): Promise<string> {
  const answer = await api.post('/api/v1/contact/enrich/bulk', { name: 'jumped', datas, ...extra });
  expect(answer.status).toBe(200);
  return answer.body.enrichment_id as string;
}

describe('the emulator clock jump', () => {
  it('moves jobs on by the time it jumps, for good', async () => {
    const id = await startJob();
    expect((await api.admin.job(id)).processed).toBe(0);
    await api.admin.advanceClock(JOB_MS / 2);
    expect((await api.admin.job(id)).processed).toBe(2);
    await api.admin.advanceClock(JOB_MS / 2);
    const done = await api.get(`/api/v2/contact/enrich/bulk/${id}`);
    expect(done.body.status).toBe('FINISHED');
    // Its own clock still runs under the jump: a job started now takes its whole time from here.
    const next = await startJob();
    wall.advance(JOB_MS);
    expect((await api.admin.job(next)).processed).toBe(4);
  });

  it('is undone by a reset', async () => {
    await api.admin.advanceClock(24 * 3_600_000);
    await api.admin.reset();
    const id = await startJob();
    // Jobs now start on the emulator's own clock again: created there, half done half a job later.
    wall.advance(JOB_MS / 2);
    expect((await api.admin.job(id)).processed).toBe(2);
    expect((await api.admin.job(id)).created_at).toBe(new Date(wall.now() - JOB_MS / 2).toISOString());
  });

  it('fires the webhooks that fell due on the way, with no request for the job', async () => {
    const receiver = await startReceiver();
    try {
      // A job of a minute: its own timer would fire 15 s from now, past waitFor's 5 s.
      await api.admin.config({ jobMs: 60_000 });
      const id = await startJob({ webhook_url: receiver.url() });
      await api.admin.advanceClock(60_000);
      await waitFor(() => receiver.received.length === 1);
      expect(receiver.received[0]?.body).toMatchObject({ id, status: 'FINISHED' });
    } finally {
      await receiver.close();
    }
  });

  it('keeps its job ids drawing on through a reset: a document may hold ids of before', async () => {
    const first = await startJob();
    await api.admin.reset();
    expect(await startJob()).not.toBe(first);
  });

  it('stands at `--clock-at MS` and, reset, gives the same job ids again (the fuzzer)', async () => {
    const at = Date.UTC(2026, 10, 29);
    expect(parseCliArgs(['--clock-at', String(at)]).clockAt).toBe(at);
    const still = await startEmulator({ clockAt: at, seed: SEED, jobMs: JOB_MS });
    try {
      const ids = async () => {
        const answer = await still.post('/api/v1/contact/enrich/bulk', { name: 'still', datas });
        return [answer.body.enrichment_id, (await still.admin.job(answer.body.enrichment_id)).created_at];
      };
      const first = [await ids(), await ids()];
      expect(first[0]![1]).toBe(new Date(at).toISOString());
      await still.admin.advanceClock(5_000);
      await still.admin.reset();
      expect([await ids(), await ids()]).toEqual(first);
    } finally {
      await still.close();
    }
  });

  it('refuses a jump back', async () => {
    const answer = await api.post('/__admin/clock', { advanceMs: -1 }, { key: null });
    expect(answer.status).toBe(400);
  });
});
