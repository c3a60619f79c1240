/**
 * Without Chromium, the browser tests fail within seconds with the install hint, and leave no
 * playground or emulator process behind (they used to hang `npm test` with three orphans).
 */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/**
 * Processes still running in a process group (the child jest's: everything it started). A zombie
 * (ps state Z) has exited and holds nothing but its pid until whatever adopted it reaps it, which
 * is the machine's business: it is not a process left behind.
 */
function processesInGroup(group: number): string[] {
  const out = execFileSync('ps', ['-eo', 'pgid=,pid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pgid, , stat]) => Number(pgid) === group && !stat!.startsWith('Z'))
    .map((fields) => fields.slice(1).join(' '));
}

it('a browser test file without Chromium fails fast, with the hint, leaving no process', async () => {
  // Its own process group, so that whatever it starts can be found again (other test files run
  // their own emulators and playgrounds at the same time).
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/jest/bin/jest.js'), '--ci', 'test/browser/playground.test.ts'],
    { cwd: root, env: { ...process.env, SHEET_ENRICH_CHROMIUM: '/nonexistent/chromium' }, detached: true },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 90_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  clearTimeout(timer);
  // It ended by itself (a hang is killed at 90 s): how fast is the machine's business, not the test's.
  expect(signal).toBeNull();
  expect(code).not.toBe(0);
  expect(output).toContain('apt-get install -y chromium');
  // Whatever jest itself started (its workers) may still be exiting when it does; an orphan (the
  // playground or emulator the bug left) never exits by itself, so a generous wait changes nothing
  // for it.
  const deadline = Date.now() + 20_000;
  while (processesInGroup(child.pid!).length && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  expect(processesInGroup(child.pid!)).toEqual([]);
}, 120_000);
