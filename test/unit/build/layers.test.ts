/**
 * The lint rules that keep imports running down the layers of src/, and the emulator (dev/emulator)
 * off the add-on's code (eslint.config.mjs). ESLint loads its config with a dynamic import, which
 * jest's VM cannot do, so one child Node process lints every case.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

const refused: [string, string][] = [
  ['src/jobs/x.ts', "import type { PlanView } from '../ui/rpc';\nexport type X = PlanView;\n"],
  ['src/sheet/x.ts', "import { pollOnce } from '../jobs/poll';\nexport const x = pollOnce;\n"],
  [
    'src/api/schemas/x.ts',
    "import { createContext } from '../../app/context';\nexport const x = createContext;\n",
  ],
  [
    'src/platform/x.ts',
    "import { readSheetTable } from '../sheet/table';\nexport const x = readSheetTable;\n",
  ],
  ['src/search/x.ts', "import { y } from '../schedule/y';\nexport const x = y;\n"],
];
/** The emulator reads the spec on its own: no import of src/, not even a type. */
const emulatorRefused: [string, string][] = [
  ['dev/emulator/x.ts', "import { LIMITS } from '../../src/limits';\nexport const x = LIMITS;\n"],
  [
    'dev/emulator/routes/x.ts',
    "import type { JobResult } from '../../../src/api/model';\nexport type X = JobResult;\n",
  ],
  ['dev/emulator/world/x.ts', "export { lazy } from '../../../src/lazy';\n"],
];
const accepted: [string, string][] = [
  ['dev/emulator/x.ts', "import { LIMITS } from './terms';\nexport const x = LIMITS;\n"],
  ['src/ui/x.ts', "import { pollOnce } from '../jobs/poll';\nexport const x = pollOnce;\n"],
  [
    'src/app/x.ts',
    "import { createSidebarServer } from '../ui/server';\nexport const x = createSidebarServer;\n",
  ],
  ['src/jobs/x.ts', "import { LIMITS } from '../limits';\nexport const x = LIMITS;\n"],
];

const script = `
const { ESLint } = require('eslint');
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const cases = JSON.parse(process.argv[1]);
  const out = { cases: [], tree: [] };
  for (const [file, code] of cases) {
    const [result] = await eslint.lintText(code, { filePath: require('path').resolve(file) });
    out.cases.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
  }
  for (const result of await eslint.lintFiles(['src', 'dev/emulator']))
    for (const m of result.messages) if (m.ruleId === 'no-restricted-imports') out.tree.push(result.filePath + ': ' + m.message);
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { console.error(error); process.exit(1); });
`;

const linted = JSON.parse(
  execFileSync(
    process.execPath,
    ['-e', script, JSON.stringify([...refused, ...emulatorRefused, ...accepted])],
    {
      cwd: root,
      encoding: 'utf8',
    },
  ),
) as { cases: string[][]; tree: string[] };

describe('layer rule', () => {
  it.each(refused.map(([file], index) => [file, index] as const))(
    'refuses an upward or sideways import in %s',
    (_file, index) => {
      expect(linted.cases[index]).toEqual([expect.stringContaining('Imports run down the layers')]);
    },
  );

  it.each(emulatorRefused.map(([file], index) => [file, refused.length + index] as const))(
    'refuses an import of the add-on in the emulator file %s',
    (_file, index) => {
      expect(linted.cases[index]).toEqual([
        expect.stringContaining('The emulator reads the spec on its own'),
      ]);
    },
  );

  it.each(accepted.map(([file], index) => [file, refused.length + emulatorRefused.length + index] as const))(
    'accepts an allowed import in %s',
    (_file, index) => {
      expect(linted.cases[index]).toEqual([]);
    },
  );

  it('the real tree has no import running up a layer, and the emulator none of src/', () => {
    expect(linted.tree).toEqual([]);
  });
});
