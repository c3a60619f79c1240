/**
 * The results ledger: every answer the API gave, keyed by input fingerprint, so the same inputs
 * never cost credits twice and the custom functions can read answers without a job.
 *
 * Durable store: a hidden sheet, one row per answer: A = fingerprint, B = the versioned JSON of a
 * LedgerEntry (LEDGER_ENTRY_CODEC, ledger-entry.ts; rows written by older versions are migrated when read).
 * Rows are only ever appended (one Range write per batch); when a fingerprint is answered again
 * (more fields asked), the later row wins. What decides a purchase reads the sheet; CacheService
 * sits in front of it for the formula cells only, filled by each store. What is not at hand is
 * searched for row by row when few answers are wanted (a formula cell's cost does not grow with
 * the ledger), else the sheet is read whole, at most once per execution.
 */
import type { CachePort, KeyValueStore, SheetPort, SpreadsheetPort } from '../platform/ports';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import { appendBelow } from '../platform/sheet-rows';
import { encodeRecord, readRecord } from './stored-records';
import { LEDGER_ENTRY_CODEC, mergedEntry, sameAnswer, type LedgerEntry } from './ledger-entry';

export const LEDGER_SHEET_NAME = '_sheet_enrich_ledger';
const LEDGER_HEADER = ['fingerprint', 'result'];
const CACHE_PREFIX = 'ledger:';

/**
 * What reading the ledger's sheet found wrong, if anything: rows it could not read (garbage, a newer
 * version's), or the sheet gone although answers were saved before (the document remembers that it
 * had one). A damaged ledger cannot tell "never answered" from "answer lost": spending paths then
 * trust what the rows show (plan.ts) rather than buy again.
 */
export interface LedgerDamage {
  unreadableRows: number;
  /**
   * Neither by its name nor by the sheet id the document remembers: deleted; or a sheet of its name
   * that is not the remembered one (made anew by later answers: the loss stays known).
   */
  sheetMissing: boolean;
}

/** What is damaged, in plain words: "the saved results are damaged (…)". */
export function ledgerDamageWhat(damage: LedgerDamage): string {
  const what = damage.sheetMissing
    ? `the hidden sheet ${LEDGER_SHEET_NAME} was deleted or replaced`
    : `${damage.unreadableRows} of its rows could not be read`;
  return `the saved results are damaged (${what})`;
}

/** The damage and what spending paths do about it, for the schedule's last outcome and the log. */
export const ledgerDamageText = (damage: LedgerDamage): string =>
  `Note: ${ledgerDamageWhat(damage)}: rows that show results are not sent again; run a row with "look up again" if it needs it.`;

/**
 * Up to this many answers missing from the cache are searched for (SEARCHED_AT_MOST searches and
 * reads of one cell each) rather than read with the whole sheet. `=ENRICH_EMAIL(A2,B2,C2)` dragged
 * down a column runs once per cell: a whole read per cell cost 93 ms at 20,000 answers and grows
 * with them, a search does not (what it scans stays on Sheets' side). A range formula asks for
 * many at once: one read of the sheet is cheaper than a round trip per answer.
 *
 * A search, not an index of fingerprint → row kept in CacheService: an index has to be built by
 * reading the whole column anyway, rebuilt whenever the cache drops it (any time, 6 h at most),
 * kept in step with every append by every user, and split in 100 KB values (a 100,000-answer
 * ledger's index is over 1.5 MB); a search needs none of that and is always current.
 */
const SEARCHED_AT_MOST = 8;
/**
 * Set when a search of the ledger failed (a runtime refusing TextFinder to custom functions, which
 * no document rules out): for a while every formula reads the sheet instead, without first trying
 * a search bound to fail. Asked in the cache call a lookup makes anyway.
 */
const SEARCH_REFUSED_KEY = 'ledgerSearchRefused';
const SEARCH_REFUSED_TTL_SECONDS = 60 * 60;

export class Ledger {
  private loaded: Map<string, LedgerEntry> | undefined;
  private damage: LedgerDamage | undefined;
  /**
   * Fingerprints with a row whose answer cannot be read, found by what was read so far: money
   * state damaged where it says whose answer it was. What a readable answer does not cover may have
   * been bought (paid-once.ts sendRule), whatever the rows show (finding 210).
   */
  readonly lost = new Set<string>();

  constructor(
    private readonly spreadsheet: SpreadsheetPort,
    private readonly cache: CachePort,
    /** Where the document remembers that it has a ledger and its sheet id (deleted, renamed). */
    private readonly documentStore?: KeyValueStore,
    /**
     * True for a formula cell's lookup, the only one that reads answers from the cache: the cache is
     * a copy that a kill or another execution can leave older than the sheet (fuzz findings 73, 93:
     * a plan that read it bought again the fields the older answer lacked), so whatever decides a
     * purchase reads the sheet, the one append-only record. A formula cell also reads the sheet id
     * only when the name misses, and neither reads nor writes the markers (no property call).
     */
    private readonly formulaCell = false,
  ) {}

  /** What is wrong with the ledger's sheet (it is read for this, once per execution); undefined: nothing. */
  damaged(): LedgerDamage | undefined {
    this.load();
    return this.damage;
  }

  /**
   * The damage a standing order (schedule, automatic results), with nobody to tell, must not spend
   * past: none when whole or when its mark is `seen` (the one the user resumed the order past). The
   * mark names the sheet that replaced a deleted one (made now if none yet: else its first answer
   * would look like new damage) and the unreadable rows' count: more damage is damage nobody saw.
   */
  unseenDamage(seen: string | undefined): (LedgerDamage & { mark: string }) | undefined {
    const damage = this.damaged();
    if (!damage) return undefined;
    const sheet = damage.sheetMissing ? this.sheet(true) : undefined;
    const mark = `${sheet ? `deleted:${sheet.id()} ` : ''}rows:${damage.unreadableRows}`;
    return mark === seen ? undefined : { ...damage, mark };
  }

  /** Entries for the fingerprints that have one (for a formula cell, the cache first), from the sheet. */
  lookup(fingerprints: readonly string[]): Map<string, LedgerEntry> {
    return this.lookupWith(fingerprints, []).entries;
  }

  /**
   * lookup, and other cache values read in the same cache call (the custom functions' request
   * markers): one call fewer for every formula. `extra` is that call's answer as it came, to be read
   * by those keys (the ledger's own keys in it have their own prefix). Only `store` fills the cache:
   * a value read from the sheet and put there could land after a newer one a poll stored meanwhile.
   */
  lookupWith(
    fingerprints: readonly string[],
    extraKeys: readonly string[],
  ): { entries: Map<string, LedgerEntry>; extra: Record<string, string> } {
    const found = new Map<string, LedgerEntry>();
    const unique = [...new Set(fingerprints)];
    // Once the sheet is read, the cache is asked for the extra keys only (none: no call).
    const ledgerKeys =
      this.loaded || !this.formulaCell ? [] : [...unique.map((fp) => CACHE_PREFIX + fp), SEARCH_REFUSED_KEY];
    const keys = [...ledgerKeys, ...extraKeys];
    const cached = keys.length ? this.cache.getAll(keys) : {};
    const missing: string[] = [];
    for (const fp of unique) {
      const entry = readRecord(LEDGER_ENTRY_CODEC, cached[CACHE_PREFIX + fp]) ?? this.loaded?.get(fp);
      if (entry) found.set(fp, entry);
      else if (!this.loaded) missing.push(fp);
    }
    if (missing.length) {
      const search = missing.length <= SEARCHED_AT_MOST && cached[SEARCH_REFUSED_KEY] === undefined;
      const all = search ? this.searchOrLoad(missing) : this.load();
      for (const fp of missing) {
        const entry = all.get(fp);
        if (entry) found.set(fp, entry);
      }
    }
    return { entries: found, extra: cached };
  }

  /**
   * Stores answers in one append. An answer merges into the one already stored (fields found
   * earlier are kept); an answer identical to the stored one is not appended again, so storing
   * the same job twice (a run killed after this step) adds nothing.
   */
  store(entries: ReadonlyMap<string, LedgerEntry>): void {
    if (entries.size === 0) return;
    const all = this.load();
    const rows: string[][] = [];
    const warm: Record<string, string> = {};
    for (const [fp, entry] of entries) {
      const previous = all.get(fp);
      const merged = mergedEntry(previous, entry);
      if (previous && sameAnswer(previous, merged)) continue;
      all.set(fp, merged);
      const text = encodeRecord(LEDGER_ENTRY_CODEC, merged);
      rows.push([fp, text]);
      warm[CACHE_PREFIX + fp] = text;
    }
    if (rows.length === 0) return;
    // The cache forgets the older answers first: an execution killed between the append and the
    // warm-up below leaves a miss (read from the sheet), never the older answer, which a schedule
    // would buy again as a row's answer "the ledger lacks" (fuzz finding 93).
    this.cache.removeAll(Object.keys(warm));
    const sheet = this.sheet(true)!;
    const lastRow = appendBelow(sheet, LEDGER_HEADER, rows);
    // The document remembers it has a ledger, so one deleted later is seen as damage (load), and its
    // sheet's id, so a renamed one is still found: one property write, with its first answers. Not
    // over a deleted one's: the new sheet would hide the loss, and every plan buy again, unwarned,
    // what the deleted sheet held (fuzz finding 39).
    if (lastRow === 0 && !this.damage?.sheetMissing)
      this.documentStore?.setAll({
        [DOCUMENT_PROPERTY.ledgerStarted]: '1',
        [DOCUMENT_PROPERTY.ledgerSheetId]: String(sheet.id()),
      });
    this.cache.putAll(warm);
  }

  /**
   * The newest readable answer of each fingerprint, by a search of column A and a read of the
   * matching rows' B, newest first: rows are appended, so the last match is the latest answer, and an
   * unreadable one gives way to the one before it, as in load(). Apps Script lets custom functions
   * use "most get*() methods" of a read-only Spreadsheet and does not name TextFinder: should a
   * runtime refuse it, the formula still answers, from one read of the whole sheet. The search
   * starts at row 1, as load() reads: an editor who deleted the header row, or sorted the ledger
   * with it, moved an answer there.
   */
  private searchOrLoad(fps: readonly string[]): Map<string, LedgerEntry> {
    const found = new Map<string, LedgerEntry>();
    const sheet = this.sheet(false);
    const lastRow = sheet?.lastRow() ?? 0;
    if (!sheet || lastRow < 1) return found;
    try {
      for (const fp of fps) {
        for (const row of sheet.findRows(fp, 1, 1, lastRow).reverse()) {
          const entry = readRecord(LEDGER_ENTRY_CODEC, sheet.readDisplayValues(row, 2, 1, 1)[0]![0]);
          if (!entry) this.lost.add(fp);
          else if (!found.has(fp)) found.set(fp, entry);
          // A formula cell shows the newest answer; a plan reads older rows too, for a lost one.
          if (entry && this.formulaCell) break;
        }
      }
    } catch {
      // Whatever the refusal says (its text is documented nowhere), one read of the sheet answers.
      this.cache.put(SEARCH_REFUSED_KEY, '1', SEARCH_REFUSED_TTL_SECONDS);
      return this.load();
    }
    return found;
  }

  /**
   * The ledger's sheet: by its name, else by the sheet id the document remembers (an editor renamed
   * it: its answers are all there, and appends go on in it); made when `create` and neither finds it.
   * The id is read only when the name misses: a formula cell's lookup costs no property read.
   */
  private sheet(create: boolean): SheetPort | null {
    const named = this.spreadsheet.hiddenSheet(LEDGER_SHEET_NAME, false);
    if (named) return named;
    const id = this.documentStore?.get(DOCUMENT_PROPERTY.ledgerSheetId);
    const renamed = id && /^\d+$/.test(id) ? this.spreadsheet.sheetById(Number(id)) : null;
    if (renamed || !create) return renamed;
    // Its id is stored with its first answers (store).
    return this.spreadsheet.hiddenSheet(LEDGER_SHEET_NAME, true);
  }

  private load(): Map<string, LedgerEntry> {
    if (this.loaded) return this.loaded;
    const map = new Map<string, LedgerEntry>();
    const sheet = this.sheet(false);
    const lastRow = sheet?.lastRow() ?? 0;
    let unreadableRows = 0;
    // From the first row: a header someone deleted must not cost the first answer.
    for (const [fp, text] of lastRow ? sheet!.readDisplayValues(1, 1, lastRow, 2) : []) {
      if (fp === LEDGER_HEADER[0] && text === LEDGER_HEADER[1]) continue;
      const entry = readRecord(LEDGER_ENTRY_CODEC, text);
      if (fp && entry) map.set(fp, entry);
      else if (fp || text) {
        unreadableRows++;
        if (fp) this.lost.add(fp);
      }
    }
    const store = this.formulaCell ? undefined : this.documentStore;
    const started = store?.get(DOCUMENT_PROPERTY.ledgerStarted) === '1';
    const remembered = sheet && store?.get(DOCUMENT_PROPERTY.ledgerSheetId);
    const sheetMissing = started && (!sheet || (!!remembered && remembered !== String(sheet.id())));
    // Ledgers made before the markers existed get them the first time they are read.
    if (lastRow && !started) store?.set(DOCUMENT_PROPERTY.ledgerStarted, '1');
    if (sheet && lastRow && !remembered) store?.set(DOCUMENT_PROPERTY.ledgerSheetId, String(sheet.id()));
    if (unreadableRows || sheetMissing) this.damage = { unreadableRows, sheetMissing };
    this.loaded = map;
    return map;
  }
}
