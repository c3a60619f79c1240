/**
 * The order of test files on a clean clone, where jest has no times of its own
 * (scripts/jest-sequencer.cjs): the long files first, so that none starts near the end of the run.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const Sequencer = jest.requireActual<new () => { sort<T>(tests: T[]): T[] }>(
  '../../../scripts/jest-sequencer.cjs',
);
const { ESTIMATES } = jest.requireActual<{ ESTIMATES: [RegExp, number][] }>(
  '../../../scripts/jest-sequencer.cjs',
);

/** Every test file, as jest hands them to the sequencer: without a cache of times (a clean clone). */
const FILES = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join(ROOT, 'test', file));
const context = { config: { cache: false }, hasteFS: { getSize: () => 0 } };
const order = new Sequencer()
  .sort(FILES.map((path) => ({ path, context })))
  .map((test) => test.path.slice(ROOT.length + 1));

/** The estimates by folder, for files the table does not name. */
const FALLBACKS = ESTIMATES.filter(([pattern]) => !/\\\.$/.test(pattern.source));

it('starts the command-line files, 40 s and more of waiting on their commands, before every unnamed file', () => {
  const estimateOf = (file: string) => ESTIMATES.find(([pattern]) => pattern.test(`/${file}`))!;
  const unnamed = order.filter((file) => FALLBACKS.includes(estimateOf(file)));
  const firstUnnamed = order.indexOf(unnamed[0]!);
  for (const cli of ['habits', 'stream', 'cursor', 'resume', 'refresh', 'files'])
    expect(order.indexOf(`test/integration/enrich-cli-${cli}.test.ts`)).toBeLessThan(firstUnnamed);
});

it('names only files that exist: a renamed file would fall back to its folder’s estimate', () => {
  const named = ESTIMATES.filter((entry) => !FALLBACKS.includes(entry));
  expect(named.filter(([pattern]) => !order.some((file) => pattern.test(`/${file}`)))).toEqual([]);
});
