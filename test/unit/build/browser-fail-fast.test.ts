/**
 * Without Chromium, the browser tests fail within seconds with the install hint, and leave no
 * playground or emulator process behind (they used to hang `npm test` with three orphans).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** Processes of the playground or an emulator, whoever started them. */
function helperProcesses(): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => /dev\/(playground|emulator)\/cli\.ts/.test(line));
}

it('a browser test file without Chromium fails fast, with the hint, leaving no process', () => {
  const before = new Set(helperProcesses());
  const started = Date.now();
  const child = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/jest/bin/jest.js'), '--ci', 'test/browser/playground.test.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SHEET_ENRICH_CHROMIUM: '/nonexistent/chromium' },
      timeout: 90_000,
    },
  );
  const elapsed = Date.now() - started;
  expect(child.status).not.toBe(0);
  expect(child.signal).toBeNull();
  expect(`${child.stdout}${child.stderr}`).toContain('apt-get install -y chromium');
  expect(elapsed).toBeLessThan(45_000);
  expect(helperProcesses().filter((line) => !before.has(line))).toEqual([]);
}, 100_000);
