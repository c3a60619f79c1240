/**
 * dist/appsscript.json: the V8 runtime, and exactly the OAuth scopes the bundle needs. With explicit
 * oauthScopes Apps Script grants nothing else, so the list is derived from the services dist/Code.js
 * calls (dev/gas/scopes.ts, the table the local runtime enforces at each call), not pinned by hand.
 */
import { scopesNeededBy } from '../../dev/gas/scopes';
import { readDist } from './dist';

describe('dist/appsscript.json', () => {
  const manifest = JSON.parse(readDist('appsscript.json')) as {
    runtimeVersion?: string;
    oauthScopes?: string[];
    urlFetchWhitelist?: string[];
  };

  it('runs on V8', () => {
    expect(manifest.runtimeVersion).toBe('V8');
  });

  it('asks for exactly the scopes the services the bundle calls need', () => {
    const needed = scopesNeededBy(readDist('Code.js'));
    expect([...(manifest.oauthScopes ?? [])].sort()).toEqual(needed);
    // What the bundle is known to call: a rule that stopped matching would shrink both sides.
    expect(needed).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/spreadsheets.currentonly',
        'https://www.googleapis.com/auth/userinfo.email',
      ]),
    );
  });

  it('allows fetching only https URLs ending with a slash (Apps Script matches by prefix)', () => {
    expect(manifest.urlFetchWhitelist?.length).toBeGreaterThan(0);
    for (const prefix of manifest.urlFetchWhitelist ?? []) expect(prefix).toMatch(/^https:\/\/[^/]+\/.*$/);
  });
});
