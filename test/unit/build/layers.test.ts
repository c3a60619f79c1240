/**
 * The lint rules that keep imports running down the layers of src/, and the emulator (dev/emulator)
 * off the add-on's code (eslint.config.mjs). ESLint loads its config with a dynamic import, which
 * jest's VM cannot do, so one child Node process lints every case. The real tree is linted by
 * `npm run check` (`eslint .`, where no-restricted-imports is an error): linting src/, sidebar/ and
 * dev/emulator here again cost 4.5 of this file's 5 CPU-seconds.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

const LAYERS = 'Imports run down the layers';
/** [file, code, what the refusal says] */
const refused: [string, string, string][] = [
  ['src/engine/x.ts', "import type { PlanView } from '../rpc/shapes';\nexport type X = PlanView;\n", LAYERS],
  ['src/store/x.ts', "import { pollOnce } from '../engine/poll';\nexport const x = pollOnce;\n", LAYERS],
  [
    'src/rpc/x.ts',
    "import { planRun } from '../features/runs/run-service';\nexport const x = planRun;\n",
    LAYERS,
  ],
  ['src/domain/x.ts', "import { foldText } from '../sheet/text';\nexport const x = foldText;\n", LAYERS],
  ['src/x.ts', "import { pollOnce } from './jobs/poll';\nexport const x = pollOnce;\n", 'app/ only'],
  ['src/x.ts', "import { y } from './y';\nexport const x = y;\n", 'app/ only'],
  [
    'sidebar/x.ts',
    "import { pollOnce } from '../src/engine/poll';\nexport const x = pollOnce;\n",
    'types only',
  ],
  ['src/sheet/x.ts', "import { Ledger } from '../store/ledger';\nexport const x = Ledger;\n", LAYERS],
  [
    'src/api/schemas/x.ts',
    "import { createContext } from '../../app/context';\nexport const x = createContext;\n",
    LAYERS,
  ],
  [
    'src/platform/x.ts',
    "import { readSheetTable } from '../sheet/table';\nexport const x = readSheetTable;\n",
    LAYERS,
  ],
  ['src/features/search/x.ts', "import { y } from '../schedule/y';\nexport const x = y;\n", LAYERS],
  // The engine asks features through the seams src/app plugs (the hooks on the context, engine/context.ts).
  [
    'src/engine/x.ts',
    "import { isPayer } from '../features/teams/payer';\nexport const x = isPayer;\n",
    LAYERS,
  ],
  [
    'src/engine/x.ts',
    "import type { FormulaPlan } from '../features/formulas/formula-run';\nexport type X = FormulaPlan;\n",
    LAYERS,
  ],
  // The team's rules serve the features above them and import none of them.
  [
    'src/features/teams/x.ts',
    "import { readSchedule } from '../schedule/schedule-store';\nexport const x = readSchedule;\n",
    LAYERS,
  ],
];
/** The emulator reads the spec on its own: no import of src/, not even a type. */
const emulatorRefused: [string, string][] = [
  ['dev/emulator/x.ts', "import { LIMITS } from '../../src/limits';\nexport const x = LIMITS;\n"],
  [
    'dev/emulator/routes/x.ts',
    "import type { JobResult } from '../../../src/domain/model';\nexport type X = JobResult;\n",
  ],
  ['dev/emulator/world/x.ts', "export { lazy } from '../../../src/domain/lazy';\n"],
];
const accepted: [string, string][] = [
  ['dev/emulator/x.ts', "import { LIMITS } from './terms';\nexport const x = LIMITS;\n"],
  ['src/features/runs/x.ts', "import { pollOnce } from '../../engine/poll';\nexport const x = pollOnce;\n"],
  ['src/features/runs/x.ts', "import { costView } from '../../rpc/plan-view';\nexport const x = costView;\n"],
  [
    'src/app/x.ts',
    "import { SEARCH_RPC } from '../features/search/search-rpc';\nexport const x = SEARCH_RPC;\n",
  ],
  ['src/features/formulas/x.ts', "import { isPayer } from '../teams/payer';\nexport const x = isPayer;\n"],
  ['src/jobs/x.ts', "import { LIMITS } from '../domain/limits';\nexport const x = LIMITS;\n"],
  ['src/sheet/x.ts', "import { PRICES } from '../domain/fields';\nexport const x = PRICES;\n"],
  [
    'sidebar/x.ts',
    "import type { PlanView } from '../src/app/sidebar-contract';\nimport { PRICES } from '../src/domain/fields';\nexport const x: PlanView | typeof PRICES = PRICES;\n",
  ],
];

const script = `
const { ESLint } = require('eslint');
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const cases = JSON.parse(process.argv[1]);
  const out = { cases: [] };
  for (const [file, code] of cases) {
    const [result] = await eslint.lintText(code, { filePath: require('path').resolve(file) });
    out.cases.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
  }
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { console.error(error); process.exit(1); });
`;

const linted = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '-e',
      script,
      JSON.stringify([...refused.map(([file, code]) => [file, code]), ...emulatorRefused, ...accepted]),
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  ),
) as { cases: string[][] };

describe('layer rule', () => {
  it.each(refused.map(([file, , says], index) => [file, says, index] as const))(
    'refuses an upward or sideways import in %s (%s)',
    (_file, says, index) => {
      expect(linted.cases[index]).toEqual([expect.stringContaining(says)]);
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
});
