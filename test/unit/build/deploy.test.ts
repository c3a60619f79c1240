import { join } from 'node:path';
import {
  PLACEHOLDER_SCRIPT_ID,
  PREFLIGHT_EXIT_CODE,
  checkApiUrl,
  checkClaspLogin,
  checkClaspProject,
  runDeploy,
  type DeployHost,
} from '../../../scripts/lib/deploy';

const HOME = '/home/ann';
const CWD = '/src/sheet-enrich';
const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQ';
const TOKEN = 'ya29.secret-access-token';
const REFRESH = '1//secret-refresh-token';
const LOGIN = JSON.stringify({
  tokens: { default: { type: 'authorized_user', access_token: TOKEN, refresh_token: REFRESH } },
});

/** A deployer's machine: files by absolute path, an environment; by default everything is ready. */
function host(
  files: Record<string, string | undefined> = {},
  env: Record<string, string | undefined> = {},
): DeployHost {
  const all: Record<string, string | undefined> = {
    [join(HOME, '.clasprc.json')]: LOGIN,
    [join(CWD, '.clasp.json')]: JSON.stringify({ scriptId: SCRIPT_ID, rootDir: 'dist' }),
    ...files,
  };
  return {
    home: HOME,
    cwd: CWD,
    env: { SHEET_ENRICH_API_URL: 'https://api.provider.com/v1', ...env },
    readText: (path) => all[path],
  };
}

const project = (config: object) => ({ [join(CWD, '.clasp.json')]: JSON.stringify(config) });

/** Runs the deploy with a recorded runner; `codes` are the exit codes of its commands, in order. */
function deploy(machine: DeployHost, codes: number[] = []) {
  const commands: string[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const code = runDeploy(machine, {
    run: (command, args) => {
      commands.push([command, ...args].join(' '));
      return codes[commands.length - 1] ?? 0;
    },
    say: (line) => out.push(line),
    complain: (line) => err.push(line),
  });
  return { code, commands, out, err };
}

describe('deploy preflight: clasp login', () => {
  it('passes with a clasp 3 login in ~/.clasprc.json', () => {
    expect(checkClaspLogin(host())).toBeUndefined();
  });

  it('passes with the login file an older clasp wrote', () => {
    const legacy = JSON.stringify({ access_token: TOKEN, refresh_token: REFRESH });
    expect(checkClaspLogin(host({ [join(HOME, '.clasprc.json')]: legacy }))).toBeUndefined();
  });

  it('says how to log in when there is no login file, with or without a browser', () => {
    expect(checkClaspLogin(host({ [join(HOME, '.clasprc.json')]: undefined }))).toBe(
      'clasp is not logged in (no ~/.clasprc.json): run `npx clasp login` ' +
        '(on a machine without a browser: `npx clasp login --no-localhost`).',
    );
  });

  it('says the same when the file holds no login (after `clasp logout`)', () => {
    const loggedOut = JSON.stringify({ tokens: {} });
    expect(checkClaspLogin(host({ [join(HOME, '.clasprc.json')]: loggedOut }))).toMatch(
      /^clasp is not logged in \(~\/\.clasprc\.json has no login\): run `npx clasp login`/,
    );
  });

  it('asks to log in again over a file clasp cannot parse, without quoting it', () => {
    const broken = `{"tokens": {"default": {"refresh_token": "${REFRESH}"`;
    const message = checkClaspLogin(host({ [join(HOME, '.clasprc.json')]: broken }))!;
    expect(message).toMatch(/^~\/\.clasprc\.json is not a clasp login clasp can read: delete it, then run/);
    expect(message).not.toContain(REFRESH);
  });

  it('reads the file clasp_config_auth names, as clasp does', () => {
    const other = host(
      { [join(HOME, '.clasprc.json')]: undefined, '/etc/ci/clasprc.json': LOGIN },
      {
        clasp_config_auth: '/etc/ci/clasprc.json',
      },
    );
    expect(checkClaspLogin(other)).toBeUndefined();
    expect(checkClaspLogin({ ...other, readText: () => undefined })).toMatch(
      /^clasp is not logged in \(no \/etc\/ci\/clasprc\.json\)/,
    );
  });
});

describe('deploy preflight: .clasp.json', () => {
  it('passes with a script id and the build folder', () => {
    expect(checkClaspProject(host())).toBeUndefined();
    expect(checkClaspProject(host(project({ scriptId: SCRIPT_ID, rootDir: './dist/' })))).toBeUndefined();
  });

  it('refuses the placeholder the repository ships, saying where the id is', () => {
    expect(checkClaspProject(host(project({ scriptId: PLACEHOLDER_SCRIPT_ID, rootDir: 'dist' })))).toBe(
      ".clasp.json has no script id yet: paste your script's ID (Extensions › Apps Script › Project " +
        'Settings › Script ID) in place of REPLACE_WITH_YOUR_SCRIPT_ID, or create a new script ' +
        '(see README › Deploy to a real spreadsheet, step 3).',
    );
  });

  it('refuses a pasted URL in place of the id', () => {
    const url = `https://script.google.com/d/${SCRIPT_ID}/edit`;
    expect(checkClaspProject(host(project({ scriptId: url, rootDir: 'dist' })))).toMatch(
      /scriptId is not a script ID: paste only the ID/,
    );
  });

  it('refuses a project that would push another folder than the build', () => {
    // `clasp create-script` without --rootDir writes a .clasp.json that pushes the whole folder.
    expect(checkClaspProject(host(project({ scriptId: SCRIPT_ID })))).toBe(
      '.clasp.json would push "." instead of the build: set "rootDir": "dist" in it.',
    );
    expect(checkClaspProject(host(project({ scriptId: SCRIPT_ID, rootDir: 'dist', srcDir: 'src' })))).toMatch(
      /would push "src" instead of the build/,
    );
  });

  it('says what to do when there is no .clasp.json, or it is not JSON', () => {
    expect(checkClaspProject(host({ [join(CWD, '.clasp.json')]: undefined }))).toMatch(
      /^There is no \.clasp\.json here, so clasp does not know which script to update: see README/,
    );
    expect(checkClaspProject(host({ [join(CWD, '.clasp.json')]: '{"scriptId": ' }))).toMatch(
      /^\.clasp\.json is not valid JSON/,
    );
  });
});

describe('deploy preflight: SHEET_ENRICH_API_URL', () => {
  it('passes with a public https address', () => {
    expect(checkApiUrl({ SHEET_ENRICH_API_URL: 'https://api.provider.com/' })).toBeUndefined();
    expect(checkApiUrl({ SHEET_ENRICH_API_URL: 'https://api.provider.com/v2' })).toBeUndefined();
  });

  it('refuses it unset, empty or the placeholder the build would otherwise allow-list', () => {
    const unset =
      'SHEET_ENRICH_API_URL is not set, so the add-on would be allowed to call only a placeholder ' +
      'address: export SHEET_ENRICH_API_URL=https://api.your-provider.com/, then run again.';
    expect(checkApiUrl({})).toBe(unset);
    expect(checkApiUrl({ SHEET_ENRICH_API_URL: '' })).toBe(unset);
    expect(checkApiUrl({ SHEET_ENRICH_API_URL: 'https://api.enrichment.example' })).toBe(unset);
  });

  it('refuses what Apps Script or Google could not use, without echoing it', () => {
    const secret = 'https://user:s3cret@api.provider.com/?key=s3cret';
    const cases: [string, RegExp][] = [
      ['api.provider.com', /is not a URL/],
      ['http://api.provider.com/', /must start with https:\/\//],
      [secret, /without a user, password, \?query or #fragment/],
      ['https://127.0.0.1:8787/', /names a local host/],
      ['https://localhost/', /names a local host/],
    ];
    for (const [value, expected] of cases) {
      const message = checkApiUrl({ SHEET_ENRICH_API_URL: value })!;
      expect(message).toMatch(expected);
      expect(message).not.toContain('s3cret');
    }
  });
});

describe('runDeploy', () => {
  it('stops before any command with every problem on its own line and exit code 2', () => {
    const { code, commands, err } = deploy(
      host({ [join(HOME, '.clasprc.json')]: undefined }, { SHEET_ENRICH_API_URL: undefined }),
    );
    expect(code).toBe(PREFLIGHT_EXIT_CODE);
    expect(commands).toEqual([]);
    expect(err).toHaveLength(2);
    expect(err[0]).toMatch(/^clasp is not logged in/);
    expect(err[1]).toMatch(/^SHEET_ENRICH_API_URL is not set/);
  });

  it('tests (which builds) and then pushes dist/ with the files the preflight read', () => {
    const { code, commands, out, err } = deploy(host());
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(commands).toEqual([
      'npm test',
      `npx clasp push --force --auth ${HOME}/.clasprc.json --project ${CWD}/.clasp.json`,
    ]);
    expect(out[0]).toBe(
      'Preflight passed: clasp is logged in, .clasp.json names a script, the API is https://api.provider.com/v1/',
    );
    expect(out.join('\n')).not.toContain('secret');
  });

  it('pushes nothing when the tests fail, and exits with their code', () => {
    const { code, commands, err } = deploy(host(), [1]);
    expect(code).toBe(1);
    expect(commands).toEqual(['npm test']);
    expect(err).toEqual([
      'Deploy stopped: the build or the tests failed, nothing was pushed (exit code 1); see above.',
    ]);
  });

  it('reports a failed push with its exit code', () => {
    const { code, err } = deploy(host(), [0, 1]);
    expect(code).toBe(1);
    expect(err).toEqual(['Deploy stopped: clasp push failed (exit code 1); see above.']);
  });
});
