/**
 * The fuzzer's vocabulary (issue 28): what a team does to a document, what the provider and the
 * network do to it, and what an editor's stray hands do to its stores, as fast-check arbitraries.
 * A sequence of these is one test case; fast-check replays it from its seed and shrinks a failing
 * one to the shortest sequence that still fails (scripts/lib/fuzz-world.ts runs it).
 */
import fc from 'fast-check';
import type { EnrichField } from '../../src/domain/fields';

/** Ann and Carol share a workspace (two keys of one account); Bob pays from another. */
export const WHO = ['ann', 'carol', 'bob'] as const;
export type Who = (typeof WHO)[number];

/** The keys a user may save: their own, a key of the same workspace, of another one, a typo. */
export const SAVED_KEYS = ['own', 'sameWorkspace', 'otherWorkspace', 'typo'] as const;

export const DAMAGES = [
  'runRecord',
  'jobRecord',
  'jobSheet',
  /** The list before the newest in the job sheet: an earlier job's, often written already. */
  'olderList',
  /** A job's record and its list at once (a bad copy of the document): only the rows' Status is left. */
  'jobAndList',
  'formulaQueue',
  'schedule',
  'autoSetting',
  'ledgerRows',
  'ledgerHeader',
  'ledgerSort',
  'ledgerRename',
  'ledgerDelete',
] as const;
export type Damage = (typeof DAMAGES)[number];

export const FAULTS = ['none', 'lost', '5xx', '429', '403', 'refused', 'down', 'stuck'] as const;
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

/** Rows of the contacts sheet when a case starts (data rows 0..ROWS-1); pastes add more. */
export const ROWS = 8;

/** Where an execution that is not a poll is killed (a start, "Get them…"). */
export type Kill = { at: (typeof KILL_POINTS)[number]; nth: number };

/**
 * What a person does to the contacts sheet (fuzz-sheet.ts): paste `n` new contacts below, sort by
 * a column, insert or delete a row, paste another contact over a row (`at`: a row, modulo the rows),
 * or (Ann, its owner) protect its output columns from everyone else, or lift that protection.
 */
/**
 * The fields a purchase asks (absent: the work email alone, as every path asked before issue 48):
 * each field found is a charge of its own, counted per person and field (fuzz-invariants.ts).
 */
export const FIELD_SETS: readonly (readonly EnrichField[])[] = [
  ['phone'],
  ['work_email', 'personal_email'],
  ['work_email', 'phone'],
  ['work_email', 'personal_email', 'phone'],
];
/** What a purchase may ask: a set of FIELD_SETS, or none (the work email). */
export type Asks = { fields?: EnrichField[] };
/** What a formula asks: a field (absent: the work email) or, on the emails sheet, a reverse lookup. */
export type FormulaAsks = EnrichField | 'reverse';

export type SheetEdit = {
  op: 'paste' | 'sort' | 'insert' | 'delete' | 'type' | 'protect';
  at: number;
  n: number;
};

export type Action =
  /**
   * A sidebar run of some rows, after the preview; `lookUpAgain` is the explicit "look up again".
   * `fields` (absent: the work email): a person asked for another field later is charged in a
   * second job by right, which the emulator's outcomes tell apart from a re-buy (`charged_for`).
   */
  | ({ kind: 'run'; who: Who; rows: number[]; lookUpAgain: boolean; kill?: Kill } & Asks)
  /**
   * A sidebar run of the rows the last run (anyone's) asked for: a teammate running what another
   * just ran, the same purchase twice while the first is in flight, where every hold is tested.
   */
  | ({ kind: 'again'; who: Who; kill?: Kill } & Asks)
  /** A sidebar run of the whole table (every data row, pasted ones too). */
  | ({ kind: 'runAll'; who: Who; lookUpAgain: boolean; kill?: Kill } & Asks)
  /**
   * A sidebar run of the whole table that refreshes answers older than `days` days: consent to buy
   * again those alone (docs/money-rule.md, the third exit), never an answer saved since.
   */
  | ({ kind: 'refresh'; who: Who; days: number; kill?: Kill } & Asks)
  /**
   * A sidebar reverse lookup of some rows of the emails sheet (fuzz-cast.ts: the work emails of
   * the contacts sheet's people, and an address nobody has): a profile per email found.
   */
  | { kind: 'reverse'; who: Who; rows: number[]; lookUpAgain: boolean; kill?: Kill }
  /**
   * The user's poll trigger fires (the clock jumps to it), maybe killed at a service call; `idle`:
   * an hour passed first (polls back off after errors: a trigger firing at once skips those jobs).
   */
  | { kind: 'poll'; who: Who; kill?: { at: (typeof KILL_POINTS)[number]; nth: number }; idle?: true }
  /** The open sidebar's poll (maybe killed: the tab closed). */
  | { kind: 'sidebar'; who: Who; kill?: Kill }
  /**
   * Per-cell formulas typed next to rows (of the emails sheet for `reverse`), as a formula dragged
   * down does, or (`array`) one formula of ranges spanning them, then Sheets recalculates (custom
   * functions never spend).
   */
  | { kind: 'formulas'; rows: number[]; asks?: FormulaAsks; array?: true }
  /** "Get them…": the formula requests' preview (of reverse lookups: `reverse`), confirmed. */
  | { kind: 'getThem'; who: Who; kill?: Kill; reverse?: true }
  /** Automatic formula results on (with a daily cap) or off. */
  | { kind: 'auto'; who: Who; on: boolean; cap: number }
  /** An hourly schedule of the contacts sheet with caps (of the emails sheet's reverse lookups: `reverse`), or none. */
  | ({ kind: 'schedule'; who: Who; on: boolean; perRun: number; perDay: number; reverse?: true } & Asks)
  /** Imports, by the id the provider's dashboard shows, the jobs the Jobs panel asks about (free). */
  | { kind: 'import'; who: Who }
  /** Sends an ambiguous job again, after its price was shown (consent). */
  | { kind: 'retry'; who: Who; kill?: Kill }
  | { kind: 'cancel'; who: Who }
  /** "Undo…" of one's newest ended run (its card may be stale): its cells put back, its answers kept. */
  | { kind: 'undo'; who: Who }
  | { kind: 'saveKey'; who: Who; key: (typeof SAVED_KEYS)[number] }
  /** Resumes the runs a refused key stopped (the page shows what it may cost). */
  | { kind: 'resume'; who: Who; kill?: Kill }
  | { kind: 'fault'; fault: (typeof FAULTS)[number] }
  | { kind: 'echo'; form: (typeof ECHOES)[number] }
  /** The provider finishes the jobs stuck so far. */
  | { kind: 'unstick' }
  | { kind: 'damage'; what: Damage }
  /** The workspace of `who` runs out of credits (balance 0 or a few), or is topped up. */
  | { kind: 'credits'; who: Who; balance: number }
  /**
   * A busy hour: `n` new contacts pasted and each run on its own, then polled: as many runs end at
   * once, and the registry prunes the oldest ended ones (it keeps 10).
   */
  | { kind: 'busy'; who: Who; n: number }
  /**
   * The provider revokes the key of `who` (a teammate rotating it in the dashboard: it answers 401,
   * its jobs go on and charge), or restores it: runs it started wait for a key that works.
   */
  | { kind: 'revoke'; who: Who; back: boolean }
  | ({ kind: 'sheet' } & SheetEdit)
  /** The clock jumps (hours), maybe into another day, and the document may change time zone. */
  | { kind: 'clock'; hours: number; zone?: string }
  /** Real time passes for the emulator's jobs. */
  | { kind: 'wait' }
  /** Ann sets her key's daily limit (user properties: it holds in both her documents). */
  | { kind: 'limit'; limit: number }
  /**
   * Ann in her second document (same key, other contacts): a run of every row, its poll trigger,
   * or an hourly schedule with caps: spending the key's limit counts across documents.
   */
  | { kind: 'elsewhere'; op: 'run' | 'poll' | 'schedule'; kill?: Kill };

const anyRows = fc.uniqueArray(fc.integer({ min: 0, max: ROWS - 1 }), { minLength: 1, maxLength: ROWS });
const ZONES = ['Etc/UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Paris', 'America/Los_Angeles'];
// Rare, as in life: each one is consent to pay again, and widens what paid-once allows.
const lookUpAgain = fc.integer({ min: 0, max: 5 }).map((n) => n === 0);
/**
 * The work email alone one time in two, as every path asked before (their paths stay as likely);
 * else one of FIELD_SETS: a second field of people bought before, or several at once.
 */
const asks: fc.Arbitrary<Asks> = fc.oneof(
  fc.constant({}),
  fc.constantFrom(...FIELD_SETS).map((fields) => ({ fields: [...fields] })),
);
/** A drawn record with what it asks. */
const asking = <T extends object>(record: fc.Arbitrary<T>): fc.Arbitrary<T & Asks> =>
  fc.tuple(record, asks).map(([drawn, fields]) => ({ ...drawn, ...fields }));
/** A formula's field: ENRICH_EMAIL one time in two, else another field's or REVERSE_EMAIL's. */
const formulaAsks = fc.oneof(
  fc.constant({}),
  fc.constantFrom<FormulaAsks>('personal_email', 'phone', 'reverse').map((asked) => ({ asks: asked })),
);

export const faultOf = (faults: readonly (typeof FAULTS)[number][]): fc.Arbitrary<Action> =>
  fc.record({ kind: fc.constant('fault' as const), fault: fc.constantFrom(...faults) });
export const damageOf = (damages: readonly Damage[]): fc.Arbitrary<Action> =>
  fc.record({ kind: fc.constant('damage' as const), what: fc.constantFrom(...damages) });

export type ActionTable = Record<Action['kind'], { weight: number; arbitrary: fc.Arbitrary<Action> }>;

/** Who acts, and where and how often executions are killed: all of them, or a swarm's few. */
interface Cast {
  people: readonly Who[];
  kills: readonly Kill['at'][];
  /** A start or sidebar call is killed one time in this many. */
  killOneIn: number;
  /** The rows runs and formulas pick from: a swarm's few, so that its purchases overlap. */
  focus?: readonly number[];
  /**
   * A case of hundreds of rows: pastes are blocks of 120 and standing orders' caps let a run of
   * them be two jobs (one may be lost while the other spends, a run may end twice).
   */
  large?: boolean;
}

/**
 * Every kind of action with its weight (what people do most weighs most), for `cast`. A case draws
 * from a random subset of these (swarm testing): leaving most kinds out lets the rest go deeper.
 */
export function actionKinds({ people, kills, killOneIn, focus, large }: Cast): ActionTable {
  const who = fc.constantFrom(...people);
  const rows = focus ? fc.shuffledSubarray([...focus], { minLength: 1 }) : anyRows;
  // A standing order switched on more often than off: off, what it started is all there is to test.
  const on = fc.constantFrom(true, true, true, false);
  const killAt = fc.record({ at: fc.constantFrom(...kills), nth: fc.integer({ min: 1, max: 3 }) });
  /** A record whose `kill` is drawn one time in `killOneIn`. */
  const maybeKilled = <T extends object>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
    fc
      .tuple(fc.record(fields), fc.integer({ min: 1, max: killOneIn }), killAt)
      .map(([record, n, kill]) => (n === 1 ? { ...record, kill } : record));
  return {
    run: {
      weight: 4,
      arbitrary: asking(maybeKilled({ kind: fc.constant('run' as const), who, rows, lookUpAgain })),
    },
    again: { weight: 2, arbitrary: asking(maybeKilled({ kind: fc.constant('again' as const), who })) },
    runAll: {
      weight: 2,
      arbitrary: asking(maybeKilled({ kind: fc.constant('runAll' as const), who, lookUpAgain })),
    },
    reverse: {
      weight: 2,
      arbitrary: maybeKilled({ kind: fc.constant('reverse' as const), who, rows, lookUpAgain }),
    },
    refresh: {
      weight: 1,
      // A day or two: a clock jump of a day (a third of them) leaves some answers older, some not.
      arbitrary: asking(
        maybeKilled({ kind: fc.constant('refresh' as const), who, days: fc.constantFrom(1, 2) }),
      ),
    },
    poll: {
      weight: 6,
      // Killed as often as a start (one time in `killOneIn`): a poll killed one time in two (an
      // optional key's odds) rarely finished what a path needs next (collect, end, give back).
      arbitrary: fc
        .tuple(maybeKilled({ kind: fc.constant('poll' as const), who }), fc.boolean())
        .map(([poll, idle]) => (idle ? { ...poll, idle: true as const } : poll)),
    },
    sidebar: { weight: 2, arbitrary: maybeKilled({ kind: fc.constant('sidebar' as const), who }) },
    formulas: {
      weight: 2,
      // One formula of ranges one time in four (its answers spill down the rows it spans).
      arbitrary: fc
        .tuple(fc.record({ kind: fc.constant('formulas' as const), rows }), formulaAsks, fc.nat({ max: 3 }))
        .map(([drawn, asked, n]) => ({ ...drawn, ...asked, ...(n === 0 ? { array: true as const } : {}) })),
    },
    getThem: {
      weight: 2,
      // The reverse queue one time in four (a run plans one kind of request at a time).
      arbitrary: fc
        .tuple(maybeKilled({ kind: fc.constant('getThem' as const), who }), fc.nat({ max: 3 }))
        .map(([drawn, n]) => (n === 0 ? { ...drawn, reverse: true as const } : drawn)),
    },
    auto: {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('auto' as const),
        who,
        on,
        // Small caps mostly: a cap that a run of the sheet cannot reach is never tested; 150 lets
        // a run of a pasted block be two jobs (one may be lost while the other spends).
        cap: large ? fc.constant(150) : fc.constantFrom(1, 2, 3, 5, 40, 150),
      }),
    },
    schedule: {
      weight: 1,
      // Caps in pairs (a run cap above the day cap is refused): small ones a run of the 8 rows
      // reaches, and caps a pasted block meets as a run of two jobs (150 and 300: drawn apart, 1
      // case in 36) or as a run of 90 that leaves the rest to the next day's. Of the emails sheet
      // (reverse lookups, which ask no fields) one time in four, as "Get them…".
      arbitrary: fc
        .tuple(
          asking(
            fc.record({
              kind: fc.constant('schedule' as const),
              who,
              on,
              caps: large
                ? fc.constantFrom([150, 300], [90, 300])
                : fc.constantFrom([1, 2], [2, 3], [3, 5], [5, 8], [60, 90], [90, 300], [150, 300]),
            }),
          ),
          fc.nat({ max: 3 }),
        )
        .map(
          ([
            {
              caps: [perRun, perDay],
              fields,
              ...order
            },
            n,
          ]) => ({
            ...order,
            perRun: perRun!,
            perDay: perDay!,
            ...(n === 0 ? { reverse: true as const } : fields ? { fields } : {}),
          }),
        ),
    },
    import: { weight: 2, arbitrary: fc.record({ kind: fc.constant('import' as const), who }) },
    retry: { weight: 1, arbitrary: maybeKilled({ kind: fc.constant('retry' as const), who }) },
    cancel: { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who }) },
    undo: { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const), who }) },
    saveKey: {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('saveKey' as const),
        who,
        key: fc.constantFrom(...SAVED_KEYS),
      }),
    },
    resume: { weight: 1, arbitrary: maybeKilled({ kind: fc.constant('resume' as const), who }) },
    fault: { weight: 2, arbitrary: faultOf(FAULTS) },
    echo: {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('echo' as const), form: fc.constantFrom(...ECHOES) }),
    },
    unstick: { weight: 1, arbitrary: fc.constant({ kind: 'unstick' as const }) },
    damage: { weight: 1, arbitrary: damageOf(DAMAGES) },
    credits: {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('credits' as const),
        who,
        balance: fc.constantFrom(0, 2, 5, 1_000_000),
      }),
    },
    busy: {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('busy' as const), who, n: fc.constantFrom(3, 11, 11) }),
    },
    revoke: {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('revoke' as const), who, back: fc.boolean() }),
    },
    sheet: {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('sheet' as const),
        op: fc.constantFrom('paste', 'paste', 'sort', 'insert', 'delete', 'type', 'protect'),
        at: fc.nat({ max: 999 }),
        // 120 rows are two jobs: more cost time in every execution that reads the sheet.
        n: large ? fc.constant(120) : fc.constantFrom(1, 30, 120),
      }),
    },
    clock: {
      weight: 2,
      arbitrary: fc.record(
        {
          kind: fc.constant('clock' as const),
          // A day or more one time in three: a stuck job given up on, a cap's next day.
          hours: fc.oneof(
            { weight: 2, arbitrary: fc.integer({ min: 1, max: 30 }) },
            fc.integer({ min: 24, max: 30 }),
          ),
          zone: fc.constantFrom(...ZONES),
        },
        { requiredKeys: ['kind', 'hours'] },
      ),
    },
    wait: { weight: 2, arbitrary: fc.constant({ kind: 'wait' as const }) },
    limit: {
      weight: 1,
      // Small limits mostly: 8 rows cost at most 8 credits, a pasted block more.
      arbitrary: fc.record({
        kind: fc.constant('limit' as const),
        limit: fc.constantFrom(1, 2, 3, 5, 10, 40),
      }),
    },
    elsewhere: {
      weight: 2,
      arbitrary: maybeKilled({
        kind: fc.constant('elsewhere' as const),
        op: fc.constantFrom('run' as const, 'run' as const, 'poll' as const, 'schedule' as const),
      }),
    },
  };
}

/** The whole cast: every person, every kill point, a start killed one time in four. */
export const ACTION_KINDS = actionKinds({ people: WHO, kills: KILL_POINTS, killOneIn: 4 });

/** One line per action, for the findings file and a failure's message. */
export function describeSequence(actions: readonly Action[]): string {
  return actions.map((action, index) => `${index + 1}. ${JSON.stringify(action)}`).join('\n');
}
