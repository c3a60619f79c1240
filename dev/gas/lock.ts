/**
 * LockService across interleaved executions. Everything runs on one thread, so a lock held by
 * execution A can never be released while B waits: B's tryLock spends its timeout on the harness
 * clock and fails, and its waitLock throws, exactly what B would see if A kept the lock that long.
 * Apps Script releases an execution's locks when it ends; the harness does the same. Custom
 * functions running at once (interleave.ts) are the exception: each on its own thread, one that
 * asks for a lock another of them holds waits there while the holder runs on.
 */
import type { HarnessClock } from './clock';
import { gasError, MESSAGES } from './errors';
import { GAS_TYPE, type GasObject } from './membrane';

/** A user lock is that user's alone: Ann holding hers never makes Bob wait. */
export type LockScope = 'document' | 'script' | `user:${string}`;

/**
 * Which execution holds each lock. A user lock is "scoped to the script and the current user"
 * (LockService.getUserLock, https://developers.google.com/apps-script/reference/lock/lock-service):
 * one for all their documents, so a document's table hands user scopes to the table of the
 * accounts it shares with the other documents (`users`).
 */
export class LockTable {
  private readonly holders = new Map<LockScope, number>();

  constructor(private readonly users?: LockTable) {}

  private tableOf(scope: LockScope): LockTable {
    return this.users && scope.startsWith('user:') ? this.users : this;
  }

  holder(scope: LockScope): number | undefined {
    return this.tableOf(scope).holders.get(scope);
  }

  acquire(scope: LockScope, executionId: number): boolean {
    const { holders } = this.tableOf(scope);
    const holder = holders.get(scope);
    if (holder !== undefined && holder !== executionId) return false;
    holders.set(scope, executionId);
    return true;
  }

  release(scope: LockScope, executionId: number): void {
    const { holders } = this.tableOf(scope);
    if (holders.get(scope) === executionId) holders.delete(scope);
  }

  releaseAll(executionId: number): void {
    for (const table of new Set([this, this.users ?? this]))
      for (const [scope, holder] of table.holders) if (holder === executionId) table.holders.delete(scope);
  }
}

/** The harness's own question to a lock (a symbol: the add-on's code cannot reach it). */
export const LOCK_HOLDER: unique symbol = Symbol('lockHolder');

export class FakeLock implements GasObject {
  readonly [GAS_TYPE] = 'Lock';

  /** The execution holding this lock, if any (interleave.ts: whether asking for it would wait). */
  [LOCK_HOLDER](): number | undefined {
    return this.table.holder(this.scope);
  }

  constructor(
    private readonly table: LockTable,
    private readonly scope: LockScope,
    private readonly executionId: number,
    private readonly clock: Pick<HarnessClock, 'advance'>,
  ) {}

  tryLock(timeoutInMillis: number): boolean {
    if (this.table.acquire(this.scope, this.executionId)) return true;
    this.clock.advance(Math.max(0, timeoutInMillis));
    return false;
  }

  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) throw gasError(MESSAGES.lockTimeout);
  }

  releaseLock(): void {
    this.table.release(this.scope, this.executionId);
  }

  hasLock(): boolean {
    return this.table.holder(this.scope) === this.executionId;
  }
}

export class FakeLockService implements GasObject {
  readonly [GAS_TYPE] = 'LockService';

  constructor(
    private readonly table: LockTable,
    private readonly executionId: number,
    private readonly clock: HarnessClock,
    /** Whose user lock getUserLock hands out. */
    private readonly userEmail = '',
  ) {}

  getDocumentLock(): FakeLock {
    return new FakeLock(this.table, 'document', this.executionId, this.clock);
  }

  getScriptLock(): FakeLock {
    return new FakeLock(this.table, 'script', this.executionId, this.clock);
  }

  getUserLock(): FakeLock {
    return new FakeLock(this.table, `user:${this.userEmail}`, this.executionId, this.clock);
  }
}
