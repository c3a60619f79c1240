/** The hidden sheet of keys a search tab had: a call's keys in one write, no cell past its size. */
import { readTabKeys, rememberTabKeys, SEARCH_KEYS_SHEET } from '../../../src/features/search/search-keys';
import { createWorld } from '../fakes/context';

describe('remembered search keys', () => {
  it('splits a long list over rows of one write, each cell far below 50,000 characters', () => {
    const world = createWorld();
    const keys = Array.from({ length: 100 }, (_, n) => `url:https://example.com/${n}/${'x'.repeat(980)}`);
    rememberTabKeys(world.spreadsheet, 7, keys);
    const sheet = world.spreadsheet.hiddenSheet(SEARCH_KEYS_SHEET, false)!;
    const rows = sheet.readDisplayValues(2, 1, sheet.lastRow() - 1, 2);
    expect(rows.length).toBeGreaterThan(2);
    for (const [tab, list] of rows) {
      expect(tab).toBe('7');
      expect(list!.length).toBeLessThanOrEqual(40_000);
    }
    expect([...readTabKeys(world.spreadsheet, 7)]).toEqual(keys);
  });
});
