/**
 * Swarm testing (issue 38): each fuzz case draws from a random subset of the kinds of action of
 * fuzz-model.ts (its themes), of the damages, faults, people, kill points and rows, so that a case
 * goes deep into what the subset reaches. fast-check replays a case from its seed and path.
 */
import fc from 'fast-check';
import { FIELDS_EMAIL } from './fuzz-cast';
import { STORIES } from './fuzz-stories';
import {
  ACTION_KINDS,
  actionKinds,
  DAMAGES,
  FAULTS,
  KILL_POINTS,
  ROWS,
  WHO,
  damageOf,
  faultOf,
  type Action,
  type ActionTable,
  type Damage,
  type Kill,
  type Who,
} from './fuzz-model';

/**
 * Drawn in every swarm: without a run nothing is spent, and without a second purchase of the same
 * people no hold is tested. Polls are drawn one case in two like the rest: a case without them keeps
 * its jobs in flight until settling, where a second purchase of the same people meets every hold.
 */
const ALWAYS: readonly Action['kind'][] = ['run', 'again'];

/** One action of the given kinds (all when none is given). */
export function actionArbitrary(
  kinds: readonly Action['kind'][] = [],
  table: ActionTable = ACTION_KINDS,
): fc.Arbitrary<Action> {
  const chosen = Object.entries(table).filter(
    ([kind]) => kinds.length === 0 || kinds.includes(kind as Action['kind']),
  );
  return fc.oneof(...chosen.map(([, entry]) => entry));
}

/** An action's variant, the part after "kind:" in its names; '' for none. */
function variantOf(action: Action): string {
  if ('what' in action) return action.what;
  if ('fault' in action) return action.fault;
  if ('form' in action) return action.form;
  if ('op' in action) return action.op;
  if ('key' in action) return action.key;
  if (action.kind === 'formulas') return action.asks ?? 'work_email';
  if (action.kind === 'auto') return action.on ? 'on' : 'off';
  if (action.kind === 'getThem') return action.reverse ? 'reverse' : 'enrich';
  const buys = action.kind === 'run' || action.kind === 'runAll' || action.kind === 'again';
  if (buys || (action.kind === 'schedule' && action.on && !action.reverse))
    return (action.fields ?? FIELDS_EMAIL).join('+');
  return '';
}

/**
 * "kind" or "kind:variant" (damage:runRecord, fault:lost, sheet:sort, formulas:phone, saveKey:typo,
 * auto:on, getThem:reverse, a purchase's or a schedule's fields as again:phone or run:work_email+phone, a
 * "look up again" as run:phone:again, each with "!" when killed: retry!…): an action's names, for
 * --without and a story's steps.
 */
export function actionNames(action: Action): string[] {
  const variant = variantOf(action);
  const names = variant ? [action.kind, `${action.kind}:${variant}`] : [action.kind];
  if ('lookUpAgain' in action && action.lookUpAgain) names.push(`${names.at(-1)!}:again`);
  return 'kill' in action && action.kill ? [...names, ...names.map((name) => `${name}!`)] : names;
}

/**
 * What a swarm case is about: kinds of action that only matter together (a fault and the polls and
 * clock jumps that meet it; a standing order and the polls that run it; damage and what collects
 * or imports past it). A case draws one or two themes and a few kinds of any theme: a subset of
 * single kinds, each drawn alone, made the 3- and 4-kind paths the seeded bugs need about one case
 * in a thousand.
 */
const THEMES: readonly (readonly Action['kind'][])[] = [
  ['fault', 'poll', 'clock', 'unstick', 'import', 'retry', 'sidebar', 'wait', 'reverse', 'refresh'],
  // Clock jumps too: the ledger's answers stay in the cache 6 hours, and only past them does a plan
  // read the damaged sheet.
  ['damage', 'poll', 'import', 'sidebar', 'cancel', 'undo', 'wait', 'clock', 'reverse'],
  ['schedule', 'auto', 'formulas', 'getThem', 'poll', 'clock', 'fault', 'retry', 'import'],
  ['saveKey', 'revoke', 'credits', 'resume', 'limit', 'elsewhere', 'poll', 'clock', 'refresh'],
  // Standing orders that lose a start or a record, over a pasted block (a capped run of two jobs).
  ['schedule', 'auto', 'formulas', 'sheet', 'poll', 'fault', 'damage', 'import', 'retry', 'wait'],
  ['sheet', 'formulas', 'getThem', 'runAll', 'damage', 'poll', 'busy', 'clock'],
  ['echo', 'saveKey', 'fault', 'sidebar', 'poll'],
  // A job that may have charged (stuck a day, its start lost, its results refused) whose record or
  // list is lost before anyone settled it: only its rows' words are left to hold its people.
  ['fault', 'clock', 'poll', 'damage', 'import', 'unstick', 'wait', 'undo'],
  // A standing order's runs over days: a start lost, settled by an import on a later day, the
  // order saved again; over a pasted block, a run of two jobs.
  ['schedule', 'sheet', 'fault', 'poll', 'clock', 'import', 'retry', 'wait'],
  // A formula run (or the automatic mode's) that loses its job's record or list, its people bought
  // again from the sidebar or by the next "Get them…".
  ['formulas', 'getThem', 'auto', 'damage', 'poll', 'wait', 'reverse'],
  // Rows that show answers a damaged ledger no longer holds (past the cache's 6 hours: clock jumps),
  // and everything else that buys or writes them: formulas of several fields (the automatic mode's
  // or "Get them…"), a standing order, an Undo, a sort: what four survivors of stop 67 need. Runs
  // pile up past the ten kept (busy): the shown-rows rule reads the rows of the runs kept.
  ['damage', 'clock', 'formulas', 'auto', 'getThem', 'schedule', 'undo', 'sheet', 'poll', 'busy'],
  // Standing orders (a schedule, the automatic mode) and the keys that pay them: a payer saves
  // another key (a typo, the workspace's spare), a teammate takes the order over, one person's other
  // document spends on the same key, days pass. No theme drew schedules and saved keys together.
  ['schedule', 'auto', 'formulas', 'saveKey', 'elsewhere', 'limit', 'poll', 'clock'],
  // Running out of credits among lost starts and damaged records: a job's "out of credits" written
  // over the rows another record holds, an import or a Retry of what a damaged list carried, a
  // top-up after. Credits were drawn only beside key changes, never beside damage or imports.
  ['credits', 'damage', 'fault', 'import', 'retry', 'poll', 'clock', 'wait'],
];

/** The kind a story's step names ("retry!", "run:phone:again": retry, run). */
const kindOf = (name: string) => name.replace(/[:!].*/, '') as Action['kind'];

/**
 * A step killed at a given call ("again!UrlFetchApp.fetchAll", its first; "…#2" its second): the
 * call, drawn for any case (a case's own kill points may lack it), and the step's name without it.
 */
function killNamed(name: string): { base: string; kill: Kill } | undefined {
  const [, base, at, nth] = /^([^!]+)!([A-Za-z.]+)(?:#(\d))?$/.exec(name) ?? [];
  if (!base || !(KILL_POINTS as readonly string[]).includes(at!)) return undefined;
  return { base, kill: { at: at as Kill['at'], nth: Number(nth ?? 1) } };
}

/**
 * A story's step: one of its kinds, or of its variants ("fault:stuck", "damage:jobAndList",
 * "sheet:paste"): a fault or damage the case's own subset may lack, another kind's as drawn.
 */
function stepArbitrary(names: readonly string[], table: ActionTable): fc.Arbitrary<Action> {
  const variants = (kind: string) =>
    names.filter((name) => name.startsWith(`${kind}:`)).map((name) => name.slice(kind.length + 1));
  const faults = variants('fault') as (typeof FAULTS)[number][];
  const damages = variants('damage') as Damage[];
  const others = names.filter((name) => !/^(fault|damage):/.test(name) && !killNamed(name));
  const kinds = others.map(kindOf);
  const drawn = actionArbitrary(kinds, table).filter((action) =>
    others.some((name) => actionNames(action).includes(name)),
  );
  const killed = names.flatMap((name) => {
    const named = killNamed(name);
    if (!named) return [];
    const step = actionArbitrary([kindOf(name)], table).filter((action) =>
      actionNames(action).includes(named.base),
    );
    return [step.map((action) => ({ ...action, kill: named.kill }) as Action)];
  });
  return fc.oneof(
    ...(kinds.length ? [drawn] : []),
    ...killed,
    ...(faults.length ? [faultOf(faults)] : []),
    ...(damages.length ? [damageOf(damages)] : []),
  );
}

/** A story's step taken by the teller's teammate: "@other" first among its names. */
const OTHER = '@other';
/** The teller's teammate, of the same workspace where there is one (Bob has none: Ann). */
const TEAMMATE: Record<Who, Who> = { ann: 'carol', carol: 'ann', bob: 'ann' };

/** A story's steps in order, each after 0 to 2 steps drawn from `filler`. */
function storyArbitrary(
  story: readonly (readonly string[])[],
  table: ActionTable,
  filler: fc.Arbitrary<Action>,
): fc.Arbitrary<Action[]> {
  const steps = story.map((names) => {
    const other = names[0] === OTHER;
    return fc.tuple(fc.constantFrom(1, 1, 1, 1, 1, 1, 2, 0), fc.nat({ max: 2 })).chain(([times, before]) =>
      fc.tuple(
        fc.array(filler, { minLength: before, maxLength: before }),
        fc.array(stepArbitrary(other ? names.slice(1) : names, table), {
          minLength: times,
          maxLength: times,
        }),
        fc.constant(other),
      ),
    );
  });
  return fc.tuple(...steps).map((parts) => {
    // The story's own steps are one person's (its teammate's where a step says so): its first
    // step's who has one.
    const teller = parts.flatMap(([, own, other]) => (other ? [] : own)).find((action) => 'who' in action);
    const as = (action: Action, other: boolean): Action =>
      teller && 'who' in teller && 'who' in action
        ? { ...action, who: other ? TEAMMATE[teller.who] : teller.who }
        : action;
    return parts.flatMap(([filler, own, other]) => [...filler, ...own.map((action) => as(action, other))]);
  });
}

/**
 * A sequence of actions: what one test case does, shrunk by fast-check when it fails. `without`
 * leaves some actions out (a long search past a finding already known; CI runs them all). With
 * `swarm`, each case first draws which kinds of action it may use (up to 10, besides runs and
 * `again`), and which damages, faults, people, kill points and rows, so that a case of 12 steps
 * can be 12 steps of damage, kills and purchases of the same people.
 */
export function sequenceArbitrary(
  maxLength: number,
  without: readonly string[] = [],
  swarm = false,
  /** Swarm cases of this story alone (1-based in fuzz-stories.ts): a story's power, measured. */
  story?: number,
): fc.Arbitrary<Action[]> {
  if (story !== undefined && !STORIES[story - 1])
    throw new Error(`There is no story ${story}: fuzz-stories.ts has ${STORIES.length}.`);
  const drop = (arbitrary: fc.Arbitrary<Action>) =>
    without.length
      ? arbitrary.filter((drawn) => !actionNames(drawn).some((name) => without.includes(name)))
      : arbitrary;
  if (!swarm) return fc.array(drop(actionArbitrary()), { minLength: 1, maxLength });
  const optional = (Object.keys(ACTION_KINDS) as Action['kind'][]).filter(
    (kind) => !ALWAYS.includes(kind) && !without.includes(kind),
  );
  // The damages, faults, people and kill points a case may use are drawn the same way: a case that
  // damages one store damages it more often, where its holds and their exceptions meet; a case of
  // one workspace's people buys the same people twice more often; a case that kills at one call,
  // often, kills there. Its runs pick from a few rows (`focus`), so that they buy the same people
  // again, and one or two of its kinds weigh four times their weight (`heavy`): a case of damage and
  // runs, or of clock jumps and caps, reaches what each needs several times over.
  const drawn = fc.record({
    themes: fc.subarray([...THEMES], { minLength: 1, maxLength: 2 }),
    extra: fc.subarray(optional, { maxLength: 3 }),
    damages: fc.subarray([...DAMAGES], { minLength: 1, maxLength: 2 }),
    faults: fc.subarray([...FAULTS], { minLength: 1, maxLength: 2 }),
    people: fc.subarray([...WHO], { minLength: 1 }),
    kills: fc.subarray([...KILL_POINTS], { minLength: 1 }),
    killOneIn: fc.constantFrom(2, 4, 8),
    focus: fc.uniqueArray(fc.integer({ min: 0, max: ROWS - 1 }), { minLength: 1, maxLength: 3 }),
    story:
      story === undefined
        ? fc.oneof(fc.constant(undefined), fc.constantFrom(...STORIES))
        : fc.constant(STORIES[story - 1]),
    large: fc.constantFrom(false, false, true),
  });
  return drawn.chain(({ themes, extra, damages, faults, people, story, large, ...cast }) => {
    const told = story?.flat().map(kindOf);
    const kinds = [...new Set([...(told ?? themes.flat()), ...extra])].filter((kind) =>
      optional.includes(kind),
    );
    // A key limit binds Ann's runs in both her documents: without two of them it is never tested.
    const limited = kinds.includes('limit');
    const chosen = [
      ...ALWAYS,
      ...kinds,
      ...(limited && !kinds.includes('elsewhere') ? ['elsewhere' as const] : []),
    ];
    const table: ActionTable = {
      ...actionKinds({
        ...cast,
        people: limited && !people.includes('ann') ? [...people, 'ann'] : people,
        // A story that pastes a block is one of hundreds of rows.
        large: large || !!story?.some((step) => step.includes('sheet:paste')),
      }),
      damage: { weight: 2, arbitrary: damageOf(damages) },
      fault: { weight: 2, arbitrary: faultOf(faults) },
    };
    // Every length up to the longest equally (fast-check's default size keeps most cases short).
    return fc.subarray(kinds, { maxLength: 2 }).chain((heavy) => {
      const weighted = { ...table };
      for (const kind of heavy) weighted[kind] = { ...table[kind], weight: table[kind].weight * 4 };
      if (story)
        // A story's own steps are one person's (a retry, an import, a cancel act on one's own runs:
        // drawn apart, a retry was a teammate's one time in two and did nothing); its other steps
        // anyone's. Whose: the person of its first step that has one, so that every other draw of
        // a seed stays as it was.
        return storyArbitrary(story, table, drop(actionArbitrary(chosen, weighted))).map((actions) =>
          actions.slice(0, maxLength),
        );
      return fc.array(drop(actionArbitrary(chosen, weighted)), {
        minLength: 1,
        maxLength,
        size: 'max',
      });
    });
  });
}
