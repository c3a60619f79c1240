/** Adapter: LockPorts over the document lock (the script lock outside a document) and the user lock. */
import type { LockPort } from './ports';

export function documentLock(): LockPort {
  return lockPort(LockService.getDocumentLock() ?? LockService.getScriptLock());
}

/** The user's own lock, one for all their documents: what they count across them (key-limit.ts). */
export const userLock = (): LockPort => lockPort(LockService.getUserLock());

/** A LockPort over one lock (the local runtime's fakes in tests). */
export function lockPort(lock: GoogleAppsScript.Lock.Lock): LockPort {
  return {
    tryLock: (timeoutMs) => lock.tryLock(timeoutMs),
    release: () => {
      if (lock.hasLock()) lock.releaseLock();
    },
  };
}
