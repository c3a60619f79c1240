/**
 * `npm run enrich` where habits lead (issue 39): a rerun with the wrong key or during an outage,
 * advice followed to the letter, Ctrl-C before the first start. Each test is one case of the issue,
 * and each failed before its fix. Jobs take 1.5 s, so a signal lands while they run.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from '../../scripts/lib/enrich-run';
import { answeredRows, killedAtStartAnswers, runScript, startScript, tempFile } from './support/cli';
import { parseCsv } from '../../scripts/lib/csv';
import { outputRows } from '../../scripts/lib/sheet-outputs';
import { PRICES } from '../../src/domain/fields';
import { contactRows, engineKit, jobsStarted, people } from './support/engine';

const SECRET = 'sk-habits-Secret-0391';
const OTHER = 'sk-habits-Other-0392';
const kit = engineKit({
  jobMs: 1_500,
  workspaces: { ws_first: [SECRET], ws_second: [OTHER] },
});
const api = (key = SECRET) => ['--api-url', kit.emulator().baseUrl, '--api-key', key, '--poll-ms', '200'];

/** A file's bytes and modification time: what "untouched" means. */
const snapshot = (file: string) => ({ text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs });

describe('npm run enrich where habits lead', () => {
  it('keeps the start journal through a rerun with another workspace’s key or during an outage', async () => {
    // Killed when its first start has answered: its id is in the journal only (starts leave one
    // by one, each saved first: the other two never left).
    const { file, out, state } = await killedAtStartAnswers(
      'journal',
      contactRows(people(250)).join('\n'),
      api(),
    );
    const kept = { state: snapshot(state), journal: snapshot(`${state}.starts`) };
    expect(kept.journal.text.split('\n').filter(Boolean)).toHaveLength(1);
    const requestsBefore = (await kit.emulator().admin.stats()).total_requests;

    // Another workspace's key: one line, exit 2, nothing polled, the journal and the state untouched.
    const wrong = await runScript('enrich.ts', [file, ...api(OTHER)]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/written with a key of workspace ws_first.*ws_second/),
    ]);
    expect(wrong.stderr).not.toMatch(/another --state|delete it/);
    // The API down: said so, exit 1, nothing touched either.
    await kit.emulator().admin.config({ down: 'reset' });
    const down = await runScript('enrich.ts', [file, ...api()]);
    await kit.emulator().admin.config({ down: false });
    expect(down.code).toBe(1);
    expect(down.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/Run the same command again once the API answers/),
    ]);
    expect({ state: snapshot(state), journal: snapshot(`${state}.starts`) }).toEqual(kept);
    // The wrong key made one request (its check), no poll or import.
    expect((await kit.emulator().admin.stats()).total_requests).toBe(requestsBefore + 1);

    // The right key, the API back: the job comes back by itself, the other two are sent.
    const again = await runScript('enrich.ts', [file, ...api()]);
    const context = again.stdout + again.stderr;
    expect({ code: again.code, context }).toEqual({ code: 0, context });
    expect(again.stdout).toMatch(/Recovered: +1 job a killed command had started/);
    expect(answeredRows(out)).toBe(250);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(3);
    expect(stats.charges.charged_twice).toBe(0);
    expect(readFileSync(`${state}.starts`, 'utf8')).toBe('');
  }, 120_000);
  it('lets go of a journal line only once its job is imported, or the API never made it (404)', async () => {
    const { file, state } = await killedAtStartAnswers('made', contactRows(people(250)).join('\n'), api());
    // The line names an id the API does not know: a job it never made.
    const lines = readFileSync(`${state}.starts`, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const unknown = '00000000-0000-4000-8000-000000000000';
    lines[0] = lines[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, unknown);
    writeFileSync(`${state}.starts`, `${lines.join('\n')}\n`);
    const again = await runScript('enrich.ts', [file, ...api()]);
    // None imported: the job stays a lost start to import by hand, its line gone (404).
    expect(again.code).toBe(1);
    expect(again.stdout).not.toMatch(/Recovered:/);
    expect(again.stderr).toMatch(/--import-job ID/);
    expect(readFileSync(`${state}.starts`, 'utf8')).toBe('');
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  }, 120_000);
});

describe('npm run enrich and its advice', () => {
  it('takes over a lock whose pid is a live process that is no run (a reused pid)', async () => {
    const file = tempFile('reused.csv', contactRows(people(30)).join('\n'));
    const out = join(file, '..', 'reused.enriched.csv');
    const state = join(file, '..', 'reused.sheet-enrich-state.json');
    // A live process that is no run of this state: its start time is not the lock's.
    const stranger = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const lock = { pid: stranger.pid, started: '1', token: 'gone', at: Date.now() };
      writeFileSync(`${state}.lock`, JSON.stringify(lock));
      const run = await runScript('enrich.ts', [file, ...api()]);
      const context = run.stdout + run.stderr;
      expect({ code: run.code, context }).toEqual({ code: 0, context });
      expect(answeredRows(out)).toBe(30);
      expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
    } finally {
      stranger.kill();
    }
  });
});

describe('npm run enrich on its own output', () => {
  it('buys only the field added, and each row reads "found" beside the answers it shows', async () => {
    const file = tempFile('own.csv', contactRows(people(60)).join('\n'));
    const first = await runScript('enrich.ts', [file, ...api(), '--fields', 'work_email']);
    expect(first.code).toBe(0);
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    // The enriched file, opened as the next input: a new state file, so no ledger; its rows' answers
    // are trusted as shown, and only the personal email is asked.
    const own = join(file, '..', 'own.enriched.csv');
    const second = await runScript('enrich.ts', [own, ...api(), '--fields', 'work_email,personal_email']);
    expect(second.code).toBe(0);
    const rows = outputRows(
      parseCsv(readFileSync(join(file, '..', 'own.enriched.enriched.csv'), 'utf8'), ','),
      'enrich',
    );
    const personal = rows.filter((row) => row.personalEmail).length;
    const stats = await kit.emulator().admin.stats();
    // The personal emails found, and nothing else (the emulator counts people, not fields, twice).
    expect(stats.credits_spent - spent).toBe(personal * PRICES.personal_email);
    // A row showing a work email says found, whether its personal email was found or not.
    const shown = rows.filter((row) => row.workEmail || row.personalEmail);
    expect(shown.length).toBeGreaterThan(personal);
    expect(new Set(shown.map((row) => row.status))).toEqual(new Set(['found']));
    expect(rows.filter((row) => row.status === 'not found')).toEqual(
      rows.filter(
        (row) => !row.workEmail && !row.workEmailStatus && !row.personalEmail && !row.personalEmailStatus,
      ),
    );
  }, 120_000);
});

describe('npm run enrich on an unfinished run’s output', () => {
  it('refuses its "pending" rows in one line, and the command that wrote them collects them once', async () => {
    const file = tempFile('partial.csv', contactRows(people(120)).join('\n'));
    const out = join(file, '..', 'partial.enriched.csv');
    const first = await runScript('enrich.ts', [file, ...api(), '--max-polls', '1']);
    expect(first.code).toBe(3);
    const jobs = (await kit.emulator().admin.jobs()).length;
    // The output, its rows "pending", run as the next input: a new state, which knows none of them.
    const copy = join(file, '..', 'copy.csv');
    writeFileSync(copy, readFileSync(out));
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await runScript('enrich.ts', [copy, ...api()]);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/120 rows of this file read "pending".*Run that command again/),
      ]);
    }
    expect((await kit.emulator().admin.jobs()).length).toBe(jobs);
    // The advice followed: the first command again collects them, nobody bought twice.
    const again = await runScript('enrich.ts', [file, ...api()]);
    expect(again.code).toBe(0);
    expect(answeredRows(out)).toBe(120);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  }, 120_000);
});

describe('npm run enrich and signals', () => {
  it('sends nothing on a Ctrl-C before the first start, and says so (exit 3)', async () => {
    const file = tempFile('early.csv', contactRows(people(250)).join('\n'));
    const out = join(file, '..', 'early.enriched.csv');
    const stopped = await runScript('enrich.ts', [file, ...api()], 60_000, {
      SHEET_ENRICH_KILL_AT: 'before-start',
    });
    expect(stopped.code).toBe(3);
    expect(stopped.stderr).toMatch(/Interrupted before any row was written/);
    expect(await kit.emulator().admin.jobs()).toEqual([]);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(0);
    // The same command then does it all, once.
    const again = await runScript('enrich.ts', [file, ...api()]);
    expect(again.code).toBe(0);
    expect(answeredRows(out)).toBe(250);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('exits 3 on SIGTERM while collecting the jobs an earlier command left running, starting nothing', async () => {
    const file = tempFile('term.csv', contactRows(people(250)).join('\n'));
    const out = join(file, '..', 'term.enriched.csv');
    const slices = ['--slice-rows', '100'];
    const first = await startScript('enrich.ts', [file, ...api(), ...slices]);
    await jobsStarted(kit.emulator(), 1);
    first.child.kill('SIGINT');
    expect((await first.done).code).toBe(3);
    const jobs = (await kit.emulator().admin.jobs()).length;
    // The second command collects them, its first poll 6 s after it began: SIGTERM lands in that
    // wait, and the poll then finds them done. It used to plan and start the next slice anyway,
    // and end with "no slice was read", exit 1.
    const second = await startScript('enrich.ts', [file, ...api(), ...slices, '--poll-ms', '6000']);
    await sleep(2_500);
    second.child.kill('SIGTERM');
    const stopped = await second.done;
    const context = stopped.stdout + stopped.stderr;
    expect({ code: stopped.code, context }).toEqual({ code: 3, context });
    expect(stopped.stderr).not.toMatch(/no slice was read/);
    expect((await kit.emulator().admin.jobs()).length).toBe(jobs);
    const again = await runScript('enrich.ts', [file, ...api(), ...slices]);
    expect(again.code).toBe(0);
    expect(answeredRows(out)).toBe(250);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(3);
    expect(stats.charges.charged_twice).toBe(0);
  }, 120_000);
});
