/**
 * Teams (docs/api-decisions.md, "Teams and workspaces"): keys of one workspace share its balance, its
 * jobs and its search memory; keys of other workspaces cannot see its jobs; credits are counted per
 * key as well as per workspace; keys come and go at runtime while the workspace stays.
 */
import { parseCliArgs } from '../../dev/emulator/cli';
import { workspaceId } from '../../dev/emulator/keyring';
import { createEmulator } from '../../dev/emulator/server';
import { startEmulator, type Json, type TestEmulator } from './helpers';

const TEAM = 'ws_team';
const ALICE = 'key-alice';
const BOB = 'key-bob';
const SOLO = 'key-solo';
const SOLO_WORKSPACE = workspaceId(SOLO);

// Two people whose prices are known: Ada 1 (work email) + 10 (phone), Grace 1 + 3 (personal email).
const DATA = {
  companies: [{ name: 'Acme', domain: 'acme.test' }],
  people: [
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_domain: 'acme.test',
      work_email: 'ada@acme.test',
      phone: '+33612345678',
    },
    {
      first_name: 'Grace',
      last_name: 'Hopper',
      company_domain: 'acme.test',
      work_email: 'grace@acme.test',
      personal_email: 'grace@mail.test',
    },
  ],
};
const ADA_CREDITS = 11;
const GRACE_CREDITS = 4;

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({
    keys: [SOLO],
    workspaces: { [TEAM]: [ALICE, BOB] },
    jobMs: 0,
    data: DATA,
    worldSize: { companies: 50, people: 200 },
  });
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.admin.reset();
  await api.admin.setCredits(1_000);
});

const enrich = async (key: string, firstname: string, lastname: string): Promise<string> => {
  const datas = [{ firstname, lastname, domain: 'acme.test' }];
  const answer = await api.post('/api/v1/contact/enrich/bulk', { name: 'team job', datas }, { key });
  expect(answer.status).toBe(200);
  return answer.body.enrichment_id;
};
const reverse = async (key: string, email: string): Promise<string> => {
  const answer = await api.post(
    '/api/v2/contact/reverse/email/bulk',
    { name: 'team', data: [{ email }] },
    { key },
  );
  expect(answer.status).toBe(200);
  return answer.body.enrichment_id;
};
const verify = async (key: string) => (await api.get('/api/v2/account/keys/verify', { key })).body;
const balance = async (key: string) => (await api.get('/api/v2/account/credits', { key })).body.balance;

describe('workspaces of keys', () => {
  it('verifies every key of a team to the team, and a key given alone to its own workspace', async () => {
    expect(await verify(ALICE)).toEqual({ workspace_id: TEAM });
    expect(await verify(BOB)).toEqual({ workspace_id: TEAM });
    expect(await verify(SOLO)).toEqual({ workspace_id: SOLO_WORKSPACE });
    expect(await api.admin.workspaces()).toEqual({ [SOLO_WORKSPACE]: [SOLO], [TEAM]: [ALICE, BOB] });
    // `keys` come first: the solo key is the emulator's key.
    expect(api.emulator.apiKey).toBe(SOLO);
  });

  it('starts with the keys of its workspaces only (no demo key), and refuses a key in two workspaces', () => {
    expect(createEmulator({ workspaces: { [TEAM]: [BOB, ALICE] } }).apiKey).toBe(BOB);
    expect(() => createEmulator({ keys: [ALICE], workspaces: { [TEAM]: [ALICE] } })).toThrow(
      /key-alice" already belongs to workspace ws_/,
    );
  });
});

describe('charges', () => {
  it('lists every processed item: the fp sent, whom it matched, its cost (GET /__admin/outcomes)', async () => {
    const datas = [
      { firstname: 'Ada', lastname: 'Lovelace', domain: 'acme.test', custom: { fp: 'e-ada' } },
      { firstname: 'Nobody', lastname: 'Known', domain: 'acme.test', custom: { fp: 'e-nobody' } },
    ];
    const answer = await api.post('/api/v1/contact/enrich/bulk', { name: 'items', datas }, { key: ALICE });
    expect(answer.status).toBe(200);
    const outcomes = await api.admin.outcomes();
    expect(
      outcomes.map((item) => [item.fp, item.workspace_id, item.credits, item.work_emails, !!item.person]),
    ).toEqual([
      ['e-ada', TEAM, ADA_CREDITS, ['ada@acme.test'], true],
      ['e-nobody', TEAM, 0, [], false],
    ]);
    expect(outcomes[0]!.job).toBe(answer.body.enrichment_id);
  });

  it('says what each item’s credits paid for, per field or reverse, and the person’s data', async () => {
    const fields = { enrich_fields: ['contact.emails', 'contact.phones'] };
    const datas = [
      { firstname: 'Ada', lastname: 'Lovelace', domain: 'acme.test', custom: { fp: 'e-ada' }, ...fields },
      { firstname: 'Grace', lastname: 'Hopper', domain: 'acme.test', custom: { fp: 'e-grace' }, ...fields },
      { firstname: 'Nobody', lastname: 'Known', domain: 'acme.test', custom: { fp: 'e-nobody' }, ...fields },
    ];
    await api.post('/api/v1/contact/enrich/bulk', { name: 'fields', datas }, { key: ALICE });
    const reverse = { name: 'reverse', data: [{ email: 'grace@acme.test', custom: { fp: 'r-grace' } }] };
    await api.post('/api/v2/contact/reverse/email/bulk', reverse, { key: ALICE });
    const outcomes = await api.admin.outcomes();
    expect(
      outcomes.map((item) => [item.fp, item.credits, item.charged_for, item.personal_emails, item.phones]),
    ).toEqual([
      ['e-ada', ADA_CREDITS, ['work_email', 'phone'], [], ['+33612345678']],
      // Grace has no phone: asked, not charged.
      ['e-grace', 1, ['work_email'], ['grace@mail.test'], []],
      ['e-nobody', 0, [], [], []],
      ['r-grace', 1, ['profile'], ['grace@mail.test'], []],
    ]);
    expect(outcomes[3]!.full_name).toBe('Grace Hopper');
  });

  it('lists each job’s charge per key in its books, on the caller’s clock at the start', async () => {
    const at = Date.UTC(2026, 0, 2, 23, 30);
    const datas = [{ firstname: 'Ada', lastname: 'Lovelace', domain: 'acme.test' }];
    const start = { key: ALICE, headers: { 'x-local-clock': String(at) } };
    await api.post('/api/v1/contact/enrich/bulk', { name: 'run r1 job 1', datas }, start);
    await enrich(BOB, 'Grace', 'Hopper');
    const books = await api.admin.books();
    expect(books.map(({ key, workspace_id, name, credits }) => [key, workspace_id, name, credits])).toEqual([
      [ALICE, TEAM, 'run r1 job 1', ADA_CREDITS],
      [BOB, TEAM, 'team job', GRACE_CREDITS],
    ]);
    expect(books[0]!.at).toBe(at);
    expect(Math.abs(books[1]!.at - Date.now())).toBeLessThan(60_000);
  });

  it('books two members’ jobs to the one team balance, and each to the key that started it', async () => {
    await enrich(ALICE, 'Ada', 'Lovelace');
    await enrich(BOB, 'Grace', 'Hopper');
    const left = 1_000 - ADA_CREDITS - GRACE_CREDITS;
    expect([await balance(ALICE), await balance(BOB), await balance(SOLO)]).toEqual([left, left, 1_000]);
    const stats = await api.admin.stats();
    expect(stats.credits_spent).toBe(15);
    expect(stats.credits_spent_by_key).toEqual({ [SOLO]: 0, [ALICE]: 11, [BOB]: 4 });
    expect(stats.credits_spent_by_workspace).toEqual({ [SOLO_WORKSPACE]: 0, [TEAM]: 15 });
    const jobs = await api.admin.jobs();
    expect(jobs.map((job) => [job.key, job.workspace_id, job.credits])).toEqual([
      [ALICE, TEAM, 11],
      [BOB, TEAM, 4],
    ]);
  });

  it('counts a person bought by two members as paid twice, and by two workspaces as paid once each', async () => {
    await enrich(ALICE, 'Ada', 'Lovelace');
    await enrich(BOB, 'Ada', 'Lovelace');
    await enrich(SOLO, 'Ada', 'Lovelace');
    expect((await api.admin.stats()).charges).toEqual({
      persons: 2,
      charged_twice: 1,
      credits_once: 2 * ADA_CREDITS,
    });
  });

  it('stops a member’s job when the team balance, spent by another member, runs out', async () => {
    await api.admin.setCredits(12, BOB);
    await enrich(ALICE, 'Ada', 'Lovelace');
    const id = await enrich(BOB, 'Grace', 'Hopper');
    const answer = await api.get(`/api/v2/contact/enrich/bulk/${id}`, { key: BOB });
    expect([answer.status, answer.body.status, await balance(BOB)]).toEqual([402, 'CREDITS_INSUFFICIENT', 1]);
  });

  it('shares search memory within a team: a result one member paid for is free to the other', async () => {
    const people = async (key: string) =>
      (await api.post('/api/v2/people/search', { limit: 8 }, { key })).body.people as Json[];
    const bobs = await people(BOB);
    expect(await people(ALICE)).toEqual(bobs);
    expect(await people(SOLO)).toEqual(bobs);
    expect([await balance(ALICE), await balance(SOLO)]).toEqual([998, 998]);
    const stats = await api.admin.stats();
    expect(stats.credits_spent_by_key).toEqual({ [SOLO]: 2, [ALICE]: 0, [BOB]: 2 });
    expect(stats.credits_spent_by_workspace).toEqual({ [SOLO_WORKSPACE]: 2, [TEAM]: 2 });
    // One balance for the team: what Alice cannot pay, Bob cannot either.
    await api.admin.setCredits(0, ALICE);
    const refused = await api.post('/api/v2/people/search', { offset: 8, limit: 4 }, { key: BOB });
    expect(refused.status).toBe(402);
  });
});

describe.each([
  {
    kind: 'enrichment',
    start: (key: string) => enrich(key, 'Ada', 'Lovelace'),
    reads: ['/api/v2/contact/enrich/bulk/', '/api/v1/contact/enrich/bulk/'],
    found: (body: Json) =>
      body.data?.[0]?.contact_info?.most_probable_work_email?.email ??
      body.datas?.[0]?.contact?.most_probable_email,
    expected: 'ada@acme.test',
  },
  {
    kind: 'reverse-email',
    start: (key: string) => reverse(key, 'grace@mail.test'),
    reads: ['/api/v2/contact/reverse/email/bulk/', '/api/v1/contact/reverse/email/bulk/'],
    found: (body: Json) => body.data?.[0]?.profile?.first_name ?? body.datas?.[0]?.contact?.firstname,
    expected: 'Grace',
  },
])('a $kind job', ({ start, reads, found, expected }) => {
  it.each(reads)(
    'is read by another key of its workspace and is a 404 to other workspaces: %s',
    async (path) => {
      const id = await start(ALICE);
      const alices = await api.get(`${path}${id}`, { key: ALICE });
      expect(alices.status).toBe(200);
      expect(found(alices.body)).toBe(expected);
      const bobs = await api.get(`${path}${id}`, { key: BOB });
      expect([bobs.status, bobs.body]).toEqual([200, alices.body]);
      const solos = await api.get(`${path}${id}`, { key: SOLO });
      expect([solos.status, solos.body]).toEqual([
        404,
        { code: 'error.enrichment.not_found', message: 'Enrichment ID not found' },
      ]);
    },
  );
});

describe('keys at runtime', () => {
  it('removes a key (401) and saves it again: the workspace kept its balance and jobs', async () => {
    const id = await enrich(BOB, 'Ada', 'Lovelace');
    await api.admin.removeKey(BOB);
    expect((await api.get('/api/v2/account/keys/verify', { key: BOB })).body.code).toBe('error.api.key');
    expect(await api.admin.workspaces()).toEqual({ [SOLO_WORKSPACE]: [SOLO], [TEAM]: [ALICE] });
    // The removed key's spending is still told apart.
    expect((await api.admin.stats()).credits_spent_by_key).toEqual({ [SOLO]: 0, [ALICE]: 0, [BOB]: 11 });
    expect(await api.admin.addKey(BOB, TEAM)).toBe(TEAM);
    expect((await api.get(`/api/v2/contact/enrich/bulk/${id}`, { key: BOB })).status).toBe(200);
    expect(await balance(BOB)).toBe(1_000 - ADA_CREDITS);
  });

  it('adds a new member to a team, or a key with a workspace of its own', async () => {
    const id = await enrich(ALICE, 'Ada', 'Lovelace');
    expect(await api.admin.addKey('key-carol', TEAM)).toBe(TEAM);
    expect((await api.get(`/api/v2/contact/enrich/bulk/${id}`, { key: 'key-carol' })).status).toBe(200);
    expect(await api.admin.addKey('key-dan')).toBe(workspaceId('key-dan'));
    expect([await balance('key-dan'), await balance('key-carol')]).toEqual([1_000, 1_000 - ADA_CREDITS]);
    expect((await api.get(`/api/v2/contact/enrich/bulk/${id}`, { key: 'key-dan' })).status).toBe(404);
  });

  it('refuses a key of another workspace and unknown keys; reset brings the start keys back', async () => {
    await expect(api.admin.addKey(ALICE, 'ws_other')).rejects.toThrow(/error.admin.key_in_use/);
    await expect(api.admin.removeKey('key-nobody')).rejects.toThrow(/error.admin.unknown_key/);
    await expect(api.admin.setCredits(5, 'key-nobody')).rejects.toThrow(/error.admin.unknown_key/);
    await api.admin.removeKey(ALICE);
    await api.admin.addKey('key-erin');
    await api.admin.reset();
    expect(await api.admin.workspaces()).toEqual({ [SOLO_WORKSPACE]: [SOLO], [TEAM]: [ALICE, BOB] });
    expect((await api.get('/api/v2/account/credits', { key: 'key-erin' })).status).toBe(401);
  });
});

describe('--workspace', () => {
  it('reads ID=KEY1,KEY2, repeatable, a workspace named twice getting both lists', () => {
    const options = parseCliArgs(['--key', SOLO, '--workspace', `${TEAM}=a, b`, '--workspace', `${TEAM}=c`]);
    expect([options.keys, options.workspaces]).toEqual([[SOLO], { [TEAM]: ['a', 'b', 'c'] }]);
    expect(parseCliArgs([])).toMatchObject({ keys: undefined, workspaces: undefined });
    expect(() => parseCliArgs(['--workspace', '=a'])).toThrow(/ID=KEY1,KEY2/);
  });
});
