/**
 * `npm run deploy [-- --script-id <ID>]`: preflight (clasp login, .clasp.json, SHEET_ENRICH_API_URL,
 * a browser for the browser tests), then the build, the tests and checks, then `clasp push` of
 * dist/. The steps and their messages live in lib/deploy.ts; docs/deploy.md is the whole path.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseDeployArgs, PREFLIGHT_EXIT_CODE, runDeploy } from './lib/deploy';

/** A file's text, or undefined when it is missing or is not a file (what clasp could not read either). */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const root = resolve(__dirname, '..');
const options = parseDeployArgs(process.argv.slice(2));
if (typeof options === 'string') {
  console.error(options);
  process.exit(PREFLIGHT_EXIT_CODE);
}
const code = runDeploy(
  {
    home: homedir(),
    cwd: root,
    env: process.env,
    platform: process.platform,
    readText,
    writeText: (path, text) => writeFileSync(path, text, { flag: 'wx' }),
    exists: existsSync,
  },
  {
    // Node runs each step's script directly: no shell and no npm.cmd, so Windows runs it as is.
    run: (script, args, env) =>
      spawnSync(process.execPath, [script, ...args], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ...env },
      }).status ?? 1,
    say: (line) => console.log(line),
    complain: (line) => console.error(line),
  },
  options,
);
process.exit(code);
