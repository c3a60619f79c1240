/** Adapter: LockPort over the document lock (the script lock outside a document). */
import type { LockPort } from './ports';

export function documentLock(): LockPort {
  const lock = LockService.getDocumentLock() ?? LockService.getScriptLock();
  return {
    tryLock: (timeoutMs) => lock.tryLock(timeoutMs),
    release: () => {
      if (lock.hasLock()) lock.releaseLock();
    },
  };
}
