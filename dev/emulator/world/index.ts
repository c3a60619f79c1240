/**
 * The synthetic world: companies and people generated from a seed, plus the lookups enrichment and
 * reverse lookup need. Lookup maps are built on first use, so starting an emulator stays cheap.
 */
import { generateCompanies } from './companies';
import type { Company, Person } from './model';
import { nameKey, networkHandle, normalizeDomain, normalizeEmail } from './normalize';
import { generatePeople } from './people';
import { createRandom, streamSeed } from './random';

export type { Address, Company, Employment, Person, WorldEmail, WorldPhone } from './model';

export const DEFAULT_COMPANY_COUNT = 5_000;
export const DEFAULT_PEOPLE_COUNT = 50_000;

/** What a caller knows about someone to enrich (any subset). */
export interface ContactQuery {
  firstName?: string;
  lastName?: string;
  domain?: string;
  companyName?: string;
  networkUrl?: string;
}

export interface ContactMatch {
  person: Person;
  /** True when the network URL matched: only then do results carry the full profile. */
  byNetworkUrl: boolean;
}

export class World {
  private handleIndex?: Map<string, Person>;
  private nameDomainIndex?: Map<string, Person>;
  private emailIndex?: Map<string, Person>;
  private companyNameIndex?: Map<string, Company>;
  private companyDomainIndex?: Map<string, Company>;

  constructor(
    readonly seed: number,
    readonly companies: readonly Company[],
    readonly people: readonly Person[],
  ) {}

  /** By network URL first, then by name + (domain or company name). */
  findContact(query: ContactQuery): ContactMatch | undefined {
    const handle = query.networkUrl ? networkHandle(query.networkUrl) : undefined;
    const byHandle = handle === undefined ? undefined : this.handles().get(handle);
    if (byHandle) return { person: byHandle, byNetworkUrl: true };
    if (!query.firstName || !query.lastName) return undefined;
    const domain = query.domain
      ? normalizeDomain(query.domain)
      : query.companyName
        ? this.companyByName(query.companyName)?.domain
        : undefined;
    if (!domain) return undefined;
    const person = this.nameDomains().get(personKey(query.firstName, query.lastName, domain));
    return person && { person, byNetworkUrl: false };
  }

  /** By work or personal email. */
  findByEmail(email: string): Person | undefined {
    if (!this.emailIndex) {
      this.emailIndex = new Map();
      for (const person of this.people) {
        for (const { email: known } of [...person.workEmails, ...person.personalEmails]) {
          this.emailIndex.set(known, person);
        }
      }
    }
    return this.emailIndex.get(normalizeEmail(email));
  }

  companyByName(name: string): Company | undefined {
    this.companyNameIndex ??= firstBy(this.companies, (company) => nameKey(company.name));
    return this.companyNameIndex.get(nameKey(name));
  }

  companyByDomain(domain: string): Company | undefined {
    this.companyDomainIndex ??= firstBy(this.companies, (company) => company.domain);
    return this.companyDomainIndex.get(normalizeDomain(domain));
  }

  /** True when findContact by name + domain gives back this very person (names can repeat). */
  isFindableByName(person: Person): boolean {
    const domain = person.current?.company.domain;
    return (
      domain !== undefined &&
      this.nameDomains().get(personKey(person.firstName, person.lastName, domain)) === person
    );
  }

  private handles(): Map<string, Person> {
    this.handleIndex ??= firstBy(this.people, (person) => person.handle.toLowerCase());
    return this.handleIndex;
  }

  private nameDomains(): Map<string, Person> {
    this.nameDomainIndex ??= firstBy(
      this.people.filter((person) => person.current),
      (person) => personKey(person.firstName, person.lastName, person.current?.company.domain ?? ''),
    );
    return this.nameDomainIndex;
  }
}

function personKey(firstName: string, lastName: string, domain: string): string {
  return `${nameKey(firstName)}|${nameKey(lastName)}|${domain}`;
}

function firstBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (!map.has(k)) map.set(k, item);
  }
  return map;
}

export interface WorldSize {
  companies?: number;
  people?: number;
}

const generated = new Map<string, World>();

/**
 * The world of a seed. Worlds are immutable, so one per seed and size is cached for the process:
 * tests start many emulators, and sampleContacts must see the very same people.
 */
export function generateWorld(seed: number, size: WorldSize = {}): World {
  const companyCount = size.companies ?? DEFAULT_COMPANY_COUNT;
  const peopleCount = size.people ?? DEFAULT_PEOPLE_COUNT;
  const cacheKey = `${seed}:${companyCount}:${peopleCount}`;
  let world = generated.get(cacheKey);
  if (!world) {
    const companies = generateCompanies(createRandom(streamSeed(seed, 'companies')), companyCount);
    const people = generatePeople(createRandom(streamSeed(seed, 'people')), companies, peopleCount);
    world = new World(seed, companies, people);
    generated.set(cacheKey, world);
  }
  return world;
}
