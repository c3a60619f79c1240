/**
 * Damaged stores never turn into "finished" or "free to re-buy": a job record that cannot be read,
 * or a job sheet that lost its lists, leaves its run unfinished with rows that say what happened and
 * how to recover, and a new preview does not send those rows again.
 */
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { createWorld, hasTrigger } from '../fakes/context';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
} from '../fakes/scenario';

function runningRun(rows = 40) {
  const world = createWorld();
  const sheet = contactsSheet(world, people(rows));
  world.api.notReadyPolls = 1;
  planAndStart(world);
  return { world, sheet };
}

const jobKeys = (world: ReturnType<typeof createWorld>) =>
  Object.keys(world.documentStore.getAll()).filter((key) => key.startsWith(DOCUMENT_PROPERTY.jobPrefix));

describe('a run whose job cannot be read', () => {
  it.each([
    [
      'a job record that is not JSON',
      (world: ReturnType<typeof createWorld>) => world.documentStore.set(jobKeys(world)[0]!, '{not json'),
    ],
    [
      'the job sheet deleted',
      (world: ReturnType<typeof createWorld>) => world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME),
    ],
  ])('%s: never "finished", rows say how to recover, a preview sends nothing again', (_, damage) => {
    const { world, sheet } = runningRun();
    damage(world);
    poll(world);
    poll(world);
    const [run] = progress(world).runs;
    expect(run!.state).not.toBe('finished');
    expect(run!.error).toMatch(/could not be read.*import/i);
    expect(new Set(sheet.column('Status'))).toEqual(
      new Set(['job record damaged: import the job by its id (Jobs panel, log tab) to get its answers']),
    );
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    expect(plan.maxCredits).toBe(0);
    // The trigger stops: nothing it can do for the run.
    expect(hasTrigger(world)).toBe(false);
  });
});
