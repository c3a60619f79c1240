/** Rate limit (spec §7, §8), injected faults and the admin switches tests rely on. */
import { parseFaults } from '../../dev/emulator/faults';
import { manualClock, startEmulator, type TestEmulator } from './helpers';

/**
 * The API's minute. The emulator runs on a clock the tests move by hand: no test waits for a window
 * to end, and a slow machine cannot end one in the middle of a test.
 */
const MINUTE_MS = 60_000;
const RATE_LIMITED = { code: 'error.rate.limit', message: 'Too many requests. Try again in 1m' };

describe('rate limit', () => {
  const clock = manualClock();
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startEmulator({ rateLimit: 5, minuteMs: MINUTE_MS, keys: ['a', 'b'], now: clock.now });
  });
  afterAll(() => api.close());

  it('lets N requests per minute per key through, then answers 429 until the window ends', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await api.get('/api/v2/account/credits', { key: 'a' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    clock.advance(20_000);
    const limited = await api.get('/api/v2/account/credits', { key: 'a' });
    expect(limited.body).toEqual(RATE_LIMITED);
    // Whole seconds until the window (opened by the first request) ends.
    expect(limited.headers.get('retry-after')).toBe('40');
    expect((await api.get('/api/v2/account/credits', { key: 'b' })).status).toBe(200);
    // One millisecond before the window ends: still refused, and "retry after" rounds up to 1 s.
    clock.advance(MINUTE_MS - 20_000 - 1);
    const last = await api.get('/api/v2/account/credits', { key: 'a' });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('1');
    // The window ends: the key has N requests again, in a new window.
    clock.advance(1);
    const again = [];
    for (let i = 0; i < 6; i++) again.push((await api.get('/api/v2/account/credits', { key: 'a' })).status);
    expect(again).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('measures the window on the caller’s clock when it sends x-local-clock (the local runtime)', async () => {
    const at = (ms: number) => ({ key: 'a', headers: { 'x-local-clock': String(ms) } });
    const start = Date.UTC(2030, 0, 1);
    await api.admin.reset();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.get('/api/v2/account/credits', at(start))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // No real time passes: the caller's clock alone ends the window.
    expect((await api.get('/api/v2/account/credits', at(start + MINUTE_MS - 1))).status).toBe(429);
    expect((await api.get('/api/v2/account/credits', at(start + MINUTE_MS))).status).toBe(200);
    await api.admin.reset();
  });

  it('can be changed at runtime', async () => {
    await api.admin.config({ rateLimit: 0 });
    for (let i = 0; i < 10; i++)
      expect((await api.get('/api/v2/account/credits', { key: 'b' })).status).toBe(200);
    await api.admin.reset();
  });
});

describe('faults', () => {
  it('parses fault specs and rejects bad ones', () => {
    expect(parseFaults('5xx=0.1,429=0.05,latency=50-300,stuck=0.02')).toEqual({
      serverError: 0.1,
      rateLimit: 0.05,
      forbidden: 0,
      forbiddenSparesForced: false,
      latencyMs: [50, 300],
      stuck: 0.02,
      lostStart: 0,
      malformed: 0,
      down: false,
    });
    expect(() => parseFaults('5xx=2')).toThrow(/between 0 and 1/);
    expect(() => parseFaults('teapot=0.1')).toThrow(/unknown fault/);
    expect(() => parseFaults('latency=300-50')).toThrow(/latency/);
  });

  it('injects 5xx and 429 at the given rates, deterministically for a seed', async () => {
    const run = async () => {
      const api = await startEmulator({ faults: '5xx=0.3,429=0.2', seed: 5 });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 60; i++) {
          const answer = await api.get('/api/v2/account/credits');
          statuses.push(answer.status);
          if (answer.status >= 500)
            expect(answer.body).toEqual({ code: 'error.server', message: expect.any(String) });
          if (answer.status === 429) expect(answer.body).toEqual(RATE_LIMITED);
        }
        return statuses;
      } finally {
        await api.close();
      }
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const count = (predicate: (s: number) => boolean) => first.filter(predicate).length;
    expect(count((s) => s === 500 || s === 503)).toBeGreaterThan(5);
    expect(count((s) => s === 429)).toBeGreaterThan(3);
    expect(count((s) => s === 200)).toBeGreaterThan(15);
  });

  it('goes down and comes back (503, then dropped connections), adds latency', async () => {
    const api = await startEmulator();
    try {
      await api.admin.config({ down: true });
      const down = await api.get('/api/v2/account/keys/verify');
      expect([down.status, down.body.code]).toEqual([503, 'error.server']);
      await api.admin.config({ down: 'reset' });
      await expect(api.get('/api/v2/account/keys/verify')).rejects.toThrow();
      await api.admin.config({ down: false, faults: 'latency=80-100' });
      const started = Date.now();
      expect((await api.get('/api/v2/account/keys/verify')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(75);
      const stats = await api.admin.stats();
      expect(stats.requests['GET /api/v2/account/keys/verify']).toEqual({ '200': 1, '503': 1 });
    } finally {
      await api.close();
    }
  });

  it('leaves stuck jobs in progress for as many polls as it takes', async () => {
    const api = await startEmulator({ faults: 'stuck=1', jobMs: 0 });
    try {
      const started = await api.post('/api/v1/contact/enrich/bulk', {
        name: 'stuck',
        datas: [
          { network_url: 'https://www.linkedin.com/in/a-1abcd' },
          { network_url: 'https://www.linkedin.com/in/b-2abcd' },
        ],
      });
      const id = started.body.enrichment_id;
      for (let poll = 0; poll < 20; poll++) {
        expect((await api.get(`/api/v2/contact/enrich/bulk/${id}`)).body.code).toBe(
          'error.enrichment.in_progress',
        );
      }
      expect((await api.get(`/api/v2/contact/enrich/bulk/${id}?forceResults=true`)).body.status).toBe(
        'IN_PROGRESS',
      );
      await api.admin.finishJob(id);
      expect((await api.get(`/api/v2/contact/enrich/bulk/${id}`)).body.status).toBe('FINISHED');
    } finally {
      await api.close();
    }
  });

  it('refuses job-result GETs with a gateway 403: every one (403), or all but forced ones (403poll)', async () => {
    const api = await startEmulator({ jobMs: 0 });
    try {
      const started = await api.post('/api/v1/contact/enrich/bulk', {
        name: 'refused',
        datas: [{ network_url: 'https://www.linkedin.com/in/a-1abcd' }],
      });
      const id = started.body.enrichment_id;
      const poll = async (forced: boolean) => {
        const answer = await api.get(
          `/api/v2/contact/enrich/bulk/${id}${forced ? '?forceResults=true' : ''}`,
        );
        return answer.status === 403 ? [403, answer.body.code] : [answer.status];
      };
      const refused = [403, 'error.gateway.forbidden'];
      await api.admin.config({ faults: '403=1' });
      expect([await poll(false), await poll(true)]).toEqual([refused, refused]);
      await api.admin.config({ faults: '403poll=1' });
      expect([await poll(false), await poll(true)]).toEqual([refused, [200]]);
      await api.admin.config({ faults: '403=0' });
      expect(await poll(false)).toEqual([200]);
      // Other routes are not refused.
      expect((await api.get('/api/v2/account/credits')).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('runs out of credits mid-job when the balance is cut at runtime', async () => {
    const api = await startEmulator({ jobMs: 0 });
    try {
      await api.admin.setCredits(0, api.emulator.apiKey);
      let index = 0;
      while (!api.emulator.world.person(index)?.workEmails.length) index++;
      const started = await api.post('/api/v1/contact/enrich/bulk', {
        name: 'broke',
        datas: [{ network_url: api.emulator.world.person(index)?.networkUrl }],
      });
      const answer = await api.get(`/api/v2/contact/enrich/bulk/${started.body.enrichment_id}`);
      expect([answer.status, answer.body.status, answer.body.cost]).toEqual([
        402,
        'CREDITS_INSUFFICIENT',
        { credits: 0 },
      ]);
    } finally {
      await api.close();
    }
  });
});
