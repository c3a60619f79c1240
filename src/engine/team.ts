/**
 * A document is shared by a team: each run belongs to the user who started it, and each job to the
 * key that started it. This decides what the user of this execution may do with a run or a job:
 * - their own runs: send, retry, import, cancel, wait for their key, poll with their current key;
 * - a job their current key started ("own"): poll it, and a 404 closes it;
 * - a job of another key of the same workspace ("shared"): poll it (results come sooner), but a
 *   404 is not evidence, since the API may answer 404 to a key that did not start the job;
 * - anyone else's ("none"): leave it alone, show whose it is.
 *
 * The owner, by name: a run's record holds `ownerId` (user id) and `startedBy` (email, for others to
 * read); a standing order (schedule, automatic formula results) is owned by its payer, `ownerId`
 * plus an email stored as `owner` or `email` (stored names, kept so stored records still parse),
 * checked by isPayer (payer.ts). Views say `ownerEmail` and `yours`, or `othersRun` (a note)
 * for a run that is not.
 */
import type { JobBase, RunRecord } from '../store/registry';
import { knownWorkspace, rememberWorkspace, savedKeyId, userIdOf } from '../store/user-identity';
import { UserError } from '../domain/user-error';
import type { AppContext } from './context';

export interface Actor {
  userId: string;
  /** The email Apps Script tells ("" when it does not). */
  email: string;
  keyId?: string;
  /** The workspace the saved key verified to, when known. */
  workspace?: string;
}

/** What this user may do with a started job: poll it and close it on a 404, poll it only, or nothing. */
export type JobAccess = 'own' | 'shared' | 'none';

/** One actor per execution while its key stays the same: a poll asks in many places. */
const actors = new WeakMap<AppContext, Actor>();

export function actorOf(ctx: AppContext): Actor {
  const keyId = savedKeyId(ctx.userStore);
  const known = actors.get(ctx);
  if (known && known.keyId === keyId) return known;
  const workspace = knownWorkspace(ctx.userStore, keyId);
  const actor: Actor = {
    userId: userIdOf(ctx.userStore),
    email: ctx.userEmail(),
    ...keyStamp({ keyId, workspace }),
  };
  actors.set(ctx, actor);
  return actor;
}

/** Runs of earlier versions have no owner: anyone may work on them, as before. */
export const ownsRun = (actor: Actor, run: Pick<RunRecord, 'ownerId'>): boolean =>
  !run.ownerId || run.ownerId === actor.userId;

/**
 * What this user may do with a started job (see the header). The owner of a run polls its jobs with
 * whatever key they hold now (a key saved since, wrong or of the same account, must be heard: a
 * refusal makes the run wait for a key), but a 404 closes a job only for the key that started it.
 */
export function jobAccess(actor: Actor, run: RunRecord, job: JobBase): JobAccess {
  if (!job.keyId) return ownsRun(actor, run) ? 'own' : 'none';
  if (job.keyId === actor.keyId) return 'own';
  if (ownsRun(actor, run)) return 'shared';
  return job.workspace && job.workspace === actor.workspace ? 'shared' : 'none';
}

/**
 * The workspace of the saved key, asked of the API once per key when a job of another key of a
 * known workspace waits (the answer is kept in the user's properties, and on `actor`).
 */
export function workspaceForSharing(ctx: AppContext, actor: Actor): void {
  if (actor.workspace || !actor.keyId) return;
  try {
    const workspace = ctx.api().verifyKey();
    rememberWorkspace(ctx.userStore, actor.keyId, workspace);
    actor.workspace = workspace;
  } catch {
    // Left unknown: a later execution asks again.
  }
}

/**
 * What a new run records of its owner, as keyStamp does of a job's key: this user, and their email
 * for others to read (when Apps Script tells), and the key that pays (its caps count per key).
 */
export function ownerStamp(ctx: AppContext): Pick<RunRecord, 'ownerId' | 'startedBy' | 'payerKey'> {
  const email = ctx.userEmail();
  const payerKey = savedKeyId(ctx.userStore);
  return {
    ownerId: userIdOf(ctx.userStore),
    ...(email ? { startedBy: email } : {}),
    ...(payerKey ? { payerKey } : {}),
  };
}

/** What a job records of the key that starts (or imports) it. */
export function keyStamp(actor: Pick<Actor, 'keyId' | 'workspace'>): Pick<JobBase, 'keyId' | 'workspace'> {
  return {
    ...(actor.keyId ? { keyId: actor.keyId } : {}),
    ...(actor.workspace ? { workspace: actor.workspace } : {}),
  };
}

/** What another user's run says where this user looks: whose it is (their email, or "another user") and when its results come. */
export const othersRunNote = (run: Pick<RunRecord, 'startedBy'>): string =>
  `${run.startedBy || 'another user'}'s run: results arrive when their add-on checks (their sidebar or their trigger).`;

/** Refuses to act on another user's run (retry, import into it, cancel): it is theirs to decide. */
export function assertOwnRun(ctx: AppContext, run: RunRecord): void {
  if (!ownsRun(actorOf(ctx), run))
    throw new UserError(`This is ${othersRunNote(run)} Only they can change it.`);
}
