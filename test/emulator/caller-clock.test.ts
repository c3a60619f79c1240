/**
 * The `callerClock` option: the emulator's time is the latest `x-local-clock` its callers sent
 * (the fuzzer moves its harness clock instead of sleeping), never going back; the default stays
 * the emulator's own clock.
 */
import { adminClient } from '../../dev/emulator/admin-client';
import { parseCliArgs } from '../../dev/emulator/cli';
import { spawnFlags } from '../../dev/emulator/spawn';
import { sampleContacts } from '../../dev/emulator/sample';
import { manualClock, startEmulator, startReceiver, waitFor, type TestEmulator } from './helpers';

const SEED = 7;
const JOB_MS = 1_000;
const T0 = Date.UTC(2031, 4, 1);
const at = (ms: number) => ({ headers: { 'x-local-clock': String(ms) } });
const datas = sampleContacts(SEED, 8, { unknownShare: 0 })
  .slice(0, 4)
  .map((c) => ({ firstname: c.firstName, lastname: c.lastName, domain: c.domain }));

async function startJob(api: TestEmulator, clockMs?: number): Promise<string> {
  const answer = await api.post(
    '/api/v1/contact/enrich/bulk',
    { name: 'clocked', datas },
    clockMs === undefined ? {} : at(clockMs),
  );
  expect(answer.status).toBe(200);
  return answer.body.enrichment_id as string;
}

/** How many contacts the job processed, asked by an admin client at `clockMs` (none: no clock). */
async function processed(api: TestEmulator, id: string, clockMs?: number): Promise<number> {
  const admin = clockMs === undefined ? api.admin : adminClient(api.baseUrl, () => clockMs);
  return (await admin.job(id)).processed;
}

describe('callerClock', () => {
  // The emulator's own clock stands still: whatever moves, moves by the callers' clocks.
  const wall = manualClock(T0 - 3_600_000);
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startEmulator({ seed: SEED, jobMs: JOB_MS, now: wall.now, callerClock: true });
  });
  afterAll(() => api.close());
  beforeEach(() => api.admin.reset());

  it('runs jobs on the clock the requests carry, not on its own', async () => {
    const id = await startJob(api, T0);
    expect(await processed(api, id)).toBe(0);
    // Half the job's time on the caller's clock: two of four contacts.
    const half = await api.get(`/api/v2/contact/enrich/bulk/${id}?forceResults=true`, at(T0 + JOB_MS / 2));
    expect(half.body.status).toBe('IN_PROGRESS');
    expect(await processed(api, id)).toBe(2);
    // Its own clock moving changes nothing.
    wall.advance(10 * JOB_MS);
    expect(await processed(api, id)).toBe(2);
    const done = await api.get(`/api/v2/contact/enrich/bulk/${id}`, at(T0 + JOB_MS));
    expect(done.body.status).toBe('FINISHED');
    // The vendor's books are stamped with the caller's clock.
    expect((await api.admin.books()).map((charge) => charge.at)).toEqual([T0]);
  });

  it('never goes back, and admin calls move it when they carry a clock', async () => {
    const id = await startJob(api, T0);
    expect(await processed(api, id, T0 + JOB_MS / 4)).toBe(1);
    // An earlier clock (another caller behind) does not undo what happened.
    expect(await processed(api, id, T0)).toBe(1);
    expect((await api.get('/api/v2/account/credits', at(T0))).status).toBe(200);
    expect(await processed(api, id)).toBe(1);
    expect(await processed(api, id, T0 + JOB_MS)).toBe(4);
  });

  it('forgets the callers’ clock on reset: a new world may start behind the last one', async () => {
    await startJob(api, T0 + 24 * 3_600_000);
    await api.admin.reset();
    const id = await startJob(api, T0);
    expect(await processed(api, id, T0 + JOB_MS)).toBe(4);
  });

  it('fires a webhook when a caller’s clock passes the job’s end, whoever asked', async () => {
    const receiver = await startReceiver();
    try {
      const started = await api.post(
        '/api/v1/contact/enrich/bulk',
        { name: 'hooked', datas, webhook_url: receiver.url() },
        at(T0),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.received).toHaveLength(0);
      // Any request past the job's end, even one refused for its key: the job ends there and its
      // webhook goes out.
      expect((await api.get('/api/v2/account/credits', { key: null, ...at(T0 + JOB_MS) })).status).toBe(401);
      await waitFor(() => receiver.received.length === 1);
      expect(receiver.received[0]?.body).toMatchObject({
        id: started.body.enrichment_id,
        status: 'FINISHED',
      });
    } finally {
      await receiver.close();
    }
  });

  it('is on with --caller-clock (spawnEmulator passes it), off by default', () => {
    expect(parseCliArgs(['--caller-clock']).callerClock).toBe(true);
    expect(parseCliArgs([]).callerClock).toBe(false);
    expect(parseCliArgs(spawnFlags({ callerClock: true, jobMs: 5 })).callerClock).toBe(true);
    expect(parseCliArgs(spawnFlags({ jobMs: 5 })).callerClock).toBe(false);
  });
});

describe('without callerClock (the default)', () => {
  const wall = manualClock(T0);
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startEmulator({ seed: SEED, jobMs: JOB_MS, now: wall.now });
  });
  afterAll(() => api.close());

  it('runs jobs on its own clock, whatever clock the requests carry', async () => {
    const id = await startJob(api, T0 + 3_600_000);
    expect(await processed(api, id, T0 + 3_600_000)).toBe(0);
    wall.advance(JOB_MS);
    expect(await processed(api, id)).toBe(4);
  });
});
