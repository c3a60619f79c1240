/** `npm run enrich` builds only when dist/ is older than what it is built from (issue 32). */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { staleReason } from '../../../scripts/lib/build-inputs';
import { tempDir } from '../../support/temp-dir';

const URL = 'https://api.enrichment.example/';
const ENV = { SHEET_ENRICH_API_URL: URL };

/** A repository of the build's inputs and outputs, every file dated `at` (seconds). */
function repo(at: number): { root: string; touch: (file: string, when: number) => void } {
  const root = tempDir('build-inputs-');
  const touch = (file: string, when: number) => {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    if (file === 'dist/appsscript.json') writeFileSync(path, JSON.stringify({ urlFetchWhitelist: [URL] }));
    else if (file === 'scripts/build.ts') writeFileSync(path, "import { a } from './lib/config';\n");
    else writeFileSync(path, '');
    utimesSync(path, when, when);
  };
  for (const file of [
    'src/index.ts',
    'sidebar/main.ts',
    'appsscript.json',
    'scripts/build.ts',
    'scripts/lib/config.ts',
    'scripts/lib/enrich-run.ts',
    'dist/Code.js',
    'dist/Sidebar.html',
    'dist/appsscript.json',
  ])
    touch(file, file.startsWith('dist/') ? at + 10 : at);
  return { root, touch };
}

describe('staleReason', () => {
  it('is undefined while dist/ is newer than every input', () => {
    expect(staleReason(repo(1_000_000).root, ENV)).toBeUndefined();
  });

  it.each(['src/index.ts', 'sidebar/main.ts', 'scripts/lib/config.ts', 'appsscript.json'])(
    'names %s when it changed after the build',
    (file) => {
      const { root, touch } = repo(1_000_000);
      touch(file, 1_000_100);
      expect(staleReason(root, ENV)).toBe(`${file} changed since the last build`);
    },
  );

  it('ignores scripts the build does not import (the CLI itself)', () => {
    const { root, touch } = repo(1_000_000);
    touch('scripts/lib/enrich-run.ts', 1_000_100);
    expect(staleReason(root, ENV)).toBeUndefined();
  });

  it('builds when an output is missing or the API address changed', () => {
    const { root } = repo(1_000_000);
    expect(staleReason(root, { SHEET_ENRICH_API_URL: 'https://other.example/' })).toMatch(/API address/);
    const empty = tempDir('build-inputs-');
    expect(staleReason(empty, ENV)).toBe('dist/Code.js is missing');
  });
});
