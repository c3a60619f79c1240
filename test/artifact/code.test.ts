/** dist/Code.js as Apps Script sees it: top-level entry points, custom-function JSDoc, a bare load, size. */
import { join } from 'node:path';
import vm from 'node:vm';
import gasLocal from 'gas-local';
import { loadAddon, type Addon } from '../../dev/gas/harness';
import { CODE_BUDGET_BYTES } from '../../scripts/lib/config';
import { readEntryPoints } from '../../scripts/lib/entry-points';
import { DIST, ROOT, readDist } from './dist';

const code = readDist('Code.js');
const entryPoints = readEntryPoints(join(ROOT, 'src/index.ts'));
const entryNames = entryPoints.map((entry) => entry.name);

describe('dist/Code.js', () => {
  it('stays within its size budget (every execution parses all of it)', () => {
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(CODE_BUDGET_BYTES);
  });

  it('bundles the zod subset, not zod (whose every schema sets `_zod`)', () => {
    expect(code).not.toContain('_zod');
    // The subset's own issue code for z.regex, which src/ declares (settings-rpc.ts).
    expect(code).toContain('invalid_format');
  });

  it('declares every export of src/index.ts as a top-level function', () => {
    expect(entryNames).toEqual(expect.arrayContaining(['onOpen', 'onInstall', 'showSidebar']));
    const context = gasLocal.require(DIST, vm.createContext({}), {
      filter: (path) => path.endsWith('Code.js'),
    });
    for (const name of entryNames) {
      expect({ name, type: typeof context[name] }).toEqual({ name, type: 'function' });
      expect(code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
    }
  });

  it('keeps each custom function’s JSDoc directly above its stub', () => {
    const documented = [...code.matchAll(/(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\n(?:function (\w+)\()?/g)];
    const customBlocks = documented.filter(([, doc]) => doc!.includes('@customfunction'));
    const customEntries = entryPoints.filter((entry) => entry.jsdoc.includes('@customfunction'));
    expect(customBlocks.map(([, , name]) => name)).toEqual(customEntries.map((entry) => entry.name));
    for (const entry of customEntries) {
      expect(code).toContain(`*/\nfunction ${entry.name}(`);
      for (const tag of entry.jsdoc.match(/@(param|return)s?\b[^\n]*/g) ?? []) {
        expect(customBlocks.find(([, , name]) => name === entry.name)?.[1]).toContain(tag.trim());
      }
    }
  });

  it('leaves no custom-function JSDoc detached from a function', () => {
    const detached = [...code.matchAll(/@customfunction[\s\S]*?\*\/\n(?!function \w+\()/g)];
    expect(detached).toHaveLength(0);
  });
});

describe('dist/Code.js in the local Apps Script', () => {
  let addon: Addon;
  beforeEach(() => {
    addon = loadAddon({ distDir: DIST, apiKey: 'artifact-test-key' });
  });
  afterEach(() => addon.close());

  it('loads and runs onOpen with only Apps Script globals, building the Sheet Enrich add-on menu', () => {
    addon.callWith({ event: { authMode: 'NONE' } }, 'onOpen');
    const menu = addon.ui.menus.find((m) => m.addon);
    expect(menu?.title).toBe('Sheet Enrich');
    const handlers = menu!.items.flatMap((item) => ('handler' in item ? [item.handler] : []));
    expect(handlers).toContain('showSidebar');
    // A menu item can only call a top-level function.
    for (const handler of handlers) expect(entryNames).toContain(handler);
  });

  it('builds the same menu on install', () => {
    addon.callWith({ event: { authMode: 'FULL' } }, 'onInstall');
    expect(addon.ui.menus.filter((m) => m.addon)).toHaveLength(1);
  });

  it('shows dist/Sidebar.html in the sidebar', () => {
    addon.call('showSidebar');
    expect(addon.ui.lastSidebar?.content).toBe(readDist('Sidebar.html'));
    expect(addon.ui.lastSidebar?.title).toBe('Sheet Enrich');
  });

  it('never logs the API key while opening', () => {
    addon.call('onOpen');
    addon.call('showSidebar');
    expect(addon.logs().join('\n')).not.toContain('artifact-test-key');
  });
});
