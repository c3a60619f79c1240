/**
 * `npm run deploy`: a preflight of what would make `clasp push` fail, or push the wrong thing, found
 * in a moment rather than after minutes of tests; then the tests (which build first), then the push.
 * Pure: the checks read files through the given host and the steps run through the given runner, so
 * tests hand them a fake home, environment and project folder. A message names the file and the
 * fix, never what a credential holds.
 */
import { isAbsolute, join, relative, resolve } from 'node:path';
import { API_URL_VARIABLE, PLACEHOLDER_API_URL, apiBaseUrl } from './config';

/** The exit code of a deploy stopped by its preflight (as the CLI's for input the user can fix). */
export const PREFLIGHT_EXIT_CODE = 2;

/** The script id the repository ships in .clasp.json, for the deployer to replace. */
export const PLACEHOLDER_SCRIPT_ID = 'REPLACE_WITH_YOUR_SCRIPT_ID';

/** clasp's variable for another credentials file (its `--auth` option). */
const CLASP_AUTH_VARIABLE = 'clasp_config_auth';

/** Where the checks look: the deployer's home, environment and the project folder. */
export interface DeployHost {
  home: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** A file's text; undefined when there is no such file. */
  readText(path: string): string | undefined;
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

const PROJECT_HINT = 'see README › Deploy to a real spreadsheet, step 3';

/** An Apps Script id: letters, digits, `-` and `_` (57 of them today; any URL or quote is a slip). */
const SCRIPT_ID = /^[\w-]{20,}$/;

/** .clasp.json names a real script and pushes the build (dist/), nothing else. */
export function checkClaspProject(host: DeployHost): string | undefined {
  const text = host.readText(claspFiles(host).project);
  if (text === undefined) {
    return `There is no .clasp.json here, so clasp does not know which script to update: ${PROJECT_HINT}.`;
  }
  const config = parseJson(text);
  if (!isRecord(config)) return `.clasp.json is not valid JSON: fix it or recreate it (${PROJECT_HINT}).`;
  const scriptId = config['scriptId'];
  if (typeof scriptId !== 'string' || !scriptId || scriptId === PLACEHOLDER_SCRIPT_ID) {
    return (
      ".clasp.json has no script id yet: paste your script's ID (Extensions › Apps Script › " +
      `Project Settings › Script ID) in place of ${PLACEHOLDER_SCRIPT_ID}, or create a new script (${PROJECT_HINT}).`
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

/** Every problem the preflight finds, one line each (all at once: one round of fixes, not three). */
export function preflightProblems(host: DeployHost): string[] {
  return [checkClaspLogin(host), checkClaspProject(host), checkApiUrl(host.env)].filter(
    (problem): problem is string => problem !== undefined,
  );
}

/** How the deploy runs its commands and talks to the deployer. */
export interface DeployIo {
  /** Runs a command in the project folder, its output shown as it comes; returns its exit code. */
  run(command: string, args: string[]): number;
  say(line: string): void;
  complain(line: string): void;
}

/**
 * The steps after the preflight. `npm test` builds before it tests, so the dist/ that is pushed is
 * the one the tests ran on (a second build could pick up sources edited during the tests).
 * `--force` overwrites the remote manifest without asking: ours carries the allow-list and scopes,
 * and without a terminal clasp would otherwise skip the whole push and still exit 0.
 */
export function deploySteps(files: ClaspFiles): { command: string; args: string[]; what: string }[] {
  return [
    { command: 'npm', args: ['test'], what: 'the build or the tests failed, nothing was pushed' },
    {
      command: 'npx',
      args: ['clasp', 'push', '--force', '--auth', files.credentials, '--project', files.project],
      what: 'clasp push failed',
    },
  ];
}

/** The whole deploy; returns the process's exit code. */
export function runDeploy(host: DeployHost, io: DeployIo): number {
  const problems = preflightProblems(host);
  if (problems.length > 0) {
    problems.forEach((line) => io.complain(line));
    return PREFLIGHT_EXIT_CODE;
  }
  const url = new URL(apiBaseUrl(host.env));
  io.say(
    `Preflight passed: clasp is logged in, .clasp.json names a script, the API is ${url.origin}${url.pathname}`,
  );
  for (const step of deploySteps(claspFiles(host))) {
    const code = io.run(step.command, step.args);
    if (code !== 0) {
      io.complain(`Deploy stopped: ${step.what} (exit code ${code}); see above.`);
      return code;
    }
  }
  io.say('Deployed: reload the spreadsheet, then Extensions › Sheet Enrich.');
  return 0;
}
