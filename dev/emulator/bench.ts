/**
 * `npm run bench:emulator`: the emulator's throughput (requests/second) on this machine, over
 * loopback, against a child process (so the load generator does not share the server's thread),
 * then the time of each search alone, in process (no HTTP, no JSON), which a busy machine blurs less.
 * A benchmark, not a test: it prints numbers and asserts nothing.
 */
import type { Filters } from './search';
import { COMPANY_FIELDS, PEOPLE_FIELDS } from './search';
import { SearchIndex } from './search-index';
import { sampleContacts } from './sample';
import { spawnEmulator } from './spawn';
import { generateWorld } from './world';

const SECONDS_PER_SCENARIO = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

async function measure(baseUrl: string, apiKey: string, scenario: Scenario) {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const body = scenario.body === undefined ? undefined : JSON.stringify(scenario.body);
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + SECONDS_PER_SCENARIO * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${scenario.path}`, { method: scenario.method, headers, body });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => (latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(1);
  return {
    scenario: scenario.name,
    'req/s': Math.round(latencies.length / seconds),
    'p50 ms': percentile(0.5),
    'p99 ms': percentile(0.99),
    requests: latencies.length,
    'non-200': failures,
  };
}

/** Each search scenario run against the index directly, for as long as an HTTP scenario runs. */
function measureSearchAlone(scenarios: readonly Scenario[]) {
  const world = generateWorld(1);
  const people = new SearchIndex(world.people, PEOPLE_FIELDS);
  const companies = new SearchIndex(world.companies, COMPANY_FIELDS);
  return scenarios
    .filter((scenario) => scenario.path.endsWith('/search'))
    .map((scenario) => {
      const {
        offset = 0,
        limit = 10,
        ...filters
      } = scenario.body as Filters & { offset?: number; limit?: number };
      const index = scenario.path.includes('people') ? people : companies;
      index.search(filters, offset, limit); // builds the indexes of the fields it uses
      const times: number[] = [];
      const deadline = performance.now() + SECONDS_PER_SCENARIO * 1000;
      while (performance.now() < deadline) {
        const started = performance.now();
        index.search(filters, offset, limit);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const percentile = (p: number) => (times[Math.floor((times.length - 1) * p)] ?? 0).toFixed(2);
      return {
        scenario: scenario.name,
        'p50 ms': percentile(0.5),
        'p99 ms': percentile(0.99),
        runs: times.length,
      };
    });
}

async function main(): Promise<void> {
  const emulator = await spawnEmulator({ rateLimit: 0, jobMs: 0, credits: 10_000_000 });
  try {
    const { baseUrl, apiKey } = emulator;
    const datas = sampleContacts(1, 100).map((c, row) => ({
      firstname: c.firstName,
      lastname: c.lastName,
      domain: c.domain,
      ...(row % 4 === 0 && c.networkUrl ? { network_url: c.networkUrl } : {}),
      custom: { row: String(row) },
    }));
    const started = await fetch(`${baseUrl}/api/v1/contact/enrich/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', datas }),
    });
    const { enrichment_id: id } = (await started.json()) as { enrichment_id: string };
    const scenarios: Scenario[] = [
      { name: 'GET credits (baseline)', method: 'GET', path: '/api/v2/account/credits' },
      { name: 'GET v2 result, 100 items', method: 'GET', path: `/api/v2/contact/enrich/bulk/${id}` },
      { name: 'GET v1 result, 100 items', method: 'GET', path: `/api/v1/contact/enrich/bulk/${id}` },
      {
        name: 'company search (2 filters)',
        method: 'POST',
        path: '/api/v2/company/search',
        body: { industries: [{ value: 'software' }], headcounts: [{ min: 50, max: 5000 }], limit: 25 },
      },
      {
        name: 'people search (3 filters)',
        method: 'POST',
        path: '/api/v2/people/search',
        body: {
          person_locations: [{ value: 'france' }],
          current_position_seniority_level: [{ value: 'Director', exact_match: true }],
          person_skills: [{ value: 'python' }],
          limit: 25,
        },
      },
      {
        name: 'people search (title substring, country)',
        method: 'POST',
        path: '/api/v2/people/search',
        body: {
          current_position_titles: [{ value: 'engineer' }],
          person_locations: [{ value: 'Germany', exact_match: true }],
          limit: 25,
        },
      },
      {
        // A page the add-on's export loads: 100 people, an exclude and a range.
        name: 'people search (industry, exclude, range; 100)',
        method: 'POST',
        path: '/api/v2/people/search',
        body: {
          current_company_industries: [{ value: 'Software Development', exact_match: true }],
          current_position_seniority_level: [{ value: 'Entry', exact_match: true, exclude: true }],
          current_position_years_in: [{ min: 2, max: 10 }],
          offset: 100,
          limit: 100,
        },
      },
      {
        // The preview of a search: only metadata.total is wanted.
        name: 'people search (count, limit 1)',
        method: 'POST',
        path: '/api/v2/people/search',
        body: { past_company_names: [{ value: 'retail' }], person_skills: [{ value: 'sql' }], limit: 1 },
      },
    ];
    // Warm-up: the first people search materialises the whole world (about a second).
    for (const scenario of scenarios) {
      await fetch(`${baseUrl}${scenario.path}`, {
        method: scenario.method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
      });
    }
    console.log(
      `Emulator throughput: ${SECONDS_PER_SCENARIO} s per scenario, ${CONCURRENCY} concurrent connections`,
    );
    const results = [];
    for (const scenario of scenarios) results.push(await measure(baseUrl, apiKey, scenario));
    console.table(results);
    await emulator.stop();
    console.log('Search alone, in process (no HTTP, no JSON):');
    console.table(measureSearchAlone(scenarios));
  } finally {
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
