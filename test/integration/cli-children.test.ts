/**
 * A command a test started never outlives the test (test/integration/support/cli.ts): one left
 * running after a jest timeout held the worker open past its file.
 */
import { runScript, runningScripts, tempFile } from './support/cli';

let pid = 0;

test('a test that ends before its command', async () => {
  const csv = tempFile('contacts.csv', 'First name,Last name,Company\nAda,Lovelace,Acme\n');
  // Not awaited: the run takes seconds (the emulator's jobs, then polls), the test ends now.
  void runScript('enrich.ts', [csv]);
  const deadline = Date.now() + 30_000;
  while (!runningScripts().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(runningScripts()).toHaveLength(1);
  pid = runningScripts()[0]!;
});

test('leaves no command of it running', () => {
  expect(pid).toBeGreaterThan(0);
  expect(runningScripts()).toEqual([]);
  // Signal 0 only asks whether the process exists.
  expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
});
