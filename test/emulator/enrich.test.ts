/** Enrichment jobs: lifecycle, v1 and v2 shapes, credits arithmetic, running out of credits. */
import { enrichResultV1, enrichResultV2, startResponse } from '../../src/api/schemas/responses';
import { sampleContacts, type SampleContact } from '../../dev/emulator/sample';
import { expectSchema, manualClock, startEmulator, type Json, type TestEmulator } from './helpers';

const SEED = 7;
const clock = manualClock();
let api: TestEmulator;

beforeAll(async () => {
  api = await startEmulator({ seed: SEED, jobMs: 1_000, now: clock.now });
});
afterAll(() => api.close());
beforeEach(() => api.admin.reset());

const contacts = sampleContacts(SEED, 60, { unknownShare: 0.2 });
const known = contacts.filter((c) => c.known);
const unknown = contacts.filter((c) => !c.known);

const byName = (c: SampleContact, extra: Json = {}) => ({
  firstname: c.firstName,
  lastname: c.lastName,
  domain: c.domain,
  custom: { row: `${c.firstName} ${c.lastName}` },
  ...extra,
});

async function start(datas: Json[]): Promise<string> {
  const answer = await api.post('/api/v1/contact/enrich/bulk', { name: 'test job', datas });
  expect(answer.status).toBe(200);
  expectSchema(startResponse(), answer.body);
  return answer.body.enrichment_id;
}

const balance = async () => (await api.get('/api/v2/account/credits')).body.balance as number;
const resultV2 = (id: string, force = false) =>
  api.get(`/api/v2/contact/enrich/bulk/${id}${force ? '?forceResults=true' : ''}`);

interface Fields {
  work: boolean;
  personal: boolean;
  phone: boolean;
}
const ALL: Fields = { work: true, personal: true, phone: true };

/** The price of what the world holds for a contact, computed from the world, not from the answer. */
function expectedCredits(contacts: SampleContact[], fields: Fields = ALL): number {
  return contacts.reduce((sum, c) => {
    const person = api.emulator.world.findContact({
      firstName: c.firstName,
      lastName: c.lastName,
      domain: c.domain,
    })?.person;
    if (!person) return sum;
    return (
      sum +
      (fields.work && person.workEmails.length > 0 ? 1 : 0) +
      (fields.personal && person.personalEmails.length > 0 ? 3 : 0) +
      (fields.phone && person.phones.length > 0 ? 10 : 0)
    );
  }, 0);
}

describe('job lifecycle', () => {
  it('answers 400 in_progress until finished, partial data with forceResults, then FINISHED', async () => {
    const id = await start(known.slice(0, 4).map((c) => byName(c)));
    const early = await resultV2(id);
    expect([early.status, early.body]).toEqual([
      400,
      { code: 'error.enrichment.in_progress', message: 'Enrichment not ready, try again in 30 seconds' },
    ]);
    expect((await resultV2(id, true)).body.status).toBe('CREATED');

    clock.advance(500); // two of four contacts are due
    const partial = await resultV2(id, true);
    expect(partial.status).toBe(200);
    expect(partial.body.status).toBe('IN_PROGRESS');
    expect(partial.body.data).toHaveLength(4);
    const found = partial.body.data.filter((r: Json) => r.contact_info.work_emails.length > 0);
    expect(found.length).toBeLessThanOrEqual(2);
    expect(partial.body.data[3].contact_info).toEqual({ work_emails: [], personal_emails: [], phones: [] });

    // forceResults "returns what has been found so far even if the job is not finished" (spec
    // §4.2): it does not stop the job, which goes on to the end by itself.
    clock.advance(500);
    const done = await resultV2(id);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('FINISHED');
    expectSchema(enrichResultV2(), done.body);
    expect(done.body.data.map((r: Json) => r.custom.row)).toEqual(
      known.slice(0, 4).map((c) => `${c.firstName} ${c.lastName}`),
    );
  });

  it('answers v1 with datas, the job status, and no 400 while in progress', async () => {
    const id = await start([byName(known[0] as SampleContact)]);
    const early = await api.get(`/api/v1/contact/enrich/bulk/${id}`);
    expect(early.status).toBe(200);
    expect(early.body.status).toBe('CREATED');
    clock.advance(1_000);
    const done = await api.get(`/api/v1/contact/enrich/bulk/${id}`);
    expectSchema(enrichResultV1(), done.body);
    expect(done.body).toMatchObject({ id, name: 'test job', status: 'FINISHED' });
    const contact = done.body.datas[0].contact;
    expect(contact.firstname).toBe(known[0]?.firstName);
    expect(contact.social_medias[0].url).toBe(known[0]?.networkUrl);
    expect(contact.profile).toBeUndefined();
  });

  it('v1 shows what a job not finished found so far only with forceResults (§4.3: same meaning)', async () => {
    const id = await start(
      known
        .filter((c) => c.workEmail)
        .slice(0, 2)
        .map((c) => byName(c)),
    );
    clock.advance(500); // the first of two contacts is processed
    const emails = (body: Json) => body.datas.map((item: Json) => item.contact.emails.length > 0);
    const plain = await api.get(`/api/v1/contact/enrich/bulk/${id}`);
    expect([plain.status, plain.body.status, emails(plain.body)]).toEqual([
      200,
      'IN_PROGRESS',
      [false, false],
    ]);
    expect(plain.body.cost.credits).toBeGreaterThan(0);
    const forced = await api.get(`/api/v1/contact/enrich/bulk/${id}?forceResults=true`);
    expect([forced.status, forced.body.status, emails(forced.body)]).toEqual([
      200,
      'IN_PROGRESS',
      [true, false],
    ]);
  });

  it('finds people by name whatever the case, accents, spaces and URL form of the domain', async () => {
    const hasAccent = (s: string) => s.normalize('NFD') !== s;
    const c = known.find(
      (k) => k.workEmail && (hasAccent(k.firstName) || hasAccent(k.lastName)),
    ) as SampleContact;
    expect(c).toBeDefined();
    const folded = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase();
    const id = await start([
      {
        firstname: ` ${folded(c.firstName)} `,
        lastname: folded(c.lastName),
        domain: `https://www.${c.domain}/team`,
      },
      { firstname: c.firstName, lastname: c.lastName, company_name: `  ${c.companyName.toLowerCase()}` },
      { firstname: c.firstName, lastname: c.lastName, domain: 'not-their-company.example' },
    ]);
    clock.advance(1_000);
    const emails = (await resultV2(id)).body.data.map(
      (r: Json) => r.contact_info.most_probable_work_email?.email,
    );
    expect(emails).toEqual([c.workEmail, c.workEmail, undefined]);
  });

  it('returns the full profile only when the network URL matched', async () => {
    const c = known[1] as SampleContact;
    const id = await start([
      { network_url: c.networkUrl.replace('https://www.', 'http://') + '/' },
      byName(c),
    ]);
    clock.advance(1_000);
    const [byUrl, byNameRecord] = (await resultV2(id)).body.data;
    expect(byUrl.profile).toMatchObject({ first_name: c.firstName, last_name: c.lastName });
    expect(byUrl.profile.social_profiles.network.url).toBe(c.networkUrl);
    expect(byUrl.profile.employment.current.company.domain).toBe(c.domain);
    expect(byUrl.profile.employment.current.end_at).toBeUndefined();
    expect(byNameRecord.profile).toBeUndefined();
    const v1 = (await api.get(`/api/v1/contact/enrich/bulk/${id}`)).body.datas[0].contact;
    expect(v1.profile).toMatchObject({ network_url: c.networkUrl, firstname: c.firstName });
    expect(v1.profile.position.start_at).toEqual({ month: expect.any(Number), year: expect.any(Number) });
  });
});

describe('credits', () => {
  it('charges 1 / 3 / 10 per datum found, exactly, and the balance follows', async () => {
    const before = await balance();
    const people = [...known.slice(0, 30), ...unknown.slice(0, 5)];
    const id = await start(people.map((c) => byName(c)));
    clock.advance(1_000);
    const done = await resultV2(id);
    const expected = expectedCredits(people);
    expect(expected).toBeGreaterThan(30);
    expect(done.body.cost.credits).toBe(expected);
    expect(await balance()).toBe(before - expected);
    for (const record of done.body.data.slice(30)) {
      expect(record.contact_info).toEqual({ work_emails: [], personal_emails: [], phones: [] });
    }
  });

  it('returns and charges only the fields asked for, with contact.work_emails as a synonym', async () => {
    const people = known.slice(0, 20);
    const workOnly = await start(people.map((c) => byName(c, { enrich_fields: ['contact.work_emails'] })));
    const emailsAndPhones = await start(
      people.map((c) => byName(c, { enrich_fields: ['contact.emails', 'contact.phones'] })),
    );
    const personal = await start(
      people.map((c) => byName(c, { enrich_fields: ['contact.personal_emails'] })),
    );
    clock.advance(1_000);
    const work = (await resultV2(workOnly)).body;
    const mixed = (await resultV2(emailsAndPhones)).body;
    expect(work.cost.credits).toBe(expectedCredits(people, { work: true, personal: false, phone: false }));
    expect(mixed.cost.credits).toBe(expectedCredits(people, { work: true, personal: false, phone: true }));
    expect((await resultV2(personal)).body.cost.credits).toBe(
      expectedCredits(people, { work: false, personal: true, phone: false }),
    );
    for (const record of work.data) {
      expect(record.contact_info.personal_emails).toEqual([]);
      expect(record.contact_info.phones).toEqual([]);
      expect(record.contact_info.most_probable_phone).toBeUndefined();
    }
    expect(mixed.data.some((r: Json) => r.contact_info.phones.length > 0)).toBe(true);
    expect(mixed.data.every((r: Json) => r.contact_info.personal_emails.length === 0)).toBe(true);
  });

  it('stops at CREDITS_INSUFFICIENT with a 402 carrying the partial job', async () => {
    await api.admin.setCredits(12);
    const people = known.slice(0, 30);
    const fields = { work: true, personal: false, phone: true };
    const id = await start(
      people.map((c) => byName(c, { enrich_fields: ['contact.phones', 'contact.emails'] })),
    );
    clock.advance(1_000);
    const answer = await resultV2(id);
    expect(answer.status).toBe(402);
    expectSchema(enrichResultV2(), answer.body);
    expect(answer.body.status).toBe('CREDITS_INSUFFICIENT');
    // Contacts are processed in order until one costs more than what is left.
    let processed = 0;
    while (expectedCredits(people.slice(0, processed + 1), fields) <= 12) processed++;
    const spent = expectedCredits(people.slice(0, processed), fields);
    expect(answer.body.cost.credits).toBe(spent);
    expect(await balance()).toBe(12 - spent);
    expect(
      answer.body.data.slice(processed).every((r: Json) => r.contact_info.work_emails.length === 0),
    ).toBe(true);
    const v1 = await api.get(`/api/v1/contact/enrich/bulk/${id}`);
    expect([v1.status, v1.body.status]).toEqual([200, 'CREDITS_INSUFFICIENT']);
  });
});

describe('admin job control', () => {
  it('cancels a job (results so far kept) and finishes or sticks another', async () => {
    const canceled = await start(known.slice(0, 4).map((c) => byName(c)));
    const stuck = await start(known.slice(0, 4).map((c) => byName(c)));
    const finished = await start(known.slice(0, 4).map((c) => byName(c)));
    clock.advance(500);
    await api.admin.cancelJob(canceled);
    await api.admin.stickJob(stuck);
    await api.admin.finishJob(finished);
    clock.advance(10_000);
    const c = await resultV2(canceled);
    expect([c.status, c.body.status]).toEqual([200, 'CANCELED']);
    const s = await resultV2(stuck);
    expect(s.status).toBe(400);
    expect((await api.admin.job(stuck)).processed).toBe(2);
    expect((await resultV2(finished)).body.status).toBe('FINISHED');
    const stats = await api.admin.stats();
    expect(stats.jobs.by_status).toEqual({ CANCELED: 1, IN_PROGRESS: 1, FINISHED: 1 });
    expect(stats.requests['GET /api/v2/contact/enrich/bulk/:enrichment_id']).toEqual({ '200': 2, '400': 1 });
  });
});
