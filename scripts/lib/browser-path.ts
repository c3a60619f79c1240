/**
 * The local Chrome or Chromium the browser tests drive (through playwright-core, which downloads
 * nothing): one a variable names, else the first of the usual install paths of this OS. Pure: the
 * platform, environment and file check come in, so a test can play macOS or Windows on Linux.
 * The folders are the ones Chromium's own chromedriver searches (chrome/test/chromedriver/chrome/
 * chrome_finder.cc: %LOCALAPPDATA%, %PROGRAMFILES%, %PROGRAMFILES(X86)% on Windows, /Applications
 * and ~/Applications on macOS) plus the Linux packages' /usr/bin names.
 */
import { posix, win32 } from 'node:path';

/** Variables that name a browser, first wins: ours, then the one other tools (chrome-launcher) read. */
export const BROWSER_VARIABLES = ['SHEET_ENRICH_CHROMIUM', 'CHROME_PATH'] as const;

export interface BrowserHost {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  exists(path: string): boolean;
}

/** A browser found, or why none was: `named` when a variable names a missing file (a mistake to fix). */
export type BrowserLookup = { found: true; path: string } | { found: false; named: boolean; message: string };

/** Where Chrome, Chromium and Edge (also Chromium) install themselves, per OS. */
export function browserCandidates(host: BrowserHost): string[] {
  if (host.platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    return ['/Applications', posix.join(host.home, 'Applications')].flatMap((folder) =>
      apps.map((app) => posix.join(folder, app)),
    );
  }
  if (host.platform === 'win32') {
    const folders = ['LOCALAPPDATA', 'PROGRAMFILES', 'PROGRAMFILES(X86)']
      .map((name) => host.env[name])
      .filter((folder): folder is string => Boolean(folder));
    const apps = [
      'Google\\Chrome\\Application\\chrome.exe',
      'Chromium\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
    ];
    return apps.flatMap((app) => folders.map((folder) => win32.join(folder, app)));
  }
  return [
    // Debian's build of Chromium's old headless mode (what playwright itself runs headless): the
    // same engine without the full browser around it, first because the tests drive it headless.
    // The browser files took about a quarter less CPU on it (docs/testing.md).
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/snap/bin/chromium',
    '/usr/bin/microsoft-edge',
  ];
}

/** How to get a browser on this OS, and how to name one. */
function installHint(platform: NodeJS.Platform): string {
  const install =
    platform === 'linux'
      ? "install Debian's chromium (apt-get install -y chromium) or Google Chrome"
      : 'install Google Chrome (https://www.google.com/chrome/)';
  return `${install}, or name one: CHROME_PATH=/path/to/chrome`;
}

export function findBrowser(host: BrowserHost): BrowserLookup {
  for (const variable of BROWSER_VARIABLES) {
    const named = host.env[variable];
    if (!named) continue;
    if (host.exists(named)) return { found: true, path: named };
    return {
      found: false,
      named: true,
      message: `${variable} names ${named}, which does not exist: ${installHint(host.platform)}.`,
    };
  }
  const candidates = browserCandidates(host);
  const path = candidates.find((candidate) => host.exists(candidate));
  if (path) return { found: true, path };
  return {
    found: false,
    named: false,
    message: `No Chrome or Chromium found (looked in ${candidates.join(', ')}): ${installHint(host.platform)}.`,
  };
}
