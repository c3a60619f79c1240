/** The time-driven poll trigger: present while jobs are pending (and the user wants it), gone otherwise. */
import { USER_PROPERTY } from '../platform/property-keys';
import { actorOf, jobAccess, ownsRun, type Actor } from './team';
import { type AppContext, POLL_TRIGGER_HANDLER, runOf } from './context';
import type { JobBase, Registry } from '../store/registry';
import { lastTriggerRunAt, noteTriggerCreated } from '../store/quota-meter';
import { timestampText } from './row-status';
import { awaitsCollection } from './collection';

/** Apps Script's shortest period for an add-on is hourly; a bound script can have 5 minutes. */
const POLL_EVERY_MINUTES = 5;

export function backgroundRefreshEnabled(ctx: AppContext): boolean {
  return ctx.userStore.get(USER_PROPERTY.backgroundRefresh) !== '0';
}

/**
 * True when some job still waits for the API or for its rows to be written, and this user's trigger
 * can help: a job it may poll, or a job of its own runs. Another user's jobs are theirs to poll: a
 * trigger kept for them would run every hour for nothing.
 */
function hasActiveJobs(registry: Registry<JobBase>, actor: Actor): boolean {
  // Every job of a running run of this user's is theirs to send, poll or write; with no job left
  // (its job records unreadable), the poll ends it. A started job that lost its list of contacts
  // or its run record is still asked for, to read it again (rehome.ts).
  return (
    [...registry.runs.values()].some((run) => run.state === 'running' && ownsRun(actor, run)) ||
    registry.jobs.some((job) => {
      const run = runOf(registry, job);
      return job.state === 'pending' && run?.state === 'running' && jobAccess(actor, run, job) !== 'none';
    }) ||
    [...registry.jobs, ...(registry.listless ?? [])].some((job) => awaitsCollection(registry, actor, job))
  );
}

/**
 * Set when Apps Script refused this user the trigger here. Google's testing guide says test
 * deployments don't support installable triggers (developers.google.com/workspace/add-ons/how-tos/
 * testing-editor-addons, "Test details") and documents no error for it; a user at the trigger
 * limit is refused too. Kept a while in the cache, so each sidebar peek does not try again.
 */
const triggerRefusedKey = (ctx: AppContext) => `pollTriggerRefused:${ctx.userEmail()}`;
const TRIGGER_RETRY_SECONDS = 10 * 60;

/** True when this user's background trigger was refused here lately: results come while the sidebar is open. */
export const pollTriggerRefused = (ctx: AppContext): boolean =>
  ctx.cache.get(triggerRefusedKey(ctx)) !== null;

/**
 * Installs or removes the trigger to match the registry. Returns the minutes between polls (0: none).
 * A refused trigger fails nothing: the open sidebar polls meanwhile, and its Jobs panel says so.
 */
export function syncPollTrigger(ctx: AppContext, registry: Registry<JobBase>): number {
  const wanted =
    (hasActiveJobs(registry, actorOf(ctx)) && backgroundRefreshEnabled(ctx)) ||
    ctx.sources.some((source) => source.keepsTrigger?.(ctx, registry));
  if (wanted) {
    if (pollTriggerRefused(ctx)) return 0;
    try {
      return ctx.triggers.ensureEveryMinutes(POLL_TRIGGER_HANDLER, POLL_EVERY_MINUTES, () =>
        noteTriggerCreated(ctx),
      );
    } catch (error) {
      ctx.cache.put(triggerRefusedKey(ctx), '1', TRIGGER_RETRY_SECONDS);
      ctx.log.warn(
        `The background trigger could not be created (${String(error)}): the sidebar polls instead.`,
      );
      return 0;
    }
  }
  if (ctx.triggers.has(POLL_TRIGGER_HANDLER)) ctx.triggers.remove(POLL_TRIGGER_HANDLER);
  return 0;
}

/**
 * How long the background check may stay silent while it has work before the Jobs panel says so:
 * two missed runs of an add-on's hourly trigger.
 */
const BACKGROUND_STALL_MS = 2 * 60 * 60 * 1000;

/**
 * What the Jobs panel says when this user's trigger has work here but no trigger run of theirs
 * ended (and none was created) for BACKGROUND_STALL_MS, in any document. Apps Script then runs
 * none of the user's triggers: "Triggers total runtime" is a daily quota per user (90 min
 * consumer, 6 h Workspace, https://developers.google.com/apps-script/guides/services/quotas), and
 * a run past it fails with "Service using too much computer time for one day" before any of the
 * add-on's code runs, so only the open sidebar can notice (and, no execution of the add-on running
 * meanwhile, no log tab line could be written without it). The user properties are read only when
 * a running run is old enough to tell.
 */
export function backgroundStall(ctx: AppContext, registry: Registry<JobBase>): string | undefined {
  const now = ctx.clock.now();
  let since = Infinity;
  for (const run of registry.runs.values())
    if (run.state === 'running') since = Math.min(since, run.startedAt);
  if (now - since < BACKGROUND_STALL_MS) return undefined;
  if (!hasActiveJobs(registry, actorOf(ctx)) || pollTriggerRefused(ctx)) return undefined;
  // Nothing noted (a trigger an earlier version created): no claim either way.
  const ranAt = lastTriggerRunAt(ctx);
  if (ranAt === undefined || now - ranAt < BACKGROUND_STALL_MS) return undefined;
  if (!backgroundRefreshEnabled(ctx)) return undefined;
  return `The background check has not run since ${timestampText(ranAt)}. Google stops all of an account's background runs once they use up the day's Apps Script time (90 minutes for a personal account, 6 hours for Google Workspace); they start again by themselves when it resets, 24 hours after its first use. Nothing is lost: answers wait with the enrichment service and saved ones stay saved; keep this sidebar open to get results meanwhile.`;
}
