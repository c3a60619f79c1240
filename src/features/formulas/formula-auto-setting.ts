/**
 * The setting of "Get formula results automatically" (see formula-auto.ts): who pays, the daily
 * cap, and what today's automatic runs may cost, in one document property.
 */
import * as z from 'zod/mini';
import { DOCUMENT_PROPERTY } from '../../platform/property-keys';
import type { PlatformPorts } from '../../platform/ports';
import { newCapDay, zoneAndNow } from '../../store/local-time';
import { checkedCap, isPayer, payerOf, payerShape, standingRecord } from '../teams/payer';
import {
  optionalBoolean,
  optionalNumber,
  optionalString,
  recordCodec,
  type RecordOf,
} from '../../store/stored-records';

const FORMULA_AUTO_CODEC = recordCodec('automatic formula setting', 1, () => ({
  /** Whose key pays: the user who turned it on (their trigger sends); "" when Apps Script did not tell. */
  email: z.string(),
  ...payerShape(),
  dailyCap: z.number(),
  /** The day (spreadsheet time zone) `committed` counts for, as the user reads it. */
  day: z.string(),
  /** When `committed` starts again (local-time.ts capDay): a time-zone change never brings it earlier. */
  resetAt: optionalNumber(),
  /**
   * Switched off: the record stays, so that switching on again the same day does not start a new
   * day's cap (what was committed still counts).
   */
  off: optionalBoolean(),
  /** Why it switched itself off, in plain words (switching it on again clears it). */
  pausedReason: optionalString(),
  /**
   * The ledger damage it last switched itself off for (Ledger.unseenDamage): switching it on again,
   * with the reason before the user's eyes, lets it spend past that damage, and only that.
   */
  damageSeen: optionalString(),
  /** Credits today's automatic runs may cost at most (their estimates). */
  committed: z.number(),
}));

export type FormulaAuto = RecordOf<typeof FORMULA_AUTO_CODEC>;

const STORED = standingRecord(
  DOCUMENT_PROPERTY.formulaAuto,
  FORMULA_AUTO_CODEC,
  'committed',
  (run) => run.automatic,
);

/** The setting as stored, on or off, its count started again when its reset moment passed. */
const readStored = STORED.read;
type ReadPorts = Pick<PlatformPorts, 'documentStore' | 'clock' | 'spreadsheet'>;

/** The automatic mode when it is on; null when off. */
export function readFormulaAuto(ctx: ReadPorts): FormulaAuto | null {
  const auto = readStored(ctx);
  return auto && !auto.off ? auto : null;
}

export const writeFormulaAuto = STORED.write;

/** The mode as the key its payer has saved now pays it (payer.ts payingNow): what it sends reads it. */
export const autoPayingNow = STORED.payingNow;

/** Turns the automatic mode on (with the caller's key) or off. Returns the setting. */
export function setFormulaAuto(ctx: PlatformPorts, enabled: boolean, dailyCap: number): FormulaAuto | null {
  if (!enabled) {
    switchOff(ctx, {});
    return null;
  }
  const current = readStored(ctx);
  checkedCap(dailyCap, 'The daily cap');
  const payer = payerOf(ctx, 'spend your credits automatically');
  const auto: FormulaAuto = {
    email: ctx.userEmail(),
    ...payer,
    dailyCap,
    // Switched on: any reason it had stopped for is the user's to have settled. Today's count
    // follows the person who pays (payer.ts): another user starts from their own.
    ...(current
      ? STORED.tally(current, payer)
      : // A new count: its reset is fixed now, and no later time-zone change moves it.
        { ...newCapDay(...zoneAndNow(ctx)), committed: 0 }),
    damageSeen: current?.damageSeen,
  };
  writeFormulaAuto(ctx, auto);
  return auto;
}

/** True when this execution's user pays for the automatic mode: their trigger must keep running. */
export function formulaAutoIsMine(ctx: PlatformPorts): boolean {
  const auto = readFormulaAuto(ctx);
  return !!auto && isPayer(ctx, auto, auto.email);
}

/**
 * Automatic formula runs ended: what each may have cost but did not (`unspent`, from the engine) is
 * given back to today's cap, as the schedule's is. Only runs of today, once (saved as ended with it).
 */
export const releaseAutomatic = STORED.release;

/**
 * Switches the automatic mode off by itself, saying why (the Jobs panel shows it); `damageSeen`: the
 * ledger damage the reason names.
 */
export function pauseFormulaAuto(ctx: PlatformPorts, reason: string, damageSeen?: string): void {
  switchOff(ctx, { pausedReason: reason, ...(damageSeen ? { damageSeen } : {}) });
}

/** Switches the mode off, if on, with `why`. */
function switchOff(ctx: PlatformPorts, why: Partial<FormulaAuto>): void {
  const auto = readStored(ctx);
  // Kept, switched off: its count still holds if the mode is switched on again before the reset.
  if (auto && !auto.off) writeFormulaAuto(ctx, { ...auto, off: true, ...why });
}

/** Why the automatic mode switched itself off, if it did and is still off. */
export function formulaAutoPause(ctx: ReadPorts): string | undefined {
  const auto = readStored(ctx);
  return auto?.off ? auto.pausedReason : undefined;
}
