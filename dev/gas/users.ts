/**
 * The people who use the add-on, in one or several documents. Apps Script keeps user properties and
 * the user cache per user and script: for an add-on, one user's are the same in every document
 * where the user uses it (PropertiesService.getUserProperties: a store "that only the current
 * user can access, and only within this script", reference/properties/properties-service). Triggers are per user and document (triggers.ts). An
 * execution sees only those of the user it runs as. An account appears on first use, as a
 * teammate opening the add-on does.
 */
import { FakeCache } from './cache';
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
  ) {
    this.cache = new FakeCache(now);
    this.usage = new DailyUsage(now);
  }
}

export class UserDirectory {
  private readonly accounts = new Map<string, UserAccount>();

  constructor(private readonly now: () => number) {}

  /** The user with this email, created with empty stores on first use. */
  get(email: string): UserAccount {
    let account = this.accounts.get(email);
    if (!account) {
      account = new UserAccount(email, this.now);
      this.accounts.set(email, account);
    }
    return account;
  }

  all(): UserAccount[] {
    return [...this.accounts.values()];
  }
}
