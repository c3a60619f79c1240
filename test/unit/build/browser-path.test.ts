/** The browser the browser tests and `npm run deploy` use, on each OS, played on any OS. */
import { browserCandidates, findBrowser, type BrowserHost } from '../../../scripts/lib/browser-path';

function machine(platform: NodeJS.Platform, files: string[], env: BrowserHost['env'] = {}): BrowserHost {
  return { platform, env, home: '/Users/ann', exists: (path) => files.includes(path) };
}

describe('the local browser', () => {
  it("is Debian's Chromium on Linux, else another package's", () => {
    expect(findBrowser(machine('linux', ['/usr/bin/chromium']))).toEqual({
      found: true,
      path: '/usr/bin/chromium',
    });
    expect(findBrowser(machine('linux', ['/usr/bin/google-chrome-stable']))).toEqual({
      found: true,
      path: '/usr/bin/google-chrome-stable',
    });
  });

  it("is Debian's headless shell of Chromium first, where it is installed beside Chromium", () => {
    expect(findBrowser(machine('linux', ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell']))).toEqual({
      found: true,
      path: '/usr/bin/chromium-headless-shell',
    });
  });

  it('is Google Chrome in /Applications or ~/Applications on macOS', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findBrowser(machine('darwin', [chrome]))).toEqual({ found: true, path: chrome });
    const own = '/Users/ann/Applications/Chromium.app/Contents/MacOS/Chromium';
    expect(findBrowser(machine('darwin', [own]))).toEqual({ found: true, path: own });
  });

  it('is Chrome (or Edge) under the Windows program folders', () => {
    const env = { LOCALAPPDATA: 'C:\\Users\\Ann\\AppData\\Local', PROGRAMFILES: 'C:\\Program Files' };
    const chrome = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    expect(findBrowser(machine('win32', [chrome], env))).toEqual({ found: true, path: chrome });
    const edge = 'C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe';
    expect(findBrowser(machine('win32', [edge], env))).toEqual({ found: true, path: edge });
    expect(browserCandidates(machine('win32', [], env))[0]).toBe(
      'C:\\Users\\Ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
    );
  });

  it('is the one a variable names; a named browser that is missing is a mistake, not a search', () => {
    const named = machine('darwin', ['/opt/chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'], {
      CHROME_PATH: '/opt/chrome',
    });
    expect(findBrowser(named)).toEqual({ found: true, path: '/opt/chrome' });
    const missing = findBrowser({ ...named, env: { SHEET_ENRICH_CHROMIUM: '/nowhere' } });
    expect(missing).toEqual({
      found: false,
      named: true,
      message:
        'SHEET_ENRICH_CHROMIUM names /nowhere, which does not exist: install Google Chrome ' +
        '(https://www.google.com/chrome/), or name one: CHROME_PATH=/path/to/chrome.',
    });
  });

  it('is none, with where it looked and how to get one, for this OS (no apt-get on a Mac)', () => {
    const mac = findBrowser(machine('darwin', []));
    expect(mac).toMatchObject({ found: false, named: false });
    if (mac.found) throw new Error('unreachable');
    expect(mac.message).toMatch(
      /^No Chrome or Chromium found \(looked in \/Applications\/Google Chrome\.app/,
    );
    expect(mac.message).not.toContain('apt-get');
    const linux = findBrowser(machine('linux', []));
    if (linux.found) throw new Error('unreachable');
    expect(linux.message).toContain('apt-get install -y chromium');
  });
});
