/**
 * The quota meter: this user's UrlFetch calls and trigger runtime today, counted by the add-on
 * itself (Apps Script has no API for what is left), shown in Settings against the daily quotas.
 * One user-property read and write per execution that fetched or ran as a trigger; none otherwise.
 * Whether the account is a consumer one (lower quotas) is guessed from its email domain. It also
 * keeps when this user's last trigger run ended (or a trigger was created), in any document: Apps
 * Script runs none of the user's triggers once the day's trigger time is used up, and says so only
 * in an e-mail digest. And the API's pace as this user's key met it (api/pace.ts: its rate-limit
 * window, a job's time, about 35 bytes), saved with the same write.
 */
import * as z from 'zod/mini';
import type { KeyValueStore, PlatformPorts } from '../platform/ports';
import { dayIn, zoneAndNow } from './local-time';
import { encodeRecord, readRecord, recordCodec, type RecordOf } from './stored-records';
import { LIMITS } from '../domain/limits';
import { USER_PROPERTY } from '../platform/property-keys';

const QUOTA_USAGE_CODEC = recordCodec('quota usage', 1, () => ({
  day: z.string(),
  urlFetches: z.number(),
  triggerMs: z.number(),
  /** When this user's last trigger run ended, or a trigger of theirs was created (kept across days). */
  triggerRanAt: z.optional(z.number()),
  /** The API's pace (ApiPace.encode), kept across days. */
  pace: z.optional(z.string()),
}));

type QuotaUsage = RecordOf<typeof QUOTA_USAGE_CODEC>;

export interface QuotaView {
  day: string;
  urlFetches: number;
  urlFetchLimit: number;
  triggerMinutes: number;
  triggerMinutesLimit: number;
  account: 'consumer' | 'workspace';
}

const CONSUMER_DOMAINS = /@(gmail|googlemail)\.com$/i;

const stored = (store: KeyValueStore): QuotaUsage | undefined =>
  readRecord(QUOTA_USAGE_CODEC, store.get(USER_PROPERTY.quotaUsage));

function usageToday(ctx: PlatformPorts): QuotaUsage {
  const day = dayIn(...zoneAndNow(ctx));
  const usage = stored(ctx.userStore);
  if (usage?.day === day) return usage;
  const { triggerRanAt, pace } = usage ?? {};
  return {
    day,
    urlFetches: 0,
    triggerMs: 0,
    ...(triggerRanAt === undefined ? {} : { triggerRanAt }),
    ...(pace === undefined ? {} : { pace }),
  };
}

/**
 * Adds what one execution used (call once, at its end); `triggerMs` is given for a trigger run
 * only (even 0 ms), which is also noted as the user's last one; `pace` when it changed.
 */
export function recordUsage(ctx: PlatformPorts, urlFetches: number, triggerMs?: number, pace?: string): void {
  if (urlFetches === 0 && triggerMs === undefined && pace === undefined) return;
  const usage = usageToday(ctx);
  usage.urlFetches += urlFetches;
  if (pace !== undefined) usage.pace = pace;
  if (triggerMs !== undefined) {
    usage.triggerMs += triggerMs;
    usage.triggerRanAt = ctx.clock.now();
  }
  ctx.userStore.set(USER_PROPERTY.quotaUsage, encodeRecord(QUOTA_USAGE_CODEC, usage));
}

/** A trigger of this user was created: the background check is expected from now on (a 0 ms trigger run). */
export const noteTriggerCreated = (ctx: PlatformPorts): void => recordUsage(ctx, 0, 0);

/**
 * When this user's last trigger run ended or a trigger of theirs was created, in any document
 * (undefined: none noted, as for a trigger an earlier version created).
 */
export const lastTriggerRunAt = (ctx: PlatformPorts): number | undefined =>
  stored(ctx.userStore)?.triggerRanAt;

/** The API's pace the user's last execution left (ApiPace.decode reads it). */
export const storedPace = (store: KeyValueStore): string | undefined => stored(store)?.pace;

export function quotaView(ctx: PlatformPorts): QuotaView {
  const usage = usageToday(ctx);
  const account = CONSUMER_DOMAINS.test(ctx.userEmail()) ? 'consumer' : 'workspace';
  return {
    day: usage.day,
    urlFetches: usage.urlFetches,
    urlFetchLimit: LIMITS.dailyUrlFetches[account],
    triggerMinutes: Math.round((usage.triggerMs / 60_000) * 10) / 10,
    triggerMinutesLimit: LIMITS.dailyTriggerMinutes[account],
    account,
  };
}
