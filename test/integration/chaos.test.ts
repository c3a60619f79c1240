/**
 * The chaos benchmark at CI size (`npm run chaos` runs 2,000 rows): every fault at once, and the
 * promises still hold — no answer lost or misplaced, nothing stored or charged twice, every row
 * with a final status, and the credits spent equal to charging each person once (per workspace, for
 * a team of three users, whose schedule and automatic caps hold per payer), also when a job record,
 * the job sheet and the ledger are broken mid-run (the user imports the jobs by id).
 */
import { contactRows, referenceAnswers, runChaos } from '../../scripts/lib/chaos';
import { runTeamChaos } from '../../scripts/lib/chaos-team';

jest.setTimeout(120_000);

/** The counts every run must keep at zero. */
const PROMISES = { lost: 0, misplaced: 0, written_twice: 0, charged_twice: 0, rows_without_final_status: 0 };

test('300 rows through every fault at once keep every promise', async () => {
  const { result, events } = await runChaos({ rows: 300, seed: 12 });
  expect(result).toMatchObject({ rows: 300, ...PROMISES });
  expect(result.credits_spent).toBe(result.credits_minimum);
  expect(result.credits_minimum).toBeGreaterThan(500);
  // The run met the faults it claims to survive.
  expect(events.imported + events.retried).toBeGreaterThan(0);
  expect(events.kills).toBeGreaterThan(0);
  expect(events.columnInsertions).toBe(1);
  expect(events.sorts + events.deletions + events.insertions).toBeGreaterThan(0);
  expect(events.topUps).toBe(1);
  // The run ran out of credits: a job ended CREDITS_INSUFFICIENT (a 402 to its poll), or a Retry
  // of a lost start was refused by the balance check before that. Which comes first depends on the
  // emulator's jobs, which run on the wall clock (CI met the second alone, stop 56).
  expect((events.answers['402'] ?? 0) + events.creditRefusals).toBeGreaterThan(0);
  expect((events.answers['500'] ?? 0) + (events.answers['503'] ?? 0)).toBeGreaterThan(0);
});

test('300 rows with a job record, the job sheet and the ledger broken mid-run keep every promise', async () => {
  const { result } = await runChaos({ rows: 300, seed: 12, damage: true });
  expect(result).toMatchObject({ rows: 300, ...PROMISES });
  expect(result.credits_spent).toBe(result.credits_minimum);
  // The stores were broken while a run worked, and the user imported its jobs by id.
  expect(result.damaged).toMatchObject({ ledger_rows: 5 });
  expect(result.damaged!.job_sheet_rows.length).toBeGreaterThan(0);
  expect(result.damaged!.jobs_imported).toBeGreaterThan(0);
});

test('works out the fault-free answers of the same rows once (the two runs above share them)', async () => {
  const rows = contactRows({ rows: 300, seed: 12 });
  const answers = await referenceAnswers(rows, 12);
  expect(answers.size).toBeGreaterThan(250);
  expect(await referenceAnswers(contactRows({ rows: 300, seed: 12 }), 12)).toBe(answers);
});

describe('a team of three (two workspaces, a schedule taken over, automatic formulas)', () => {
  let team: Awaited<ReturnType<typeof runTeamChaos>>;
  beforeAll(async () => {
    team = await runTeamChaos({ rows: 200, seed: 12 });
  }, 120_000);

  test('keeps every promise', () => {
    const { result, events } = team;
    expect(result).toMatchObject({
      rows: 200,
      users: 3,
      ...PROMISES,
      schedule_cap_overruns: 0,
      auto_cap_overruns: 0,
    });
    expect(result.credits_spent).toBe(result.credits_minimum);
    // Every user paid for something, and the team met what it claims to survive.
    expect(Object.values(result.credits_by_user).every((credits) => credits > 0)).toBe(true);
    expect(Object.values(result.credits_by_user).reduce((sum, credits) => sum + credits, 0)).toBe(
      result.credits_spent,
    );
    expect(events).toMatchObject({
      takeovers: 1,
      keyCleared: 2,
      topUps: 1,
      columnInsertions: 1,
      jobsOfUnknownRuns: 0,
    });
    // The caps were met: runs of both standing orders, and days that reached near a cap.
    expect(events.scheduleRuns).toBeGreaterThan(2);
    expect(events.autoRuns).toBeGreaterThan(0);
    expect(events.daysNearCap).toBeGreaterThan(0);
    expect(events.imported + events.retried).toBeGreaterThan(0);
    expect(events.kills).toBeGreaterThan(0);
  });

  // Issue 41's done-when: Ann and Bob share one key, and the Spending tab tells them apart, per
  // person and per day, as the emulator's books do (fuzz finding 25: a poll killed as a run ended
  // left its credits out of the tab; scripts/lib/chaos-spending.ts says each difference).
  test('keeps a Spending tab equal to the emulator’s books, per person and per day', () => {
    const { spending, credits_by_user } = team.result;
    expect(spending).toMatchObject({ tab_by_person: credits_by_user, mismatches: 0, differences: [] });
  });
});
