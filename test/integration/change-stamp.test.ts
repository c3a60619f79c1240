/**
 * The change stamp an open sidebar peeks at (src/store/change-stamp.ts), through the built add-on:
 * a peek costs no properties read/write, and the stamp moves with every write of the document's
 * properties, whoever writes (a sidebar call, a custom function queueing a request, the trigger), and
 * when the cache lost it.
 */
import type { Addon } from '../../dev/gas/harness';
import { HEADER, engineKit, people, SHEET } from './support/engine';

const kit = engineKit();

function propertiesCalls(addon: Addon): number {
  return Object.entries(addon.counts.snapshot())
    .filter(([name]) => name.startsWith('Properties.'))
    .reduce((sum, [, count]) => sum + count, 0);
}

const peek = (addon: Addon) => addon.call<string>('peekChanges');

describe('the change stamp', () => {
  it('stays while nothing is written, at no properties cost', () => {
    const addon = kit.open([HEADER, ...people(3, 0).map((c) => [c.firstName, c.lastName, c.companyName])]);
    const first = peek(addon);
    const before = propertiesCalls(addon);
    expect(peek(addon)).toBe(first);
    expect(peek(addon)).toBe(first);
    expect(propertiesCalls(addon) - before).toBe(0);
  });

  it('moves when a formula queues a request, when a schedule is saved, and when the cache lost it', () => {
    const [person] = people(1, 0);
    const addon = kit.open(
      [HEADER, [person!.firstName, person!.lastName, person!.companyName, person!.domain]],
      {
        addon: true,
      },
    );
    const start = peek(addon);
    // A formula for a new person: the custom function queues its request (a properties write).
    addon.spreadsheet.getSheetByName(SHEET)!.getRange('F2').setFormula('=ENRICH_EMAIL(A2,B2,C2)');
    addon.recalculate();
    const queued = peek(addon);
    expect(queued).not.toBe(start);
    expect(addon.call<{ queues: unknown[] }>('getFormulaQueue').queues).toHaveLength(1);

    addon.call('saveSchedule', {
      sheetName: SHEET,
      kind: 'enrich',
      fields: ['work_email'],
      every: 'hour',
      maxCreditsPerRun: 5,
      maxCreditsPerDay: 5,
    });
    const saved = peek(addon);
    expect(saved).not.toBe(queued);
    // What a moved stamp makes the page read writes nothing: the stamp stays (no endless reloads).
    for (const name of ['getProgress', 'getFormulaQueue', 'getSchedule']) addon.call(name);
    expect(peek(addon)).toBe(saved);

    // Past the cache's 6-hour limit the stamp is gone, as an early eviction would leave it: a new one.
    addon.advanceClock(7 * 60 * 60 * 1000);
    const afterEviction = peek(addon);
    expect(afterEviction).not.toBe(saved);
    expect(peek(addon)).toBe(afterEviction);
  });
});
