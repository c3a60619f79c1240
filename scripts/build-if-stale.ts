/**
 * `npm run enrich` and `npm run search` run this first: it builds dist/ only when an input changed
 * since the last build (lib/build-inputs.ts), and says why when it does.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { staleReason } from './lib/build-inputs';

const root = resolve(__dirname, '..');
const reason = staleReason(root);
if (reason !== undefined) {
  process.stderr.write(`Building dist/ (${reason})…\n`);
  const build = spawnSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/build.ts')], {
    cwd: root,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  process.exitCode = build.status ?? 1;
}
