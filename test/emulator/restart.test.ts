/**
 * `POST /__admin/restart` (dev/emulator/README.md): other start keys, credits, job time, rate limit
 * and faults, as if the emulator had started with them, on the world it has. The engine tests' kept
 * emulator (test/integration/support/engine.ts) serves every file of a jest worker this way.
 */
import { DEMO_KEY } from '../../dev/emulator/options';
import { startEmulator, type TestEmulator } from './helpers';

const TINY = { worldSize: { companies: 20, people: 100 } };

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({ ...TINY, credits: 500 });
});
afterAll(() => api.close());
beforeEach(() => api.admin.reset());

const balance = async (key: string) => (await api.get('/api/v2/account/credits', { key })).body;
const config = async () => (await api.get('/__admin/state')).body;

describe('a restart', () => {
  it('gives new start keys, credits, job time, rate limit and faults, and resets to them after', async () => {
    const before = api.state.world();
    const key = await api.admin.restart({
      workspaces: { ws_team: ['key-ann', 'key-bob'] },
      credits: 70,
      jobMs: 5,
      rateLimit: 3,
      minuteMs: 1_000,
      faults: 'latency=1',
    });
    expect(key).toBe('key-ann');
    // Workspaces alone are all the keys, as at a start: the demo key is gone.
    expect((await api.get('/api/v2/account/credits', { key: DEMO_KEY })).status).toBe(401);
    expect(await balance('key-bob')).toEqual({ balance: 70 });
    expect(await api.admin.workspaces()).toEqual({ ws_team: ['key-ann', 'key-bob'] });
    const restarted = await config();
    expect(restarted.config).toMatchObject({ jobMs: 5, rateLimit: 3, minuteMs: 1_000 });
    expect(restarted.faults.latencyMs).toEqual([1, 1]);

    await api.admin.setCredits(3);
    await api.admin.config({ jobMs: 900, faults: 'latency=0' });
    await api.admin.reset();
    expect(await balance('key-ann')).toEqual({ balance: 70 });
    expect((await config()).config).toMatchObject({ jobMs: 5, rateLimit: 3, minuteMs: 1_000 });
    expect((await config()).faults.latencyMs).toEqual([1, 1]);
    // The world is the one it had: a restart does not generate it again.
    expect(api.state.world()).toBe(before);
  });

  it('takes the start defaults for what it does not name', async () => {
    await api.admin.restart({ keys: ['key-solo'], credits: 9 });
    expect(await api.admin.restart({})).toBe(DEMO_KEY);
    expect(await balance(DEMO_KEY)).toEqual({ balance: 10_000 });
    expect((await config()).config).toMatchObject({ jobMs: 3_000, rateLimit: 60, minuteMs: 60_000 });
    expect((await config()).faults.latencyMs).toEqual([0, 0]);
  });

  it('adds other extra people to the world it has, and drops them at a restart without', async () => {
    const ada = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_domain: 'acme.test',
      work_email: 'ada@acme.test',
    };
    const generated = api.state.world();
    await api.admin.restart({
      jobMs: 0,
      data: { companies: [{ name: 'Acme', domain: 'acme.test' }], people: [ada] },
    });
    const withAda = api.state.world();
    expect(withAda.people.length).toBe(generated.people.length + 1);
    expect(withAda.companies.slice(0, generated.companies.length)).toEqual(generated.companies);
    const started = await api.post('/api/v1/contact/enrich/bulk', {
      name: 'ada',
      datas: [{ firstname: 'Ada', lastname: 'Lovelace', domain: 'acme.test' }],
    });
    const result = await api.get(`/api/v2/contact/enrich/bulk/${started.body.enrichment_id}`);
    expect(JSON.stringify(result.body)).toContain('ada@acme.test');
    await api.admin.reset();
    expect(api.state.world()).toBe(withAda);
    await api.admin.restart({});
    expect(api.state.world()).toBe(generated);
  });

  it('refuses a key in two workspaces or a bad fault spec, and changes nothing', async () => {
    await api.admin.restart({ keys: ['key-solo'], credits: 9 });
    await expect(api.admin.restart({ keys: ['key-a'], workspaces: { ws_team: ['key-a'] } })).rejects.toThrow(
      /400.*error\.admin\.invalid_start/,
    );
    await expect(api.admin.restart({ faults: 'nonsense=2' })).rejects.toThrow(/400/);
    await expect(api.admin.restart({ credits: -1 } as never)).rejects.toThrow(/400/);
    expect(Object.values(await api.admin.workspaces())).toEqual([['key-solo']]);
    expect(await balance('key-solo')).toEqual({ balance: 9 });
  });
});
