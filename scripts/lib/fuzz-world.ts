/**
 * One fuzz case's world (issue 28): the built add-on in the local runtime, a document shared by
 * Ann, Carol (her workspace, another key) and Bob (another workspace), and Ann's own second
 * document, against one emulator per process. Actions (fuzz-model.ts) are done as chaos.ts's people
 * do them, and the books the invariants need are kept (fuzz-books.ts). Who and what the world is
 * made of, and the draws a case's `randSeed` fixes, are in fuzz-cast.ts.
 */
import { loadAddon, type Addon } from '../../dev/gas/harness';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import type { ProgressView, RunProgress, UndoView } from '../../src/app/sidebar-contract';
import { SPEND_WORDS } from '../../src/domain/runs';
import { damageStore, setFault } from './fuzz-damage';
import { bookKeyLimit, newBooks, noteJobIds, noteRuns, type Books } from './fuzz-books';
import { beginCount, noteCounts } from './fuzz-cap-count';
import { FuzzPurchases } from './fuzz-purchases';
import { SheetHands } from './fuzz-sheet';
import { loadRowsAsSheet } from './enrich-run';
import { importAmbiguous, newEvents, unstick, type ChaosEvents } from './chaos';
import { importDamagedJobs, type ChaosDamage, type DamageState } from './chaos-damage';
import type { Action, Kill, Who } from './fuzz-model';
import { answeredBeforeRetry } from './fuzz-ledger';
import { shownAnswers } from './fuzz-truth';
import {
  contactRows,
  caseDraws,
  ELSEWHERE,
  EMAIL,
  EMAILS_SHEET,
  emailRows,
  HOUR,
  SHEET,
  workspaceOf,
  everyRow,
  JOB_MS,
  KEYS,
  otherContactRows,
  savedKey,
} from './fuzz-cast';

export { ELSEWHERE, HOUR, KEYS, SHEET };
export { startFuzzEmulator } from './fuzz-cast';

export class FuzzWorld extends FuzzPurchases {
  readonly views: Record<Who, Addon>;
  readonly second: Addon;
  readonly events: ChaosEvents = newEvents();
  readonly books: Books = newBooks();

  private readonly damage: DamageState & { damage: ChaosDamage; imported: Set<string> } = {
    tried: new Set(),
    runs: new Set(),
    imported: new Set(),
    damage: {
      round: 0,
      job_record: '',
      job_sheet_rows: [],
      ledger_rows: 0,
      jobs_imported: 0,
      rows_looked_up_again: 0,
    },
  };
  /**
   * The runs the second document's panel named for an import: the user imports in a document what
   * its own panel names (one set for both documents imported Ann's first document's jobs into her
   * second, whose ledger then held the older answers of the first's people: finding 220).
   */
  private readonly secondRuns = new Set<string>();
  private damages = 0;
  /** The job ids the add-on accepted an import of, as the Jobs panel asked (importJobs). */
  get importedJobs(): ReadonlySet<string> {
    return this.damage.imported;
  }
  /** Each user's keys but typos, their own first: a run waits for the key that started it. */
  readonly usedKeys: Record<Who, string[]> = { ann: [KEYS.ann], carol: [KEYS.carol], bob: [KEYS.bob] };

  readonly sheet: SheetHands;
  /** Texts the add-on wrote that were checked for every key and held none (fuzz-invariants.ts). */
  readonly cleanTexts = new Set<string>();
  /** The gateway repeats keys in its errors (an echo action): panels are checked after each step. */
  echoing = false;
  /** Keys the provider revoked (settling restores them, as a person asks the admin to). */
  readonly revoked = new Set<string>();

  /** The key each user saved last (settling saves another only when it differs). */
  readonly savedKeys: Record<Who, string> = { ann: KEYS.ann, carol: KEYS.carol, bob: KEYS.bob };

  /** How far each step moves the clocks (caseDraws). */
  private readonly stepMs: () => number;

  private constructor(
    readonly emulator: SpawnedEmulator,
    randSeed: number,
    distDir?: string,
  ) {
    super();
    const draws = caseDraws(randSeed);
    this.stepMs = draws.stepMs;
    const ann = loadAddon({
      ...(distDir ? { distDir } : {}),
      seed: randSeed,
      now: draws.start,
      apiBaseUrl: emulator.baseUrl,
      apiKey: KEYS.ann,
      allowLoopback: true,
      userEmail: EMAIL.ann,
      addon: true,
    });
    const as = (who: Who) => ann.as(EMAIL[who], { apiKey: KEYS[who], apiBaseUrl: emulator.baseUrl });
    this.views = { ann, carol: as('carol'), bob: as('bob') };
    loadRowsAsSheet(ann, SHEET, contactRows());
    loadRowsAsSheet(ann, EMAILS_SHEET, emailRows());
    this.sheet = new SheetHands(ann, SHEET);
    this.second = ann.openDocument();
    loadRowsAsSheet(this.second, SHEET, otherContactRows());
    ann.spreadsheet.getSheetByName(SHEET)!.activate();
  }

  static async open(emulator: SpawnedEmulator, randSeed: number, distDir?: string): Promise<FuzzWorld> {
    await emulator.admin.reset();
    return new FuzzWorld(emulator, randSeed, distDir);
  }

  close(): void {
    this.second.close();
    this.views.ann.close();
  }

  async step(action: Action): Promise<void> {
    await this.drift();
    const view = 'who' in action ? this.views[action.who] : this.views.ann;
    this.books.stepStartedAt = view.now();
    switch (action.kind) {
      case 'run':
        return this.run(view, action.rows, action.lookUpAgain, action.kill, action.fields);
      case 'runAll':
        return this.run(view, [], action.lookUpAgain, action.kill, action.fields);
      case 'refresh':
        return this.run(view, [], false, action.kill, action.fields ?? this.last.fields, action.days);
      case 'again':
        // The same purchase again (its fields too), unless it draws fields of its own.
        return this.run(view, this.last.rows, false, action.kill, action.fields ?? this.last.fields);
      case 'reverse':
        return this.reverse(view, action.rows, action.lookUpAgain, action.kill);
      case 'poll':
        if (action.idle) this.views.ann.advanceClock(HOUR);
        return this.poll(view, action.kill);
      case 'sidebar':
        this.callKilled(view, action.kill, 'pollJobs');
        return;
      case 'formulas':
        return this.formulas(action.rows, action.asks, action.array);
      case 'getThem':
        return this.getThem(view, action.kill, action.reverse);
      case 'auto':
        return this.auto(view, action.who, action.on, action.cap);
      case 'schedule':
        return this.schedule(view, action.who, action);
      case 'limit':
        if (this.attempt(() => view.call('setKeyLimit', action.limit)))
          bookKeyLimit(this.books, action.limit, view.now());
        return;
      case 'elsewhere':
        if (action.op === 'run') return this.run(this.second, everyRow(), false, action.kill);
        if (action.op === 'poll') return this.poll(this.second, action.kill);
        // Its own caps: the fuzzer's books count its runs apart (SeenRun.elsewhere).
        return this.schedule(this.second, ELSEWHERE, { on: true, perRun: 3, perDay: 5 });
      case 'import':
        return this.importJobs(view);
      case 'retry':
        return this.retry(view, action.kill);
      case 'cancel': {
        const progress = this.attempt(() => view.call<ProgressView>('getProgress'));
        const running = progress?.runs.find((run) => run.state === 'running' && !run.othersRun);
        if (running) this.attempt(() => view.call('cancelRun', running.runId));
        return;
      }
      case 'undo':
        // Not a consent to buy again what it takes off the rows: its question promises the answers
        // stay saved (an Undo on a deleted ledger wiped the only copy: stop 63).
        return this.undo(view);
      case 'saveKey':
        return this.saveKey(action.who, savedKey(action.who, action.key));
      case 'resume':
        this.callKilled(view, action.kill, 'resumeStoppedRuns');
        return;
      case 'fault':
        return setFault(this.emulator, action.fault);
      case 'echo':
        await this.emulator.admin.config({ echo: action.form });
        this.echoing = action.form !== 'off';
        return;
      case 'unstick':
        return unstick(this.emulator, this.events);
      case 'damage':
        if (damageStore(this.views.ann, action.what, ++this.damages)) {
          this.books.ledgerLostAnswers = true;
          for (const shown of await this.shownAnswers()) this.books.shownAtDamage.add(shown);
        }
        // A record imported again, then damaged again: the Jobs panel names it anew, and the user
        // imports it anew (seed 64044 case 1,348 stopped at the first).
        for (const tried of this.damage.tried) if (tried.endsWith(' again')) this.damage.tried.delete(tried);
        if (action.what === 'schedule' || action.what === 'autoSetting') {
          const name = action.what === 'schedule' ? '|schedule' : '|auto';
          this.books.standingReset.set(name, view.now());
          beginCount(this.books, name, view.now());
        }
        return;
      case 'clock':
        this.views.ann.advanceClock(action.hours * 3_600_000);
        // Both of Ann's documents move (she travels): the key's day is the same in each.
        if (action.zone && action.zone !== this.views.ann.spreadsheet.getSpreadsheetTimeZone()) {
          for (const doc of [this.views.ann, this.second])
            doc.spreadsheet.setSpreadsheetTimeZone(action.zone);
          if (this.books.keyLimit) this.books.keyLimit.zoneChanged = true;
        }
        return;
      case 'wait':
        return this.wait();
      case 'credits':
        // By the workspace's spare key: the person's own may be revoked (the balance is the workspace's).
        return this.emulator.admin.setCredits(action.balance, action.who === 'bob' ? KEYS.b2 : KEYS.a2);
      case 'revoke':
        return this.revoke(action.who, action.back);
      case 'busy':
        return this.busy(view, action.n);
      case 'sheet':
        this.sheet.edit(action);
        return this.keepShown();
    }
  }

  /**
   * A short wait: the emulator's jobs (JOB_MS) end. Its time and the world's move together, as a
   * real sleep moved both, without the sleep (a third of a case's time, more on a busy machine).
   */
  async wait(): Promise<void> {
    await this.emulator.admin.advanceClock(JOB_MS + 10);
    this.views.ann.advanceClock(JOB_MS + 10);
  }

  /** The time a step took (caseDraws): both clocks stand still but where moved. */
  private async drift(): Promise<void> {
    const ms = this.stepMs();
    await this.emulator.admin.advanceClock(ms);
    this.views.ann.advanceClock(ms);
  }

  /** `n` new contacts pasted and each run alone, then the runs collected together. */
  private async busy(view: Addon, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      this.sheet.edit({ op: 'paste', at: 0, n: 1 });
      this.run(view, [this.sheet.dataRows() - 1], false);
    }
    await this.step({ kind: 'wait' });
    this.poll(view);
  }

  /** The provider revokes (or restores) the own key of `who`. */
  async revoke(who: Who, back: boolean): Promise<void> {
    const key = KEYS[who];
    if (back === this.revoked.has(key)) {
      if (back) await this.emulator.admin.addKey(key, workspaceOf(key));
      else await this.emulator.admin.removeKey(key);
    }
    if (back) this.revoked.delete(key);
    else this.revoked.add(key);
  }

  /** `who` saves `key` in Settings (in `view`'s document; user properties follow them). */
  saveKey(who: Who, key: string, view = this.views[who]): void {
    this.attempt(() => view.call('saveSettings', { apiKey: key }));
    this.savedKeys[who] = key;
    if (key !== KEYS.typo && !this.usedKeys[who].includes(key)) this.usedKeys[who].push(key);
  }

  poll(view: Addon, kill?: Kill): void {
    const [trigger] = view.triggers();
    if (!trigger) return;
    view.advanceClock(Math.max(0, trigger.nextRunAt - view.now()));
    this.callKilled(view, kill, 'onPollTrigger');
  }

  /** What the Jobs panel asks: ambiguous jobs imported (or sent again when never received), damaged runs' jobs imported. */
  async importJobs(
    view: Addon,
    progress = this.attempt(() => view.call<ProgressView>('getProgress')),
  ): Promise<void> {
    if (!progress) return;
    for (const run of progress.runs) {
      if (!run.othersRun)
        await this.attemptAwait(() => importAmbiguous(view, this.emulator, run, this.events));
    }
    const state = view === this.second ? { ...this.damage, runs: this.secondRuns } : this.damage;
    await this.attemptAwait(() => importDamagedJobs(view, this.emulator, progress, state, this.events));
  }

  /**
   * "Undo…" on one's newest ended run, called until it says undone, as the page does. The card may
   * be stale (drawn before the run failed or a job of it was lost, or in a second sidebar): the
   * server alone decides what may be undone. Undo keeps the answers: running its rows again must
   * cost nothing, and rows a paid job may hold must go on holding (undo-run.ts).
   */
  private undo(view: Addon): void {
    const progress = this.attempt(() => view.call<ProgressView>('getProgress'));
    const ended = progress?.runs.find(
      (run) => !run.othersRun && run.state !== 'running' && !run.undo && run.source !== SPEND_WORDS.formulas,
    );
    if (!ended || this.attempt(() => view.call('previewUndo', ended.runId)) === undefined) return;
    for (let call = 0; call < 10; call++)
      if (this.attempt(() => view.call<UndoView>('undoRun', ended.runId))?.undone !== undefined) return;
  }

  /** What the shared document's rows show of the API's answers (fuzz-truth.ts shownAnswers). */
  private async shownAnswers(): Promise<Set<string>> {
    const outcomes = await this.emulator.admin.outcomes();
    const table = (name: string) =>
      this.views.ann.spreadsheet.getSheetByName(name)!.getDataRange().getDisplayValues() as string[][];
    return new Set([
      ...shownAnswers(table(SHEET), 'enrich', outcomes),
      ...shownAnswers(table(EMAILS_SHEET), 'reverse', outcomes),
    ]);
  }

  /** A person's own edit (typing, deleting…) may take an answer off the rows: no longer trusted. */
  private async keepShown(): Promise<void> {
    if (this.books.shownAtDamage.size === 0) return;
    const now = await this.shownAnswers();
    for (const shown of this.books.shownAtDamage) if (!now.has(shown)) this.books.shownAtDamage.delete(shown);
  }

  /** attempt() of what awaits the emulator too. */
  private async attemptAwait(act: () => Promise<unknown>): Promise<void> {
    await act().catch((error: unknown) =>
      this.attempt(() => {
        throw error;
      }),
    );
  }

  /** "Send again" of every ambiguous job, after its price: an explicit consent to pay again. */
  private async retry(view: Addon, kill?: Kill): Promise<void> {
    const progress = this.attempt(() => view.call<ProgressView>('getProgress'));
    for (const run of progress?.runs ?? [])
      for (const job of run.ambiguousJobs ?? []) {
        if (run.othersRun) continue;
        const name = / · (run \S+ job \d+)$/.exec(job.name)?.[1] ?? job.name;
        const docs = [this.views.ann, this.second];
        const answered = await answeredBeforeRetry(this.books, this.emulator, docs, name);
        const kills = this.events.kills;
        const done = this.callKilled(view, kill, 'retryJob', { runId: run.runId, seq: job.seq });
        // Killed, it may have sent the job: the click was the consent. So it was when the call
        // failed after the Retry was registered (its send, in the same call, may throw).
        if (!done && this.events.kills === kills && !this.retryRegistered(view, run, job.seq)) continue;
        this.books.retries.push({ job: name, at: view.now(), answered });
        this.books.retryAllowance += job.retryMaxCredits;
      }
  }

  /**
   * Whether a Retry whose call failed was registered all the same: its job is no longer waiting
   * for a decision, or its resend was split off into a job of its own (the run has more jobs).
   */
  private retryRegistered(view: Addon, before: RunProgress, seq: number): boolean {
    const progress = this.attempt(() => view.call<ProgressView>('getProgress'));
    const run = progress?.runs.find((other) => other.runId === before.runId);
    return !!run && (run.jobs > before.jobs || !run.ambiguousJobs?.some((job) => job.seq === seq));
  }

  /** Reads the registry's runs (their source, when they started, the zone then) into the books. */
  noteRuns(): void {
    noteRuns(this.books, this.views.ann);
    noteRuns(this.books, this.second, ELSEWHERE);
    noteJobIds(this.books, [this.views.ann, this.second]);
    noteCounts(
      this.books,
      [
        [this.views.ann, ''],
        [this.second, ELSEWHERE],
      ],
      this.views.ann.now(),
    );
  }
}
