/**
 * The formula queue and the run records share the document's 500 KB property store: a run that
 * starts can always finish. Room for what runs in flight will still write is reserved, and the queue
 * gets only what is left.
 */
import { enqueueRequests, queueUse, type FormulaRequest } from '../../../src/features/formulas/formula-queue';
import { NO_INPUTS } from '../../../src/sheet/contact-input';
import { fingerprint } from '../../../src/sheet/fingerprint';
import { createWorld, type TestWorld } from '../fakes/context';
import { apiError } from '../fakes/fake-api';
import { RUN_LOG_SHEET } from '../../../src/store/run-log';
import { contactsSheet, people, poll, progress, server } from '../fakes/scenario';
import { growthReserveIn } from '../../../src/store/registry-budget';
import { LIMITS } from '../../../src/domain/limits';

/** Formula requests (an editor's formulas, no key needed) for `count` people nobody runs. */
function queueRequests(world: TestWorld, count: number): number {
  const requests: FormulaRequest[] = Array.from({ length: count }, (_, i) => {
    const input = { ...NO_INPUTS, firstName: `Q${i}`, lastName: `R${i}`, companyName: 'Queued Corp' };
    return { fp: fingerprint('enrich', input), asked: 'work_email', input, kind: 'enrich', at: 0 };
  });
  return enqueueRequests(world.documentStore, world.cache, requests).length;
}

/** Another feature's data: `kb` KB of the store in 8 KB values. */
function otherData(world: TestWorld, kb: number): void {
  for (let i = 0; i < kb / 8; i++) world.documentStore.set(`other.${i}`, 'x'.repeat(8 * 1024 - 20));
}

describe('the formula queue and the run records plan together', () => {
  it('a run the store could not finish is refused at start, naming the queue that takes the room', () => {
    const world = createWorld();
    queueRequests(world, 2000);
    expect(queueUse(world.documentStore).bytes).toBeGreaterThan(170 * 1024);
    otherData(world, 184);
    // 200 jobs: admitted on their size when sent (about 33 KB), they outgrow the store once they have run.
    contactsSheet(world, people(20_000));
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(() => server(world).startRun(plan.planId)).toThrow(
      /Queued formula requests take \d+ KB of the document's storage: send them/,
    );
    expect(world.api.startCalls).toBe(0);
  });

  it('while a run is in flight the queue gets only what is left, and the run finishes', () => {
    const world = createWorld();
    otherData(world, 280);
    contactsSheet(world, people(20_000));
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    // Rate limited at start: its 200 jobs wait, queued, for the next poll.
    world.api.startError = apiError(429, 'error.rate.limit');
    server(world).startRun(plan.planId);
    world.api.startError = undefined;
    // What the run's jobs will still write is theirs: the queue stops where that room begins.
    const reserved = () => world.documentStore.totalBytes() + growthReserveIn(world.documentStore.getAll());
    const before = reserved();
    expect(queueRequests(world, 2000)).toBeLessThan(100);
    expect(reserved() - before).toBeLessThanOrEqual(
      Math.max(0, LIMITS.propertyStoreBytes - 150 * 1024 - before),
    );
    for (let round = 0; round < 10 && progress(world).runs[0]!.state === 'running'; round++) {
      world.clock.time += 60 * 60 * 1000;
      poll(world);
    }
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', done: 20_000 });
    expect(queueRequests(world, 10)).toBe(10);
  });
});

describe('a poll that fails', () => {
  it('tells the user in the Jobs panel, the run status and the log tab, not only the execution log', () => {
    const world = createWorld();
    contactsSheet(world, people(3));
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    server(world).startRun(plan.planId);
    const setAll = world.documentStore.setAll.bind(world.documentStore);
    world.documentStore.setAll = () => {
      throw new Error(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    };
    expect(() => poll(world)).toThrow(/property storage quota/);
    expect(() => poll(world)).toThrow(/property storage quota/);
    const view = progress(world);
    expect(view.problems?.[0]).toMatch(/^Results could not be saved: .*storage is full/);
    // No queued request, no ended run: nothing to advise clearing that is not there.
    expect(view.problems?.[0]).not.toMatch(/clear/);
    expect(view.runs[0]).toMatchObject({ state: 'running', error: view.problems![0] });
    const log = world.spreadsheet.sheets.find((sheet) => sheet.name() === RUN_LOG_SHEET)!;
    // One row per new reason, not one per hourly poll.
    expect(log.lastRow()).toBe(2);
    expect(log.cells[1]).toContain(view.problems![0]);

    world.documentStore.setAll = setAll;
    poll(world);
    expect(progress(world).problems).toBeUndefined();
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished' });
  });
});
