/**
 * sampleContacts: people the world of a seed knows (and a few it does not), for demo sheets, tests
 * and the benchmark. Known ones are findable by name + domain (no namesake at the same company).
 */
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

export function sampleContacts(seed: number, count: number, options: SampleOptions = {}): SampleContact[] {
  const world = generateWorld(seed, options.worldSize);
  const random = createRandom(streamSeed(seed, 'sample'));
  const unknownShare = options.unknownShare ?? 0.1;
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
