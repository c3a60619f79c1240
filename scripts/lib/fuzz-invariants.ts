/**
 * The fuzzer's invariants (issue 28), checked after every step against the emulator's books:
 * - paid-once: nobody charged twice, beyond the contacts a person explicitly chose to buy again;
 * - caps: what unattended runs (schedule, automatic formulas) charged a payer in a day, and a
 *   schedule run, stays within the largest cap that payer set, plus any consented retry;
 * - no-key: no form of any key in anything the add-on wrote (key-forms.ts, its own decoders);
 * - no-crash: every entry point answers with a message, never an internal error;
 * and at the end of a case, once everything settled:
 * - nothing-lost: no row still pending, and (unless the ledger itself was damaged) every person the
 *   API charged has an answer in the ledger.
 */
import type { ProgressView } from '../../src/app/sidebar-contract';
import { dayIn } from '../../src/store/local-time';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { STATUS } from '../../src/domain/statuses';
import { keyFormsIn, writtenTexts } from './key-forms';
import { outputRows } from './sheet-outputs';
import { KEYS, SHEET, type FuzzWorld } from './fuzz-world';
import { WHO, type Who } from './fuzz-model';

export interface Violation {
  invariant: 'paid-once' | 'caps' | 'no-key' | 'no-crash' | 'nothing-lost';
  detail: string;
}

/** The person a key is their own key of; the extra keys (a2, b2) are anybody's who saves them. */
const ownerOfKey = (key: string): Who | undefined => WHO.find((who) => KEYS[who] === key);

/** The invariants that hold after every step. */
export async function checkStep(world: FuzzWorld): Promise<Violation | undefined> {
  const { books, emulator, views } = world;
  if (books.crashes.length) return { invariant: 'no-crash', detail: books.crashes[0]! };
  const answers = WHO.map((who) => JSON.stringify(views[who].call<ProgressView>('getProgress')));
  for (const key of Object.values(KEYS))
    for (const who of WHO)
      for (const text of [...writtenTexts(views[who]), ...answers]) {
        const found = keyFormsIn(text, key);
        if (found.length)
          return { invariant: 'no-key', detail: `${key} as "${found[0]}" in ${text.slice(0, 200)}` };
      }
  const stats = await emulator.admin.stats();
  if (stats.charges.charged_twice > books.consentedRebuys)
    return {
      invariant: 'paid-once',
      detail: `${stats.charges.charged_twice} people charged twice; consented to buy again: ${books.consentedRebuys}`,
    };
  world.noteRuns();
  return capOverrun(world);
}

/** Unattended runs' charges per payer and local day (and per schedule run) against the caps set. */
async function capOverrun(world: FuzzWorld): Promise<Violation | undefined> {
  const { books } = world;
  const perDay = new Map<string, number>();
  const perRun = new Map<string, number>();
  for (const job of await world.emulator.admin.jobs()) {
    if (job.credits === 0) continue;
    const runId = / · run (\S+) job \d+$/.exec(job.name)?.[1] ?? '';
    const run = books.runs.get(runId);
    if (!run || books.confirmedRuns.has(runId)) continue;
    const order = run.source === 'schedule' ? 'schedule' : run.automatic ? 'auto' : undefined;
    if (!order) continue;
    const payer = ownerOfKey(job.key) ?? job.key;
    const day = `${order}|${payer}|${dayIn(run.zone, run.startedAt)}`;
    perDay.set(day, (perDay.get(day) ?? 0) + job.credits);
    if (order === 'schedule')
      perRun.set(`${payer}|${runId}`, (perRun.get(`${payer}|${runId}`) ?? 0) + job.credits);
  }
  const allowance = books.retryAllowance;
  for (const [day, credits] of perDay) {
    const [order, payer] = day.split('|') as [string, string];
    const caps =
      order === 'auto'
        ? books.autoCaps
        : new Map([...books.scheduleCaps].map(([who, cap]) => [who, cap.perDay]));
    // An extra key may be saved by anyone (Bob saving Ann's workspace's spare key): the add-on
    // counts caps per paying key, so one day's charges to it stay within the largest cap anyone
    // set (two people sharing it still share one cap). A person's own key: within their own cap.
    const cap = WHO.includes(payer as Who) ? (caps.get(payer) ?? 0) : Math.max(0, ...caps.values());
    if (credits > cap + allowance)
      return { invariant: 'caps', detail: `${day}: charged ${credits}, cap ${cap}` };
  }
  for (const [run, credits] of perRun) {
    const payer = run.split('|')[0]!;
    const cap = WHO.includes(payer as Who)
      ? (books.scheduleCaps.get(payer)?.perRun ?? 0)
      : Math.max(0, ...[...books.scheduleCaps.values()].map((caps) => caps.perRun));
    if (credits > cap + allowance)
      return { invariant: 'caps', detail: `schedule run ${run}: charged ${credits}, cap per run ${cap}` };
  }
  return undefined;
}

/** After settle(): nothing pending, and every charged person's answer in the ledger. */
export async function checkEnd(world: FuzzWorld): Promise<Violation | undefined> {
  const ann = world.views.ann;
  const table = ann.spreadsheet.getSheetByName(SHEET)!.getDataRange().getDisplayValues() as string[][];
  const pending = outputRows(table, 'enrich').filter((row) => row.status === STATUS.pending).length;
  if (pending)
    return { invariant: 'nothing-lost', detail: `${pending} rows still "${STATUS.pending}" once settled` };
  const running = WHO.flatMap((who) =>
    world.views[who]
      .call<ProgressView>('getProgress')
      .runs.filter((run) => run.state === 'running' && !run.othersRun),
  );
  if (running.length)
    return {
      invariant: 'nothing-lost',
      detail: `runs still running once settled: ${running.map((r) => `${r.runId} ${r.done}/${r.sent}`).join(', ')}`,
    };
  if (world.books.ledgerLostAnswers) return undefined;
  const stats = await world.emulator.admin.stats();
  const jobs = await world.emulator.admin.jobs();
  // Per workspace the emulator counts each person once; with one workspace charged that is exact.
  const workspaces = new Set(jobs.filter((job) => job.credits > 0).map((job) => job.workspace_id));
  if (workspaces.size !== 1) return undefined;
  const ledger =
    ann.spreadsheet.getSheets().find((sheet) => sheet.getName() === LEDGER_SHEET_NAME) ??
    ann.spreadsheet.getSheets().find((sheet) => sheet.getName().startsWith('old results'));
  const saved = new Set(
    ledger && ledger.getLastRow() > 0
      ? (ledger.getRange(1, 1, ledger.getLastRow(), 1).getDisplayValues() as string[][])
          .map(([fp]) => fp!)
          .filter((fp) => fp && fp !== 'fingerprint')
      : [],
  );
  if (saved.size < stats.charges.persons)
    return {
      invariant: 'nothing-lost',
      detail: `${stats.charges.persons} people charged, ${saved.size} answers in the ledger`,
    };
  return undefined;
}
