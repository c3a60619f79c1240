/**
 * The fuzzer's vocabulary (issue 28): what a team does to a document, what the provider and the
 * network do to it, and what an editor's stray hands do to its stores, as fast-check arbitraries.
 * A sequence of these is one test case; fast-check replays it from its seed and shrinks a failing
 * one to the shortest sequence that still fails (scripts/lib/fuzz-world.ts runs it).
 */
import fc from 'fast-check';

/** Ann and Carol share a workspace (two keys of one account); Bob pays from another. */
export const WHO = ['ann', 'carol', 'bob'] as const;
export type Who = (typeof WHO)[number];

/** The keys a user may save: their own, a key of the same workspace, of another one, a typo. */
export const SAVED_KEYS = ['own', 'sameWorkspace', 'otherWorkspace', 'typo'] as const;

export const DAMAGES = [
  'runRecord',
  'jobRecord',
  'jobSheet',
  'ledgerRows',
  'ledgerHeader',
  'ledgerSort',
  'ledgerRename',
  'ledgerDelete',
] as const;
export type Damage = (typeof DAMAGES)[number];

export const FAULTS = ['none', 'lost', '5xx', '429', '403', 'down', 'stuck'] as const;
export const ECHOES = ['off', 'upper', 'lines', 'basic', 'base64', 'percent', 'json', 'workspace'] as const;

/** Where an execution is killed (Apps Script's time limit, or a closed tab): a service call and its n-th use. */
export const KILL_POINTS = [
  'UrlFetchApp.fetchAll',
  'UrlFetchApp.fetch',
  'Range.setValues',
  'Properties.setProperties',
  'Properties.setProperty',
  'Range.getValues',
  'Cache.putAll',
] as const;

/** Rows of the contacts sheet (data rows 0..ROWS-1). */
export const ROWS = 8;

export type Action =
  /**
   * A sidebar run of some rows, after the preview; `lookUpAgain` is the explicit "look up again".
   * Every path asks the work email only: a person asked for another field later is charged in a
   * second job by right, and the emulator's "charged twice" could not tell that from a re-buy.
   */
  | { kind: 'run'; who: Who; rows: number[]; lookUpAgain: boolean }
  /** The user's poll trigger fires (the clock jumps to it), maybe killed at a service call. */
  | { kind: 'poll'; who: Who; kill?: { at: (typeof KILL_POINTS)[number]; nth: number } }
  /** The open sidebar's poll. */
  | { kind: 'sidebar'; who: Who }
  /** Per-cell formulas typed next to rows, then Sheets recalculates (custom functions never spend). */
  | { kind: 'formulas'; rows: number[] }
  /** "Get them…": the formula requests' preview, confirmed. */
  | { kind: 'getThem'; who: Who }
  /** Automatic formula results on (with a daily cap) or off. */
  | { kind: 'auto'; who: Who; on: boolean; cap: number }
  /** An hourly schedule of the contacts sheet with caps, or none. */
  | { kind: 'schedule'; who: Who; on: boolean; perRun: number; perDay: number }
  /** Imports, by the id the provider's dashboard shows, the jobs the Jobs panel asks about (free). */
  | { kind: 'import'; who: Who }
  /** Sends an ambiguous job again, after its price was shown (consent). */
  | { kind: 'retry'; who: Who }
  | { kind: 'cancel'; who: Who }
  | { kind: 'saveKey'; who: Who; key: (typeof SAVED_KEYS)[number] }
  /** Resumes the runs a refused key stopped (the page shows what it may cost). */
  | { kind: 'resume'; who: Who }
  | { kind: 'fault'; fault: (typeof FAULTS)[number] }
  | { kind: 'echo'; form: (typeof ECHOES)[number] }
  /** The provider finishes the jobs stuck so far. */
  | { kind: 'unstick' }
  | { kind: 'damage'; what: Damage }
  /** The clock jumps (hours), maybe into another day, and the document may change time zone. */
  | { kind: 'clock'; hours: number; zone?: string }
  /** Real time passes for the emulator's jobs. */
  | { kind: 'wait' };

const who = fc.constantFrom(...WHO);
const rows = fc.uniqueArray(fc.integer({ min: 0, max: ROWS - 1 }), { minLength: 1, maxLength: ROWS });
const ZONES = ['Etc/UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Paris', 'America/Los_Angeles'];

/** One action, weighted towards what people do most (run, poll, wait). */
export function actionArbitrary(): fc.Arbitrary<Action> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('run' as const),
        who,
        rows,
        // Rare, as in life: each one is consent to pay again, and widens what paid-once allows.
        lookUpAgain: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record(
        {
          kind: fc.constant('poll' as const),
          who,
          kill: fc.record({ at: fc.constantFrom(...KILL_POINTS), nth: fc.integer({ min: 1, max: 3 }) }),
        },
        { requiredKeys: ['kind', 'who'] },
      ),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('sidebar' as const), who }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('formulas' as const), rows }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('getThem' as const), who }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('auto' as const),
        who,
        on: fc.boolean(),
        cap: fc.integer({ min: 1, max: 40 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('schedule' as const),
        who,
        on: fc.boolean(),
        perRun: fc.integer({ min: 5, max: 60 }),
        perDay: fc.integer({ min: 5, max: 90 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('import' as const), who }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('retry' as const), who }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('saveKey' as const),
        who,
        key: fc.constantFrom(...SAVED_KEYS),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const), who }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('fault' as const), fault: fc.constantFrom(...FAULTS) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('echo' as const), form: fc.constantFrom(...ECHOES) }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'unstick' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('damage' as const), what: fc.constantFrom(...DAMAGES) }),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          kind: fc.constant('clock' as const),
          hours: fc.integer({ min: 1, max: 30 }),
          zone: fc.constantFrom(...ZONES),
        },
        { requiredKeys: ['kind', 'hours'] },
      ),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'wait' as const }) },
  );
}

/** "kind" or "kind:variant" (damage:runRecord, fault:lost, echo:json…): an action's names, for --without. */
export function actionNames(action: Action): string[] {
  const variant =
    'what' in action ? action.what : 'fault' in action ? action.fault : 'form' in action ? action.form : '';
  return variant ? [action.kind, `${action.kind}:${variant}`] : [action.kind];
}

/**
 * A sequence of actions: what one test case does, shrunk by fast-check when it fails. `without`
 * leaves some actions out (a long search past a finding already known; CI runs them all).
 */
export function sequenceArbitrary(
  maxLength: number,
  without: readonly string[] = [],
): fc.Arbitrary<Action[]> {
  const action = without.length
    ? actionArbitrary().filter((drawn) => !actionNames(drawn).some((name) => without.includes(name)))
    : actionArbitrary();
  return fc.array(action, { minLength: 1, maxLength });
}

/** One line per action, for the findings file and a failure's message. */
export function describeSequence(actions: readonly Action[]): string {
  return actions.map((action, index) => `${index + 1}. ${JSON.stringify(action)}`).join('\n');
}
