/**
 * "Get formula results automatically": off by default; when a user turns it on, the time-driven
 * trigger of that user (and only that user: the record names whose key pays) sends queued formula
 * requests, never committing more than the daily cap. The cap counts what a run may cost at most
 * (its estimate), committed before the run is sent, so a run killed after sending cannot make a
 * later one exceed it. The day is the spreadsheet's (its time zone).
 */
import { reserveKeyCredits } from '../../store/key-limit';
import type { JobKind } from '../../domain/runs';
import { autoPayingNow, pauseFormulaAuto, readFormulaAuto, writeFormulaAuto } from './formula-auto-setting';
import { ledgerDamageWhat, type Ledger } from '../../store/ledger';
import type { AppContext } from '../../engine/context';
import { buildFormulaPlan, isFormulaRun, launchFormulaRun } from './formula-run';
import { withinRoom } from '../../engine/plan-cost';
import type { Registry } from '../../store/registry';
import { isPayer } from '../teams/payer';

/**
 * Sends queued formula requests, within today's cap, when this execution's user is the one who
 * turned the mode on and no formula run is under way. `ledger`: the poll's, read once for both.
 */
export function sendFormulaRequestsAutomatically(ctx: AppContext, registry: Registry, ledger: Ledger): void {
  const stored = readFormulaAuto(ctx);
  if (!stored || !isPayer(ctx, stored, stored.email)) return;
  const auto = autoPayingNow(ctx, stored);
  if ([...registry.runs.values()].some((run) => isFormulaRun(run) && run.state === 'running')) return;
  for (const kind of ['enrich', 'reverse'] as JobKind[]) {
    const room = Math.min(auto.dailyCap - auto.committed, reserveKeyCredits(ctx));
    const plan = withinRoom(
      buildFormulaPlan(ctx, kind, [], registry, ledger, { automatic: true }),
      kind,
      room,
    ).kept;
    if (plan.toSend.length === 0) continue;
    // A damaged ledger cannot tell a new request from an answer it lost: the user decides, once
    // for each damage (switching it on again, having read why it went off).
    const damage = ledger.unseenDamage(auto.damageSeen);
    if (damage) {
      pauseFormulaAuto(
        ctx,
        `${ledgerDamageWhat(damage)}: a formula's request may be an answer that was lost. Switched on again, it gets those no row shows; Get formula results gets the rest.`,
        damage.mark,
      );
      return;
    }
    auto.committed += plan.maxCredits;
    // Committed before sending: a run killed after its start still counts against the cap.
    writeFormulaAuto(ctx, auto);
    launchFormulaRun(ctx, plan, registry, { automatic: true });
    return;
  }
}
