/**
 * The people who use one shared document. Apps Script keeps user properties, the user cache and
 * installable triggers per user (and per document for an add-on): an execution sees only those of
 * the user it runs as. An account appears on first use, as a teammate opening the add-on does.
 */
import { FakeCache } from './cache';
import { FakeProperties } from './properties';
import type { SessionUser } from './session';
import type { TriggerScope, TriggerStore } from './triggers';

export class UserAccount implements SessionUser {
  readonly properties = new FakeProperties('user');
  readonly cache: FakeCache;
  /** This user's triggers in the document's trigger store. */
  readonly triggers: TriggerScope;
  consumer = false;

  constructor(
    readonly email: string,
    now: () => number,
    triggerStore: TriggerStore,
  ) {
    this.cache = new FakeCache(now);
    this.triggers = triggerStore.forOwner(email);
  }
}

export class UserDirectory {
  private readonly accounts = new Map<string, UserAccount>();

  constructor(
    private readonly now: () => number,
    private readonly triggerStore: TriggerStore,
  ) {}

  /** The user with this email, created with empty stores on first use. */
  get(email: string): UserAccount {
    let account = this.accounts.get(email);
    if (!account) {
      account = new UserAccount(email, this.now, this.triggerStore);
      this.accounts.set(email, account);
    }
    return account;
  }

  all(): UserAccount[] {
    return [...this.accounts.values()];
  }
}
