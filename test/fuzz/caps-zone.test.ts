/**
 * The caps invariant counts a standing order's credits by the count the add-on kept, as its store
 * shows it, not by the date a run started: a zone moved east keeps the day's count going past the
 * new zone's midnight (src/store/local-time.ts: no zone change starts a day early), so a date may
 * hold runs of two counts. Grouped by date, this case (seed 38001, case 195 with 40 steps, the
 * mutation check's baseline) read "charged 310, cap 300" on the add-on's unchanged code.
 */
import { fuzzCases } from '../support/fuzz-cases';
import type { Action } from '../../scripts/lib/fuzz-model';

const EAST_THEN_WEST: Action[] = [
  { kind: 'sheet', op: 'paste', at: 0, n: 120 },
  { kind: 'schedule', who: 'ann', on: true, fields: ['phone'], perRun: 150, perDay: 300 },
  { kind: 'fault', fault: 'lost' },
  { kind: 'run', who: 'ann', rows: [7], lookUpAgain: true, kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
  { kind: 'run', who: 'ann', rows: [5], lookUpAgain: true, kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
  { kind: 'clock', hours: 1, zone: 'Pacific/Kiritimati' },
  { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
  { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
  { kind: 'import', who: 'ann' },
  { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
  { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 2 } },
  { kind: 'clock', hours: 7, zone: 'Etc/UTC' },
  { kind: 'sheet', op: 'paste', at: 0, n: 120 },
  { kind: 'schedule', who: 'ann', on: true, fields: ['phone'], perRun: 150, perDay: 300 },
  { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 }, idle: true },
  { kind: 'wait' },
  { kind: 'import', who: 'ann' },
  {
    kind: 'run',
    who: 'ann',
    rows: [5],
    lookUpAgain: true,
    kill: { at: 'UrlFetchApp.fetch', nth: 1 },
    fields: ['phone'],
  },
  {
    kind: 'run',
    who: 'ann',
    rows: [7],
    lookUpAgain: true,
    kill: { at: 'UrlFetchApp.fetch', nth: 1 },
    fields: ['phone'],
  },
  { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 1 } },
];

describe('the caps invariant across a zone change', () => {
  const { replay } = fuzzCases();

  it("holds a schedule's count that ran past Kiritimati's midnight to its own reset", async () => {
    await replay(EAST_THEN_WEST, 367796339);
  }, 60_000);
});
