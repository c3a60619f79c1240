/**
 * The price of search (docs/api-decisions.md, Search): a quarter credit per result returned to the
 * workspace for the first time, billed as whole credits as quarters add up; re-exports free; a 402
 * that takes and remembers nothing; the rate limit and faults as on every endpoint; admin stats.
 */
import { SearchMemory } from '../../dev/emulator/search-billing';
import { manualClock, startEmulator, type Json, type TestEmulator } from './helpers';

const INSUFFICIENT = { code: 'error.credits.insufficient', message: 'Insufficient credits' };
const RATE_LIMITED = { code: 'error.rate.limit', message: 'Too many requests. Try again in 1m' };
const KEYS = ['key-a', 'key-b'];

let api: TestEmulator;
beforeAll(async () => {
  // A small world: people search materialises everyone on first use.
  api = await startEmulator({ keys: KEYS, worldSize: { companies: 300, people: 2_000 } });
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.admin.reset();
  await api.admin.setCredits(100);
});

const search = (kind: 'company' | 'people', body: Json, key = 'key-a') =>
  api.post(`/api/v2/${kind}/search`, body, { key });
const ok = async (kind: 'company' | 'people', body: Json, key = 'key-a') => {
  const answer = await search(kind, body, key);
  expect(answer.status).toBe(200);
  return answer.body;
};
const balance = async (key = 'key-a') => (await api.get('/api/v2/account/credits', { key })).body.balance;
const unbilled = async (key = 'key-a') => {
  const workspace = (await api.get('/api/v2/account/keys/verify', { key })).body.workspace_id;
  const state = await fetch(`${api.baseUrl}/__admin/state`).then((r) => r.json());
  return (state as Json).unbilled_search_results[workspace];
};

describe('search price', () => {
  it('charges first-time results only, a whole credit per four', async () => {
    await ok('company', { limit: 3 });
    expect([await balance(), await unbilled()]).toEqual([100, 3]);
    await ok('company', { offset: 3, limit: 1 });
    expect([await balance(), await unbilled()]).toEqual([99, 0]);
    // The same four again, and a page overlapping them: only the six new ones count.
    await ok('company', { limit: 4 });
    await ok('company', { offset: 2, limit: 8 });
    expect([await balance(), await unbilled()]).toEqual([98, 2]);
  });

  it('sums many small requests to the whole credits of their results, the rest carried', async () => {
    for (let offset = 0; offset < 37; offset++) await ok('people', { offset, limit: 1 });
    expect([await balance(), await unbilled()]).toEqual([100 - 9, 1]);
    const stats = await api.admin.stats();
    expect(stats.search.by_kind.people).toEqual({
      requests: 37,
      refused_for_credits: 0,
      results_returned: 37,
      results_charged: 37,
      credits_charged: 9,
    });
  });

  it('answers metadata.total for a quarter credit with limit 1 (0 or 1 whole credit)', async () => {
    const preview = await ok('people', { person_locations: [{ value: 'a' }], limit: 1 });
    expect(preview.people).toHaveLength(1);
    expect(preview.metadata.total).toBeGreaterThan(1);
    expect([await balance(), await unbilled()]).toEqual([100, 1]);
  });

  it('keeps company and people results apart, and workspaces apart, with one carry per workspace', async () => {
    const companies = await ok('company', { limit: 2 });
    const people = await ok('people', { limit: 2 });
    expect([await balance(), await unbilled()]).toEqual([99, 0]);
    // Re-exports are free: a retried search whose answer was lost costs nothing again.
    expect(await ok('company', { limit: 2 })).toEqual(companies);
    expect(await ok('people', { limit: 2 })).toEqual(people);
    expect([await balance(), await unbilled()]).toEqual([99, 0]);
    // Another workspace has seen none of them.
    await ok('company', { limit: 4 }, 'key-b');
    expect([await balance('key-b'), await balance()]).toEqual([99, 99]);
  });

  it('tells a company id from a person id even when they are the same string', () => {
    const memory = new SearchMemory();
    memory.commit(memory.quote('ws', 'company', ['x', 'y', 'z', 'w']));
    expect(memory.quote('ws', 'company', ['x', 'y', 'z', 'w'])).toMatchObject({ fresh: [], credits: 0 });
    expect(memory.quote('ws', 'people', ['x', 'y', 'z', 'w'])).toMatchObject({
      credits: 1,
      unbilledAfter: 0,
    });
    expect(memory.quote('other', 'company', ['x'])).toMatchObject({ fresh: ['x'], unbilledAfter: 1 });
  });

  it('answers 402 when the balance cannot cover the charge, taking and remembering nothing', async () => {
    await api.admin.setCredits(0, 'key-a');
    expect(await search('company', { limit: 4 })).toMatchObject({ status: 402, body: INSUFFICIENT });
    // Not remembered: the same three results are first-time again, and the carry is theirs only.
    await ok('company', { limit: 3 });
    expect([await balance(), await unbilled()]).toEqual([0, 3]);
    expect((await search('company', { offset: 3, limit: 1 })).status).toBe(402);
    expect([await balance(), await unbilled()]).toEqual([0, 3]);
    // What was returned before stays free at a zero balance.
    await ok('company', { limit: 3 });
    // A top-up keeps the carry of 3: 8 more make 11 quarters-to-be (2 credits), 4 more make 7 (1).
    await api.admin.setCredits(1, 'key-a');
    expect((await search('company', { offset: 3, limit: 8 })).status).toBe(402);
    expect((await search('company', { offset: 3, limit: 4 })).status).toBe(200);
    expect([await balance(), await unbilled()]).toEqual([0, 3]);
    const stats = await api.admin.stats();
    expect(stats.search.by_kind.company).toMatchObject({ requests: 3, refused_for_credits: 3 });
    expect(stats.requests['POST /api/v2/company/search']).toEqual({ '200': 3, '402': 3 });
  });
});

describe('search stats and admin actions', () => {
  it('reports requests, results returned and charged, and credits', async () => {
    await ok('company', { limit: 10 });
    await ok('company', { limit: 10 });
    await ok('people', { limit: 6 });
    const stats = await api.admin.stats();
    expect(stats.search).toEqual({
      requests: 3,
      refused_for_credits: 0,
      results_returned: 26,
      results_charged: 16,
      credits_charged: 4,
      by_kind: {
        company: {
          requests: 2,
          refused_for_credits: 0,
          results_returned: 20,
          results_charged: 10,
          credits_charged: 2,
        },
        people: {
          requests: 1,
          refused_for_credits: 0,
          results_returned: 6,
          results_charged: 6,
          credits_charged: 2,
        },
      },
    });
    expect(stats.credits_spent).toBe(4);
  });

  it('keeps returned results and carries across a new balance (a top-up), forgets them on reset', async () => {
    await ok('company', { limit: 6 }, 'key-a');
    await api.admin.setCredits(50, 'key-a');
    await ok('company', { limit: 6 }, 'key-a');
    // The same 6 results again: free after the top-up too; the carry of 2 is still there.
    expect([await balance('key-a'), await unbilled('key-a')]).toEqual([50, 2]);
    await api.admin.reset();
    expect((await api.admin.stats()).search.requests).toBe(0);
    await ok('company', { limit: 4 }, 'key-a');
    expect([await balance('key-a'), await unbilled('key-a')]).toEqual([10_000 - 1, 0]);
  });
});

describe('rate limit and faults on search', () => {
  it('counts searches in the per-key window; a 429 charges nothing', async () => {
    await api.admin.config({ rateLimit: 3 });
    const statuses = [];
    for (let offset = 0; offset < 4; offset++)
      statuses.push(await search('company', { offset: offset * 4, limit: 4 }));
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(statuses[3]?.body).toEqual(RATE_LIMITED);
    expect(Number(statuses[3]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await search('people', { limit: 4 })).status).toBe(429);
    expect((await search('people', { limit: 4 }, 'key-b')).status).toBe(200);
    await api.admin.config({ rateLimit: 0 });
    expect([await balance(), await unbilled()]).toEqual([97, 0]);
    expect((await api.admin.stats()).search.by_kind.company.requests).toBe(3);
  });

  it('answers injected 5xx and outages on search without charging', async () => {
    await api.admin.config({ faults: '5xx=1' });
    const failed = await search('people', { limit: 8 });
    expect([failed.status >= 500, failed.body.code]).toEqual([true, 'error.server']);
    await api.admin.config({ faults: '5xx=0', down: true });
    expect((await search('company', { limit: 8 })).status).toBe(503);
    await api.admin.config({ down: false });
    expect([await balance(), await unbilled()]).toEqual([100, 0]);
    expect((await api.admin.stats()).search.requests).toBe(0);
  });
});

describe('search and jobs on one balance', () => {
  it('lets the contacts a job processed before the search take their credits first', async () => {
    const clock = manualClock();
    const own = await startEmulator({
      now: clock.now,
      jobMs: 1_000,
      worldSize: { companies: 300, people: 2_000 },
    });
    try {
      let index = 0;
      while (!own.emulator.world.person(index)?.workEmails.length) index++;
      await own.admin.setCredits(1);
      const started = await own.post('/api/v1/contact/enrich/bulk', {
        name: 'before the search',
        datas: [
          {
            network_url: own.emulator.world.person(index)?.networkUrl,
            enrich_fields: ['contact.work_emails'],
          },
        ],
      });
      expect(started.status).toBe(200);
      clock.advance(2_000);
      // The job's contact was due a second ago: it holds the only credit, so four new results cannot be paid.
      expect((await own.post('/api/v2/company/search', { limit: 4 })).status).toBe(402);
      const job = await own.get(`/api/v2/contact/enrich/bulk/${started.body.enrichment_id}`);
      expect([job.status, job.body.status]).toEqual([200, 'FINISHED']);
    } finally {
      await own.close();
    }
  });
});
