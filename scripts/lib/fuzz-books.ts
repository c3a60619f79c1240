/**
 * The fuzzer's books (fuzz-world.ts keeps them, fuzz-invariants.ts reads them): which runs people
 * confirmed, what they consented to buy again, what caps they set, which runs were seen and when.
 */
import type { Addon } from '../../dev/gas/harness';
import type { EnrichField } from '../../src/domain/fields';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';

/** A run the fuzzer saw in the document's registry: what the caps need to know of it. */
export interface SeenRun {
  source?: string;
  automatic?: boolean;
  startedAt: number;
  /** The document's time zone when the run was first seen (caps count days in it). */
  zone: string;
  /** Who started it (the user whose key limit it counts on). */
  startedBy?: string;
  /** The document it ran in when not the shared one (its schedule's caps are its own). */
  elsewhere?: string;
}

/** Ann's key's daily limit, as the case set it (fuzz-invariants.ts keyLimitOverrun). */
export interface KeyLimitBook {
  /** When it was first set: runs before it reserved nothing. */
  since: number;
  /** The largest limit set (a lenient bound, as for caps). */
  most: number;
  /** When settling cleared it (runs from then on are not bound). */
  until?: number;
  /** A document's time zone changed: a day of the limit may straddle two of the fuzzer's. */
  zoneChanged: boolean;
}

export interface Books {
  /** Runs a person started after a preview (sidebar, "Get them…", retry). */
  confirmedRuns: Set<string>;
  /**
   * Runs whose contacts a person explicitly chose to buy again ("look up again", a preview that
   * warned of ledger damage): each excuses one more charge of each person its jobs carried.
   */
  consentedRuns: Set<string>;
  /**
   * Of consentedRuns, those whose only consent was a preview that warned of ledger damage, each with
   * what rows showed at a damage when it was given (shownAtDamage then): that consent covers only
   * what they did not show. Answers the run itself bought, shown at a later damage, are not
   * excluded from it (seed 64066 case 5,060, a false alarm).
   */
  damageConsentedRuns: Map<string, ReadonlySet<string>>;
  /**
   * Each person and thing (`fp:thing`) a row of the shared document showed the API's answer for
   * when the ledger lost answers, and shows still but for the add-on: plans trust what rows show on
   * a damaged ledger, so no consent to the damage covers buying it again (stop 59's wiped email).
   */
  shownAtDamage: Set<string>;
  /**
   * Runs registered by a start that answered with an error (not a kill): the user was told it
   * failed ("Sheets refused to write…"), so they never spend (fuzz-invariants.ts spentAfterRefusal).
   */
  refusedRuns: Set<string>;
  /**
   * Refreshes of answers older than N days, by run: the contacts whose saved answer was older than
   * the cutoff as the user started it. Each excuses one more charge of those contacts alone.
   */
  refreshedRuns: Map<string, Set<string>>;
  /**
   * Jobs a person sent again after their price ("run R job N", once per retry), and when: the same
   * consent; and a cap counts the retry's price on that day (fuzz-cap-count.ts). `answered`: the
   * contacts whose answer the job had saved before this retry (fuzz-ledger.ts): no consent for them.
   */
  retries: { job: string; at: number; answered?: Set<string> }[];
  /**
   * A Retry's resend ("run R job M", a job of its own) by the job it resent ("run R job N"), as the
   * source's record says (`resentIn`): its charges count on that Retry's day (fuzz-cap-count.ts).
   */
  resentFrom: Map<string, string>;
  /** Credits of consented retries: a cap may be passed by that much. */
  retryAllowance: number;
  /** The largest caps each payer set, by day (a lenient bound: the caps are immune to changes). */
  autoCaps: Map<string, number>;
  scheduleCaps: Map<string, { perRun: number; perDay: number }>;
  runs: Map<string, SeenRun>;
  /**
   * Job ids the documents' records ever held, and those they held as "may have been charged", by
   * name ("run R job N"): one the user retried is followed a day from the Retry, then let go
   * (job-results.ts closeForced), whatever it charges later. fuzz-spending.ts. (Until stop 57 every
   * held job was excused, and until stop 58 every job a damage step took away: an import refused
   * as "imported already" booked nothing.)
   */
  jobIds: { ever: Set<string>; held: Map<string, string> };
  keyLimit?: KeyLimitBook;
  /** The ledger lost answers (garbage rows, deleted): "nothing lost" is not checked then. */
  ledgerLostAnswers: boolean;
  /**
   * When a person last resumed a standing order of the shared document ("schedule", "auto") that
   * had paused for the ledger's damage, its reason in view: each of its runs started since is
   * consented, as a run whose preview named the damage is.
   */
  resumedPastDamage: Map<'schedule' | 'auto', number>;
  /** When a standing order's record was last damaged ("|schedule", "|auto"): its count began anew. */
  standingReset: Map<string, number>;
  /** Each standing order's count as last seen ("|schedule"…): its reset, and when it began at the latest. */
  counts: Map<string, { resetAt: number; since: number; seenAt: number }>;
  /**
   * Each standing order's counts, in order, by when each began at the latest ("|schedule"…): a
   * run counts on the last one begun by its start. A damaged record begins one too.
   */
  countStarts: Map<string, number[]>;
  /** When the books last read the documents' stores (after a step, or a poll while settling). */
  notedAt?: number;
  /** A count begun before its day ended (the first seen): a cap passed at a zone change. */
  earlyCount?: string;
  /** When the current step started (undefined while settling: many executions at once). */
  stepStartedAt?: number;
  /** Errors that are not a person-facing message (a crash of an entry point). */
  crashes: string[];
  /** Every field a purchase of the case asked, and whether one looked emails up: the final re-run asks them all. */
  asked: Set<EnrichField>;
  reversed: boolean;
}

export function newBooks(): Books {
  return {
    confirmedRuns: new Set(),
    consentedRuns: new Set(),
    damageConsentedRuns: new Map(),
    shownAtDamage: new Set(),
    resumedPastDamage: new Map(),
    refusedRuns: new Set(),
    refreshedRuns: new Map(),
    retries: [],
    resentFrom: new Map(),
    retryAllowance: 0,
    autoCaps: new Map(),
    scheduleCaps: new Map(),
    runs: new Map(),
    jobIds: { ever: new Set(), held: new Map() },
    ledgerLostAnswers: false,
    standingReset: new Map(),
    counts: new Map(),
    countStarts: new Map(),
    crashes: [],
    asked: new Set(),
    reversed: false,
  };
}

/** The largest cap a payer set (set again lower, the bound stays lenient). */
export function bookCap(caps: Map<string, number>, payer: string, cap: number): void {
  caps.set(payer, Math.max(cap, caps.get(payer) ?? 0));
}

/** The largest caps a payer set (a schedule saved again may lower them: the bound stays lenient). */
export function bookScheduleCaps(books: Books, payer: string, perRun: number, perDay: number): void {
  const caps = books.scheduleCaps.get(payer);
  books.scheduleCaps.set(payer, {
    perRun: Math.max(perRun, caps?.perRun ?? 0),
    perDay: Math.max(perDay, caps?.perDay ?? 0),
  });
}

/** Ann set her key's daily limit at `now`: the largest one counts, from the first. */
export function bookKeyLimit(books: Books, limit: number, now: number): void {
  const book = books.keyLimit;
  books.keyLimit = {
    since: book?.since ?? now,
    most: Math.max(limit, book?.most ?? 0),
    zoneChanged: book?.zoneChanged ?? false,
  };
}

/** Reads the job ids the documents' records hold (after a step, or a poll while settling). */
export function noteJobIds(books: Books, addons: readonly Addon[]): void {
  const ids = books.jobIds;
  for (const addon of addons)
    for (const text of Object.values(addon.properties.document.getProperties())) {
      const resentIn = /"resentIn":(\d+)/.exec(text)?.[1];
      const source = resentIn && /"run":"([^"]+)","seq":(\d+)/.exec(text);
      if (source)
        books.resentFrom.set(
          `run ${source[1]} job ${Number(resentIn) + 1}`,
          `run ${source[1]} job ${Number(source[2]) + 1}`,
        );
      for (const [, id] of text.matchAll(/"id":"([0-9a-f-]{36})"/g)) {
        ids.ever.add(id!);
        const held = text.includes('"state":"ambiguous"') && /"run":"([^"]+)","seq":(\d+)/.exec(text);
        if (held) ids.held.set(id!, `run ${held[1]} job ${Number(held[2]) + 1}`);
      }
    }
}

/** Reads the registry's runs (their source, when they started, the zone then) into the books. */
export function noteRuns(books: Books, addon: Addon, elsewhere?: string): void {
  const zone = addon.spreadsheet.getSpreadsheetTimeZone();
  for (const [key, text] of Object.entries(addon.properties.document.getProperties())) {
    if (!key.startsWith(DOCUMENT_PROPERTY.runPrefix)) continue;
    const runId = key.slice(DOCUMENT_PROPERTY.runPrefix.length);
    if (books.runs.has(runId)) continue;
    try {
      const run = JSON.parse(text) as Partial<SeenRun>;
      if (typeof run.startedAt === 'number')
        books.runs.set(runId, {
          source: run.source,
          automatic: run.automatic,
          startedAt: run.startedAt,
          zone,
          startedBy: run.startedBy,
          ...(elsewhere ? { elsewhere } : {}),
        });
    } catch {
      // A damaged record: the run was seen before it broke, or never spent.
    }
  }
}
