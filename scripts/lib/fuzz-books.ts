/**
 * The fuzzer's books (fuzz-world.ts keeps them, fuzz-invariants.ts reads them): which runs people
 * confirmed, what they consented to buy again, what caps they set, which runs were seen and when.
 */
import type { Addon } from '../../dev/gas/harness';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';

/** A run the fuzzer saw in the document's registry: what the caps need to know of it. */
export interface SeenRun {
  source?: string;
  automatic?: boolean;
  startedAt: number;
  /** The document's time zone when the run was first seen (caps count days in it). */
  zone: string;
}

export interface Books {
  /** Runs a person started after a preview (sidebar, "Get them…", retry). */
  confirmedRuns: Set<string>;
  /**
   * Runs whose contacts a person explicitly chose to buy again ("look up again", a preview that
   * warned of ledger damage): each excuses one more charge of each person its jobs carried.
   */
  consentedRuns: Set<string>;
  /** Jobs a person sent again after their price ("run R job N", once per retry): the same. */
  retriedJobs: string[];
  /** Credits of consented retries: a cap may be passed by that much. */
  retryAllowance: number;
  /** The largest caps each payer set, by day (a lenient bound: the caps are immune to changes). */
  autoCaps: Map<string, number>;
  scheduleCaps: Map<string, { perRun: number; perDay: number }>;
  runs: Map<string, SeenRun>;
  /** The ledger lost answers (garbage rows, deleted): "nothing lost" is not checked then. */
  ledgerLostAnswers: boolean;
  /** Errors that are not a person-facing message (a crash of an entry point). */
  crashes: string[];
}

export function newBooks(): Books {
  return {
    confirmedRuns: new Set(),
    consentedRuns: new Set(),
    retriedJobs: [],
    retryAllowance: 0,
    autoCaps: new Map(),
    scheduleCaps: new Map(),
    runs: new Map(),
    ledgerLostAnswers: false,
    crashes: [],
  };
}

/** Reads the registry's runs (their source, when they started, the zone then) into the books. */
export function noteRuns(books: Books, addon: Addon): void {
  const zone = addon.spreadsheet.getSpreadsheetTimeZone();
  for (const [key, text] of Object.entries(addon.properties.document.getProperties())) {
    if (!key.startsWith(DOCUMENT_PROPERTY.runPrefix)) continue;
    const runId = key.slice(DOCUMENT_PROPERTY.runPrefix.length);
    if (books.runs.has(runId)) continue;
    try {
      const run = JSON.parse(text) as { source?: string; automatic?: boolean; startedAt?: number };
      if (typeof run.startedAt === 'number')
        books.runs.set(runId, {
          source: run.source,
          automatic: run.automatic,
          startedAt: run.startedAt,
          zone,
        });
    } catch {
      // A damaged record: the run was seen before it broke, or never spent.
    }
  }
}
