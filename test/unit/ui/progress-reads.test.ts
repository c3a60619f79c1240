/**
 * The Jobs panel refreshes every few seconds and "Refresh results now" answers in a toast: neither
 * asks Sheets for what it does not show.
 */
import { refreshNowMessage } from '../../../src/features/runs/progress';
import { contextFor, createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, progress } from '../fakes/scenario';

function threeRunningRuns() {
  const world = createWorld();
  world.api.notReadyPolls = 100;
  for (const [name, rows] of [
    ['North', 2],
    ['South', 3],
    ['West', 4],
  ] as const) {
    contactsSheet(world, people(rows, name), name);
    planAndStart(world);
    world.clock.advance(60_000);
  }
  return world;
}

describe('the Jobs view of three running runs', () => {
  it('lists them without asking Sheets for the document name (no job is named)', () => {
    const world = threeRunningRuns();
    const name = jest.spyOn(world.spreadsheet, 'name');
    const view = progress(world);
    expect(view.runs.map((run) => [run.sheetName, run.state, run.sent])).toEqual([
      ['West', 'running', 4],
      ['South', 'running', 3],
      ['North', 'running', 2],
    ]);
    expect(name).not.toHaveBeenCalled();
  });
});

describe('"Refresh results now"', () => {
  it('adds up the running runs from their records, without the Jobs view', () => {
    const world = threeRunningRuns();
    const name = jest.spyOn(world.spreadsheet, 'name');
    expect(refreshNowMessage(contextFor(world), true)).toBe(
      '0 of 9 contacts done; the rest is still running.',
    );
    expect(name).not.toHaveBeenCalled();
  });

  it('says so when no run waits, and when a poll is writing right now', () => {
    const world = createWorld();
    expect(refreshNowMessage(contextFor(world), true)).toBe('No job is waiting for results.');
    expect(refreshNowMessage(contextFor(world), false)).toBe('Results are being written right now.');
  });
});
