/** dist/appsscript.json: the V8 runtime and exactly the scopes the README justifies. */
import { readDist } from './dist';

const EXPECTED_SCOPES = [
  'https://www.googleapis.com/auth/script.container.ui',
  'https://www.googleapis.com/auth/script.external_request',
  'https://www.googleapis.com/auth/script.scriptapp',
  'https://www.googleapis.com/auth/spreadsheets.currentonly',
];

describe('dist/appsscript.json', () => {
  const manifest = JSON.parse(readDist('appsscript.json')) as {
    runtimeVersion?: string;
    oauthScopes?: string[];
    urlFetchWhitelist?: string[];
  };

  it('runs on V8', () => {
    expect(manifest.runtimeVersion).toBe('V8');
  });

  it('asks for exactly the expected OAuth scopes', () => {
    expect([...(manifest.oauthScopes ?? [])].sort()).toEqual(EXPECTED_SCOPES);
  });

  it('allows fetching only https URLs ending with a slash (Apps Script matches by prefix)', () => {
    expect(manifest.urlFetchWhitelist?.length).toBeGreaterThan(0);
    for (const prefix of manifest.urlFetchWhitelist ?? []) expect(prefix).toMatch(/^https:\/\/[^/]+\/.*$/);
  });
});
