/**
 * `npm run enrich` on a file read, enriched and written in slices (issue 32): the output holds every
 * row in the input's order, the state holds one slice (answers live in the answers store), a run
 * killed between or inside slices is continued by the same command, nobody bought twice.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCsv, parseCsv } from '../../scripts/lib/csv';
import { sleep } from '../../scripts/lib/enrich-run';
import { outputRows } from '../../scripts/lib/sheet-outputs';
import { runScript, startScript, tempFile } from './support/cli';
import { contactRows, engineKit, people } from './support/engine';

const SECRET = 'sk-stream-Secret-0055';
const kit = engineKit({ keys: [SECRET], jobMs: 600 });
const api = () => ['--api-url', kit.emulator().baseUrl, '--api-key', SECRET, '--poll-ms', '200'];

/** The output's data rows: their inputs, and whether each has a final answer. */
function output(out: string): { inputs: string[][]; answered: number } {
  const table = parseCsv(readFileSync(out, 'utf8'));
  const rows = outputRows(table, 'enrich');
  const answered = rows.filter((row) => row.status && !/pending|queued|may have been/i.test(row.status));
  return { inputs: table.slice(1).map((row) => row.slice(0, 4)), answered: answered.length };
}

describe('npm run enrich in slices', () => {
  it('writes every row in order, keeps one slice in the state, and the answers for the next run', async () => {
    const rows = contactRows(people(95));
    const file = tempFile('big.csv', rows.join('\n'));
    const out = join(file, '..', 'big.enriched.csv');
    const state = join(file, '..', 'big.sheet-enrich-state.json');
    const first = await runScript('enrich.ts', [file, ...api(), '--slice-rows', '20']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Rows: +95 /);
    expect(output(out)).toEqual({ inputs: rows.slice(1), answered: 95 });
    // The state holds the last slice's rows only; the answers are in the store beside it.
    const stateText = readFileSync(state, 'utf8');
    expect(stateText).toContain(rows[95]![1]!);
    expect(stateText).not.toContain(`"${rows[1]![1]}"`);
    expect(existsSync(`${state}.answers`)).toBe(true);

    const spent = (await kit.emulator().admin.stats()).credits_spent;
    const second = await runScript('enrich.ts', [file, ...api(), '--slice-rows', '20']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/UrlFetch: +0 calls/);
    expect(second.stdout).toMatch(/Credits: +0\n/);
    expect(output(out)).toEqual({ inputs: rows.slice(1), answered: 95 });
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(spent);
  });

  it('continues after a SIGKILL at a random moment: every row once, in order, nobody charged twice', async () => {
    const rows = contactRows(people(180));
    const file = tempFile('kill.csv', rows.join('\n'));
    const out = join(file, '..', 'kill.enriched.csv');
    const args = [file, ...api(), '--slice-rows', '40'];
    const first = await startScript('enrich.ts', args);
    for (let waited = 0; (await kit.emulator().admin.jobs()).length === 0; waited += 20) {
      if (waited > 30_000) throw new Error('no job started');
      await sleep(20);
    }
    const delay = Math.floor(Math.random() * 4_000);
    await sleep(delay);
    first.child.kill('SIGKILL');
    await first.done;
    let again = await runScript('enrich.ts', args);
    const lost = [...(again.stderr.matchAll(/"([^"\n]+ › [^"\n]+)"/g) ?? [])].map((m) => m[1]!);
    if (lost.length) {
      const ids = (await kit.emulator().admin.jobs()).filter((job) => lost.includes(job.name));
      again = await runScript('enrich.ts', [...args, ...ids.flatMap((job) => ['--import-job', job.id])]);
    }
    const context = `killed after ${delay} ms:\n${again.stdout}${again.stderr}`;
    expect({ code: again.code, context }).toEqual({ code: 0, context });
    expect(output(out)).toEqual({ inputs: rows.slice(1), answered: 180 });
    const stats = await kit.emulator().admin.stats();
    expect({ twice: stats.charges.charged_twice, context }).toEqual({ twice: 0, context });
  });

  it('starts the next slice while the one before is still at the API, and writes both in order', async () => {
    const rows = contactRows(people(60));
    const file = tempFile('overlap.csv', rows.join('\n'));
    const out = join(file, '..', 'overlap.enriched.csv');
    // Stuck for good: a slice that waited for the one before to be answered would never start.
    await kit.emulator().admin.config({ faults: 'stuck=1' });
    const args = [file, ...api(), '--slice-rows', '20'];
    const first = await runScript('enrich.ts', [...args, '--max-polls', '3']);
    await kit.emulator().admin.config({ faults: 'stuck=0' });
    expect(first.code).toBe(3);
    const jobs = await kit.emulator().admin.jobs();
    expect(jobs.map((job) => [job.total, job.stuck])).toEqual([
      [20, true],
      [20, true],
    ]);
    // Both stuck jobs are let go; the same command collects them and does the third slice.
    for (const job of jobs) await kit.emulator().admin.finishJob(job.id);
    const second = await runScript('enrich.ts', args);
    expect(second.code).toBe(0);
    expect(output(out)).toEqual({ inputs: rows.slice(1), answered: 60 });
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(3);
    expect(stats.charges.charged_twice).toBe(0);
  });

  it('buys a contact of two neighbouring slices once: the later slice waits for its answer', async () => {
    const rows = contactRows(people(40));
    // Row 25 (second slice) is the contact of row 5 (first slice), whose job is then in flight.
    rows.splice(26, 0, rows[5]!);
    const file = tempFile('twice.csv', rows.join('\n'));
    const out = join(file, '..', 'twice.enriched.csv');
    const result = await runScript('enrich.ts', [file, ...api(), '--slice-rows', '20']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Rows: +41 \(40 contacts sent, 1 from saved results/);
    expect(output(out)).toEqual({ inputs: rows.slice(1), answered: 41 });
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('keeps one header when a later slice fills columns the first did not (profiles, a ragged row)', async () => {
    // The first slice has no profile URL, the second has: only the second's rows get a profile.
    const contacts = people(40, 0);
    const rows = [
      [...contactRows([])[0]!, 'LinkedIn URL'],
      ...contactRows(contacts)
        .slice(1)
        .map((row, index) => [...row, index < 20 ? '' : contacts[index]!.networkUrl]),
    ];
    // A ragged row in the second slice: a field past the header's columns.
    rows[30]!.push('note');
    const file = tempFile('profiles.csv', formatCsv(rows, ','));
    const out = join(file, '..', 'profiles.enriched.csv');
    const result = await runScript('enrich.ts', [file, ...api(), '--slice-rows', '20']);
    expect(result.code).toBe(0);
    const table = parseCsv(readFileSync(out, 'utf8'));
    // Every row under the one header; the ragged row's extra field after the output columns.
    const width = table[0]!.filter(Boolean).length;
    expect(table[30]!.slice(0, 5)).toEqual(rows[30]!.slice(0, 5));
    expect(table[30]!.slice(width)).toEqual(['note']);
    expect(table.filter((row, index) => index !== 30 && row.slice(width).some(Boolean))).toEqual([]);
    const written = outputRows(table, 'enrich');
    expect(written.slice(0, 20).filter((row) => row.fullName)).toEqual([]);
    expect(written.slice(20).filter((row) => !row.fullName)).toEqual([]);
    expect(output(out).answered).toBe(40);
  });

  it('stops on Ctrl-C, says how to go on (exit 3), and the same command finishes the file', async () => {
    const rows = contactRows(people(100));
    const file = tempFile('ctrlc.csv', rows.join('\n'));
    const out = join(file, '..', 'ctrlc.enriched.csv');
    const args = [file, ...api(), '--slice-rows', '20'];
    const first = await startScript('enrich.ts', args);
    for (let waited = 0; (await kit.emulator().admin.jobs()).length === 0; waited += 20) {
      if (waited > 30_000) throw new Error('no job started');
      await sleep(20);
    }
    first.child.kill('SIGINT');
    const stopped = await first.done;
    expect(stopped.code).toBe(3);
    expect(stopped.stderr).toMatch(/Run the same command again/);
    const again = await runScript('enrich.ts', args);
    expect(again.code).toBe(0);
    expect(output(out)).toEqual({ inputs: rows.slice(1), answered: 100 });
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });
});
