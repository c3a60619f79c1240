/**
 * The fuzzer's invariants (issues 28, 38), checked after every step against the emulator's books
 * (paid-once once a case ended: a charge never goes away):
 * - paid-once: nobody charged twice in a workspace for one field (or one reverse lookup's profile),
 *   beyond the charges a person explicitly consented to: each run confirmed with "look up again"
 *   (or a ledger-damage warning), and each run of a standing order started after a person resumed
 *   it past the damage it paused for, excuses one more charge of the people and fields its own
 *   jobs carried, and each retry one more by what it sent again; never a later run's;
 * - caps: what unattended runs (schedule, automatic formulas) charged a payer in a day, and a
 *   schedule run, stays within the largest cap that payer set, plus any consented retry; and each
 *   standing order's stored count of the day never holds less than its runs were charged, a
 *   retry's resend on the retry's day (fuzz-cap-count.ts);
 * - key-limit: what Ann's runs in her two documents charged in a day stays within the largest daily
 *   limit she set on her key, and the key's stored count of the day never holds less than they
 *   were charged on it (checked with paid-once, from the emulator's books);
 * - no-key: no form of any key in anything the add-on wrote (key-forms.ts, its own decoders);
 * - no-crash: every entry point answers with a message, never an internal error;
 * and at the end of a case, once everything settled:
 * - nothing-lost: no row still pending, no run running, and (unless the ledger itself was damaged)
 *   every field the API charged for, in any workspace, has its answer in the ledger (fuzz-truth.ts);
 * - truth: every saved or shown work email, personal email, phone and reverse lookup's full name is
 *   the emulator's person's for that contact (fuzz-truth.ts);
 * - held-with-why: once everything settled and every row was run again, each row with inputs shows
 *   an answer or a Status that says why it is held (may have been bought, or an error).
 * - books: each job the add-on ever knew the id of is on the Spending tab's record at what the
 *   emulator charged it, and each tab adds up to its record (fuzz-spending.ts).
 */
import type { AdminJob, AdminOutcome } from '../../dev/emulator/admin-client';
import type { BookedCharge } from '../../dev/emulator/books';
import type { Addon } from '../../dev/gas/harness';
import type { ProgressView } from '../../src/app/sidebar-contract';
import { dayIn } from '../../src/store/local-time';
import { STATUS } from '../../src/domain/statuses';
import { keyFormsIn, writtenTexts } from './key-forms';
import { outputRows } from './sheet-outputs';
import { ELSEWHERE, KEYS, SHEET, type FuzzWorld } from './fuzz-world';
import { countAt, countBelowCharges, countedAt, retryOf } from './fuzz-cap-count';
import { USER_PROPERTY } from '../../src/platform/property-keys';
import type { Books } from './fuzz-books';
import { ledgerAnswers } from './fuzz-ledger';
import { damagedAfterImport, heldWithoutWhy, type Violation } from './fuzz-held';
import { spendingAgainstBooks } from './fuzz-spending';
import { formulasAgainstTruth, ledgerAgainstTruth, rowsAgainstTruth } from './fuzz-truth';

export { type Violation } from './fuzz-held';
import { EMAIL, EMAILS_SHEET, FORMULA_COLUMN } from './fuzz-cast';
import { WHO, type Who } from './fuzz-model';

/** The person a key is their own key of; the extra keys (a2, b2) are anybody's who saves them. */
const ownerOfKey = (key: string): Who | undefined => WHO.find((who) => KEYS[who] === key);

/** The invariants that hold after every step. */
export async function checkStep(world: FuzzWorld, who?: Who): Promise<Violation | undefined> {
  const { books, views } = world;
  if (books.crashes.length) return { invariant: 'no-crash', detail: books.crashes[0]! };
  // The Jobs panel of whoever acted while the gateway echoes keys (all three once a case ended): an
  // execution each. Without an echo no API error carries a key, and what a panel shows of the
  // stores (run errors) is in the document properties scanned below.
  const panels = !who ? WHO : world.echoing ? [who] : [];
  const answers = panels.map((user) => JSON.stringify(views[user].call<ProgressView>('getProgress')));
  // Each distinct text once, and only texts not found clean at an earlier step: a sheet of hundreds
  // of rows mostly repeats what it held a step ago (scanning it all for 6 keys took most of a case).
  const texts = new Set([
    ...writtenTexts(views.ann),
    ...WHO.flatMap((who) => ownTexts(views[who])),
    ...answers,
  ]);
  for (const text of texts) {
    if (world.cleanTexts.has(text)) continue;
    for (const key of Object.values(KEYS)) {
      const found = keyFormsIn(text, key);
      if (found.length)
        return { invariant: 'no-key', detail: `${key} as "${found[0]}" in ${text.slice(0, 200)}` };
    }
    world.cleanTexts.add(text);
  }
  world.noteRuns();
  return capOverrun(world);
}

/**
 * A second charge nobody consented to: checked once a case ended (a charge never goes away, so
 * nothing is missed; asking the emulator for every item after each step took a third of a case).
 */
export async function checkCharges(world: FuzzWorld): Promise<Violation | undefined> {
  const admin = world.emulator.admin;
  const twice = unconsentedCharge(world.books, await admin.outcomes(), await admin.jobs());
  if (twice) return { invariant: 'paid-once', detail: twice };
  const lines = await admin.books();
  const refused = spentAfterRefusal(world.books, lines);
  if (refused) return { invariant: 'told-failed', detail: refused };
  const over = world.books.keyLimit && (keyLimitOverrun(world, lines) ?? keyCountBelowCharges(world, lines));
  return over ? { invariant: 'key-limit', detail: over } : undefined;
}

/**
 * A start the user was told failed (its call answered with an error, not a kill) whose run spent
 * later all the same: the issue's "a start told it failed still spends" (docs/money-rule.md: such a
 * start registers nothing).
 */
function spentAfterRefusal(books: Books, lines: readonly BookedCharge[]): string | undefined {
  for (const { name, credits } of lines) {
    const run = / · run (\S+) job \d+$/.exec(name)?.[1];
    if (credits > 0 && run && books.refusedRuns.has(run))
      return `run ${run}: its start answered with an error, yet its job "${name}" charged ${credits} credits`;
  }
  return undefined;
}

/**
 * Ann's key's daily limit across her two documents, from the emulator's books: what was charged
 * for her runs (by who started them; a job of a run never seen, by her own key) counts on the day
 * the limit counted it: the day its run started (a run reserves its most then, whenever its jobs
 * go), or the day a job was sent again (a retry reserves its price then). Runs started before the
 * first limit or once settling lifted it are not bound. docs/fuzz-findings.md says what may pass it:
 * nothing, but for a time-zone change (a day of the limit may straddle two of the fuzzer's: twice).
 */
function keyLimitOverrun(world: FuzzWorld, charges: readonly BookedCharge[]): string | undefined {
  const limit = world.books.keyLimit!;
  const perDay = new Map<string, number>();
  const seen = new Set<string>();
  for (const charge of charges) {
    const run = world.books.runs.get(tailOf(charge.name)?.[2] ?? '');
    if (run ? run.startedBy !== EMAIL.ann : charge.key !== KEYS.ann) continue;
    const sentAgain = seen.has(charge.name);
    seen.add(charge.name);
    const job = tailOf(charge.name)?.[1];
    const retry = job && retryOf(world.books, job, charge.at, sentAgain);
    const at = retry ? retry.at : run && !sentAgain ? run.startedAt : charge.at;
    if (at < limit.since || (limit.until !== undefined && at >= limit.until)) continue;
    const day = dayIn(run?.zone ?? world.views.ann.spreadsheet.getSpreadsheetTimeZone(), at);
    perDay.set(day, (perDay.get(day) ?? 0) + charge.credits);
  }
  const most = limit.most * (limit.zoneChanged ? 2 : 1);
  for (const [day, credits] of perDay)
    if (credits > most) return `Ann's key charged ${credits} on ${day}, limit ${limit.most}`;
  return undefined;
}

/**
 * The key's count of the day (user properties, store/key-limit.ts) is money state, as a standing
 * order's is (fuzz-cap-count.ts): it may overstate what Ann's runs were charged on its day (an
 * estimate not spent yet, a lost start at its most), never understate it, or the next purchase may
 * pass the limit by the difference. Counted as keyLimitOverrun counts: a run's charges on the day it
 * started, a retry's resend's on the retry's day. Seen when it happens, not when a later run
 * overspends (mutant retry-not-on-key-limit: a retry whose price the count missed).
 */
function keyCountBelowCharges(world: FuzzWorld, charges: readonly BookedCharge[]): string | undefined {
  const limit = world.books.keyLimit!;
  const ann = world.views.ann;
  let stored: { day?: unknown; resetAt?: unknown; used?: unknown };
  try {
    stored = JSON.parse(ann.properties.user.getProperty(USER_PROPERTY.keyLimit) ?? '');
  } catch {
    return undefined;
  }
  // Only a count whose day is still on, in a zone that never changed (a day may straddle two).
  if (limit.zoneChanged || typeof stored.used !== 'number' || typeof stored.resetAt !== 'number')
    return undefined;
  if (stored.resetAt <= ann.now()) return undefined;
  const zone = ann.spreadsheet.getSpreadsheetTimeZone();
  let credits = 0;
  for (const line of countedAt(world.books, charges)) {
    if (world.books.runs.get(line.runId)!.startedBy !== EMAIL.ann) continue;
    if (line.at < limit.since || (limit.until !== undefined && line.at >= limit.until)) continue;
    if (line.at < stored.resetAt && dayIn(zone, line.at) === stored.day) credits += line.credits;
  }
  return credits > stored.used
    ? `Ann's key's count of ${String(stored.day)} holds ${stored.used}, her runs were charged ${credits} on it`
    : undefined;
}

/**
 * What differs between the users' views of one document (writtenTexts reads the shared cells and
 * document properties once, from Ann's): the log, toasts and sidebars of their executions, and
 * their user properties but the key itself.
 */
function ownTexts(addon: Addon): string[] {
  const { 'sheetEnrich.apiKey': _key, ...user } = addon.properties.user.getProperties();
  return [
    ...addon.logs(),
    ...addon.ui.toasts.map((toast) => JSON.stringify(toast)),
    ...addon.ui.sidebars.map((page) => page.content),
    ...Object.values(user),
  ];
}

/** The run and job a job's readable name ends with ("run R job N"), and the run's id. */
const tailOf = (name: string) => / · (run (\S+) job \d+)$/.exec(name);

/**
 * A person charged more than once in a workspace for one thing (per kind: a field, or a reverse
 * lookup's profile) beyond what consent excuses: each consented run among those charges excuses
 * one (a "look up again" covers the fields it asked: its jobs charged only those), a refresh one
 * of a contact whose saved answer was older than its cutoff when it started, and each retry
 * of a job one charge by what it sent again: a later start of that job's run (its own name again,
 * or a job of the rows left when some were deleted: finding 46), never the retried job's first
 * start nor another run's purchase (a consent is never reused for a later charge: a retry whose
 * resend never left excused a formula run buying its people again, mutant
 * retried-lost-start-never-sent), and not for contacts whose answer the job had saved before that
 * retry (fuzz-ledger.ts answeredBeforeRetry; a later retry's note takes back no earlier consent:
 * finding 170). A charge is excused by one retry at most (the retries with fewest to excuse first).
 */
export function unconsentedCharge(
  books: Books,
  outcomes: readonly AdminOutcome[],
  jobs: readonly AdminJob[],
): string | undefined {
  const { consentedRuns } = books;
  // Each job's first start at the provider (its jobs are listed in the order they were made).
  const firstStart = new Map<string, string>();
  for (const { id, name } of jobs) {
    const job = tailOf(name)?.[1];
    if (job && !firstStart.has(job)) firstStart.set(job, id);
  }
  const charges = new Map<string, AdminOutcome[]>();
  for (const outcome of outcomes) {
    if (!outcome.person || outcome.credits === 0) continue;
    for (const thing of outcome.charged_for) {
      const key = `${outcome.workspace_id}:${outcome.kind}:${outcome.person}:${thing}`;
      charges.set(key, [...(charges.get(key) ?? []), outcome]);
    }
  }
  for (const [person, charged] of charges) {
    if (charged.length < 2) continue;
    const runs = new Set(charged.flatMap(({ name }) => tailOf(name)?.[2] ?? []));
    // A plan on a damaged ledger trusts what rows show: consent to the damage (a preview's warning,
    // a standing order resumed past it) never covers an answer a row showed as the ledger lost it,
    // before that consent was given.
    const shown = `${charged[0]!.fp}:${person.split(':').pop()!}`;
    const shownThen = books.shownAtDamage.has(shown);
    let excused = [...runs].filter((run) => {
      const warned = books.damageConsentedRuns.get(run);
      if (warned) return !warned.has(shown);
      return shownThen ? consentedRuns.has(run) : consentedRuns.has(run) || resumedPastDamage(books, run);
    }).length;
    // A refresh excuses one charge of a contact whose answer was older than its cutoff, not a fresh one.
    excused += [...runs].filter((run) =>
      charged.some(
        (charge) => tailOf(charge.name)?.[2] === run && books.refreshedRuns.get(run)?.has(charge.fp),
      ),
    ).length;
    const resent = books.retries.map(({ job, answered }) =>
      charged.filter(
        (charge) =>
          tailOf(charge.name)?.[2] === /^run (\S+) job \d+$/.exec(job)?.[1] &&
          charge.job !== firstStart.get(job) &&
          // A retry consents to buy again only what its job had no answer for (its price counts those).
          !answered?.has(charge.fp),
      ),
    );
    const used = new Set<AdminOutcome>();
    for (const may of resent.sort((a, b) => a.length - b.length)) {
      const charge = may.find((one) => !used.has(one));
      if (!charge) continue;
      used.add(charge);
      excused++;
    }
    if (charged.length - 1 > excused)
      return `${person} charged ${charged.length} times (${charged.map((c) => c.name.split(' · ').pop()).join(', ')}); consented to ${excused} more`;
  }
  return undefined;
}

/** A run of a standing order of the shared document started after a person resumed it past damage. */
function resumedPastDamage(books: Books, runId: string): boolean {
  const run = books.runs.get(runId);
  if (!run || run.elsewhere) return false;
  const since = books.resumedPastDamage.get(run.source === 'schedule' ? 'schedule' : 'auto');
  return since !== undefined && (run.source === 'schedule' || !!run.automatic) && run.startedAt >= since;
}

/** Unattended runs' charges per payer and local day (and per schedule run) against the caps set. */
async function capOverrun(world: FuzzWorld): Promise<Violation | undefined> {
  const { books } = world;
  const perDay = new Map<string, number>();
  /** Per day, what runs started by the last retry charged (that retry's resend included). */
  const beforeRetry = new Map<string, number>();
  const perRun = new Map<string, number>();
  /** The date each count's first run started (for the message). */
  const dates = new Map<string, string>();
  // The vendor's books: a line per job start (a retry's resend is a line of its own, its day).
  const lines = await world.emulator.admin.books();
  const below = countBelowCharges(
    books,
    [
      [world.views.ann, ''],
      [world.second, ELSEWHERE],
    ],
    lines,
  );
  if (below) return { invariant: 'caps', detail: below };
  for (const line of lines) {
    if (line.credits === 0) continue;
    const runId = / · run (\S+) job \d+$/.exec(line.name)?.[1] ?? '';
    const run = books.runs.get(runId);
    if (!run || books.confirmedRuns.has(runId)) continue;
    const order = run.source === 'schedule' ? 'schedule' : run.automatic ? 'auto' : undefined;
    if (!order) continue;
    const payer = run.elsewhere ?? ownerOfKey(line.key) ?? line.key;
    // The count the add-on kept when the run started (seen in its store, its start checked
    // against the day's end: countBelowCharges), not the date then: across a zone change a count
    // may run past the new zone's midnight, as local-time.ts promises, and a date recur.
    const count = countAt(books, `${run.elsewhere ?? ''}|${order}`, run.startedAt);
    const day = `${order}|${payer}|count ${count}`;
    if (!dates.has(day)) dates.set(day, dayIn(run.zone, run.startedAt));
    perDay.set(day, (perDay.get(day) ?? 0) + line.credits);
    // The caps count the last retry's price from then on.
    if (run.startedAt <= (books.retries.at(-1)?.at ?? -1))
      beforeRetry.set(day, (beforeRetry.get(day) ?? 0) + line.credits);
    if (order === 'schedule')
      perRun.set(`${payer}|${runId}`, (perRun.get(`${payer}|${runId}`) ?? 0) + line.credits);
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
    const cap = caps.get(payer) ?? (WHO.includes(payer as Who) ? 0 : Math.max(0, ...caps.values()));
    // A retry's price is counted on the cap (run-end.ts countRetry): it may pass the cap, but runs
    // started after it spend only what the cap has left once the price is counted.
    const most = allowance ? Math.max(cap, (beforeRetry.get(day) ?? 0) + allowance) : cap;
    if (credits > most)
      return { invariant: 'caps', detail: `${day} (from ${dates.get(day)}): charged ${credits}, cap ${cap}` };
  }
  for (const [run, credits] of perRun) {
    const payer = run.split('|')[0]!;
    const cap =
      books.scheduleCaps.get(payer)?.perRun ??
      (WHO.includes(payer as Who)
        ? 0
        : Math.max(0, ...[...books.scheduleCaps.values()].map((caps) => caps.perRun)));
    if (credits > cap + allowance)
      return { invariant: 'caps', detail: `schedule run ${run}: charged ${credits}, cap per run ${cap}` };
  }
  return undefined;
}

export async function checkEnd(world: FuzzWorld): Promise<Violation | undefined> {
  const tableOf = (doc: Addon, name = SHEET) =>
    doc.spreadsheet.getSheetByName(name)!.getDataRange().getDisplayValues() as string[][];
  const [table, elsewhere, emails] = [
    tableOf(world.views.ann),
    tableOf(world.second),
    tableOf(world.views.ann, EMAILS_SHEET),
  ];
  const pending = [
    ...[table, elsewhere].flatMap((rows) => outputRows(rows, 'enrich')),
    ...outputRows(emails, 'reverse'),
  ].filter((row) => row.status === STATUS.pending).length;
  if (pending)
    return { invariant: 'nothing-lost', detail: `${pending} rows still "${STATUS.pending}" once settled` };
  const running = [...WHO.map((who) => world.views[who]), world.second].flatMap((view) =>
    view.call<ProgressView>('getProgress').runs.filter((run) => run.state === 'running' && !run.othersRun),
  );
  if (running.length)
    return {
      invariant: 'nothing-lost',
      detail: `runs still running once settled: ${running.map((r) => `${r.runId} ${r.done}/${r.sent}`).join(', ')}`,
    };
  const outcomes = await world.emulator.admin.outcomes();
  const ledger = ledgerAnswers([world.views.ann, world.second]);
  // What the formulas show once Sheets recalculated them with the inputs the sheet holds now.
  world.attempt(() => world.views.ann.recalculate());
  const formulasOf = (name: string, cells: string[][], kind: 'enrich' | 'reverse') => {
    const sheet = world.views.ann.spreadsheet.getSheetByName(name)!;
    const column = sheet.getRange(`${FORMULA_COLUMN}1:${FORMULA_COLUMN}${sheet.getMaxRows()}`);
    const [formulas, shown] = [column.getFormulas(), column.getDisplayValues()].map((values) =>
      values.map(([value]) => String(value)),
    );
    return formulasAgainstTruth(cells, formulas!, shown!, kind, outcomes);
  };
  return (
    formulasOf(SHEET, table, 'enrich') ??
    formulasOf(EMAILS_SHEET, emails, 'reverse') ??
    heldWithoutWhy(table) ??
    // The emails sheet is run again only when the case looked emails up.
    (world.books.reversed ? heldWithoutWhy(emails, 'reverse') : undefined) ??
    (await damagedAfterImport(world, table)) ??
    rowsAgainstTruth(table, 'enrich', outcomes, ledger) ??
    rowsAgainstTruth(emails, 'reverse', outcomes, ledger) ??
    ledgerAgainstTruth(ledger, outcomes, !world.books.ledgerLostAnswers) ??
    (await spendingAgainstBooks(world))
  );
}
