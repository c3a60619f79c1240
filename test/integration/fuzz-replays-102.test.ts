/**
 * Fuzz finding 102 (seed 38002 `--swarm --steps 40`, case 5, /work/tasks/findings-fix102.md),
 * replayed as fuzz-replays.test.ts does: Carol's scheduled reverse lookup lost its job's start
 * (the provider made the job and charged a profile); held "may have been started", it was retried
 * at 0 credits. The Retry's resend got an id and ran out of credits, buying nothing, and took the
 * lost start's place: its row read "out of credits", and the schedule's next tick, after a top-up,
 * bought the profile again. The resend is now a job of its own (job-starter.ts), and the lost start
 * holds what it left unanswered under its own name, until imported or retried (paid-once.ts).
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 102, replayed", () => {
  const { replay } = fuzzCases();
  it('102: a Retry whose resend ran out of credits leaves its lost start held, and the schedule does not buy it again', async () => {
    await replay(
      [
        { kind: 'import', who: 'ann' },
        { kind: 'fault', fault: 'lost' },
        { kind: 'again', who: 'ann', fields: ['phone'] },
        { kind: 'import', who: 'ann' },
        { kind: 'schedule', who: 'carol', on: true, perRun: 90, perDay: 300, reverse: true },
        { kind: 'poll', who: 'carol' },
        { kind: 'credits', who: 'ann', balance: 0 },
        { kind: 'retry', who: 'carol' },
        { kind: 'again', who: 'ann' },
      ],
      2147483635,
    );
  }, 90_000);
});
