/** Custom functions run at once, interleaved at service calls in a seed-chosen order (interleave.ts). */
import { Worker } from 'node:worker_threads';
import { loadScript } from './support/script';

const CODE = `
/** A read-then-write counter: loses updates when another run writes between its read and its write. */
function BUMP(label) {
  var props = PropertiesService.getDocumentProperties();
  var n = Number(props.getProperty('n') || 0);
  props.setProperty('seen.' + label, '1');
  props.setProperty('n', String(n + 1));
  return label;
}

/** BUMP under the script lock: no update may be lost, whatever the order. */
function LOCKED(label) {
  var lock = LockService.getScriptLock();
  if (!lock.tryLock(10000)) return 'busy';
  try {
    return BUMP(label);
  } finally {
    lock.releaseLock();
  }
}

/** Three steps, each a service call of another kind, with a log line (itself a call) between them. */
function STEP(label) {
  console.log(label + ':1');
  CacheService.getDocumentCache().get('k');
  LockService.getScriptLock().hasLock();
  console.log(label + ':2');
  SpreadsheetApp.getActiveSpreadsheet().getSheetByName('F').getRange(1, 1).getValue();
  PropertiesService.getDocumentProperties().getProperty('n');
  console.log(label + ':3');
  return label;
}
`;

function sheetOf(count: number, fn = 'BUMP') {
  const addon = loadScript(CODE, { now: Date.UTC(2024, 0, 1) });
  addon.addSheetFromValues(
    'F',
    Array.from({ length: count }, (_, i) => [`=${fn}("r${i}")`]),
  );
  return addon;
}

/** The order the steps of 8 STEP functions ran in, recalculated at once with `seed`. */
function stepOrder(seed: number): string[] {
  const addon = sheetOf(8, 'STEP');
  expect(addon.recalculate({ interleave: { seed } })).toBe(8);
  const order = addon.logs().filter((text) => /^r\d:\d$/.test(text));
  addon.close();
  return order;
}

/** Two runs that overlap without one inside the other: a1 < b1 < a3 < b3. */
function crossings(order: string[]): number {
  const span = (label: string) => [order.indexOf(`${label}:1`), order.indexOf(`${label}:3`)] as const;
  const labels = Array.from({ length: 8 }, (_, i) => `r${i}`);
  let count = 0;
  for (const a of labels)
    for (const b of labels) {
      const [a1, a3] = span(a);
      const [b1, b3] = span(b);
      if (a1 < b1 && b1 < a3 && a3 < b3) count++;
    }
  return count;
}

describe('interleaved custom functions', () => {
  it('runs them one after another by default: no update is lost', () => {
    const addon = sheetOf(20);
    expect(addon.recalculate()).toBe(20);
    expect(addon.properties.document.getProperty('n')).toBe('20');
    addon.close();
  });

  it('interleaves them with a seed: every one runs, a read-then-write loses updates, the same for a seed', () => {
    const counts = [7, 7, 8].map((seed) => {
      const addon = sheetOf(20);
      expect(addon.recalculate({ interleave: { seed } })).toBe(20);
      const keys = addon.properties.document.getKeys().filter((key) => key.startsWith('seen.'));
      expect(keys).toHaveLength(20);
      const sheet = addon.spreadsheet.getSheetByName('F')!;
      expect(sheet.getRange(20, 1).getValue()).toBe('r19');
      const n = Number(addon.properties.document.getProperty('n'));
      addon.close();
      return n;
    });
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeLessThan(20);
  });

  it('interleaves at every service call, not only one run inside another, in an order the seed fixes', () => {
    const orders = [1, 1, 2, 3].map(stepOrder);
    for (const order of orders) expect(order).toHaveLength(24);
    expect(orders[0]).toEqual(orders[1]);
    expect(orders[2]).not.toEqual(orders[0]);
    // A nested schedule (a function run to its end inside another's service call) has no crossing.
    for (const order of orders) expect(crossings(order)).toBeGreaterThan(0);
  });

  it('a function asking for a lock another one holds waits for it: under the lock no update is lost', () => {
    for (const seed of [4, 5]) {
      const addon = sheetOf(20, 'LOCKED');
      expect(addon.recalculate({ interleave: { seed } })).toBe(20);
      const shown = addon.spreadsheet.getSheetByName('F')!.getRange('A1:A20').getValues().flat();
      expect(shown).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
      expect(addon.properties.document.getProperty('n')).toBe('20');
      addon.close();
    }
  });

  it("leaves no thread holding the process: each one is unref'd (the harness waits on it synchronously)", () => {
    // close() ends a thread without waiting (terminate() is async); a ref'd one still ending kept a
    // jest worker up past jest's 500 ms grace: "a worker process has failed to exit gracefully"
    // (measured: 570-930 ms from the last file's end to the worker's exit, 95-130 ms unref'd).
    const unref = jest.spyOn(Worker.prototype, 'unref');
    try {
      const addon = sheetOf(3);
      expect(addon.recalculate({ interleave: { seed: 1 } })).toBe(3);
      addon.close();
      expect(unref).toHaveBeenCalledTimes(3);
    } finally {
      unref.mockRestore();
    }
  });
});
