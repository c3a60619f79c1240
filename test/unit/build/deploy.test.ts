import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CLASP_TEMPLATE,
  PLACEHOLDER_SCRIPT_ID,
  PREFLIGHT_EXIT_CODE,
  checkApiUrl,
  checkClaspLogin,
  checkClaspProject,
  parseDeployArgs,
  runDeploy,
  type DeployHost,
  type DeployOptions,
} from '../../../scripts/lib/deploy';

const HOME = '/home/ann';
const CWD = '/src/sheet-enrich';
const NPM = '/usr/lib/node_modules/npm/bin/npm-cli.js';
const CHROMIUM = '/usr/bin/chromium';
const CLASP = `${CWD}/node_modules/@google/clasp/build/src/index.js`;
const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQ';
const TOKEN = 'ya29.secret-access-token';
const REFRESH = '1//secret-refresh-token';
const LOGIN = JSON.stringify({
  tokens: { default: { type: 'authorized_user', access_token: TOKEN, refresh_token: REFRESH } },
});

/**
 * A deployer's Linux machine: files by absolute path (a Chromium among them), an environment as
 * `npm run deploy` sets it; by default everything is ready. `written` collects created files.
 */
function host(
  files: Record<string, string | undefined> = {},
  env: Record<string, string | undefined> = {},
): DeployHost & { written: Record<string, string> } {
  const all: Record<string, string | undefined> = {
    [join(HOME, '.clasprc.json')]: LOGIN,
    [join(CWD, '.clasp.json')]: JSON.stringify({ scriptId: SCRIPT_ID, rootDir: 'dist' }),
    [join(CWD, CLASP_TEMPLATE)]: JSON.stringify({ scriptId: PLACEHOLDER_SCRIPT_ID, rootDir: 'dist' }),
    [CHROMIUM]: '',
    [CLASP]: '',
    ...files,
  };
  const written: Record<string, string> = {};
  return {
    home: HOME,
    cwd: CWD,
    platform: 'linux',
    env: { SHEET_ENRICH_API_URL: 'https://api.provider.com/v1', npm_execpath: NPM, ...env },
    readText: (path) => written[path] ?? all[path],
    writeText: (path, text) => void (written[path] = text),
    exists: (path) => all[path] !== undefined,
    written,
  };
}

const project = (config: object) => ({ [join(CWD, '.clasp.json')]: JSON.stringify(config) });

/** Runs the deploy with a recorded runner; `codes` are the exit codes of its commands, in order. */
function deploy(machine: DeployHost, codes: number[] = [], options: DeployOptions = {}) {
  const commands: string[] = [];
  const envs: Record<string, string>[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const code = runDeploy(
    machine,
    {
      run: (script, args, env) => {
        commands.push(['node', script, ...args].join(' '));
        envs.push(env);
        return codes[commands.length - 1] ?? 0;
      },
      say: (line) => out.push(line),
      complain: (line) => err.push(line),
    },
    options,
  );
  return { code, commands, envs, out, err };
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
      ".clasp.json has no script id yet: paste your standalone script's ID (script.google.com › your " +
        'project › Project Settings › Script ID) in place of REPLACE_WITH_YOUR_SCRIPT_ID ' +
        '(see docs/deploy.md, step 2).',
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
    expect(checkClaspProject(host({ [join(CWD, '.clasp.json')]: undefined }))).toBe(
      'There is no .clasp.json here, so clasp does not know which script to update: run ' +
        "`npm run deploy -- --script-id <ID>` with your standalone script's ID (Project Settings › " +
        'Script ID) (see docs/deploy.md, step 2).',
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

  it('builds, tests on the browser found, then pushes dist/ with the files the preflight read', () => {
    const { code, commands, envs, out, err } = deploy(host());
    expect(code).toBe(0);
    expect(err).toEqual([]);
    // Node runs every step (no shell, no npm.cmd): the same commands on Windows.
    expect(commands).toEqual([
      `node ${NPM} run build`,
      `node ${CWD}/scripts/parallel.cjs --live jest --ci npm run --silent check`,
      `node ${CLASP} push --force --auth ${HOME}/.clasprc.json --project ${CWD}/.clasp.json`,
    ]);
    expect(envs[1]).toEqual({ SHEET_ENRICH_CHROMIUM: CHROMIUM });
    expect(out[0]).toBe(
      'Preflight passed: clasp is logged in, .clasp.json names a script, the API is https://api.provider.com/v1/',
    );
    expect(out[1]).toBe(`Browser tests: ${CHROMIUM}`);
    expect(out.join('\n')).not.toContain('secret');
  });

  it('pushes nothing when the tests fail, and exits with their code', () => {
    const { code, commands, err } = deploy(host(), [0, 1]);
    expect(code).toBe(1);
    expect(commands).toHaveLength(2);
    expect(err).toEqual([
      'Deploy stopped: the tests or checks failed, nothing was pushed (exit code 1); see above.',
    ]);
  });

  it('reports a failed push with its exit code', () => {
    const { code, err } = deploy(host(), [0, 0, 1]);
    expect(code).toBe(1);
    expect(err).toEqual(['Deploy stopped: clasp push failed (exit code 1); see above.']);
  });

  it('without any Chrome or Chromium, says so in one line and runs every other test', () => {
    const { code, commands, envs, out } = deploy(host({ [CHROMIUM]: undefined }));
    expect(code).toBe(0);
    expect(out[1]).toMatch(
      /^Browser tests skipped: No Chrome or Chromium found \(looked in \/usr\/bin\/chromium-headless-shell, \/usr\/bin\/chromium, .*\): install .*, or name one: CHROME_PATH=\/path\/to\/chrome\. The other tests and checks run\.$/,
    );
    expect(commands[1]).toBe(
      `node ${CWD}/scripts/parallel.cjs --live jest --ci --testPathIgnorePatterns /test/browser/ npm run --silent check`,
    );
    expect(envs[1]).toEqual({});
  });

  it('stops in the preflight when CHROME_PATH names a browser that is not there', () => {
    const { code, commands, err } = deploy(host({}, { CHROME_PATH: '/opt/chrome/chrome' }));
    expect(code).toBe(PREFLIGHT_EXIT_CODE);
    expect(commands).toEqual([]);
    expect(err).toEqual([
      expect.stringMatching(/^CHROME_PATH names \/opt\/chrome\/chrome, which does not exist/),
    ]);
  });

  it('asks to be run through npm, which it runs the build and tests with', () => {
    const { code, err } = deploy(host({}, { npm_execpath: undefined }));
    expect(code).toBe(PREFLIGHT_EXIT_CODE);
    expect(err).toEqual(['Run it through npm (`npm run deploy`): it runs the build and the tests with npm.']);
  });

  it('stops in the preflight without clasp (installed without the deploy/ workspace, as CI does)', () => {
    const { code, commands, err } = deploy(host({ [CLASP]: undefined }));
    expect(code).toBe(PREFLIGHT_EXIT_CODE);
    expect(commands).toEqual([]);
    expect(err).toEqual(['clasp is not installed (node_modules/@google/clasp): run `npm install`.']);
  });
});

describe('what installs clasp', () => {
  const read = (file: string) => readFileSync(join(__dirname, '../../..', file), 'utf8');
  const manifest = (file: string) =>
    JSON.parse(read(file)) as { workspaces?: string[]; devDependencies?: object; dependencies?: object };

  it('is the deploy/ workspace, hoisted to where deploy runs it, and CI installs without it', () => {
    expect(manifest('package.json').workspaces).toEqual(['deploy']);
    expect(manifest('package.json').devDependencies).not.toHaveProperty(['@google/clasp']);
    expect(manifest('deploy/package.json').dependencies).toHaveProperty(['@google/clasp']);
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, unknown> };
    expect(lock.packages).toHaveProperty(['node_modules/@google/clasp']);
    expect(read('.ci/run')).toMatch(/^npm ci .*--workspaces=false/m);
  });
});

describe("the deployer's .clasp.json", () => {
  it('is written from the tracked template by --script-id, then deployed to', () => {
    const machine = host({ [join(CWD, '.clasp.json')]: undefined });
    const { code, err } = deploy(machine, [], { scriptId: SCRIPT_ID });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(JSON.parse(machine.written[join(CWD, '.clasp.json')]!)).toEqual({
      scriptId: SCRIPT_ID,
      rootDir: 'dist',
    });
  });

  it('is never overwritten when it names another script, and a URL is no script id', () => {
    const other = '1ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-ZyXwVuTsRqPoNmLkJ';
    const machine = host();
    expect(deploy(machine, [], { scriptId: other }).err[0]).toMatch(
      /^\.clasp\.json already exists and names another script: edit its scriptId, or delete it/,
    );
    expect(machine.written).toEqual({});
    expect(deploy(machine, [], { scriptId: `https://script.google.com/d/${other}/edit` }).err[0]).toMatch(
      /^--script-id is not a script ID/,
    );
  });

  it('is not tracked: git ignores it and the repository ships the template', () => {
    const root = join(__dirname, '../../..');
    const ignored = readFileSync(join(root, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toContain('.clasp.json');
    expect(JSON.parse(readFileSync(join(root, CLASP_TEMPLATE), 'utf8'))).toEqual({
      scriptId: PLACEHOLDER_SCRIPT_ID,
      rootDir: 'dist',
    });
  });

  it('takes --script-id <ID> or --script-id=<ID>, and refuses anything else', () => {
    expect(parseDeployArgs([])).toEqual({});
    expect(parseDeployArgs(['--script-id', SCRIPT_ID])).toEqual({ scriptId: SCRIPT_ID });
    expect(parseDeployArgs([`--script-id=${SCRIPT_ID}`])).toEqual({ scriptId: SCRIPT_ID });
    expect(parseDeployArgs(['--script-id'])).toBe('--script-id needs the script ID after it.');
    expect(parseDeployArgs(['--force'])).toBe('Unknown option --force: the only option is --script-id <ID>.');
  });
});
