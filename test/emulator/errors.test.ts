/** Status codes and exact error bodies: auth (spec §5), 404s, invalid bodies (docs/api-decisions.md). */
import { errorBody } from '../../src/api/schemas/responses';
import { expectSchema, startEmulator, type TestEmulator } from './helpers';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({ keys: ['key-one', 'key-two'] });
});
afterAll(() => api.close());

const validItem = { firstname: 'Ada', lastname: 'Lovelace', domain: 'example.com' };

describe('authentication', () => {
  it.each([
    ['no header', null, undefined, 'error.authorization.not_set', 'Authorization headers not set'],
    ['an empty header', null, '', 'error.authorization.not_set', 'Authorization headers not set'],
    [
      'no bearer prefix',
      null,
      'key-one',
      'error.authorization.not_bearer',
      "Authorization headers do not have prefix 'bearer'",
    ],
    [
      'another scheme',
      null,
      'Basic a2V5',
      'error.authorization.not_bearer',
      "Authorization headers do not have prefix 'bearer'",
    ],
    ['an unknown key', 'nope', undefined, 'error.api.key', 'Unknown api key'],
  ])('answers 401 for %s', async (_case, key, header, code, message) => {
    const answer = await api.get('/api/v2/account/keys/verify', {
      key,
      ...(header === undefined ? {} : { headers: { authorization: header } }),
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code, message });
    expectSchema(errorBody(), answer.body);
  });

  it('accepts the prefix in any case and gives each key its own workspace', async () => {
    const one = await api.get('/api/v2/account/keys/verify', {
      key: null,
      headers: { authorization: 'BEARER key-one' },
    });
    const two = await api.get('/api/v2/account/keys/verify', { key: 'key-two' });
    expect(one.status).toBe(200);
    expect(one.body.workspace_id).toMatch(/^ws_/);
    expect(two.body.workspace_id).not.toBe(one.body.workspace_id);
  });

  it('checks the key before validating the body', async () => {
    const answer = await api.post('/api/v1/contact/enrich/bulk', { nonsense: true }, { key: null });
    expect(answer.status).toBe(401);
  });
});

describe('not found', () => {
  it('answers error.enrichment.not_found for unknown job ids, on every GET', async () => {
    for (const path of [
      '/api/v2/contact/enrich/bulk/nope',
      '/api/v1/contact/enrich/bulk/nope',
      '/api/v2/contact/reverse/email/bulk/nope',
      '/api/v1/contact/reverse/email/bulk/nope',
    ]) {
      const answer = await api.get(path);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        404,
        { code: 'error.enrichment.not_found', message: 'Enrichment ID not found' },
      ]);
    }
  });

  it("hides another workspace's job", async () => {
    const started = await api.post(
      '/api/v1/contact/enrich/bulk',
      { name: 'mine', datas: [validItem] },
      { key: 'key-one' },
    );
    const other = await api.get(`/api/v2/contact/enrich/bulk/${started.body.enrichment_id}`, {
      key: 'key-two',
    });
    expect(other.status).toBe(404);
  });

  it('answers error.route.not_found for unknown routes, without asking for a key', async () => {
    const answer = await api.get('/api/v3/whatever', { key: null });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'error.route.not_found', message: 'Route not found' });
  });
});

describe('invalid bodies', () => {
  const enrich = (body: unknown) => api.post('/api/v1/contact/enrich/bulk', body);
  const codeOf = async (body: unknown) => {
    const answer = await enrich(body);
    expect(answer.status).toBe(400);
    expectSchema(errorBody(), answer.body);
    return answer.body.code as string;
  };

  it('names the broken rule in the code', async () => {
    const many = Array.from({ length: 101 }, () => validItem);
    expect(await codeOf({ name: 'x', datas: many })).toBe('error.request.too_many_items');
    expect(await codeOf({ name: 'x', datas: [] })).toBe('error.request.no_items');
    expect(await codeOf({ name: 'x', datas: [{ ...validItem, custom: { row: 7 } }] })).toBe(
      'error.request.custom_not_string',
    );
    expect(await codeOf({ name: 'x', datas: [{ ...validItem, enrich_fields: ['contact.fax'] }] })).toBe(
      'error.request.invalid_enrich_field',
    );
    expect(await codeOf({ name: 'x', datas: [{ firstname: 'Ada', lastname: 'Lovelace' }] })).toBe(
      'error.request.item_incomplete',
    );
    expect(await codeOf({ name: ' ', datas: [validItem] })).toBe('error.request.name_required');
    expect(await codeOf({ datas: [validItem] })).toBe('error.request.name_required');
    expect(await codeOf({ name: 'x', datas: [validItem], colour: 'blue' })).toBe(
      'error.request.unknown_field',
    );
    expect(await codeOf({ name: 'x', datas: 'all of them' })).toBe('error.request.invalid_body');
  });

  it('accepts exactly 100 items and one item', async () => {
    expect((await enrich({ name: 'x', datas: Array.from({ length: 100 }, () => validItem) })).status).toBe(
      200,
    );
    expect(
      (await enrich({ name: 'x', datas: [{ network_url: 'https://www.linkedin.com/in/someone' }] })).status,
    ).toBe(200);
  });

  it('rejects malformed JSON and a missing content type', async () => {
    const bad = await api.call('POST', '/api/v1/contact/enrich/bulk', undefined, { raw: '{"name":' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('error.request.invalid_json');
    const text = await api.call('POST', '/api/v1/contact/enrich/bulk', undefined, {
      raw: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('error.request.unsupported_media_type');
  });

  it('validates reverse and search bodies too', async () => {
    const reverse = await api.post('/api/v2/contact/reverse/email/bulk', {
      name: 'r',
      data: [{ email: 'a@b.c', custom: { n: 1 } }],
    });
    expect(reverse.body.code).toBe('error.request.custom_not_string');
    const tooLarge = await api.post('/api/v2/company/search', { limit: 101 });
    expect([tooLarge.status, tooLarge.body]).toEqual([
      400,
      { code: 'error.search.limit_too_large', message: 'limit is at most 100' },
    ]);
    const negative = await api.post('/api/v2/people/search', { offset: -1 });
    expect(negative.body.code).toBe('error.search.invalid_pagination');
    const badEntry = await api.post('/api/v2/company/search', { names: [{ value: 3 }] });
    expect(badEntry.body.code).toBe('error.request.invalid_body');
  });

  it('refuses webhook targets off this machine', async () => {
    const answer = await enrich({
      name: 'x',
      datas: [validItem],
      webhook_url: 'https://hooks.example.com/x',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('error.request.webhook_url_not_allowed');
  });
});
