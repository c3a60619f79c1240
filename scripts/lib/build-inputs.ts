/**
 * Whether dist/ is older than what it is built from, so `npm run enrich` and `npm run search` build
 * only when needed (a build takes tens of seconds on a busy machine, before any work starts).
 * Inputs: src/, sidebar/, appsscript.json, package-lock.json, scripts/build.ts and the local
 * modules it imports (followed transitively); and the API URL compiled into the allow-list.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { apiBaseUrl } from './config';

/** The outputs of a build: the oldest one is what the inputs are compared with. */
const OUTPUTS = ['dist/Code.js', 'dist/Sidebar.html', 'dist/appsscript.json'];
const INPUT_FOLDERS = ['src', 'sidebar'];
const INPUT_FILES = ['appsscript.json', 'package-lock.json'];
const BUILD_SCRIPT = 'scripts/build.ts';

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** scripts/build.ts and every local module it imports, followed through their own imports. */
function buildScripts(root: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), spec!);
      visit(existsSync(`${target}.ts`) ? `${target}.ts` : target);
    }
  };
  visit(join(root, BUILD_SCRIPT));
  return [...seen];
}

/** Why dist/ must be built again (a sentence), or undefined when it is up to date. */
export function staleReason(
  root: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const outputs = OUTPUTS.map((file) => join(root, file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${relative(root, missing)} is missing`;
  const manifest = JSON.parse(readFileSync(join(root, 'dist/appsscript.json'), 'utf8')) as {
    urlFetchWhitelist?: string[];
  };
  if (!(manifest.urlFetchWhitelist ?? []).includes(apiBaseUrl(env)))
    return 'the API address (SHEET_ENRICH_API_URL) changed';
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const inputs = [
    ...INPUT_FOLDERS.flatMap((folder) => filesUnder(join(root, folder))),
    ...INPUT_FILES.map((file) => join(root, file)).filter((file) => existsSync(file)),
    ...buildScripts(root),
  ];
  const newer = inputs.find((file) => statSync(file).mtimeMs > builtAt);
  return newer ? `${relative(root, newer)} changed since the last build` : undefined;
}
