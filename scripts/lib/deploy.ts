/**
 * `npm run deploy`: a preflight of what would make `clasp push` fail, or push the wrong thing, found
 * in a moment rather than after minutes of tests; then the tests (which build first), then the push.
 * Pure: the checks read files through the given host and the steps run through the given runner, so
 * tests hand them a fake home, environment and project folder. A message names the file and the
 * fix, never what a credential holds.
 */
import { isAbsolute, join, relative, resolve } from 'node:path';
import { findBrowser, type BrowserLookup } from './browser-path';
import { API_URL_VARIABLE, PLACEHOLDER_API_URL, apiBaseUrl } from './config';

/** The exit code of a deploy stopped by its preflight (as the CLI's for input the user can fix). */
export const PREFLIGHT_EXIT_CODE = 2;

/** The script id the repository's template (.clasp.example.json) holds, for the deployer to replace. */
export const PLACEHOLDER_SCRIPT_ID = 'REPLACE_WITH_YOUR_SCRIPT_ID';

/** The tracked template of the deployer's own, git-ignored .clasp.json. */
export const CLASP_TEMPLATE = '.clasp.example.json';

/** clasp's variable for another credentials file (its `--auth` option). */
const CLASP_AUTH_VARIABLE = 'clasp_config_auth';

/** Where the checks look: the deployer's home, environment and the project folder. */
export interface DeployHost {
  home: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** A file's text; undefined when there is no such file. */
  readText(path: string): string | undefined;
  /** Creates a file (only .clasp.json, from its template, when the deployer gives a script id). */
  writeText(path: string, text: string): void;
  exists(path: string): boolean;
}

/** The files `clasp push` is told to use, so it reads exactly what the checks read. */
export interface ClaspFiles {
  credentials: string;
  project: string;
}

/** clasp v3 keeps its login in ~/.clasprc.json unless `clasp_config_auth` names another file. */
export function claspFiles(host: DeployHost): ClaspFiles {
  const auth = host.env[CLASP_AUTH_VARIABLE];
  return {
    credentials: auth ? resolve(host.cwd, auth) : join(host.home, '.clasprc.json'),
    // The repository's own file, not one clasp would find in a parent folder or through
    // `clasp_config_project`: its rootDir is what decides which files are pushed.
    project: join(host.cwd, '.clasp.json'),
  };
}

/** `~/…` for a path in the home folder: shorter, and the same for every deployer. */
function shown(path: string, host: DeployHost): string {
  const inHome = relative(host.home, path);
  return inHome && !inHome.startsWith('..') && !isAbsolute(inHome) ? `~/${inHome}` : path;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Mirrors what clasp 3 accepts as a login for its default user: `tokens.default`, or a file an
 * older clasp wrote (`token` with `oauth2ClientSettings`, or a top-level `access_token`).
 */
function hasClaspLogin(store: Record<string, unknown>): boolean {
  const tokens = store['tokens'];
  if (isRecord(tokens) && isRecord(tokens['default'])) return true;
  return Boolean((store['token'] && store['oauth2ClientSettings']) || store['access_token']);
}

const LOGIN_HINT = 'run `npx clasp login` (on a machine without a browser: `npx clasp login --no-localhost`)';

/** The login `clasp push` needs, without ever showing what the file holds. */
export function checkClaspLogin(host: DeployHost): string | undefined {
  const path = claspFiles(host).credentials;
  const text = host.readText(path);
  if (text === undefined) return `clasp is not logged in (no ${shown(path, host)}): ${LOGIN_HINT}.`;
  const store = parseJson(text);
  if (!isRecord(store)) {
    return `${shown(path, host)} is not a clasp login clasp can read: delete it, then ${LOGIN_HINT}.`;
  }
  if (!hasClaspLogin(store))
    return `clasp is not logged in (${shown(path, host)} has no login): ${LOGIN_HINT}.`;
  return undefined;
}

const PROJECT_HINT = 'see docs/deploy.md, step 2';
const SCRIPT_ID_HINT = 'npm run deploy -- --script-id <ID>';

/** An Apps Script id: letters, digits, `-` and `_` (57 of them today; any URL or quote is a slip). */
const SCRIPT_ID = /^[\w-]{20,}$/;

/** .clasp.json names a real script and pushes the build (dist/), nothing else. */
export function checkClaspProject(host: DeployHost): string | undefined {
  const text = host.readText(claspFiles(host).project);
  if (text === undefined) {
    return (
      'There is no .clasp.json here, so clasp does not know which script to update: run ' +
      `\`${SCRIPT_ID_HINT}\` with your standalone script's ID (Project Settings › Script ID) (${PROJECT_HINT}).`
    );
  }
  const config = parseJson(text);
  if (!isRecord(config)) return `.clasp.json is not valid JSON: fix it or recreate it (${PROJECT_HINT}).`;
  const scriptId = config['scriptId'];
  if (typeof scriptId !== 'string' || !scriptId || scriptId === PLACEHOLDER_SCRIPT_ID) {
    return (
      ".clasp.json has no script id yet: paste your standalone script's ID (script.google.com › " +
      `your project › Project Settings › Script ID) in place of ${PLACEHOLDER_SCRIPT_ID} (${PROJECT_HINT}).`
    );
  }
  if (!SCRIPT_ID.test(scriptId)) {
    return ".clasp.json's scriptId is not a script ID: paste only the ID (Project Settings › Script ID), not a URL.";
  }
  // clasp pushes the folder named by srcDir, else rootDir, else the folder of .clasp.json itself.
  const folder = config['srcDir'] || config['rootDir'] || '.';
  if (typeof folder !== 'string' || resolve(host.cwd, folder) !== resolve(host.cwd, 'dist')) {
    return `.clasp.json would push ${JSON.stringify(folder)} instead of the build: set "rootDir": "dist" in it.`;
  }
  return undefined;
}

/**
 * `--script-id <ID>`: writes the deployer's .clasp.json from the tracked template, so their clone
 * stays clean (git ignores .clasp.json). An existing file is never overwritten: it may name
 * another script on purpose. Returns a problem, or undefined once the file names that script.
 */
export function writeClaspProject(host: DeployHost, scriptId: string): string | undefined {
  if (!SCRIPT_ID.test(scriptId)) {
    return '--script-id is not a script ID: paste only the ID (Project Settings › Script ID), not a URL.';
  }
  const path = claspFiles(host).project;
  const current = host.readText(path);
  if (current !== undefined) {
    const config = parseJson(current);
    if (isRecord(config) && config['scriptId'] === scriptId) return undefined;
    return `.clasp.json already exists and names another script: edit its scriptId, or delete it and run \`${SCRIPT_ID_HINT}\` again.`;
  }
  const template = parseJson(host.readText(join(host.cwd, CLASP_TEMPLATE)) ?? '');
  const config = { ...(isRecord(template) ? template : { rootDir: 'dist' }), scriptId };
  host.writeText(path, JSON.stringify(config, null, 2) + '\n');
  return undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * The API address the build compiles in and allow-lists. Apps Script accepts an https prefix with a
 * full domain and a path; a loopback address (the emulator's) is unreachable from Google's servers.
 * The value itself is shown nowhere: a pasted URL may carry a key.
 */
export function checkApiUrl(env: DeployHost['env']): string | undefined {
  const set = `export ${API_URL_VARIABLE}=https://api.your-provider.com/`;
  const value = env[API_URL_VARIABLE];
  if (!value || apiBaseUrl(env) === PLACEHOLDER_API_URL) {
    return `${API_URL_VARIABLE} is not set, so the add-on would be allowed to call only a placeholder address: ${set}, then run again.`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${API_URL_VARIABLE} is not a URL: ${set}, then run again.`;
  }
  if (url.protocol !== 'https:') {
    return `${API_URL_VARIABLE} must start with https:// (Apps Script allows no other fetch): ${set}.`;
  }
  if (url.username || url.password || url.search || url.hash) {
    return `${API_URL_VARIABLE} must be the API's base address alone, without a user, password, ?query or #fragment (the key goes in the sidebar).`;
  }
  if (LOOPBACK_HOSTS.has(url.hostname) || !url.hostname.includes('.')) {
    return `${API_URL_VARIABLE} names a local host Google's servers cannot reach: give the API's public address (${set}).`;
  }
  return undefined;
}

/** The browser for the browser tests, looked up the way test/browser/shared-browser.ts does. */
export const browserOf = (host: DeployHost): BrowserLookup =>
  findBrowser({ platform: host.platform, env: host.env, home: host.home, exists: host.exists });

/**
 * Every problem the preflight finds, one line each (all at once: one round of fixes, not three). A
 * browser a variable names but that is not there is one (the deployer asked for it); no browser
 * at all is not: the browser tests are then skipped, and runDeploy says so.
 */
export function preflightProblems(host: DeployHost): string[] {
  const browser = browserOf(host);
  return [
    checkClaspLogin(host),
    checkClaspProject(host),
    checkApiUrl(host.env),
    !browser.found && browser.named ? browser.message : undefined,
  ].filter((problem): problem is string => problem !== undefined);
}

/** How the deploy runs its commands and talks to the deployer. */
export interface DeployIo {
  /**
   * Runs a Node script (`node <script> <args>`) in the project folder, with `env` added to the
   * environment, its output shown as it comes; returns its exit code. Node itself, not a shell or
   * npm.cmd: the same on macOS, Linux and Windows, and paths with spaces stay whole.
   */
  run(script: string, args: string[], env: Record<string, string>): number;
  say(line: string): void;
  complain(line: string): void;
}

/** A step of the deploy: a Node script, its arguments, what to add to the environment. */
export interface DeployStep {
  script: string;
  args: string[];
  env: Record<string, string>;
  /** What it means when it fails. */
  what: string;
}

/** Where the steps' Node scripts are: npm's own CLI (npm sets npm_execpath), clasp's, jest's. */
export interface DeployTools {
  npm: string;
  clasp: string;
}

/** The local packages' entry scripts, and the npm that runs this deploy. */
export function deployTools(host: DeployHost): DeployTools | undefined {
  const npm = host.env['npm_execpath'];
  if (!npm) return undefined;
  return { npm, clasp: join(host.cwd, 'node_modules/@google/clasp/build/src/index.js') };
}

/**
 * The steps after the preflight: `npm run build`, then, side by side as `npm test` runs them, jest
 * and `npm run check` (the browser tests on the browser found, or left out when there is none), then
 * the push. The dist/ that is pushed is the one the tests ran on.
 * `--force` overwrites the remote manifest without asking: ours carries the allow-list and scopes,
 * and without a terminal clasp would otherwise skip the whole push and still exit 0.
 */
export function deploySteps(host: DeployHost, tools: DeployTools, files: ClaspFiles): DeployStep[] {
  const browser = browserOf(host);
  // Run by scripts/parallel.cjs through the shell, as `npm test` runs it (jest is on npm's PATH).
  const jest = browser.found ? 'jest --ci' : 'jest --ci --testPathIgnorePatterns /test/browser/';
  return [
    { script: tools.npm, args: ['run', 'build'], env: {}, what: 'the build failed, nothing was pushed' },
    {
      script: join(host.cwd, 'scripts/parallel.cjs'),
      args: ['--live', jest, 'npm run --silent check'],
      env: browser.found ? { SHEET_ENRICH_CHROMIUM: browser.path } : {},
      what: 'the tests or checks failed, nothing was pushed',
    },
    {
      script: tools.clasp,
      args: ['push', '--force', '--auth', files.credentials, '--project', files.project],
      env: {},
      what: 'clasp push failed',
    },
  ];
}

/** What `npm run deploy` accepts after `--`. */
export interface DeployOptions {
  /** Creates .clasp.json from the template with this script id (when there is none yet). */
  scriptId?: string;
}

/** `--script-id <ID>` (or `--script-id=<ID>`); anything else is a problem to report. */
export function parseDeployArgs(args: readonly string[]): DeployOptions | string {
  const options: DeployOptions = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag !== '--script-id') return `Unknown option ${arg}: the only option is --script-id <ID>.`;
    const value = inline ?? args[++index];
    if (!value) return '--script-id needs the script ID after it.';
    options.scriptId = value;
  }
  return options;
}

/** The whole deploy; returns the process's exit code. */
export function runDeploy(host: DeployHost, io: DeployIo, options: DeployOptions = {}): number {
  const written = options.scriptId === undefined ? undefined : writeClaspProject(host, options.scriptId);
  const tools = deployTools(host);
  const problems = [
    ...(written ? [written] : []),
    ...preflightProblems(host),
    ...(tools ? [] : ['Run it through npm (`npm run deploy`): it runs the build and the tests with npm.']),
    // CI installs without the deploy/ workspace that holds clasp (.ci/run): say so now, not after the tests.
    ...(tools && !host.exists(tools.clasp)
      ? ['clasp is not installed (node_modules/@google/clasp): run `npm install`.']
      : []),
  ];
  if (problems.length > 0 || !tools) {
    problems.forEach((line) => io.complain(line));
    return PREFLIGHT_EXIT_CODE;
  }
  const url = new URL(apiBaseUrl(host.env));
  io.say(
    `Preflight passed: clasp is logged in, .clasp.json names a script, the API is ${url.origin}${url.pathname}`,
  );
  const browser = browserOf(host);
  io.say(
    browser.found
      ? `Browser tests: ${browser.path}`
      : `Browser tests skipped: ${browser.message} The other tests and checks run.`,
  );
  for (const step of deploySteps(host, tools, claspFiles(host))) {
    const code = io.run(step.script, step.args, step.env);
    if (code !== 0) {
      io.complain(`Deploy stopped: ${step.what} (exit code ${code}); see above.`);
      return code;
    }
  }
  io.say(
    'Pushed. Open the script (npx clasp open-script), then Deploy › Test deployments › Execute ' +
      'on your test spreadsheet (docs/deploy.md, step 4).',
  );
  return 0;
}
