/** Loads a small Apps Script project (one Code.js written to a temp dir) into the local runtime. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAddon, type Addon, type LoadOptions } from '../../../dev/gas/harness';
import { tempDir } from '../../support/temp-dir';

export function loadScript(
  code: string,
  options: LoadOptions = {},
  files: Record<string, string> = {},
): Addon {
  const distDir = tempDir('gas-test-');
  writeFileSync(join(distDir, 'Code.js'), code);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(distDir, name), content);
  return loadAddon({ ...options, distDir });
}
