/**
 * The swarm's reach (issue 38: the fuzzer must find every seeded money bug by random search): the
 * paths the seeded bugs of scripts/mutants.json need must be drawn often enough to be met within
 * the 2,000 cases a seed allows. Counted on drawn sequences only (no world is run): cheap enough for CI.
 */
import fc from 'fast-check';
import type { Action } from '../../scripts/lib/fuzz-model';
import { sequenceArbitrary } from '../../scripts/lib/fuzz-swarm';
import { STORIES } from '../../scripts/lib/fuzz-stories';

// The three seeds the mutation check searches, 2,000 cases each as it does (one seed's sample alone
// moves with every change to a draw; 600 a seed, counts near the bar passed or failed by chance).
const SEEDS = [38001, 38002, 38003];
const CASES = 6000;
const drawn = SEEDS.flatMap((seed) =>
  fc.sample(sequenceArbitrary(40, [], true), { seed, numRuns: CASES / SEEDS.length }),
);

const buys = (action: Action) => action.kind === 'run' || action.kind === 'runAll' || action.kind === 'again';
const workspace = (action: Action) => ('who' in action && action.who === 'bob' ? 'B' : 'A');
const is =
  (kind: Action['kind']) =>
  (action: Action): boolean =>
    action.kind === kind;

/** Cases holding the steps `each` matches, in that order (other steps between them). */
function holding(...each: ((action: Action) => boolean)[]): number {
  return drawn.filter((steps) => {
    let next = 0;
    for (const step of steps) if (next < each.length && each[next]!(step)) next++;
    return next === each.length;
  }).length;
}

/** Cases where a job stuck at the provider meets a day of clock jumps and then a poll. */
function stuckForADay(): number {
  return drawn.filter((steps) => {
    let stuck = false;
    let hours = 0;
    return steps.some((step) => {
      if (step.kind === 'fault') stuck ||= step.fault === 'stuck';
      if (stuck && step.kind === 'clock') hours += step.hours;
      return stuck && hours >= 24 && step.kind === 'poll';
    });
  }).length;
}

/** Cases where one workspace buys the same people twice with damage between, before a poll of it. */
function boughtAgainAfterDamage(): number {
  return drawn.filter((steps) =>
    steps.some((first, i) => {
      if (!buys(first)) return false;
      const damaged = steps.findIndex((step, j) => j > i && step.kind === 'damage');
      if (damaged < 0) return false;
      for (const step of steps.slice(damaged + 1)) {
        if (step.kind === 'poll' && workspace(step) === workspace(first)) return false;
        if (buys(step) && workspace(step) === workspace(first)) return true;
      }
      return false;
    }),
  ).length;
}

describe('the swarm fuzzer draws the paths seeded money bugs need', () => {
  it('reaches each path in at least 1 case of 300 (2,000 cases of a seed meet it about 7 times)', () => {
    const reach = {
      stuckForADay: stuckForADay(),
      threeRefusedPolls: holding(
        buys,
        (a) => a.kind === 'fault' && a.fault === '403',
        is('poll'),
        is('poll'),
        is('poll'),
      ),
      scheduleRunTwice: holding(is('schedule'), is('poll'), is('clock'), is('poll')),
      automaticFormulas: holding(is('auto'), is('formulas'), is('poll')),
      zoneChangeUnderAutoCap: holding(
        is('auto'),
        is('formulas'),
        (a) => a.kind === 'clock' && !!a.zone,
        is('poll'),
      ),
      boughtAgainAfterDamage: boughtAgainAfterDamage(),
      // A run stopped by a revoked key while a teammate buys the same people.
      keyRevokedThenTeammateBuys: holding(
        buys,
        (a) => a.kind === 'revoke' && !a.back,
        is('poll'),
        (a) => buys(a) && workspace(a) === 'A',
      ),
      // A job's record and list both lost, its run ended, its people bought again.
      jobAndListLostThenBought: holding(
        buys,
        (a) => a.kind === 'damage' && a.what === 'jobAndList',
        is('poll'),
        buys,
      ),
      // Polls refused, forced ones too, an hour apart: results never come.
      refusedPollsAnHourApart: holding(
        buys,
        (a) => a.kind === 'fault' && a.fault === 'refused',
        (a) => a.kind === 'poll' && !!a.idle,
        (a) => a.kind === 'poll' && !!a.idle,
        (a) => a.kind === 'poll' && !!a.idle,
      ),
      // Ended runs pile up past the 10 kept after a damaged formula run.
      prunedAfterDamage: holding(
        is('getThem'),
        is('damage'),
        (a) => a.kind === 'busy' && a.n > 10,
        is('getThem'),
      ),
      // A start lost after a first purchase, a row of it deleted or typed over, then its retry
      // (split-forgets-lost-start, fuzz finding 46).
      lostStartRowGoneThenRetried: holding(
        (a) => a.kind === 'fault' && a.fault === 'lost',
        buys,
        buys,
        (a) => a.kind === 'sheet' && (a.op === 'delete' || a.op === 'type'),
        is('retry'),
      ),
      // A standing order's run loses its record while it works.
      standingOrderDamaged: holding(is('schedule'), is('poll'), is('damage'), is('poll')),
      // A job that may have charged (its results refused, stuck or its start lost) loses its record
      // and list before anyone settled it; its people are bought again (unfetched-status-sends).
      maybeChargedJobLostThenBought: holding(
        buys,
        (a) => a.kind === 'fault' && ['refused', 'stuck', 'lost'].includes(a.fault),
        is('poll'),
        is('poll'),
        (a) => a.kind === 'damage' && a.what === 'jobAndList',
        buys,
      ),
      // A standing order's run of two jobs over a pasted block loses a start, then an import
      // (released-twice).
      standingRunOfTwoJobsImported: holding(
        (a) => a.kind === 'sheet' && a.op === 'paste' && a.n === 120,
        (a) => a.kind === 'schedule' && a.on && a.perRun > 100 && a.perDay > 100,
        (a) => a.kind === 'fault' && a.fault === 'lost',
        is('poll'),
        is('poll'),
        is('import'),
      ),
      // A standing order's start lost one day, imported the next after it was saved again
      // (release-ignores-reset).
      standingStartImportedNextDay: holding(
        (a) => a.kind === 'schedule' && a.on,
        (a) => a.kind === 'fault' && a.fault === 'lost',
        is('poll'),
        (a) => a.kind === 'clock' && a.hours >= 24,
        (a) => a.kind === 'schedule' && a.on,
        is('poll'),
        is('import'),
      ),
      // A formula run loses its job's record and list; its people are bought again
      // (formula-hold-wrong-side).
      formulaJobLostThenBought: holding(
        is('formulas'),
        is('getThem'),
        (a) => a.kind === 'damage' && a.what === 'jobAndList',
        is('poll'),
        buys,
      ),
      // Ledger damage met by a clock jump past the cache (6 hours) before a purchase.
      ledgerDamagePastTheCache: holding(
        (a) => a.kind === 'damage' && a.what.startsWith('ledger'),
        (a) => a.kind === 'clock' && a.hours >= 6,
        buys,
      ),
      // Another field of people bought before (issue 48: every path asked the work email alone).
      secondFieldOfTheSamePeople: holding(
        (a) => buys(a) && !a.fields,
        (a) => buys(a) && !!a.fields?.some((field) => field !== 'work_email'),
      ),
      // A look up again asking several fields, then another purchase of some of them.
      severalFieldsLookedUpAgain: holding(
        (a) => (a.kind === 'run' || a.kind === 'runAll') && a.lookUpAgain && (a.fields?.length ?? 0) > 1,
        buys,
      ),
      // Emails looked up, damage, looked up again (from the sidebar or a formula's "Get them…").
      reverseBoughtAgainAfterDamage: holding(
        (a) => a.kind === 'reverse' || (a.kind === 'formulas' && a.asks === 'reverse'),
        is('damage'),
        (a) => a.kind === 'reverse' || (a.kind === 'getThem' && !!a.reverse),
      ),
      // A lost start retried while 429s keep its resend back, its list lost, its people bought by
      // a formula run (retried-lost-start-never-sent).
      retriedLostStartListLostThenFormulas: holding(
        (a) => a.kind === 'fault' && a.fault === 'lost',
        buys,
        (a) => a.kind === 'fault' && a.fault === '429',
        is('retry'),
        (a) => a.kind === 'damage' && a.what === 'jobSheet',
        is('formulas'),
        is('getThem'),
      ),
      // Ann protects the output columns, then a teammate's start is refused (refused-start-registers).
      protectedThenTeammateBuys: holding(
        (a) => a.kind === 'sheet' && a.op === 'protect',
        (a) => buys(a) && 'who' in a && a.who !== 'ann',
      ),
      // Answers bought a day apart, then a refresh of those older than a day
      // (refresh-buys-fresh-answers).
      boughtADayApartThenRefreshed: holding(
        buys,
        is('poll'),
        (a) => a.kind === 'clock' && a.hours >= 24,
        buys,
        is('poll'),
        is('refresh'),
      ),
      // A standing order's job stuck a day, retried the next day once jobs run again
      // (retry-price-skips-early-twice).
      standingJobStuckRetriedNextDay: holding(
        (a) => a.kind === 'fault' && a.fault === 'stuck',
        (a) => a.kind === 'schedule' && a.on,
        is('poll'),
        (a) => a.kind === 'clock' && a.hours >= 24,
        is('poll'),
        (a) => a.kind === 'fault' && a.fault === 'none',
        is('retry'),
      ),
      // A key's daily limit, then a lost start retried: the retry's price on the key's count
      // (retry-not-on-key-limit).
      limitThenRetriedLostStart: holding(
        is('limit'),
        (a) => a.kind === 'fault' && a.fault === 'lost',
        buys,
        is('retry'),
      ),
      // A phone formula's request bought by "Get them…".
      phoneFormulaBought: holding((a) => a.kind === 'formulas' && a.asks === 'phone', is('getThem')),
      // A lost start, its list garbled, its run undone, its people bought again (undo-frees-unread-job-rows).
      undoneAfterALostList: holding(
        (a) => a.kind === 'fault' && a.fault === 'lost',
        buys,
        is('poll'),
        (a) => a.kind === 'damage' && (a.what === 'jobSheet' || a.what === 'jobAndList'),
        is('undo'),
        buys,
      ),
      // A start lost by a kill as it leaves (its own UrlFetchApp.fetch since stop 71), its run record
      // lost, a run of its rows (findings 50, 51; preview-holds-unexplained): a story step named
      // with a call is killed there.
      lostStartRunlessPreview: holding(
        (a) => buys(a) && 'kill' in a && a.kill?.at === 'UrlFetchApp.fetch',
        (a) => a.kind === 'damage' && a.what === 'runRecord',
        is('run'),
      ),
      // A start of two fields lost as it leaves, imported by its id, its record damaged, then a
      // Retry (stop 69, seed 68001; retry-resends-every-field).
      lostTwoFieldStartImportedThenDamaged: holding(
        (a) => buys(a) && 'kill' in a && a.kill?.at === 'UrlFetchApp.fetch' && (a.fields?.length ?? 0) > 1,
        is('import'),
        (a) => a.kind === 'damage' && (a.what === 'jobRecord' || a.what === 'jobAndList'),
        (a) => is('retry')(a) || is('poll')(a),
      ),
      // The ledger deleted, a schedule of other fields saved again past it (stop 62).
      scheduleSavedPastADeletedLedger: holding(
        buys,
        is('schedule'),
        (a) => a.kind === 'damage' && a.what === 'ledgerDelete',
        is('schedule'),
        is('poll'),
      ),
    };
    for (const [path, cases] of Object.entries(reach))
      expect({ path, enough: cases >= CASES / 300 }).toEqual({ path, enough: true });
  });

  it("draws one story alone (--story N): every case holds that story's steps in order", () => {
    // The stop 62 story of a lost start whose run record is lost (fuzz-stories.ts), 1-based.
    const story = STORIES.findIndex((steps) => steps[0]!.includes('again!UrlFetchApp.fetch')) + 1;
    expect(story).toBeGreaterThan(0);
    const alone = fc.sample(sequenceArbitrary(40, [], true, story), { seed: 1, numRuns: 50 });
    const told = alone.filter((steps) => {
      const killed = steps.findIndex((a) => buys(a) && 'kill' in a && a.kill?.at === 'UrlFetchApp.fetch');
      return killed >= 0 && steps.slice(killed).some((a) => a.kind === 'damage');
    });
    // A step is skipped one time in eight: nearly every case holds both.
    expect(told.length).toBeGreaterThan(35);
    expect(() => sequenceArbitrary(40, [], true, STORIES.length + 1)).toThrow(/no story/);
  });

  it("draws a teammate's steps (@other): two people of one workspace save the same spare key", () => {
    const story = STORIES.findIndex((steps) => steps.some((names) => names[0] === '@other')) + 1;
    expect(story).toBeGreaterThan(0);
    const alone = fc.sample(sequenceArbitrary(40, [], true, story), { seed: 1, numRuns: 50 });
    const savers = (steps: Action[]) =>
      steps.flatMap((a) => (a.kind === 'saveKey' && a.key === 'sameWorkspace' ? [a.who] : []));
    const shared = alone.filter((steps) => {
      const who = savers(steps);
      return who.includes('ann') && who.includes('carol');
    });
    // Each step is skipped one time in eight, and Bob, who has no teammate, tells one case in three.
    expect(shared.length).toBeGreaterThan(20);
  });

  it('draws long cases: 40 steps at most, about 20 on average', () => {
    const mean = drawn.reduce((sum, steps) => sum + steps.length, 0) / CASES;
    expect(mean).toBeGreaterThan(15);
  });
});
