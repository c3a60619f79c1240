/**
 * A resume belongs to one output and one input (issue 39): after Ctrl-C, the same command with
 * another --out, a partial output trimmed, or an input edited gets a whole, right output, rebuilt
 * from the answers kept (free), never bytes written into a file the cursor does not describe.
 */
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../scripts/lib/csv';
import { sleep } from '../../scripts/lib/enrich-run';
import { answeredRows, runScript, startScript, tempFile } from './support/cli';
import { contactRows, engineKit, people } from './support/engine';

const SECRET = 'sk-cursor-Secret-0393';
const kit = engineKit({ jobMs: 1_500, keys: [SECRET] });
const api = () => ['--api-url', kit.emulator().baseUrl, '--api-key', SECRET, '--poll-ms', '200'];
const slices = ['--slice-rows', '100'];

/** Runs the command until its first slice is written (the state has a cursor), then Ctrl-C. */
async function interruptAfterASlice(file: string, out: string): Promise<void> {
  const state = join(file, '..', 'c.sheet-enrich-state.json');
  const run = await startScript('enrich.ts', [file, ...api(), ...slices, '--out', out, '--state', state]);
  for (
    let waited = 0;
    !(existsSync(state) && readFileSync(state, 'utf8').includes('"cursor"'));
    waited += 50
  ) {
    if (waited > 60_000) throw new Error('no slice written');
    await sleep(50);
  }
  run.child.kill('SIGINT');
  expect((await run.done).code).toBe(3);
}

const again = (file: string, out: string) =>
  runScript('enrich.ts', [
    file,
    ...api(),
    ...slices,
    '--out',
    out,
    '--state',
    join(file, '..', 'c.sheet-enrich-state.json'),
  ]);

/** The output's header and the first two cells (names) of each data row; and no NUL anywhere. */
function namesIn(out: string): { header: string; names: string[] } {
  const text = readFileSync(out, 'utf8');
  expect(text).not.toContain('\u0000');
  const [header, ...rows] = parseCsv(text);
  return { header: header!.slice(0, 4).join(','), names: rows.map((row) => `${row[0]} ${row[1]}`) };
}

describe('npm run enrich resumes into the output and input it began with', () => {
  const all = contactRows(people(300));
  const expected = all.slice(1).map((row) => `${row[0]} ${row[1]}`);

  it('writes another --out after Ctrl-C whole, from the answers kept', async () => {
    const file = tempFile('c.csv', all.join('\n'));
    await interruptAfterASlice(file, join(file, '..', 'a.csv'));
    // Another --out that does not exist (it gave ENOENT; an existing one got NULs and no header).
    const b = join(file, '..', 'b.csv');
    const run = await again(file, b);
    const context = run.stdout + run.stderr;
    expect({ code: run.code, context }).toEqual({ code: 0, context });
    expect(run.stderr).toMatch(
      /written again from the top .*b\.csv is not the file the interrupted run was writing/,
    );
    expect(namesIn(b)).toEqual({ header: all[0]!.join(','), names: expected });
    expect(answeredRows(b)).toBe(300);
    const stats = await kit.emulator().admin.stats();
    expect(stats.charges.charged_twice).toBe(0);
    // Three jobs for 300 people: the rows written again cost nothing.
    expect(stats.jobs.total).toBe(3);
  }, 180_000);

  it('rebuilds a partial output trimmed after Ctrl-C', async () => {
    const file = tempFile('c.csv', all.join('\n'));
    const a = join(file, '..', 'a.csv');
    await interruptAfterASlice(file, a);
    truncateSync(a, Math.floor(readFileSync(a).length / 2));
    const run = await again(file, a);
    expect(run.code).toBe(0);
    expect(namesIn(a)).toEqual({ header: all[0]!.join(','), names: expected });
    expect(run.stderr).toMatch(/a\.csv is shorter than what the interrupted run wrote/);
    expect(answeredRows(a)).toBe(300);
    const stats = await kit.emulator().admin.stats();
    expect(stats.charges.charged_twice).toBe(0);
    expect(stats.jobs.total).toBe(3);
  }, 180_000);

  it('plans an input edited since Ctrl-C afresh: its current rows, none deleted, nobody bought twice', async () => {
    const file = tempFile('c.csv', all.join('\n'));
    const out = join(file, '..', 'out.csv');
    await interruptAfterASlice(file, out);
    // The first 100 people deleted from the input.
    writeFileSync(file, [all[0]!, ...all.slice(101)].join('\n'));
    const run = await again(file, out);
    const context = run.stdout + run.stderr;
    expect({ code: run.code, context }).toEqual({ code: 0, context });
    expect(run.stderr).toMatch(/the input changed since the interrupted run/);
    expect(namesIn(out)).toEqual({ header: all[0]!.join(','), names: expected.slice(100) });
    expect(answeredRows(out)).toBe(200);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  }, 180_000);
});
