/**
 * What people buy in a fuzz case (fuzz-world.ts extends this): sidebar runs of contacts asking
 * some fields, reverse lookups of the emails sheet, formulas and "Get them…", a schedule (of either). Each
 * start a person confirmed is booked (fuzz-books.ts): which runs they consented to buy again, and
 * which fields and kinds the case asked, so that the final re-run (fuzz-settle.ts) asks them all.
 */
import { maxCreditsPerContact } from '../../src/engine/plan-cost';
import type { Addon } from '../../dev/gas/harness';
import type { PlanView, StartView } from '../../src/app/sidebar-contract';
import { FIELD_TABLE, type EnrichField } from '../../src/domain/fields';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { bookCap, bookScheduleCaps, type Books } from './fuzz-books';
import { ledgerAnswers } from './fuzz-ledger';
import { DAY_MS } from '../../src/store/local-time';
import type { SheetHands } from './fuzz-sheet';
import type { ChaosEvents } from './chaos';
import type { FormulaAsks, Kill, Who } from './fuzz-model';
import { CRASH, ELSEWHERE, EMAILS_SHEET, FIELDS_EMAIL, FORMULA_COLUMN, SHEET } from './fuzz-cast';

export abstract class FuzzPurchases {
  abstract readonly views: Record<Who, Addon>;
  /** Ann's second document: her key and user properties (the key's daily limit) are the same. */
  abstract readonly second: Addon;
  abstract readonly books: Books;
  abstract readonly events: ChaosEvents;
  abstract readonly sheet: SheetHands;
  /** The rows ([]: the whole table) and fields the last run of the shared document asked for. */
  protected last: { rows: number[]; fields: EnrichField[] } = { rows: [], fields: [...FIELDS_EMAIL] };

  /** Calls an entry point as a person would: a message they read is fine, a crash is booked. */
  attempt<T>(act: () => T): T | undefined {
    try {
      return act();
    } catch (error) {
      const text = String(error);
      if (/Exceeded maximum execution time/.test(text)) this.events.kills++;
      else if (CRASH.test(text)) this.books.crashes.push(text.slice(0, 300));
      return undefined;
    }
  }

  /** Calls a sidebar function, killed at a service call when `kill` says so. */
  protected callKilled<T>(
    view: Addon,
    kill: Kill | undefined,
    name: string,
    ...args: unknown[]
  ): T | undefined {
    return this.attempt(() =>
      kill
        ? view.callWith<T>({ killAfter: { [kill.at]: kill.nth } }, name, ...args)
        : view.call<T>(name, ...args),
    );
  }

  /** A sidebar run of some rows (none: the whole table) asking `fields`, after its preview. */
  run(
    view: Addon,
    rows: number[],
    lookUpAgain: boolean,
    kill?: Kill,
    fields: readonly EnrichField[] = FIELDS_EMAIL,
    refreshDays?: number,
  ): void {
    if (view !== this.second) this.last = { rows, fields: [...fields] };
    fields.forEach((field) => this.books.asked.add(field));
    view.setSelection(
      rows.length ? rows.map((row) => `A${row + 2}:D${row + 2}`) : [`A2:D${this.sheet.dataRows() + 1}`],
      SHEET,
    );
    const request = { kind: 'enrich', fields: [...fields], ...(refreshDays ? { refreshDays } : {}) };
    this.planAndStart(view, request, lookUpAgain, kill);
  }

  /** A sidebar reverse lookup of some rows of the emails sheet (none: all of them). */
  reverse(view: Addon, rows: number[], lookUpAgain: boolean, kill?: Kill): void {
    this.books.reversed = true;
    const last = view.spreadsheet.getSheetByName(EMAILS_SHEET)!.getLastRow();
    view.setSelection(rows.length ? rows.map((row) => `A${row + 2}`) : [`A2:A${last}`], EMAILS_SHEET);
    this.planAndStart(view, { kind: 'reverse' }, lookUpAgain, kill);
  }

  private planAndStart(
    view: Addon,
    request: { kind: string; refreshDays?: number },
    lookUpAgain: boolean,
    kill?: Kill,
  ): void {
    const plan = this.attempt(() =>
      view.call<PlanView>('planRun', { ...request, ...(lookUpAgain ? { overwrite: true } : {}) }),
    );
    if (!plan || plan.contactsToSend + plan.rowsFromLedger === 0) return;
    const consent = lookUpAgain || !!plan.ledgerDamage;
    // A refresh consents to buy again only the answers saved before its cutoff, as its ledger says now,
    // whatever else its plan warned of: a warning of ledger damage never covers what rows showed at
    // the damage (fuzz-invariants.ts), and dropping the refresh's own consent then made its purchase
    // of a day-old answer look like a second charge (fuzz seed 72012, a false alarm).
    const cutoff = request.refreshDays && view.now() - request.refreshDays * DAY_MS;
    const old = cutoff
      ? [...ledgerAnswers([view])].filter(([, entry]) => entry.at < cutoff).map(([fp]) => fp)
      : undefined;
    this.confirm(
      view,
      consent,
      () => this.callKilled<StartView>(view, kill, 'startRun', plan.planId),
      old,
      !lookUpAgain,
    );
  }

  /**
   * A start the user confirmed (consenting to buy again when `consent`): its run is booked by the
   * run records it added, so that a start killed before it answered counts too. `rowsTrusted`: a
   * sidebar plan's consent, to the ledger's damage alone (not "look up again").
   */
  private confirm(
    view: Addon,
    consent: boolean,
    start: () => unknown,
    old?: readonly string[],
    rowsTrusted = false,
  ): void {
    const before = this.runKeys(view);
    const kills = this.events.kills;
    // An error the user read (not a kill, which may have sent): they were told the start failed.
    const refused = start() === undefined && this.events.kills === kills;
    for (const key of this.runKeys(view)) {
      if (before.has(key)) continue;
      const runId = key.slice(DOCUMENT_PROPERTY.runPrefix.length);
      if (refused) {
        this.books.refusedRuns.add(runId);
        continue;
      }
      this.books.confirmedRuns.add(runId);
      if (consent) this.books.consentedRuns.add(runId);
      // A sidebar plan's consent to the damage (formulas read saved answers alone, not rows).
      if (consent && rowsTrusted)
        this.books.damageConsentedRuns.set(runId, new Set(this.books.shownAtDamage));
      if (old) this.books.refreshedRuns.set(runId, new Set(old));
    }
  }

  private runKeys(view: Addon): Set<string> {
    const keys = Object.keys(view.properties.document.getProperties());
    return new Set(keys.filter((key) => key.startsWith(DOCUMENT_PROPERTY.runPrefix)));
  }

  /**
   * Formulas of one field typed next to rows (REVERSE_EMAIL beside the emails sheet's), as a formula
   * dragged down does, or one formula of ranges from the first row to the last (`array`: the cells
   * below it emptied first, so that its answers spill down), then Sheets recalculates.
   */
  protected formulas(rows: number[], asks: FormulaAsks = 'work_email', array?: boolean): void {
    if (asks === 'reverse') this.books.reversed = true;
    else this.books.asked.add(asks);
    const sheet = this.views.ann.spreadsheet.getSheetByName(asks === 'reverse' ? EMAILS_SHEET : SHEET)!;
    const call = (from: number, to: number) => {
      const ref = (column: string) => (from === to ? `${column}${from}` : `${column}${from}:${column}${to}`);
      return asks === 'reverse'
        ? `=REVERSE_EMAIL(${ref('A')})`
        : `=${FIELD_TABLE[asks].formula}(${ref('A')},${ref('B')},${ref('D')})`;
    };
    if (array) {
      const [from, to] = [Math.min(...rows) + 2, Math.max(...rows) + 2];
      if (to > from) sheet.getRange(`${FORMULA_COLUMN}${from + 1}:${FORMULA_COLUMN}${to}`).clearContent();
      sheet.getRange(`${FORMULA_COLUMN}${from}`).setFormula(call(from, to));
    } else
      for (const row of rows)
        sheet.getRange(`${FORMULA_COLUMN}${row + 2}`).setFormula(call(row + 2, row + 2));
    this.attempt(() => this.views.ann.recalculate());
  }

  /** "Get them…" of the formula queue's enrichments (or its reverse lookups), confirmed. */
  protected getThem(view: Addon, kill?: Kill, reverse?: boolean): void {
    const plan = this.attempt(() =>
      view.call<PlanView>('planFormulaRun', reverse ? { kind: 'reverse' } : {}),
    );
    if (!plan || plan.contactsToSend === 0) return;
    this.confirm(view, !!plan.ledgerDamage, () =>
      this.callKilled<StartView>(view, kill, 'startRun', plan.planId),
    );
  }

  /**
   * `payer`: whose caps the books hold them under (ELSEWHERE: Ann's second document's); `reverse`:
   * of the emails sheet.
   */
  protected schedule(
    view: Addon,
    payer: string,
    order: { on: boolean; perRun: number; perDay: number; fields?: EnrichField[]; reverse?: true },
  ): void {
    if (!order.on) {
      this.attempt(() => view.call('clearSchedule'));
      return;
    }
    const fields = order.reverse ? [] : (order.fields ?? [...FIELDS_EMAIL]);
    fields.forEach((field) => this.books.asked.add(field));
    if (order.reverse) this.books.reversed = true;
    // A cap per run below one contact's price is refused, "make it N or more": the user does.
    const perRun = Math.max(order.perRun, maxCreditsPerContact(order.reverse ? 'reverse' : 'enrich', fields));
    const perDay = Math.max(order.perDay, perRun);
    const resumes = payer !== ELSEWHERE && this.pausedForDamage(view, 'schedule');
    const saved = this.attempt(() =>
      view.call('saveSchedule', {
        sheetName: order.reverse ? EMAILS_SHEET : SHEET,
        kind: order.reverse ? 'reverse' : 'enrich',
        fields,
        every: 'hour',
        maxCreditsPerRun: perRun,
        maxCreditsPerDay: perDay,
      }),
    );
    if (saved) bookScheduleCaps(this.books, payer, perRun, perDay);
    if (saved && resumes) this.books.resumedPastDamage.set('schedule', view.now());
  }

  /** Automatic formula results switched on or off, by `who` in the shared document. */
  protected auto(view: Addon, who: Who, on: boolean, cap: number): void {
    const resumes = on && this.pausedForDamage(view, 'auto');
    const set = this.attempt(() => view.call('setFormulaAuto', { enabled: on, dailyCap: cap }));
    if (on) bookCap(this.books.autoCaps, who, cap);
    if (set && resumes) this.books.resumedPastDamage.set('auto', view.now());
  }

  /**
   * Whether a standing order of the shared document paused for the ledger's damage, as its panel
   * says: resuming it then consents to what its runs buy (fuzz-invariants.ts). Read, as a person
   * reads the panel, only once the ledger was damaged (no other pause names it).
   */
  private pausedForDamage(view: Addon, order: 'schedule' | 'auto'): boolean {
    if (!this.books.ledgerLostAnswers) return false;
    const reason =
      order === 'schedule'
        ? this.attempt(() => view.call<{ pausedReason?: string } | null>('getSchedule'))?.pausedReason
        : this.attempt(() => view.call<{ autoPaused?: string }>('getFormulaQueue'))?.autoPaused;
    return !!reason?.includes(DAMAGE_NAMED);
  }
}

/** How a pause for the ledger's damage names it (store/ledger.ts ledgerDamageWhat). */
const DAMAGE_NAMED = 'the saved results are damaged';
