/**
 * Contract tests: the API client against the emulator over real HTTP, through the local runtime's
 * UrlFetchApp (dev/gas) and the add-on's own HttpPort adapter (src/platform/http.ts).
 *
 * The client modules run directly in Node rather than inside dist/Code.js: the built artifact only
 * exposes src/index.ts entry points, so going through it could not call each endpoint. The
 * UrlFetchApp, the transport adapter and the emulator are the real ones, which is what a contract
 * test is about; the artifact tests cover the bundle.
 */
import { createApiClient } from '../../src/api/client';
import * as api from '../support/api';
import { createTestApiClient } from '../support/api';
import { ApiError } from '../../src/api/errors';
import { errorFromResponse } from '../../src/api/failures';
import type { JobResult } from '../../src/domain/model';
import type { JobAnswer } from '../support/api';
import { createApiSession, type ApiClientOptions } from '../../src/api/transport';
import { createUrlFetchHttp } from '../../src/platform/http';
import type { HttpPort, LogPort } from '../../src/platform/ports';
import { CallCounts } from '../../dev/gas/counts';
import { SyncHttpClient } from '../../dev/gas/urlfetch/client';
import { FakeUrlFetchApp, type SentRequest } from '../../dev/gas/urlfetch/urlfetch-app';
import { sampleContacts, type SampleContact } from '../../dev/emulator/sample';
import { spawnEmulator, type SpawnedEmulator } from '../../dev/emulator/spawn';

const SEED = 11;
const WAIT = new Int32Array(new SharedArrayBuffer(4));

let emulator: SpawnedEmulator;
let sync: SyncHttpClient;
let counts: CallCounts;
let sent: SentRequest[];
let http: HttpPort;
/** Every UrlFetchApp call with its number of requests (1 for fetch). */
let urlFetchCalls: Array<{ kind: 'fetch' | 'fetchAll'; size: number }>;
let logLines: string[];
let contacts: SampleContact[];

const log: LogPort = { info: (m) => logLines.push(m), warn: (m) => logLines.push(m) };

function options(overrides: Partial<ApiClientOptions> = {}): ApiClientOptions {
  return {
    http,
    log,
    clock: { now: () => Date.now(), sleep: (ms) => void Atomics.wait(WAIT, 0, 0, ms) },
    budget: { remainingMs: () => 10 * 60 * 1000 },
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    retryPolicy: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 4 },
    ...overrides,
  };
}
const ctx = (overrides: Partial<ApiClientOptions> = {}) => createApiSession(options(overrides));
const client = () => createTestApiClient(options());

function resultOf(answer: JobAnswer): JobResult {
  if (answer.kind !== 'result') throw new Error(`expected a result, got ${answer.kind}`);
  return answer.result;
}

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

const known = () => contacts.filter((c) => c.known && c.workEmail);
const enrichItems = (list: SampleContact[]) =>
  list.map((c, i) => ({
    firstName: c.firstName,
    lastName: c.lastName,
    companyDomain: c.domain,
    custom: { row: String(i + 2) },
  }));

beforeAll(async () => {
  emulator = await spawnEmulator({ seed: SEED, jobMs: 60_000, credits: 1_000_000, rateLimit: 100_000 });
  contacts = sampleContacts(SEED, 12, { unknownShare: 0.2 });
  sync = new SyncHttpClient();
}, 30_000);

afterAll(async () => {
  sync.close();
  await emulator.stop();
});

beforeEach(async () => {
  await emulator.admin.config({ down: false, faults: '5xx=0,429=0', rateLimit: 100_000 });
  counts = new CallCounts();
  sent = [];
  urlFetchCalls = [];
  // The emulator runs on loopback, which only the harness can let through.
  const app = new FakeUrlFetchApp(sync, counts, sent, undefined, { allowLoopback: true });
  const counting = {
    fetch: (url: string, params?: object) => {
      urlFetchCalls.push({ kind: 'fetch', size: 1 });
      return app.fetch(url, params);
    },
    fetchAll: (requests: Array<object & { url: string }>) => {
      urlFetchCalls.push({ kind: 'fetchAll', size: requests.length });
      return app.fetchAll(requests);
    },
  };
  http = createUrlFetchHttp(counting as unknown as GoogleAppsScript.URL_Fetch.UrlFetchApp);
  logLines = [];
});

afterEach(() => {
  for (const text of [...logLines, ...sent.map((s) => `${s.url} ${s.body ?? ''}`)]) {
    expect(text).not.toContain(emulator.apiKey);
  }
});

describe('account', () => {
  test('verify key and credit balance', () => {
    expect(api.verifyKey(ctx())).toEqual(expect.any(String));
    expect(api.fetchCreditBalance(ctx())).toBeGreaterThan(0);
    expect(sent.map((s) => [s.method, new URL(s.url).pathname, s.status])).toEqual([
      ['GET', '/api/v2/account/keys/verify', 200],
      ['GET', '/api/v2/account/credits', 200],
    ]);
  });

  test('an unknown key: 401 error.api.key, not retried, key not in the error', () => {
    const error = caught(() => api.verifyKey(ctx({ apiKey: 'wrong-key-123456' })));
    expect(error).toMatchObject({ status: 401, code: 'error.api.key', retryable: false });
    expect(error.userMessage).toBe(
      'The API key was refused. Check it in Settings. (The API said: Unknown api key.)',
    );
    expect(error.message).not.toContain('wrong-key-123456');
    expect(sent).toHaveLength(1);
  });

  test.each([
    ['no Authorization header', {}, 'error.authorization.not_set'],
    [
      'a header without the bearer prefix',
      { Authorization: `Token ${'x'.repeat(8)}` },
      'error.authorization.not_bearer',
    ],
  ])('%s: 401 %s mapped by the client', (_name, headers, code) => {
    const endpoint = 'GET /api/v2/account/credits';
    const response = http.fetch({
      url: `${emulator.baseUrl}/api/v2/account/credits`,
      method: 'get',
      headers,
    });
    const error = errorFromResponse(endpoint, response, emulator.apiKey);
    expect(error).toMatchObject({ status: 401, code, retryable: false });
    expect(error.userMessage).toMatch(/API key was refused/);
  });
});

describe('enrichment, both versions', () => {
  test('start (v1), not ready, forced partial result, then v2 and v1 results mapped alike', async () => {
    const people = known().slice(0, 3);
    const id = client().startEnrichment('contract enrich', enrichItems(people), [
      'work_email',
      'personal_email',
      'phone',
    ]);
    expect(api.getEnrichmentResultV2(ctx(), id)).toEqual({ kind: 'not_ready' });
    expect(sent.at(-1)?.status).toBe(400);
    const partial = resultOf(api.getEnrichmentResultV2(ctx(), id, { forceResults: true }));
    expect(['CREATED', 'IN_PROGRESS']).toContain(partial.status);

    await emulator.admin.finishJob(id);
    const v2 = resultOf(api.getEnrichmentResultV2(ctx(), id));
    const v1 = resultOf(api.getEnrichmentResultV1(ctx(), id));
    expect(v2).toMatchObject({ id, name: 'contract enrich', kind: 'enrich', status: 'FINISHED' });
    expect(v2.credits).toBeGreaterThan(0);
    expect(v2.items.map((item) => item.custom.row)).toEqual(['2', '3', '4']);
    expect(v2.items.map((item) => item.workEmail?.email)).toEqual(people.map((p) => p.workEmail));
    expect(v1).toMatchObject({ id, kind: 'enrich', credits: v2.credits });
    expect(v1.items.map((item) => item.workEmail?.email)).toEqual(people.map((p) => p.workEmail));
    expect(v1.items.map((item) => item.custom)).toEqual(v2.items.map((item) => item.custom));
  });

  test('an unknown person costs nothing and comes back empty', async () => {
    const unknown = contacts.filter((c) => !c.known).slice(0, 1);
    expect(unknown).toHaveLength(1);
    const id = client().startEnrichment('contract unknown', enrichItems(unknown), ['work_email']);
    await emulator.admin.finishJob(id);
    const result = resultOf(api.getEnrichmentResultV2(ctx(), id));
    expect(result.credits).toBe(0);
    expect(result.items[0]).toMatchObject({ workEmails: [], phones: [] });
    expect(result.items[0]?.workEmail).toBeUndefined();
  });

  test('404 error.enrichment.not_found on v2 and v1', () => {
    for (const get of [api.getEnrichmentResultV2, api.getEnrichmentResultV1]) {
      const error = caught(() => get(ctx(), '00000000-0000-4000-8000-000000000000'));
      expect(error).toMatchObject({ status: 404, code: 'error.enrichment.not_found', retryable: false });
    }
  });

  test('402: out of credits, the job body is a CREDITS_INSUFFICIENT result', async () => {
    await emulator.admin.setCredits(1);
    try {
      const id = client().startEnrichment('contract credits', enrichItems(known().slice(0, 4)), ['phone']);
      await emulator.admin.finishJob(id);
      const result = resultOf(api.getEnrichmentResultV2(ctx(), id));
      expect(sent.at(-1)?.status).toBe(402);
      expect(result.status).toBe('CREDITS_INSUFFICIENT');
    } finally {
      await emulator.admin.setCredits(1_000_000);
    }
  });

  test('the server agrees with the client schemas: a request the client refuses never leaves', () => {
    const error = caught(() => api.startEnrichmentV1(ctx(), { name: 'x', datas: [{ firstname: 'Only' }] }));
    expect(error.code).toBe('request.invalid');
    expect(sent).toHaveLength(0);
  });

  test('a body the server refuses (number custom sent raw): a non-retryable 400 with its code', () => {
    const endpoint = 'POST /api/v1/contact/enrich/bulk';
    const body = JSON.stringify({
      name: 'raw',
      datas: [{ network_url: 'https://x.example/in/a', custom: { row: 1 } }],
    });
    const response = http.fetch({
      url: `${emulator.baseUrl}/api/v1/contact/enrich/bulk`,
      method: 'post',
      headers: { Authorization: `Bearer ${emulator.apiKey}` },
      body,
    });
    const error = errorFromResponse(endpoint, response, emulator.apiKey);
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect(error.code).toMatch(/^error\./);
  });
});

describe('reverse lookup, both versions', () => {
  test('v2 start with webhook_events, v1 start; v2 and v1 results', async () => {
    const people = known().slice(0, 2);
    const v2Id = api.startReverseV2(ctx(), {
      name: 'contract reverse',
      data: people.map((p, i) => ({ email: p.workEmail, custom: { row: i } })),
      webhook_events: { contact_finished: `${emulator.baseUrl}/__nowhere` },
    });
    const v1Id = api.startReverseV1(ctx(), {
      name: 'contract reverse v1',
      data: people.map((p) => ({ email: p.workEmail })),
    });
    await emulator.admin.finishJob(v2Id);
    await emulator.admin.finishJob(v1Id);
    const v2 = resultOf(api.getReverseResultV2(ctx(), v2Id));
    const v1 = resultOf(api.getReverseResultV1(ctx(), v1Id));
    expect(v2).toMatchObject({ kind: 'reverse', status: 'FINISHED' });
    expect(v2.items.map((item) => [item.input.email, item.custom.row])).toEqual(
      people.map((p, i) => [p.workEmail, String(i)]),
    );
    expect(v2.items.map((item) => item.profile?.lastName)).toEqual(people.map((p) => p.lastName));
    expect(v1.items.map((item) => item.profile?.lastName)).toEqual(people.map((p) => p.lastName));
  });
});

describe('fetchResults', () => {
  test('one fetchAll for many jobs of both kinds, each outcome in place', async () => {
    const c = client();
    const done = c.startEnrichment('poll done', enrichItems(known().slice(0, 1)), ['work_email']);
    const running = c.startEnrichment('poll running', enrichItems(known().slice(1, 2)), ['work_email']);
    const reverse = c.startReverse('poll reverse', [{ email: known()[0]?.workEmail ?? '', custom: {} }]);
    await emulator.admin.finishJob(done);
    await emulator.admin.finishJob(reverse);
    urlFetchCalls.length = 0;
    const outcomes = c.fetchResults([
      { id: done, kind: 'enrich' },
      { id: running, kind: 'enrich' },
      { id: reverse, kind: 'reverse' },
      { id: '00000000-0000-4000-8000-000000000000', kind: 'enrich' },
    ]);
    expect(urlFetchCalls).toEqual([{ kind: 'fetchAll', size: 4 }]);
    expect(outcomes.map((o) => o.kind)).toEqual(['result', 'not_ready', 'result', 'error']);
  });

  test('with 5xx faults, failed polls are retried until every job answers', async () => {
    const c = client();
    const ids = [0, 1, 2].map((i) =>
      c.startEnrichment(`fault ${i}`, enrichItems(known().slice(i, i + 1)), ['work_email']),
    );
    for (const id of ids) await emulator.admin.finishJob(id);
    await emulator.admin.config({ faults: '5xx=0.4' });
    const outcomes = createApiClient(
      options({ retryPolicy: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 12 } }),
    ).fetchResults(ids.map((id) => ({ id, kind: 'enrich' as const })));
    expect(outcomes.map((o) => o.kind)).toEqual(['result', 'result', 'result']);
  });
});

describe('search', () => {
  test('company search with text and range filters, paginated', () => {
    const first = api.searchCompanies(ctx(), { limit: 5, headcounts: [{ min: 1 }] });
    const second = api.searchCompanies(ctx(), { limit: 5, offset: 5, headcounts: [{ min: 1 }] });
    expect(first.companies).toHaveLength(5);
    expect(first.metadata?.total).toBeGreaterThan(10);
    const ids = new Set(first.companies.map((c) => c.id));
    expect(second.companies.some((c) => ids.has(c.id))).toBe(false);
    const domain = first.companies[0]?.domain ?? '';
    const exact = api.searchCompanies(ctx(), { domains: [{ value: domain, exact_match: true }] });
    expect(exact.companies.map((c) => c.domain)).toEqual([domain]);
  });

  test('people search with text and range filters', () => {
    const person = known()[0] as SampleContact;
    const found = api.searchPeople(ctx(), {
      person_names: [{ value: `${person.firstName} ${person.lastName}` }],
      current_company_domains: [{ value: person.domain, exact_match: true }],
      current_company_headcounts: [{ min: 0 }],
    });
    expect(found.people.map((p) => p.last_name)).toContain(person.lastName);
    expect(api.searchPeople(ctx(), { person_names: [{ value: 'zzzz-no-such-person' }] }).people).toEqual([]);
  });
});

describe('transient failures', () => {
  test('429 error.rate.limit with a long Retry-After: surfaced at once as retryable', async () => {
    await emulator.admin.config({ rateLimit: 1 });
    try {
      api.fetchCreditBalance(ctx());
    } catch {
      // The window may already be used up by earlier tests: the next call is refused either way.
    }
    const error = caught(() => api.fetchCreditBalance(ctx()));
    expect(error).toMatchObject({ status: 429, code: 'error.rate.limit', retryable: true });
    expect(sent).toHaveLength(2);
    expect(sent.at(-1)?.status).toBe(429);
  });

  test('service down (503): retried, then a retryable error', async () => {
    await emulator.admin.config({ down: true });
    const error = caught(() => api.fetchCreditBalance(ctx()));
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect(sent).toHaveLength(4);
  });

  test('connections dropped: network.failure, status 0, retried', async () => {
    await emulator.admin.config({ down: 'reset' });
    const error = caught(() => api.verifyKey(ctx()));
    expect(error).toMatchObject({ status: 0, code: 'network.failure', retryable: true });
    expect(sent).toHaveLength(4);
  });
});
