/**
 * A fuzz case replays: its randSeed fixes the add-on's Math.random and ids, both clocks and the
 * emulator's job ids (fuzz-world.ts), so the same case gives the same outcome, down to the
 * provider's books, whenever it runs (findings 47, 48, 53 and 54 failed alone only some of the time).
 */
import { runCase } from '../../scripts/lib/fuzz';
import type { Action } from '../../scripts/lib/fuzz-model';
import { startFuzzEmulator } from '../../scripts/lib/fuzz-world';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';

const CASE: Action[] = [
  { kind: 'run', who: 'ann', rows: [0, 1], lookUpAgain: false },
  { kind: 'poll', who: 'ann' },
  { kind: 'damage', what: 'runRecord' },
  { kind: 'run', who: 'carol', rows: [1, 2], lookUpAgain: false },
];

describe('a fuzz case run twice with one randSeed', () => {
  let emulator: SpawnedEmulator | undefined;
  beforeAll(async () => {
    emulator = await startFuzzEmulator();
  });
  afterAll(async () => emulator?.stop());

  /** The case's verdict and what the provider saw: every job (id, name, times) and every charge. */
  async function outcome(randSeed: number): Promise<unknown> {
    const verdict = await runCase(emulator!, CASE, { randSeed }).then(
      () => 'held',
      (error: unknown) => String(error),
    );
    const { admin } = emulator!;
    return { verdict, jobs: await admin.jobs(), books: await admin.books() };
  }

  it('gives the same outcome, down to the job names, ids and charge times', async () => {
    const first = await outcome(11);
    expect(first).toMatchObject({ verdict: 'held', jobs: expect.arrayContaining([expect.anything()]) });
    expect(await outcome(11)).toEqual(first);
    // Another seed is another case: other run ids name its jobs.
    expect(await outcome(12)).not.toEqual(first);
  }, 60_000);

  // The searches that found them failed on the harness's own clocks (docs/fuzz-findings.md): steps
  // and executions in one millisecond. Replayed with the failing randSeed, they fail every run.
  it('55: a limit set the step after a run is not dated with that run', async () => {
    await runCase(emulator!, CASE_55, { randSeed: 1023855670 });
  }, 60_000);

  it("56: the day's new count does not take the old day's run", async () => {
    await runCase(emulator!, CASE_56, { randSeed: 889572955 });
  }, 60_000);
});

const CASE_55 = [
  { kind: 'again', who: 'ann', kill: { at: 'UrlFetchApp.fetchAll', nth: 1 } },
  { kind: 'elsewhere', op: 'run', kill: { at: 'UrlFetchApp.fetchAll', nth: 1 } },
  { kind: 'limit', limit: 1 },
  { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetchAll', nth: 1 } },
] as Action[];
const CASE_56 = [
  { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 1 } },
  { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 1 }, idle: true },
  { kind: 'sheet', op: 'paste', at: 0, n: 120 },
  { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 1 }, idle: true },
  { kind: 'schedule', who: 'ann', on: true, perRun: 150, perDay: 300 },
  { kind: 'fault', fault: 'lost' },
  { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 2 } },
  { kind: 'poll', who: 'ann', idle: true },
  { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 1 } },
  { kind: 'fault', fault: 'none' },
  { kind: 'import', who: 'ann' },
  { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 1 } },
] as Action[];
