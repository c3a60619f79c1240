/**
 * The files in examples/ show what the README says they show: the contacts are people the built-in
 * emulator knows, and the filter files are valid searches with enough matches for the README's
 * `--max 150` then `--max 250` (a second run that loads only results 151 to 250).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { demoContacts } from '../../dev/playground/demo';
import { checkFilters } from '../../src/api/filter-check';
import { startEmulator, type TestEmulator } from './helpers';

const EXAMPLES = join(__dirname, '../../examples');
const json = (name: string): unknown => JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8'));

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

it('contacts.csv holds the demo people of the emulator’s world', () => {
  const rows = parse(readFileSync(join(EXAMPLES, 'contacts.csv'), 'utf8')) as string[][];
  expect(rows).toEqual(demoContacts(12).values);
});

it.each([
  ['vp-sales.json', 'people', '/api/v2/people/search'],
  ['saas.json', 'companies', '/api/v2/company/search'],
] as const)('%s is a valid %s search with more than 250 matches', async (file, kind, path) => {
  const checked = checkFilters(kind, json(file));
  expect(checked).not.toHaveProperty('problem');
  const answer = await emulator.call('POST', path, { ...(json(file) as object), limit: 1 });
  expect(answer.status).toBe(200);
  expect(answer.body.metadata.total).toBeGreaterThan(250);
});
