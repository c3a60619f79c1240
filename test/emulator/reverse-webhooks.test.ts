/** Reverse lookups (v2, v1) and webhook deliveries: retries, job_ended bodies, contact_finished. */
import { reverseResultV1, reverseResultV2 } from '../../src/api/schemas/responses';
import { sampleContacts } from '../../dev/emulator/sample';
import { expectSchema, startEmulator, startReceiver, waitFor, type Json, type TestEmulator } from './helpers';

const SEED = 11;
const MINUTE_MS = 40;
let api: TestEmulator;

beforeAll(async () => {
  api = await startEmulator({ seed: SEED, jobMs: 60, minuteMs: MINUTE_MS });
});
afterAll(() => api.close());

const withEmail = sampleContacts(SEED, 6, { unknownShare: 0, withWorkEmail: true });

describe('reverse lookup', () => {
  it('finds people by work or personal email, 1 credit per profile found', async () => {
    const personal = sampleContacts(SEED, 40, { unknownShare: 0 }).find((c) => c.personalEmail);
    const emails = [withEmail[0]?.workEmail, personal?.personalEmail, 'nobody@nowhere.example'] as string[];
    const balanceBefore = (await api.get('/api/v2/account/credits')).body.balance;
    // A job that takes a minute, finished by hand once seen in progress: a slow machine cannot
    // finish it before the early read.
    await api.admin.config({ jobMs: 60_000 });
    let id: string;
    try {
      const started = await api.post('/api/v2/contact/reverse/email/bulk', {
        name: 'reverse',
        data: emails.map((email, i) => ({ email, custom: { i: String(i) } })),
      });
      id = started.body.enrichment_id;
      // Reverse GETs answer 200 with the status while in progress (no 400, docs/api-decisions.md).
      const early = await api.get(`/api/v2/contact/reverse/email/bulk/${id}`);
      expect(early.status).toBe(200);
      expect(['CREATED', 'IN_PROGRESS']).toContain(early.body.status);
      await api.admin.finishJob(id);
    } finally {
      await api.admin.config({ jobMs: 60 });
    }
    const done = (await api.get(`/api/v2/contact/reverse/email/bulk/${id}`)).body;
    expectSchema(reverseResultV2(), done);
    expect(done.data.map((r: Json) => r.custom.i)).toEqual(['0', '1', '2']);
    expect(done.data[0].profile).toMatchObject({
      first_name: withEmail[0]?.firstName,
      last_name: withEmail[0]?.lastName,
    });
    expect(done.data[1].profile).toMatchObject({ first_name: personal?.firstName });
    expect(done.data[2]).toEqual({ input: { email: 'nobody@nowhere.example' }, custom: { i: '2' } });
    expect(done.cost.credits).toBe(2);
    expect((await api.get('/api/v2/account/credits')).body.balance).toBe(balanceBefore - 2);

    const v1 = (await api.get(`/api/v1/contact/reverse/email/bulk/${id}`)).body;
    expectSchema(reverseResultV1(), v1);
    expect(v1.datas[0].contact).toMatchObject({
      firstname: withEmail[0]?.firstName,
      domain: withEmail[0]?.domain,
    });
    expect(v1.datas[0].contact.profile.network_url).toBe(withEmail[0]?.networkUrl);
    expect(v1.datas[2].contact).toEqual({});
  });

  it('starts through v1 too', async () => {
    const started = await api.post('/api/v1/contact/reverse/email/bulk', {
      name: 'v1',
      data: [{ email: withEmail[1]?.workEmail }],
    });
    expect(started.status).toBe(200);
    await waitFor(
      async () =>
        (await api.get(`/api/v1/contact/reverse/email/bulk/${started.body.enrichment_id}`)).body.status ===
        'FINISHED',
    );
  });
});

describe('webhooks', () => {
  it('retries every minute until a 2xx: fails twice, then succeeds, 3 deliveries', async () => {
    const receiver = await startReceiver((count) => (count <= 2 ? 500 : 204));
    try {
      const c = withEmail[2];
      const started = await api.post('/api/v1/contact/enrich/bulk', {
        name: 'hooked',
        datas: [{ firstname: c?.firstName, lastname: c?.lastName, domain: c?.domain, custom: { row: '9' } }],
        webhook_url: receiver.url(),
      });
      await waitFor(() => receiver.received.length >= 3);
      await new Promise((resolve) => setTimeout(resolve, MINUTE_MS * 3));
      expect(receiver.received).toHaveLength(3);
      const gaps = receiver.received.slice(1).map((r, i) => r.at - (receiver.received[i]?.at ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(MINUTE_MS - 5);
      // Same body as the GET of the version that started the job (v1 here).
      const get = await api.get(`/api/v1/contact/enrich/bulk/${started.body.enrichment_id}`);
      expect(receiver.received[2]?.body).toEqual(get.body);
      const deliveries = await api.admin.webhooks();
      const delivery = deliveries.find((d) => d.enrichmentId === started.body.enrichment_id);
      expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 500, 204]);
      expect(delivery?.state).toBe('delivered');
    } finally {
      await receiver.close();
    }
  });

  it('gives up after 5 retries (6 attempts)', async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const started = await api.post('/api/v2/contact/reverse/email/bulk', {
        name: 'never delivered',
        data: [{ email: 'x@y.example' }],
        webhook_url: receiver.url(),
      });
      await waitFor(async () =>
        (await api.admin.webhooks()).some(
          (d) => d.enrichmentId === started.body.enrichment_id && d.state === 'failed',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, MINUTE_MS * 2));
      expect(receiver.received).toHaveLength(6);
    } finally {
      await receiver.close();
    }
  });

  it('posts each finished contact of a reverse job to contact_finished, then the job to webhook_url', async () => {
    const receiver = await startReceiver();
    try {
      const emails = withEmail.slice(0, 3).map((c) => c.workEmail);
      const started = await api.post('/api/v2/contact/reverse/email/bulk', {
        name: 'events',
        data: emails.map((email, i) => ({ email, custom: { i: String(i) } })),
        webhook_url: receiver.url('/done'),
        webhook_events: { contact_finished: receiver.url('/contact') },
      });
      const id = started.body.enrichment_id;
      await waitFor(() => receiver.received.some((r) => r.path === '/done'));
      const contacts = receiver.received.filter((r) => r.path === '/contact');
      expect(contacts.map((r) => r.body.data.custom.i).sort()).toEqual(['0', '1', '2']);
      expect(contacts[0]?.body).toMatchObject({
        enrichment_id: id,
        data: { input: { email: emails[0] }, profile: expect.any(Object) },
      });
      const done = receiver.received.find((r) => r.path === '/done');
      expect(done?.body).toEqual((await api.get(`/api/v2/contact/reverse/email/bulk/${id}`)).body);
      expect(done?.body.status).toBe('FINISHED');
    } finally {
      await receiver.close();
    }
  });

  it('notifies a canceled job', async () => {
    const receiver = await startReceiver();
    try {
      await api.admin.config({ jobMs: 60_000 });
      const started = await api.post('/api/v1/contact/enrich/bulk', {
        name: 'to cancel',
        datas: [{ network_url: withEmail[0]?.networkUrl }],
        webhook_url: receiver.url(),
      });
      await api.admin.cancelJob(started.body.enrichment_id);
      await waitFor(() => receiver.received.length === 1);
      expect(receiver.received[0]?.body.status).toBe('CANCELED');
    } finally {
      await api.admin.config({ jobMs: 60 });
      await receiver.close();
    }
  });
});
