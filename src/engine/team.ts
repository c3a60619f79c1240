/**
 * What the engine asks of the team that shares a document: who this execution acts as, and what
 * they may do with a run or a job (poll it, close it on a 404, retry, cancel). The rules are the
 * teams feature's (features/teams/actor.ts), plugged in by src/app (app/plugs.ts): the engine only
 * asks, so it imports no feature.
 */
import type { JobBase, RunRecord } from '../store/registry';
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

/** The team's rules, as features/teams/actor.ts states them. */
export interface TeamRules {
  /** Who this execution acts as (one per execution while its key stays the same). */
  actorOf(ctx: AppContext): Actor;
  /** True when the actor may work on the run (send, retry, import, cancel, wait for their key). */
  ownsRun(actor: Actor, run: Pick<RunRecord, 'ownerId'>): boolean;
  jobAccess(actor: Actor, run: RunRecord, job: JobBase): JobAccess;
  /** The workspace of the saved key, asked of the API when a job of another key waits. */
  workspaceForSharing(ctx: AppContext, actor: Actor): string | undefined;
  /** What a new run records of its owner. */
  ownerStamp(ctx: AppContext): Pick<RunRecord, 'ownerId' | 'startedBy' | 'payerKey'>;
  /** What a job records of the key that starts (or imports) it. */
  keyStamp(actor: Pick<Actor, 'keyId' | 'workspace'>): Pick<JobBase, 'keyId' | 'workspace'>;
  /** What another user's run says where this user looks. */
  othersRunNote(run: Pick<RunRecord, 'startedBy'>): string;
  /** Refuses to act on another user's run (a UserError). */
  assertOwnRun(ctx: AppContext, run: RunRecord): void;
}

let plugged: TeamRules | undefined;

/** Plugs the team's rules in (src/app, before any engine step runs). */
export function plugTeam(rules: TeamRules): void {
  plugged = rules;
}

function rules(): TeamRules {
  if (!plugged)
    throw new Error('The team rules are not plugged in: create the context first (app/plugs.ts).');
  return plugged;
}

// The questions, by name, for the engine's steps.
export const actorOf: TeamRules['actorOf'] = (ctx) => rules().actorOf(ctx);
export const ownsRun: TeamRules['ownsRun'] = (actor, run) => rules().ownsRun(actor, run);
export const jobAccess: TeamRules['jobAccess'] = (actor, run, job) => rules().jobAccess(actor, run, job);
export const workspaceForSharing: TeamRules['workspaceForSharing'] = (ctx, actor) =>
  rules().workspaceForSharing(ctx, actor);
export const ownerStamp: TeamRules['ownerStamp'] = (ctx) => rules().ownerStamp(ctx);
export const keyStamp: TeamRules['keyStamp'] = (actor) => rules().keyStamp(actor);
export const othersRunNote: TeamRules['othersRunNote'] = (run) => rules().othersRunNote(run);
export const assertOwnRun: TeamRules['assertOwnRun'] = (ctx, run) => rules().assertOwnRun(ctx, run);
