/**
 * A schedule's rows keep what other runs bought (docs/fuzz-findings.md, finding 90): the fuzzer's
 * world stepped by hand, and the contacts sheet read before settling (settling's next ticks and
 * re-run fill a wiped cell again, free, so the end of a fuzz case cannot see it).
 */
import type { Action } from '../../scripts/lib/fuzz-model';
import { FuzzWorld, SHEET, startFuzzEmulator } from '../../scripts/lib/fuzz-world';
import { outputRows, type OutputRow } from '../../scripts/lib/sheet-outputs';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import { STATUS } from '../../src/domain/statuses';

/** Row 7's person's phone (the emulator's world, seed of the fuzz emulator). */
const PHONE = '+5521984563324';

describe("a schedule's rows keep the fields other runs bought", () => {
  let emulator: SpawnedEmulator | undefined;
  beforeAll(async () => {
    emulator = await startFuzzEmulator();
  });
  afterAll(async () => emulator?.stop());

  /** The contacts sheet's output cells of each data row once `actions` ran (no settling). */
  async function after(actions: Action[]): Promise<OutputRow[]> {
    const world = await FuzzWorld.open(emulator!, 0);
    try {
      for (const action of actions) await world.step(action);
      const sheet = world.views.ann.spreadsheet.getSheetByName(SHEET)!;
      return outputRows(sheet.getDataRange().getDisplayValues(), 'enrich');
    } finally {
      world.close();
    }
  }

  it('90: a row an hourly run cap leaves out still shows the phone another run bought', async () => {
    const rows = await after([
      { kind: 'run', who: 'carol', rows: [5], lookUpAgain: false, fields: ['phone'] },
      { kind: 'wait' },
      { kind: 'poll', who: 'carol' },
      { kind: 'schedule', who: 'carol', on: true, perRun: 1, perDay: 2 },
      { kind: 'poll', who: 'carol', idle: true },
    ]);
    expect(rows[5]).toMatchObject({ phone: PHONE, status: STATUS.runCapReached });
  }, 60_000);

  it("90: a row a scheduled job left unprocessed (out of credits) still shows the phone another run bought", async () => {
    const rows = await after([
      { kind: 'run', who: 'carol', rows: [5], lookUpAgain: false, fields: ['phone'] },
      { kind: 'wait' },
      { kind: 'poll', who: 'carol' },
      { kind: 'schedule', who: 'carol', on: true, perRun: 150, perDay: 300 },
      { kind: 'poll', who: 'carol', idle: true },
      { kind: 'credits', who: 'carol', balance: 0 },
      { kind: 'wait' },
      { kind: 'poll', who: 'carol' },
    ]);
    expect(rows[5]).toMatchObject({ phone: PHONE, status: STATUS.outOfCredits });
  }, 60_000);
});
