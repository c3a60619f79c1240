/**
 * The end of a fuzz case (fuzz.ts runCase): the world settles as people would once things went
 * wrong, then every row is run again, so a paid answer the add-on lost or forgot shows up as a
 * second charge. The actions of a case are fuzz-world.ts's.
 */
import type { ProgressView } from '../../src/app/sidebar-contract';
import { hasWork, unstick } from './chaos';
import { setFault } from './fuzz-damage';
import { ENRICH_FIELDS } from '../../src/domain/fields';
import { everyRow, FIELDS_EMAIL, KEYS } from './fuzz-cast';
import { WHO } from './fuzz-model';
import { HOUR, type FuzzWorld } from './fuzz-world';

/**
 * The end of a case: the provider and the network heal, and each user does what the Jobs panel
 * asks: saves, in turn, each key they used (a run waits for the key that started it), resumes the
 * runs a key stopped, imports what it names; an hour passes between rounds (polls back off after
 * errors, and triggers run hourly), until nothing is running.
 */
export async function settle(world: FuzzWorld, rounds = 12): Promise<void> {
  world.books.stepStartedAt = undefined;
  world.sheet.lift();
  await setFault(world.emulator, 'none');
  await world.emulator.admin.setCredits(1_000_000);
  await world.emulator.admin.config({ echo: 'off' });
  world.echoing = false;
  for (const key of [...world.revoked])
    await world.revoke(
      WHO.find((who) => KEYS[who] === key)!,
      true,
    );
  // Ann lifts her key's limit, as she tops up (the re-run of every row must not be refused).
  if (world.books.keyLimit && world.books.keyLimit.until === undefined) {
    world.attempt(() => world.views.ann.call('setKeyLimit', 0));
    world.books.keyLimit.until = world.views.ann.now();
  }
  for (let round = 0; round < rounds; round++) {
    await unstick(world.emulator, world.events);
    await world.wait();
    world.views.ann.advanceClock(HOUR);
    let running = false;
    const turns = [...WHO.map((who) => [who, world.views[who]] as const), ['ann', world.second] as const];
    for (const [who, view] of turns) {
      const progress = world.attempt(() => view.call<ProgressView>('getProgress'));
      // Nothing of theirs to collect, import or resume: they are done (each call below is an
      // execution; settling everyone every round took most of a case).
      if (progress && !hasWork(progress)) continue;
      const keys = world.usedKeys[who];
      const key = keys[round % keys.length]!;
      // Saved in the first round whatever it was (saving syncs the background check, as a person
      // opening Settings does), then only when it changes.
      if (round === 0 || world.savedKeys[who] !== key) world.saveKey(who, key, view);
      if (progress?.runs.some((run) => run.waitingForKey && !run.othersRun))
        world.attempt(() => view.call('resumeStoppedRuns'));
      await world.importJobs(view, progress);
      world.poll(view);
      world.noteRuns();
      const after = world.attempt(() => view.call<ProgressView>('getProgress'));
      // A start this poll found interrupted waits for the import of the next round. One that no
      // import answers (the dashboard has no such job) waits for a Retry, which settling never
      // does (it spends): it counts for the first rounds only, time for each key to be saved once
      // and its import tried (finding 200: counted for good, it took all 12 rounds, and the rows
      // were run again while an automatic formula run was still at work).
      running ||= !!after?.runs.some(
        (run) => run.state === 'running' || (round < 4 && !run.othersRun && !!run.ambiguousJobs?.length),
      );
    }
    if (!running) return;
  }
}

/**
 * What people do once things settled (chaos.ts does it too): run every row again, without "look
 * up again", asking every field the case asked (and looking every email up again when it looked
 * any up). Rows with their answer cost nothing; a row whose paid answer the add-on lost or forgot
 * shows up here as a second charge of that field. In both of Ann's documents.
 */
export function rerunEverything(world: FuzzWorld): void {
  world.saveKey('ann', KEYS.ann);
  const fields = ENRICH_FIELDS.filter((field) => world.books.asked.has(field));
  const asked = fields.length ? fields : [...FIELDS_EMAIL];
  world.run(world.views.ann, [], false, undefined, asked);
  world.run(world.second, everyRow(), false, undefined, asked);
  if (world.books.reversed) world.reverse(world.views.ann, [], false);
}
