/**
 * The people who use the add-on, in one or several documents. Apps Script keeps user properties and
 * the user cache per user and script: for an add-on, one user's are the same in every document
 * where the user uses it (PropertiesService.getUserProperties: a store "that only the current
 * user can access, and only within this script", reference/properties/properties-service). Triggers are per user and document (triggers.ts). An
 * execution sees only those of the user it runs as. An account appears on first use, as a
 * teammate opening the add-on does.
 */
import { FakeCache, type CacheEviction } from './cache';
import { FakeProperties } from './properties';
import { DailyUsage } from './quotas';
import type { SessionUser } from './session';

export class UserAccount implements SessionUser {
  readonly properties = new FakeProperties('user');
  readonly cache: FakeCache;
  /** Daily quotas and running executions: per user, whatever the document. */
  readonly usage: DailyUsage;
  consumer = false;

  constructor(
    readonly email: string,
    now: () => number,
    eviction?: CacheEviction,
  ) {
    this.cache = new FakeCache(now, eviction && { ...eviction, seed: userSeed(eviction.seed, email) });
    this.usage = new DailyUsage(now);
  }
}

/** Each user's cache its own evictions, the same ones for the same seed whoever came first. */
function userSeed(seed: number, email: string): number {
  let hash = seed >>> 0;
  for (const char of email) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash;
}

export class UserDirectory {
  private readonly accounts = new Map<string, UserAccount>();

  constructor(
    private readonly now: () => number,
    /** Early eviction in every user's cache (cache.ts); none by default. */
    private readonly eviction?: CacheEviction,
  ) {}

  /** The user with this email, created with empty stores on first use. */
  get(email: string): UserAccount {
    let account = this.accounts.get(email);
    if (!account) {
      account = new UserAccount(email, this.now, this.eviction);
      this.accounts.set(email, account);
    }
    return account;
  }

  all(): UserAccount[] {
    return [...this.accounts.values()];
  }
}
