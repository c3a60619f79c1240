import { readFileSync } from 'node:fs';
import { loadTimeMs } from './lib/load-time';
for (const file of process.argv.slice(2)) {
  const code = readFileSync(file, 'utf8');
  const runs = [0, 1, 2, 3, 4].map(() => loadTimeMs(code, 30));
  console.log(file, code.length, runs.map((r) => r.toFixed(2)).join(' '));
}
