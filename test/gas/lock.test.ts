/** LockService: a lock held by one execution excludes another, interleaved in the same test. */
import { loadScript } from './support/script';

const CODE = `
var lock;
function acquire(timeout) { lock = LockService.getScriptLock(); return lock.tryLock(timeout); }
function holds() { return lock.hasLock(); }
function release() { lock.releaseLock(); }
function waitFor(timeout) {
  try { LockService.getScriptLock().waitLock(timeout); return 'locked'; } catch (e) { return String(e); }
}
function documentLock() { return LockService.getDocumentLock().tryLock(0); }
function userLock(timeout) { lock = LockService.getUserLock(); return lock.tryLock(timeout); }
`;

describe('LockService across executions', () => {
  const addon = loadScript(CODE);
  afterAll(() => addon.close());

  it('makes tryLock in B fail while A holds the lock, spending B’s timeout on the clock', () => {
    const a = addon.startExecution();
    const b = addon.startExecution();
    expect(a.call('acquire', 1000)).toBe(true);
    expect(a.call('holds')).toBe(true);
    const before = addon.now();
    expect(b.call('acquire', 5000)).toBe(false);
    expect(addon.now() - before).toBeGreaterThanOrEqual(5000);
    expect(b.call('holds')).toBe(false);
    expect(b.call('documentLock')).toBe(true);
    a.call('release');
    expect(b.call('acquire', 0)).toBe(true);
    a.end();
    b.end();
  });

  it('throws the Apps Script lock timeout from waitLock', () => {
    const a = addon.startExecution();
    a.call('acquire', 0);
    expect(addon.call('waitFor', 100)).toBe(
      'Exception: Lock timeout: another process was holding the lock for too long.',
    );
    a.end();
  });

  it('releases a lock when its execution ends', () => {
    const a = addon.startExecution();
    a.call('acquire', 0);
    a.end();
    expect(addon.call('waitFor', 0)).toBe('locked');
  });
});

describe("a user's lock (LockService.getUserLock)", () => {
  it("is one for all of that user's documents, and not another user's", () => {
    const addon = loadScript(CODE);
    const other = addon.openDocument();
    const a = addon.startExecution();
    const b = other.startExecution();
    expect(a.call('userLock', 0)).toBe(true);
    // The same user in another document waits; their document lock there is free.
    expect(b.call('userLock', 0)).toBe(false);
    expect(b.call('documentLock')).toBe(true);
    expect(other.as('bea@example.com').call('userLock', 0)).toBe(true);
    a.end();
    expect(b.call('userLock', 0)).toBe(true);
    b.end();
    addon.close();
  });
});
