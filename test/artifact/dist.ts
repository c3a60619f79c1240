/** The built artifact under test; `npm test` builds it first. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const DIST = join(ROOT, 'dist');

export function readDist(name: string): string {
  const path = join(DIST, name);
  if (!existsSync(path))
    throw new Error(`${path} is missing: run \`npm run build\` before the artifact tests.`);
  return readFileSync(path, 'utf8');
}
