/** Custom functions run at once, interleaved at service calls in a seed-chosen order (interleave.ts). */
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
`;

function sheetOf(count: number) {
  const addon = loadScript(CODE, { now: Date.UTC(2024, 0, 1) });
  addon.addSheetFromValues(
    'F',
    Array.from({ length: count }, (_, i) => [`=BUMP("r${i}")`]),
  );
  return addon;
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
});
