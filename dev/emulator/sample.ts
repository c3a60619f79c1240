/**
 * sampleContacts: people the world of a seed knows (and a few it does not), for demo sheets, tests
 * and the benchmark. Known ones are findable by name + domain (no namesake at the same company).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateWorld, type WorldSize } from './world';
import { createRandom, streamSeed } from './world/random';

export interface SampleContact {
  firstName: string;
  lastName: string;
  companyName: string;
  domain: string;
  /** Empty for unknown people. */
  networkUrl: string;
  /** The most probable work email; empty when the world has none (or the person is unknown). */
  workEmail: string;
  personalEmail: string;
  /** Whether the emulator will find this person. */
  known: boolean;
}

export interface SampleOptions {
  /** Share of contacts the world does not know, 0..1. Default 0.1. */
  unknownShare?: number;
  /** Only people with a work email (for reverse lookups). Default false. */
  withWorkEmail?: boolean;
  /** Must match the emulator's worldSize when it is not the default. */
  worldSize?: WorldSize;
}

const UNKNOWN_NAMES = [
  ['Zéphyrin', 'Nobody'],
  ['Ursula', 'Nowhere'],
  ['Quentin', 'Nonexistent'],
  ['Ingrid', 'Inconnue'],
] as const;

/**
 * The same as drawContacts, read from a file when an earlier process drew the same sample with the
 * same code. Drawing needs the whole world of 50,000 people and its lookup indices: about 0.3 s of
 * CPU in each jest file that asks for contacts, the largest cost the test files shared (issue 31,
 * docs/testing.md). The file's name is a hash of the seed, the options, the tier, Node's version and
 * the text of this file and of world/, so that any change to how contacts are drawn draws them again.
 *
 * A draw takes its contacts one after another from one random stream, so the first `count` are the
 * same whatever the count: a file holds a whole tier (the first 1,000 contacts, or 10,000...) and
 * every sample up to that size is its head. Kept by exact count, a clean clone (CI) drew again in
 * nearly every file, 82 samples of a run, each asking for its own count.
 */
export function sampleContacts(seed: number, count: number, options: SampleOptions = {}): SampleContact[] {
  let tier = TIER;
  while (tier < count) tier *= 10;
  let file: string | undefined;
  try {
    file = join(CACHE, `${sampleKey(seed, tier, options)}.json`);
    return (JSON.parse(readFileSync(file, 'utf8')) as SampleContact[]).slice(0, count);
  } catch {
    // Not drawn yet (or no file to read): draw it.
  }
  const contacts = drawContacts(seed, tier, options);
  if (file) {
    try {
      mkdirSync(CACHE, { recursive: true });
      // Written aside and renamed in, so that another process never reads half a file.
      const aside = `${file}.${process.pid}`;
      writeFileSync(aside, JSON.stringify(contacts));
      renameSync(aside, file);
    } catch {
      // A read-only checkout still gets its contacts, drawn each time.
    }
  }
  return contacts.slice(0, count);
}

/** The smallest sample a file holds: drawing 1,000 contacts costs little more than drawing 30 (the world is most of it). */
const TIER = 1_000;

/** Git-ignored, beside the bundles of scripts/lib/node-bundle.ts. */
const CACHE = resolve(__dirname, '../../.cache/samples');

let codeHash: string | undefined;

function sampleKey(seed: number, tier: number, options: SampleOptions): string {
  if (codeHash === undefined) {
    const world = join(__dirname, 'world');
    const files = [
      join(__dirname, 'sample.ts'),
      ...readdirSync(world)
        .sort()
        .map((name) => join(world, name)),
    ];
    const hash = createHash('sha256').update(process.version);
    for (const path of files) hash.update(path.slice(__dirname.length)).update(readFileSync(path));
    codeHash = hash.digest('hex');
  }
  // The options as drawContacts reads them: no option and its default are the same sample.
  const drawn = [
    options.unknownShare ?? DEFAULT_UNKNOWN_SHARE,
    Boolean(options.withWorkEmail),
    options.worldSize ?? {},
  ];
  return createHash('sha256')
    .update(JSON.stringify([codeHash, seed, tier, drawn]))
    .digest('hex')
    .slice(0, 32);
}

const DEFAULT_UNKNOWN_SHARE = 0.1;

/** The contacts themselves, drawn from the world (what sampleContacts keeps). */
export function drawContacts(seed: number, count: number, options: SampleOptions = {}): SampleContact[] {
  const world = generateWorld(seed, options.worldSize);
  const random = createRandom(streamSeed(seed, 'sample'));
  const unknownShare = options.unknownShare ?? DEFAULT_UNKNOWN_SHARE;
  const contacts: SampleContact[] = [];
  const used = new Set<number>();
  let attempts = 0;
  while (contacts.length < count && attempts++ < count * 50) {
    if (random.chance(unknownShare)) {
      const [firstName, lastName] = UNKNOWN_NAMES[contacts.length % UNKNOWN_NAMES.length] ?? UNKNOWN_NAMES[0];
      const n = contacts.length + 1;
      contacts.push({
        firstName,
        lastName,
        companyName: `Unknown Company ${n}`,
        domain: `unknown-${n}.example`,
        networkUrl: '',
        workEmail: '',
        personalEmail: '',
        known: false,
      });
      continue;
    }
    const person = world.person(random.int(0, world.personCount - 1));
    if (!person?.current || used.has(person.index) || !world.isFindableByName(person)) continue;
    if (options.withWorkEmail && person.workEmails.length === 0) continue;
    used.add(person.index);
    contacts.push({
      firstName: person.firstName,
      lastName: person.lastName,
      companyName: person.current.company.name,
      domain: person.current.company.domain,
      networkUrl: person.networkUrl,
      workEmail: person.workEmails[0]?.email ?? '',
      personalEmail: person.personalEmails[0]?.email ?? '',
      known: true,
    });
  }
  return contacts;
}
