/**
 * The fuzzer's cast (fuzz-world.ts): who holds which key of which workspace, and what a person
 * may save in Settings by mistake or on purpose.
 */
import { sampleContacts } from '../../dev/emulator/sample';
import { seededRandom } from '../../dev/gas/cache';
import { spawnEmulator, type SpawnedEmulator } from '../../dev/emulator/spawn';
import { ROWS, type Who } from './fuzz-model';

/** Every key of the world; the extra ones are what a user may save by mistake or on purpose. */
export const KEYS = {
  ann: 'sk_fuzz_Ann_7f3a9c0d1e2b4a6c8e0f',
  carol: 'sk_fuzz_Carol_0a1b2c3d4e5f6071',
  bob: 'sk_fuzz_Bob_9e8d7c6b5a4f3e2d1c0b',
  /** Another key of Ann and Carol's workspace. */
  a2: 'sk_fuzz_A2_5566778899aabbccddee',
  /** Another key of Bob's workspace. */
  b2: 'sk_fuzz_B2_ffeeddccbbaa99887766',
  typo: 'sk_fuzz_Typo_1234567890abcdef12',
} as const;
export const WORKSPACES = { ws_a: [KEYS.ann, KEYS.carol, KEYS.a2], ws_b: [KEYS.bob, KEYS.b2] };
export const EMAIL: Record<Who, string> = { ann: 'ann@a.test', carol: 'carol@a.test', bob: 'bob@b.test' };

/** Rows of the contacts sheet as a selection of every data row. */
export const everyRow = (): number[] => Array.from({ length: ROWS }, (_, index) => index);

export function savedKey(who: Who, choice: 'own' | 'sameWorkspace' | 'otherWorkspace' | 'typo'): string {
  const inA = who !== 'bob';
  return {
    own: KEYS[who],
    sameWorkspace: inA ? KEYS.a2 : KEYS.b2,
    otherWorkspace: inA ? KEYS.b2 : KEYS.a2,
    typo: KEYS.typo,
  }[choice];
}

/** The seed of the emulator's world: the contacts are sampled from that same world, so it knows them. */
export const WORLD_SEED = 5;
/** The emulator's whole job, in real time: some polls see it running, a short wait sees it done. */
export const JOB_MS = 40;

/**
 * Where every case's clocks start (the add-on's at a time of that day its randSeed draws): the
 * emulator's stands still there after each reset, and both move only when the case moves them.
 */
export const FUZZ_EPOCH = Date.UTC(2026, 10, 29);

/**
 * A case's own draws from its randSeed (apart from the add-on's Math.random): the moment its add-on
 * clock starts at, and the time each step takes. Both clocks stand still (a replay meets the same
 * times), so each step moves them 1 to JOB_MS ms, as a person's and the machine's pace did: a poll
 * finds a job of the step before anywhere from not begun to done. Never 0: the books date what a
 * step does by its start (`stepStartedAt`, a limit's `since`), after all the steps before did
 * (findings 55, 56: a run of the step before in the same millisecond).
 */
export function caseDraws(randSeed: number): { start: number; stepMs: () => number } {
  const random = seededRandom(randSeed ^ 0x9e3779b9);
  return {
    start: FUZZ_EPOCH + Math.floor(random() * 24 * 3_600_000),
    stepMs: () => (random() < 0.5 ? 1 : Math.ceil(random() * JOB_MS)),
  };
}

/** One emulator for the process (spawning costs a second), reset before each case. */
export function startFuzzEmulator(): Promise<SpawnedEmulator> {
  return spawnEmulator({
    clockAt: FUZZ_EPOCH,
    jobMs: JOB_MS,
    rateLimit: 0,
    credits: 1_000_000,
    seed: WORLD_SEED,
    workspaces: WORKSPACES,
  });
}
const HEADER = ['First name', 'Last name', 'Company', 'Website'];

let sheetRows: string[][] | undefined;
let otherRows: string[][] | undefined;
/** Where the second document's contacts start in the world's sample: after every pasted block's (fuzz-sheet.ts). */
const OTHER_FROM = 600;

/** Ann's second document's contacts: people none of the first document's rows or pastes names. */
export function otherContactRows(): string[][] {
  otherRows ??= [
    HEADER,
    ...sampleContacts(WORLD_SEED, OTHER_FROM + ROWS, { unknownShare: 0.1 })
      .slice(OTHER_FROM)
      .map((c) => [c.firstName, c.lastName, c.companyName, c.domain]),
  ];
  return otherRows.map((row) => [...row]);
}

/** The sheet every case starts from; the same each time, so drawn once (generating the world's
 * people took 30 ms of each case). */
export function contactRows(): string[][] {
  sheetRows ??= [
    HEADER,
    ...sampleContacts(WORLD_SEED, ROWS, { unknownShare: 0.1 }).map((c) => [
      c.firstName,
      c.lastName,
      c.companyName,
      c.domain,
    ]),
  ];
  return sheetRows.map((row) => [...row]);
}

let emailRowsDrawn: string[][] | undefined;
/**
 * The emails sheet of reverse lookups: the work email of each contacts row's person (a row of
 * this sheet is a row of that one), an address nobody has for a person the world does not know.
 */
export function emailRows(): string[][] {
  emailRowsDrawn ??= [
    ['Email'],
    ...sampleContacts(WORLD_SEED, ROWS, { unknownShare: 0.1 }).map((c, index) => [
      c.workEmail || `nobody.${index}@nowhere.test`,
    ]),
  ];
  return emailRowsDrawn.map((row) => [...row]);
}

/** The sheets every case uses: contacts (enrichment) and emails (reverse lookups). */
export const SHEET = 'Contacts';
export const EMAILS_SHEET = 'Emails';
/** What a purchase that draws no fields asks: the work email, as every path did before. */
export const FIELDS_EMAIL = ['work_email'] as const;
/**
 * The formulas' column, whatever they ask (a formula of another field replaces one there, as a
 * person retyping it): columns of their own (X, Y) took the cells of output columns the add-on
 * had placed after the first one (its block goes after the last used column).
 */
export const FORMULA_COLUMN = 'Z';
/** The payer name of the second document's schedule (its caps are its own). */
export const ELSEWHERE = 'ann@second';
export const HOUR = 3_600_000;

/** The workspace a key belongs to. */
export const workspaceOf = (key: string): string =>
  Object.entries(WORKSPACES).find(([, keys]) => (keys as readonly string[]).includes(key))![0];

/** An entry point's failure that is no message for a person: an internal error escaped. */
export const CRASH =
  /TypeError|ReferenceError|RangeError|SyntaxError|is not a function|Cannot read prop|is not defined/;
