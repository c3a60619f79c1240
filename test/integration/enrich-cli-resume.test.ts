/**
 * `npm run enrich` killed and run again (issue 32): the state file records every job before its
 * start leaves, so a rerun collects what the first run bought and nobody is charged twice. Jobs take
 * 1.5 s here, so a kill lands while they run.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../scripts/lib/csv';
import { outputRows } from '../../scripts/lib/sheet-outputs';
import { STATUS } from '../../src/domain/statuses';
import { sleep } from '../../scripts/lib/enrich-run';
import { startedAt } from '../../scripts/lib/state-lock';
import { answeredRows, killedAtStartAnswers, runScript, startScript, tempFile } from './support/cli';
import { contactRows, engineKit, jobsStarted, people } from './support/engine';

const SECRET = 'sk-resume-Secret-0077';
const OTHER = 'sk-resume-Other-0078';
const kit = engineKit({
  jobMs: 1_500,
  workspaces: { ws_first: [SECRET], ws_second: [OTHER] },
});
const api = (key = SECRET) => ['--api-url', kit.emulator().baseUrl, '--api-key', key, '--poll-ms', '200'];

/** The names of jobs a run says may have been started although their answer was lost. */
const lostJobNames = (text: string): string[] =>
  [...text.matchAll(/"([^"\n]+ › [^"\n]+)"/g)].map((m) => m[1]!);

describe('npm run enrich, killed and run again', () => {
  it('answers every row and charges nobody twice after a SIGKILL at a random moment', async () => {
    const file = tempFile('kill.csv', contactRows(people(250)).join('\n'));
    const out = join(file, '..', 'kill.enriched.csv');
    const first = await startScript('enrich.ts', [file, ...api()]);
    await jobsStarted(kit.emulator(), 1);
    const delay = Math.floor(Math.random() * 2_500);
    await sleep(delay);
    first.child.kill('SIGKILL');
    await first.done;

    let again = await runScript('enrich.ts', [file, ...api()]);
    // A kill while a start's answer was on its way leaves a lost start: imported by its id.
    const lost = lostJobNames(again.stdout + again.stderr);
    if (lost.length) {
      const ids = (await kit.emulator().admin.jobs()).filter((job) => lost.includes(job.name));
      const imports = ids.flatMap((job) => ['--import-job', job.id]);
      again = await runScript('enrich.ts', [file, ...api(), ...imports]);
    }
    const context = `killed after ${delay} ms:\n${again.stdout}${again.stderr}`;
    expect({ code: again.code, context }).toEqual({ code: 0, context });
    expect(answeredRows(out)).toBe(250);
    const stats = await kit.emulator().admin.stats();
    expect({ twice: stats.charges.charged_twice, context }).toEqual({ twice: 0, context });
  });

  it('says it was interrupted on Ctrl-C while its jobs run, and a rerun needs no import', async () => {
    const file = tempFile('int.csv', contactRows(people(250)).join('\n'));
    const out = join(file, '..', 'int.enriched.csv');
    const first = await startScript('enrich.ts', [file, ...api()]);
    await jobsStarted(kit.emulator(), 1);
    first.child.kill('SIGINT');
    const stopped = await first.done;
    expect(stopped.code).toBe(3);
    // Why it stopped: not a number of polls it never reached.
    expect(stopped.stdout).toMatch(
      /Run: +running \(Interrupted: the jobs still running are kept in the state/,
    );
    expect(stopped.stdout).not.toMatch(/after \d+ polls/);
    // A Ctrl-C waits for the start batch to be saved: nothing is left for --import-job.
    const again = await runScript('enrich.ts', [file, ...api()]);
    expect(again.code).toBe(0);
    expect(answeredRows(out)).toBe(250);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('imports a start a kill cut short from its answer as it arrived: no --import-job needed', async () => {
    // Killed when its first start has answered and its id is not saved yet (a failpoint: a random
    // kill lands there only now and then, above). Starts leave one by one: the others never left.
    const { file, out, state } = await killedAtStartAnswers(
      'cut',
      contactRows(people(250)).join('\n'),
      api(),
    );
    expect(readFileSync(state, 'utf8')).toMatch(/\\"state\\":\\"sending\\"/);
    expect((await kit.emulator().admin.jobs()).length).toBe(1);

    const again = await runScript('enrich.ts', [file, ...api()]);
    const context = again.stdout + again.stderr;
    expect({ code: again.code, context }).toEqual({ code: 0, context });
    expect(again.stderr).not.toMatch(/--import-job/);
    expect(again.stdout).toMatch(/Recovered: +1 job a killed command had started/);
    expect(answeredRows(out)).toBe(250);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(3);
    expect(stats.charges.charged_twice).toBe(0);
    // The killed run printed nothing: the rerun's Credits are everything the API charged.
    expect(again.stdout).toContain(`Credits:       ${stats.credits_spent}\n`);
    // Its ids are in the state now: the journal is let go.
    expect(readFileSync(`${state}.starts`, 'utf8')).toBe('');
  });

  it('imports a lost start by its job id: every row answered, nobody bought twice', async () => {
    const file = tempFile('lost.csv', contactRows(people(30)).join('\n'));
    const out = join(file, '..', 'lost.enriched.csv');
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const first = await runScript('enrich.ts', [file, ...api()]);
    await kit.emulator().admin.config({ faults: '' });
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(
      /Credits: +0, and up to \d+ credits more for 30 contacts whose start's answer was lost/,
    );
    const names = lostJobNames(first.stderr);
    expect(first.stderr).toMatch(/--import-job ID/);
    expect(names).toHaveLength(1);

    // Run again without the id: nothing is sent again, and the lost start is told again.
    const again = await runScript('enrich.ts', [file, ...api()]);
    expect(again.code).toBe(1);
    expect(lostJobNames(again.stderr)).toEqual(names);
    expect((await kit.emulator().admin.jobs()).length).toBe(1);

    const [job] = await kit.emulator().admin.jobs();
    expect(job!.name).toBe(names[0]);
    const imported = await runScript('enrich.ts', [file, ...api(), '--import-job', job!.id]);
    expect(imported.code).toBe(0);
    expect(answeredRows(out)).toBe(30);
    const stats = await kit.emulator().admin.stats();
    expect(stats.charges.charged_twice).toBe(0);
    expect(imported.stdout).toContain(`Credits:       ${stats.credits_spent}\n`);
  });

  it('tells every held row why in the CSV, slice by slice, under the same columns', async () => {
    // Contacts 11-20 are held by a start whose answer was lost (an earlier command on this state).
    const all = contactRows(people(30));
    const dir = join(tempFile('held.csv', all.join('\n')), '..');
    const file = join(dir, 'held.csv');
    const state = ['--state', join(dir, 'held.state.json')];
    const middle = join(dir, 'middle.csv');
    writeFileSync(middle, [all[0]!, ...all.slice(11, 21)].join('\n'));
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const lostRun = await runScript('enrich.ts', [middle, ...api(), ...state]);
    await kit.emulator().admin.config({ faults: 'lost=0' });
    expect(lostRun.code).toBe(1);

    // Three slices: the first and last are sent, the middle one waits for the lost start.
    const out = join(dir, 'held.enriched.csv');
    const run = await runScript('enrich.ts', [file, ...api(), ...state, '--slice-rows', '10']);
    expect(run.code).toBe(1);
    const table = parseCsv(readFileSync(out, 'utf8'));
    expect(table.map((row) => row.length)).toEqual(table.map(() => table[0]!.length));
    const statuses = outputRows(table, 'enrich').map((row) => row.status ?? '');
    expect(statuses.slice(10, 20).filter((status) => !/^may have been started/.test(status))).toEqual([]);
    expect(answeredRows(out)).toBe(20);
    expect(run.stdout).not.toMatch(/\(none\)/);

    // The same when no slice sends anything: every row says why, under the output columns.
    const heldOnly = join(dir, 'held-only.csv');
    writeFileSync(heldOnly, [all[0]!, ...all.slice(11, 21)].join('\n'));
    const again = await runScript('enrich.ts', [heldOnly, ...api(), ...state, '--slice-rows', '5']);
    expect(again.code).toBe(1);
    const heldTable = parseCsv(readFileSync(join(dir, 'held-only.enriched.csv'), 'utf8'));
    expect(heldTable[0]).toEqual(table[0]);
    const held = outputRows(heldTable, 'enrich').map((row) => row.status ?? '');
    expect(held.filter((status) => !/^may have been started/.test(status))).toEqual([]);
    expect(held).toHaveLength(10);

    // Imported by its id, the lost start fills them: nobody bought twice.
    const [job] = (await kit.emulator().admin.jobs()).filter((j) => j.total === 10);
    const imported = await runScript('enrich.ts', [file, ...api(), ...state, '--import-job', job!.id]);
    expect(imported.code).toBe(0);
    expect(answeredRows(out)).toBe(30);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  }, 120_000);

  it('collects jobs still running when it stopped waiting, and says how (exit code 3)', async () => {
    const file = tempFile('slow.csv', contactRows(people(40)).join('\n'));
    const out = join(file, '..', 'slow.enriched.csv');
    // Stuck at the API until the test lets them finish: the first run surely stops waiting.
    await kit.emulator().admin.config({ faults: 'stuck=1' });
    const first = await runScript('enrich.ts', [file, ...api(), '--max-polls', '2']);
    await kit.emulator().admin.config({ faults: '' });
    expect(first.code).toBe(3);
    expect(first.stderr).toMatch(/1 job still running at the API.*Run the same command again/);
    const jobs = await kit.emulator().admin.jobs();
    expect(jobs).toHaveLength(1);
    await kit.emulator().admin.finishJob(jobs[0]!.id);
    const second = await runScript('enrich.ts', [file, ...api()]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Collected: +40 contacts of a run an earlier command left running/);
    expect(answeredRows(out)).toBe(40);
    const stats = await kit.emulator().admin.stats();
    expect(stats.charges.charged_twice).toBe(0);
    expect(stats.jobs.total).toBe(1);
  });

  it('counts the jobs still at work when it stops waiting, not every job of the run', async () => {
    const file = tempFile('some.csv', contactRows(people(250)).join('\n'));
    await kit.emulator().admin.config({ faults: 'stuck=1' });
    const first = await startScript('enrich.ts', [file, ...api(), '--max-polls', '3']);
    await jobsStarted(kit.emulator(), 3);
    await kit.emulator().admin.config({ faults: '' });
    // Two of its three jobs finish; the third (50 rows) is still at work when it stops waiting.
    const jobs = await kit.emulator().admin.jobs();
    const [last] = jobs.filter((job) => job.total === 50);
    for (const job of jobs) if (job !== last) await kit.emulator().admin.finishJob(job.id);
    const stopped = await first.done;
    expect(stopped.code).toBe(3);
    expect(stopped.stderr).toContain('Stopped waiting: 1 job still running at the API (50 rows)');
    expect(stopped.stdout).toMatch(/Credits: +\d+ so far: 1 job still running is counted/);
  });

  it('keeps the rows an earlier command wrote while a rerun only waits for its jobs', async () => {
    const file = tempFile('wait.csv', contactRows(people(40)).join('\n'));
    const out = join(file, '..', 'wait.enriched.csv');
    const statusesOf = () =>
      outputRows(parseCsv(readFileSync(out, 'utf8')), 'enrich').map((row) => row.status);
    // Held halfway at the API: the first command writes what it found so far, "pending" for the rest.
    await kit.emulator().admin.config({ faults: 'stuck=1' });
    const waitLong = ['--poll-ms', '600', '--max-polls', '2'];
    const first = await runScript('enrich.ts', [file, ...api(), ...waitLong, '--force-results']);
    await kit.emulator().admin.config({ faults: 'stuck=0' });
    expect(first.code).toBe(3);
    const written = statusesOf();
    expect(written.filter((status) => /^(not )?found/.test(status ?? '')).length).toBeGreaterThan(0);
    expect(written.filter((status) => status === STATUS.pending).length).toBeGreaterThan(0);
    // The job is still stuck: a rerun waits for it again and stops, with nothing newer to write.
    const second = await runScript('enrich.ts', [file, ...api(), '--max-polls', '1']);
    expect(second.code).toBe(3);
    // Rewritten from its sheet, which held the input again, the file lost every answer and Status.
    expect(statusesOf()).toEqual(written);
    const [job] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.finishJob(job!.id);
    const third = await runScript('enrich.ts', [file, ...api()]);
    expect(third.code).toBe(0);
    expect(answeredRows(out)).toBe(40);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('takes what a slow job found with --force-results and keeps it open: a rerun collects the rest, paid once', async () => {
    // Two runs of the command, each a child process.
    const file = tempFile('stuck.csv', contactRows(people(40)).join('\n'));
    const out = join(file, '..', 'stuck.enriched.csv');
    // Held halfway at the API until the test lets it go on: its first 20 contacts are processed (and
    // charged) within 0.75 s of its start (1.5 s jobs). Two polls 0.6 s apart come after that.
    await kit.emulator().admin.config({ faults: 'stuck=1' });
    const waitLong = ['--poll-ms', '600', '--max-polls', '2', '--force-results'];
    const first = await runScript('enrich.ts', [file, ...api().slice(0, 4), ...waitLong]);
    await kit.emulator().admin.config({ faults: 'stuck=0' });
    const [slow, ...others] = await kit.emulator().admin.jobs();
    expect(others).toEqual([]);
    expect(slow!.stuck).toBe(true);
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    expect(spent).toBeGreaterThan(0);
    // What the job found so far is written, and the credits are the API's figure.
    expect(first.stdout).toContain(`Credits:       ${spent} so far: 1 job still running is counted`);
    const rows = outputRows(parseCsv(readFileSync(out, 'utf8')), 'enrich');
    const running = rows.filter((row) => row.status === STATUS.pending).length;
    expect(running).toBeGreaterThanOrEqual(20);
    expect(rows.filter((row) => /^found/.test(row.status ?? '')).length).toBeGreaterThan(0);
    // The job goes on at the API (spec §4.2): the truth is "still running", and how to collect it.
    expect(first.code).toBe(3);
    expect(first.stderr).toContain(`1 job still running at the API (${running} rows)`);
    expect(first.stderr).toMatch(/Run the same command again to collect them \(nothing is bought twice\)/);
    expect(first.stderr).not.toMatch(/send them again/);

    // The job finishes at the API, charging the rest; the same command collects it: no new job.
    await kit.emulator().admin.finishJob(slow!.id);
    const second = await runScript('enrich.ts', [file, ...api()]);
    expect(second.code).toBe(0);
    expect(answeredRows(out)).toBe(40);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
    const credits = (text: string) => Number(/Credits: +(\d+)/.exec(text)![1]);
    expect(credits(first.stdout) + credits(second.stdout)).toBe(stats.credits_spent);
    const finalRows = outputRows(parseCsv(readFileSync(out, 'utf8')), 'enrich');
    expect(finalRows).toHaveLength(40);
    expect(finalRows.filter((row) => row.status === STATUS.pending)).toEqual([]);
  }, 120_000);

  it('refuses a second run on the same state while another process holds its lock', async () => {
    const file = tempFile('lock.csv', contactRows(people(30)).join('\n'));
    const state = join(file, '..', 'lock.sheet-enrich-state.json');
    // A live process holds the lock, as a first run would: deterministic, whatever the machine's pace.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const lock = { pid: holder.pid, started: startedAt(holder.pid!), token: 'x', at: Date.now() };
      writeFileSync(`${state}.lock`, JSON.stringify(lock));
      const second = await runScript('enrich.ts', [file, ...api()]);
      expect(second.code).toBe(2);
      // The safe command: never another --state, which would buy every row again (issue 39).
      expect(second.stderr.trim()).toBe(
        `sheet-enrich: Another run (process ${holder.pid}) is using ${state}: wait for it to end, then run the same command again (it collects what that run started; nothing is bought twice).`,
      );
      expect(await kit.emulator().admin.jobs()).toEqual([]);
    } finally {
      holder.kill();
    }
  });

  it('takes over the lock of a run that died, and refuses a state of another workspace', async () => {
    const file = tempFile('ws.csv', contactRows(people(10)).join('\n'));
    const state = join(file, '..', 'ws.sheet-enrich-state.json');
    // A process id no process has: the lock a killed run left behind.
    writeFileSync(`${state}.lock`, JSON.stringify({ pid: 2 ** 22 + 17, at: Date.now() }));
    const first = await runScript('enrich.ts', [file, ...api()]);
    expect(first.code).toBe(0);
    // Two new rows: this run would send them with a key of another workspace.
    writeFileSync(file, contactRows(people(12)).join('\n'));
    const other = await runScript('enrich.ts', [file, ...api(OTHER)]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/written with a key of workspace ws_first.*ws_second/);
    expect(other.stdout + other.stderr).not.toContain(OTHER);
  });
});
