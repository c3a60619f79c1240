/** Sheets' own refusals: cell and spreadsheet size limits, protected ranges; and early cache eviction. */
import { loadScript } from './support/script';

const CODE = `
function attempt(fn) { try { return fn(); } catch (e) { return String(e); } }
function sheet() { return SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Data'); }
function writeText(a1, text) { return attempt(function () { sheet().getRange(a1).setValues([[text]]); return 'written'; }); }
function addRows(n) { return attempt(function () { sheet().insertRowsAfter(1, n); return 'added'; }); }
function addSheet() { return attempt(function () { SpreadsheetApp.getActiveSpreadsheet().insertSheet(); return 'added'; }); }
function protectData(warningOnly) { var p = sheet().protect().setDescription('keep out'); if (warningOnly) p.setWarningOnly(true); return p.isWarningOnly(); }
function cached(key) { return CacheService.getDocumentCache().get(key); }
function cacheOf(kind) { return kind === 'user' ? CacheService.getUserCache() : kind === 'script' ? CacheService.getScriptCache() : CacheService.getDocumentCache(); }
function cache(n, kind) { var c = cacheOf(kind); for (var i = 0; i < n; i++) c.put('k' + i, 'v'); }
function hits(n, kind) { var c = cacheOf(kind), h = 0; for (var i = 0; i < n; i++) if (c.get('k' + i)) h++; return h; }
`;

function open(options = {}) {
  const addon = loadScript(CODE, { now: Date.UTC(2024, 0, 1), ...options });
  addon.addSheetFromValues('Data', [
    ['Name', 'Email'],
    ['Ada', ''],
  ]);
  return addon;
}

describe('cell and spreadsheet limits', () => {
  it('refuses a value over 50,000 characters, writing nothing', () => {
    const addon = open();
    expect(addon.call('writeText', 'B2', 'x'.repeat(50_000))).toBe('written');
    expect(addon.call('writeText', 'B2', 'y'.repeat(50_001))).toBe(
      'Exception: Your input contains more than the maximum of 50000 characters in a single cell.',
    );
    expect(String(addon.spreadsheet.getSheetByName('Data')!.getRange('B2').getValue())).toHaveLength(50_000);
    addon.close();
  });

  it('refuses rows or sheets that would take the spreadsheet past 10 million cells', () => {
    const addon = open();
    const data = addon.spreadsheet.getSheetByName('Data')!;
    // 10,000,000 cells minus what the default sheet holds, minus room for 10 rows of 26.
    data.ensureSize(Math.floor((10_000_000 - 1000 * 26) / 26) - 10, 26);
    expect(addon.call('addRows', 10)).toBe('added');
    expect(addon.call('addRows', 1)).toBe(
      'Exception: This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
    );
    expect(addon.call('addSheet')).toMatch(/above the limit of 10000000 cells/);
    addon.close();
  });
});

describe('protected sheets (Sheet.protect)', () => {
  it('refuses everyone but its maker; warning-only, it refuses no one', () => {
    const addon = open();
    expect(addon.as('owner@example.com').call('protectData', false)).toBe(false);
    expect(addon.call('writeText', 'A2', 'Grace')).toMatch(/protected cell or object/);
    // Any cell of the sheet, not only those it had when protected.
    expect(addon.call('writeText', 'A900', 'Grace')).toMatch(/protected cell or object/);
    expect(addon.as('owner@example.com').call('writeText', 'A2', 'Grace')).toBe('written');
    addon.unprotectAll();
    expect(addon.as('owner@example.com').call('protectData', true)).toBe(true);
    expect(addon.call('writeText', 'A2', 'Linus')).toBe('written');
    addon.close();
  });
});

describe('protected ranges', () => {
  it('refuses a write touching a protected range to a user not among its editors, writing nothing', () => {
    const addon = open();
    addon.protect('B:B', 'Data', ['owner@example.com']);
    expect(addon.call('writeText', 'A2', 'Grace')).toBe('written');
    expect(addon.call('writeText', 'B2', 'ada@example.com')).toBe(
      'Exception: You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.',
    );
    expect(addon.spreadsheet.getSheetByName('Data')!.getRange('B2').getValue()).toBe('');
    expect(addon.as('owner@example.com').call('writeText', 'B2', 'ada@example.com')).toBe('written');
    addon.unprotectAll();
    expect(addon.call('writeText', 'B2', 'ada@example.com')).toBe('written');
    addon.close();
  });
});

describe('early cache eviction', () => {
  it.each(['document', 'script', 'user'])(
    'drops %s cache entries before their expiry at the given rate, the same ones for the same seed',
    (kind) => {
      const runs = [1, 1, 2].map((seed) => {
        const addon = open({ cacheEviction: { seed, rate: 0.3 } });
        addon.call('cache', 200, kind);
        const hits = addon.call<number>('hits', 200, kind);
        addon.close();
        return hits;
      });
      expect(runs[0]).toBe(runs[1]);
      expect(runs[0]).toBeGreaterThan(100);
      expect(runs[0]).toBeLessThan(180);
      const keeps = open();
      keeps.call('cache', 200, kind);
      expect(keeps.call('hits', 200, kind)).toBe(200);
      keeps.close();
    },
  );

  it("evicts each user's cache on its own draws, in every document they open", () => {
    const addon = open({ cacheEviction: { seed: 3, rate: 0.3 } });
    const bob = addon.as('bob@example.com');
    addon.call('cache', 200, 'user');
    bob.call('cache', 200, 'user');
    const mine = addon.call<number>('hits', 200, 'user');
    const bobs = bob.call<number>('hits', 200, 'user');
    expect(mine).toBeLessThan(180);
    expect(bobs).toBeLessThan(180);
    // The user cache is the user's in every document: the second one sees what eviction left.
    const second = addon.openDocument();
    expect(second.call<number>('hits', 200, 'user')).toBeLessThanOrEqual(mine);
    second.close();
    addon.close();
  });
});
