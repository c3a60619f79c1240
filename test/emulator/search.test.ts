/** Company and people search: filter semantics (docs/api-decisions.md) and pagination. */
import { companySearchResponse, peopleSearchResponse } from '../../src/api/schemas/responses';
import { expectSchema, startEmulator, type Json, type TestEmulator } from './helpers';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({ seed: 3 });
});
afterAll(() => api.close());

const companies = async (body: Json) => {
  const answer = await api.post('/api/v2/company/search', body);
  expect(answer.status).toBe(200);
  expectSchema(companySearchResponse(), answer.body);
  return answer.body as { companies: Json[]; metadata: { total: number; offset: number } };
};
const people = async (body: Json) => {
  const answer = await api.post('/api/v2/people/search', body);
  expect(answer.status).toBe(200);
  expectSchema(peopleSearchResponse(), answer.body);
  return answer.body as { people: Json[]; metadata: { total: number; offset: number } };
};
const total = async (body: Json) => (await companies({ ...body, limit: 1 })).metadata.total;

describe('company search', () => {
  it('defaults to 10 items from offset 0 over the whole world', async () => {
    const all = await companies({});
    expect(all.companies).toHaveLength(10);
    expect(all.metadata).toEqual({ total: api.emulator.world.companies.length, offset: 0 });
    expect(all.metadata.total).toBeGreaterThanOrEqual(5_000);
  });

  it('pages without overlap, and the pages add up to the total', async () => {
    const filter = { industries: [{ value: 'software' }] };
    const expected = await total(filter);
    const seen = new Set<string>();
    for (let offset = 0; offset < expected; offset += 100) {
      const page = await companies({ ...filter, offset, limit: 100 });
      expect(page.metadata).toEqual({ total: expected, offset });
      for (const company of page.companies) seen.add(company.id);
    }
    expect(seen.size).toBe(expected);
    expect((await companies({ ...filter, offset: expected })).companies).toEqual([]);
  });

  it('matches substrings case-insensitively, or the whole value with exact_match', async () => {
    const company = api.emulator.world.companies[42] as Json;
    const exact = await companies({ names: [{ value: company.name.toUpperCase(), exact_match: true }] });
    expect(exact.companies.map((c) => c.id)).toEqual([company.id]);
    const partial = company.name.slice(0, 4).toLowerCase();
    const bySubstring = await companies({ names: [{ value: partial }], limit: 100 });
    expect(bySubstring.companies.every((c) => c.name.toLowerCase().includes(partial))).toBe(true);
    expect(bySubstring.metadata.total).toBeGreaterThan(1);
    expect((await companies({ names: [{ value: partial, exact_match: true }] })).metadata.total).toBe(0);
    const byDomain = await companies({
      domains: [{ value: `https://www.${company.domain}/`, exact_match: true }],
    });
    expect(byDomain.companies.map((c) => c.id)).toEqual([company.id]);
    const byUrl = await companies({ network_urls: [{ value: company.networkUrl, exact_match: true }] });
    expect(byUrl.companies.map((c) => c.id)).toEqual([company.id]);
  });

  it('ORs entries of one filter, ANDs filters, and removes exclude matches', async () => {
    const software = await total({ industries: [{ value: 'Software Development', exact_match: true }] });
    const retail = await total({ industries: [{ value: 'Retail', exact_match: true }] });
    const either = await total({
      industries: [
        { value: 'Software Development', exact_match: true },
        { value: 'Retail', exact_match: true },
      ],
    });
    expect(either).toBe(software + retail);
    const publicCompanies = await total({ types: [{ value: 'Public Company', exact_match: true }] });
    const both = await total({
      industries: [{ value: 'Software Development', exact_match: true }],
      types: [{ value: 'Public Company', exact_match: true }],
    });
    expect(both).toBeGreaterThan(0);
    expect(both).toBeLessThan(Math.min(software, publicCompanies));
    const softwareNotPublic = await total({
      industries: [{ value: 'Software Development', exact_match: true }],
      types: [{ value: 'Public Company', exact_match: true, exclude: true }],
    });
    expect(softwareNotPublic).toBe(software - both);
    const onlyExcludes = await total({
      types: [{ value: 'Public Company', exact_match: true, exclude: true }],
    });
    expect(onlyExcludes).toBe(api.emulator.world.companies.length - publicCompanies);
  });

  it('treats range bounds as inclusive, either optional', async () => {
    const world = api.emulator.world.companies;
    const count = (min: number, max: number) =>
      world.filter((c) => c.headcount >= min && c.headcount <= max).length;
    expect(await total({ headcounts: [{ min: 51, max: 200 }] })).toBe(count(51, 200));
    const year = (world[0] as Json).yearFounded;
    expect(await total({ founded_years: [{ min: year, max: year }] })).toBe(
      world.filter((c) => c.yearFounded === year).length,
    );
    expect(await total({ headcounts: [{ min: 10_001 }] })).toBe(count(10_001, Infinity));
    expect(await total({ headcounts: [{ max: 10 }, { min: 10_001 }] })).toBe(
      count(0, 10) + count(10_001, Infinity),
    );
  });

  it('answers an empty array when nothing matches', async () => {
    expect(await companies({ keywords: [{ value: 'no company says this' }] })).toEqual({
      companies: [],
      metadata: { total: 0, offset: 0 },
    });
  });
});

describe('people search', () => {
  it('filters on the person and their current company, with the same metadata', async () => {
    const result = await people({
      person_locations: [{ value: 'France', exact_match: true }],
      current_position_seniority_level: [{ value: 'CXO', exact_match: true }],
      current_company_headcounts: [{ min: 1_000 }],
      limit: 100,
    });
    expect(result.metadata.offset).toBe(0);
    expect(result.people.length).toBeGreaterThan(0);
    for (const person of result.people) {
      expect(person.location.country).toBe('France');
      expect(person.employment.current.company.headcount).toBeGreaterThanOrEqual(1_000);
    }
    expect(result.metadata.total).toBeGreaterThanOrEqual(result.people.length);
  });

  it('finds one person by network URL and by id, and excludes by skill', async () => {
    const person = api.emulator.world.person(1234) as Json;
    const byUrl = await people({ person_network_urls: [{ value: person.networkUrl, exact_match: true }] });
    expect(byUrl.people.map((p) => p.id)).toEqual([person.id]);
    expect((await people({ person_ids: [{ value: person.id, exact_match: true }] })).metadata.total).toBe(1);
    const skill = person.skills[0];
    const withSkill = (await people({ person_skills: [{ value: skill, exact_match: true }], limit: 100 }))
      .people;
    expect(withSkill.every((p) => p.skills.includes(skill))).toBe(true);
    const without = (
      await people({ person_skills: [{ value: skill, exact_match: true, exclude: true }], limit: 100 })
    ).people;
    expect(without.some((p) => p.skills.includes(skill))).toBe(false);
  });

  it('pages people without overlap and caps limit at 100', async () => {
    const filter = { current_company_industries: [{ value: 'Biotechnology', exact_match: true }] };
    const first = await people({ ...filter, limit: 50 });
    const second = await people({ ...filter, offset: 50, limit: 50 });
    const ids = [...first.people, ...second.people].map((p) => p.id);
    expect(new Set(ids).size).toBe(100);
    expect(second.metadata).toEqual({ total: first.metadata.total, offset: 50 });
    expect((await api.post('/api/v2/people/search', { limit: 101 })).body.code).toBe(
      'error.search.limit_too_large',
    );
  });
});
