/**
 * What formulas plug into the engine (engine/context.ts, its `sources`): a run of formula requests has no
 * rows (its contacts are the queue's), answers of any run settle the queue's requests, the automatic
 * mode sends at the end of a poll within its cap, and its switch keeps the trigger.
 */
import type { RunSourceHooks } from '../../engine/context';
import { sendFormulaRequestsAutomatically } from './formula-auto';
import { restoreInterruptedRefresh } from './formula-refresh';
import { watchRefreshProbe } from './formula-refresh-check';
import {
  buildFormulaPlan,
  FORMULA_RUN_NAME,
  formulaContacts,
  formulasMayHold,
  launchFormulaRun,
  NO_SHEET,
  settleFormulaJobs,
} from './formula-run';
import {
  formulaAutoIsMine,
  pauseFormulaAuto,
  readFormulaAuto,
  releaseAutomatic,
} from './formula-auto-setting';

export const FORMULA_RUNS: RunSourceHooks = {
  source: 'formulas',
  // A refresh killed halfway left formulas cleared: they are written back first.
  beforePoll: restoreInterruptedRefresh,
  afterPoll: sendFormulaRequestsAutomatically,
  startPreview: (ctx, stored, registry, agreed) =>
    launchFormulaRun(ctx, agreed(buildFormulaPlan(ctx, stored.kind, stored.fields, registry)), registry),
  contacts: formulaContacts,
  mayHold: formulasMayHold,
  // A formula run's jobs carry no sheet: their answers go to the ledger and the formula queue.
  rowless: (sheetId) =>
    sheetId === NO_SHEET
      ? { sheetId: NO_SHEET, sheetName: FORMULA_RUN_NAME, mapping: {}, source: 'formulas' }
      : undefined,
  // Queued formula requests these answers cover leave the queue, whatever run brought them; formula
  // runs have no rows, so their requests are all they settle.
  answersApplied: settleFormulaJobs,
  release: releaseAutomatic,
  startLost: (ctx, run, reason) => {
    if (run.automatic) pauseFormulaAuto(ctx, reason('switch automatic results on again'));
  },
  // Said once the refresh is known not to make formulas show their answers here.
  note: watchRefreshProbe,
  keepsTrigger: formulaAutoIsMine,
  capToday: (ctx) => {
    const auto = readFormulaAuto(ctx);
    return auto && { name: 'Automatic formulas', used: auto.committed, limit: auto.dailyCap };
  },
};
