/**
 * `npm run deploy`: preflight (clasp login, .clasp.json, SHEET_ENRICH_API_URL), then `npm test`
 * (which builds), then `clasp push` of dist/. The steps and their messages live in lib/deploy.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { runDeploy } from './lib/deploy';

/** A file's text, or undefined when it is missing or is not a file (what clasp could not read either). */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const code = runDeploy(
  { home: homedir(), cwd: resolve(__dirname, '..'), env: process.env, readText },
  {
    run: (command, args) =>
      spawnSync(command, args, { cwd: resolve(__dirname, '..'), stdio: 'inherit' }).status ?? 1,
    say: (line) => console.log(line),
    complain: (line) => console.error(line),
  },
);
process.exit(code);
