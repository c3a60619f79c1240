/**
 * `npm start -- --credits N` (issue 40): the playground's emulator starts with that balance, so
 * running out of credits can be tried without the emulator's admin API.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { nodeBundle } from '../../scripts/lib/node-bundle';

const ROOT = resolve(__dirname, '../..');
jest.setTimeout(60_000);

it('npm start -- --credits 4 starts the emulator with a balance of 4', async () => {
  const bundle = await nodeBundle('dev/playground/cli.ts');
  const child = spawn(
    process.execPath,
    [bundle, '--port', '0', '--credits', '4', '--job-ms', '200', '--exit-with-stdin'],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  try {
    const url = await new Promise<string>((found, failed) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const match = /playground: (http\S+)/.exec(line);
        if (match) found(match[1]!);
      });
      child.once('exit', (code) => failed(new Error(`The playground exited with code ${code}.`)));
    });
    const response = await fetch(new URL('__test/call', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'getCreditBalance', args: [] }),
    });
    expect(await response.json()).toMatchObject({ ok: true, value: { balance: 4 } });
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
});
