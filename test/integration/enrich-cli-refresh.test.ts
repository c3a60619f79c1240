/**
 * `npm run enrich -- --refresh-older-than DAYS` and the spending summary (issue 41 item 6): the
 * answers are dated as saved (the dates in the CLI's saved answers are moved back 31 days: injected
 * time), a refresh sends only the older ones with its price said first, the summary's credits by
 * kind equal the emulator's books, a bad value is one line and exit 2, and a refresh stopped by
 * Ctrl-C then run again buys nobody twice.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleContacts } from '../../dev/emulator/sample';
import { answeredRows, runScript, startScript, tempFile } from './support/cli';
import { contactRows, engineKit, jobsStarted, SEED } from './support/engine';

const SECRET = 'sk-refresh-Secret-0411';
const kit = engineKit({ jobMs: 1_500, keys: [SECRET] });
const api = () => ['--api-url', kit.emulator().baseUrl, '--api-key', SECRET, '--poll-ms', '200'];
const DAY = 86_400_000;

/** People the emulator finds with a work email: each costs one credit, as the price counts. */
const csv = (n: number) =>
  contactRows(sampleContacts(SEED, n, { unknownShare: 0, withWorkEmail: true })).join('\n');

const books = async () => {
  const stats = await kit.emulator().admin.stats();
  return {
    spent: stats.credits_spent,
    twice: stats.charges.charged_twice,
    jobs: (await kit.emulator().admin.jobs()).length,
  };
};

/** Moves the date of the first `count` saved answers back 31 days; returns how many it moved. */
function ageAnswers(state: string, count: number): number {
  const file = `${state}.answers`;
  let moved = 0;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) =>
      moved < count && /"at":\d+/.test(line)
        ? (moved++, line.replace(/"at":(\d+)/, (_, at: string) => `"at":${Number(at) - 31 * DAY}`))
        : line,
    );
  writeFileSync(file, lines.join('\n'));
  return moved;
}

/** A file enriched once (work emails): its path, output and state. */
async function enrichedOnce(name: string, rows: number) {
  const file = tempFile(`${name}.csv`, csv(rows));
  const out = join(file, '..', `${name}.enriched.csv`);
  const state = join(file, '..', `${name}.sheet-enrich-state.json`);
  const first = await runScript('enrich.ts', [file, ...api(), '--fields', 'work_email']);
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(new RegExp(`Spending: +manual ${rows}\\n`));
  // The summary's figure is the emulator's books (a reset emulator: this command's charges).
  expect((await books()).spent).toBe(rows);
  return { file, out, state };
}

/** The refresh command of the tests: work emails, answers older than 30 days. */
const refreshing = (file: string) => [file, ...api(), '--fields', 'work_email', '--refresh-older-than', '30'];

describe('npm run enrich --refresh-older-than', () => {
  it('sends only the answers older than DAYS, says the price first, and its summary is the books', async () => {
    const { file, out, state } = await enrichedOnce('old', 8);
    expect(ageAnswers(state, 3)).toBe(3);
    const before = await books();
    const refresh = await runScript('enrich.ts', refreshing(file));
    const context = refresh.stdout + refresh.stderr;
    expect({ code: refresh.code, context }).toEqual({ code: 0, context });
    expect(refresh.stderr).toContain(
      'Refresh: 3 contacts with answers older than 30 days, at most 3 credits.',
    );
    const after = await books();
    expect(after.jobs - before.jobs).toBe(1);
    expect(after.spent - before.spent).toBe(3);
    expect(after.twice - before.twice).toBe(3);
    expect(refresh.stdout).toMatch(/Credits: +3\n/);
    expect(refresh.stdout).toMatch(/Spending: +refresh 3\n/);
    expect(answeredRows(out)).toBe(8);

    // Run again: the three refreshed are dated today, nothing is older than 30 days.
    const again = await runScript('enrich.ts', refreshing(file));
    expect(again.code).toBe(0);
    expect((await books()).spent).toBe(after.spent);
    expect(again.stdout).not.toMatch(/Spending:/);
  });

  it.each([['0'], ['-3'], ['2.5'], ['soon'], ['4000']])(
    'refuses --refresh-older-than %s in one line, exit 2',
    async (value) => {
      const file = tempFile('bad.csv', csv(2));
      // In the flag=value form: node's parser takes a value starting with a dash only that way.
      const result = await runScript('enrich.ts', [file, ...api(), `--refresh-older-than=${value}`]);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toEqual([
        `sheet-enrich: --refresh-older-than wants a positive number of days up to 3650, got "${value}".`,
      ]);
      expect((await books()).jobs).toBe(0);
    },
  );

  it('stopped by Ctrl-C mid-refresh, then run again, charges nobody twice', async () => {
    const { file, out, state } = await enrichedOnce('stop', 6);
    ageAnswers(state, 6);
    const before = await books();
    const args = refreshing(file);
    const first = await startScript('enrich.ts', args);
    await jobsStarted(kit.emulator(), before.jobs + 1);
    first.child.kill('SIGINT');
    expect((await first.done).code).toBe(3);
    const rerun = await runScript('enrich.ts', args);
    const context = rerun.stdout + rerun.stderr;
    expect({ code: rerun.code, context }).toEqual({ code: 0, context });
    const after = await books();
    // Each of the six charged once more (the refresh), none a third time; one job in all.
    expect(after.jobs - before.jobs).toBe(1);
    expect(after.spent - before.spent).toBe(6);
    expect(after.twice - before.twice).toBe(6);
    expect(rerun.stdout).toMatch(/Spending: +refresh 6\n/);
    expect(answeredRows(out)).toBe(6);
  });

  it("killed when the refresh's starts have answered, then run again, imports them and buys nobody twice", async () => {
    const { file, out, state } = await enrichedOnce('killed', 6);
    ageAnswers(state, 6);
    const before = await books();
    const killed = await runScript('enrich.ts', refreshing(file), 60_000, {
      SHEET_ENRICH_KILL_AT: 'start-answers',
    });
    expect(killed.code).not.toBe(0);
    const rerun = await runScript('enrich.ts', refreshing(file));
    const context = rerun.stdout + rerun.stderr;
    expect({ code: rerun.code, context }).toEqual({ code: 0, context });
    expect(rerun.stdout).toMatch(/Recovered: +1 job a killed command had started/);
    expect(rerun.stdout).toMatch(/Spending: +refresh 6\n/);
    const after = await books();
    expect(after.jobs - before.jobs).toBe(1);
    expect(after.spent - before.spent).toBe(6);
    expect(answeredRows(out)).toBe(6);
  });
});
