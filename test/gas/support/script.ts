/** Loads a small Apps Script project (one Code.js written to a temp dir) into the local runtime. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAddon, type Addon, type LoadOptions } from '../../../dev/gas/harness';

export function loadScript(
  code: string,
  options: LoadOptions = {},
  files: Record<string, string> = {},
): Addon {
  const distDir = mkdtempSync(join(tmpdir(), 'gas-test-'));
  writeFileSync(join(distDir, 'Code.js'), code);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(distDir, name), content);
  return loadAddon({ ...options, distDir });
}
