/** Adapter: LockPort over the document lock (the script lock outside a document). */
import type { LockPort } from './ports';

export function documentLock(): LockPort {
  return lockPort(LockService.getDocumentLock() ?? LockService.getScriptLock());
}

/** A LockPort over one lock (the local runtime's fakes in tests). */
export function lockPort(lock: GoogleAppsScript.Lock.Lock): LockPort {
  return {
    tryLock: (timeoutMs) => lock.tryLock(timeoutMs),
    release: () => {
      if (lock.hasLock()) lock.releaseLock();
    },
  };
}
