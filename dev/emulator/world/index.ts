/**
 * The synthetic world: companies and people generated from a seed, plus the lookups enrichment and
 * reverse lookup need. Lookup maps are built on first use, so starting an emulator stays cheap.
 */
import { generateCompanies } from './companies';
import type { Company, Person } from './model';
import { nameKey, networkHandle, normalizeDomain, normalizeEmail, slug } from './normalize';
import { LOCALES } from './locales';
import {
  companyPicker,
  generatePersonSeeds,
  indexFromHandle,
  materializePerson,
  workEmailLocal,
  type CompanyPicker,
  type PersonSeed,
} from './people';
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

/** The personal email domains of the world: an address there cannot be found through a company. */
const PERSONAL_EMAIL_DOMAINS = new Set(LOCALES.flatMap((locale) => locale.personalEmailDomains));

export class World {
  private readonly materialized: (Person | undefined)[] = [];
  private everyone?: readonly Person[];
  private nameDomainIndex?: Map<string, number>;
  private slugNameIndex?: Map<string, number[]>;
  private workLocalIndex?: Map<string, number[]>;
  private companyPeople?: Map<Company, number[]>;
  private companyNameIndex?: Map<string, Company>;
  private companyDomainIndex?: Map<string, Company>;

  constructor(
    readonly seed: number,
    readonly companies: readonly Company[],
    private readonly seeds: readonly PersonSeed[],
    private readonly pickCompany: CompanyPicker,
    /** People added with --data, indexed after the generated ones. */
    private readonly extraPeople: readonly Person[] = [],
  ) {}

  get personCount(): number {
    return this.seeds.length + this.extraPeople.length;
  }

  /** One person, materialised on first use. */
  person(index: number): Person | undefined {
    if (index >= this.seeds.length) return this.extraPeople[index - this.seeds.length];
    let person = this.materialized[index];
    const seed = this.seeds[index];
    if (!person && seed) {
      const ordinals = {
        work: this.workLocals().get(workLocalKey(seed))?.indexOf(index) ?? 0,
        name: this.peopleBySlugName().get(slugName(seed))?.indexOf(index) ?? 0,
      };
      this.materialized[index] = person = materializePerson(seed, index, this.pickCompany, ordinals);
    }
    return person;
  }

  /** Everyone, in index order. The first call materialises the whole world (search needs it). */
  get people(): readonly Person[] {
    this.everyone ??= Array.from({ length: this.personCount }, (_, index) => this.person(index) as Person);
    return this.everyone;
  }

  /** A copy of this world with more companies and people (--data); the generated part is shared. */
  with(companies: readonly Company[], extraPeople: readonly Person[]): World {
    return new World(this.seed, companies, this.seeds, this.pickCompany, [
      ...this.extraPeople,
      ...extraPeople,
    ]);
  }

  /** By network URL first, then by name + (domain or company name). */
  findContact(query: ContactQuery): ContactMatch | undefined {
    const handle = query.networkUrl ? networkHandle(query.networkUrl) : undefined;
    const byHandle = handle === undefined ? undefined : this.findByHandle(handle);
    if (byHandle) return { person: byHandle, byNetworkUrl: true };
    if (!query.firstName || !query.lastName) return undefined;
    const domain = query.domain
      ? normalizeDomain(query.domain)
      : query.companyName
        ? this.companyByName(query.companyName)?.domain
        : undefined;
    if (!domain) return undefined;
    const index = this.nameDomains().get(personKey(query.firstName, query.lastName, domain));
    const person = index === undefined ? undefined : this.person(index);
    return person && { person, byNetworkUrl: false };
  }

  /** By work email (through the company of its domain) or personal email. */
  findByEmail(email: string): Person | undefined {
    const wanted = normalizeEmail(email);
    const domain = wanted.slice(wanted.lastIndexOf('@') + 1);
    const hasEmail = (person: Person | undefined) =>
      person?.workEmails.some((e) => e.email === wanted) ||
      person?.personalEmails.some((e) => e.email === wanted);
    const company = this.companyByDomain(domain);
    const colleagues = company ? (this.peopleByCompany().get(company) ?? []) : [];
    const atCompany = colleagues.map((index) => this.person(index)).find(hasEmail);
    if (atCompany) return atCompany;
    if (PERSONAL_EMAIL_DOMAINS.has(domain)) {
      // Personal addresses are first.last or firstlastNN: the local part points at the namesakes.
      const local = wanted.slice(0, wanted.lastIndexOf('@'));
      const namesakes = this.peopleBySlugName().get(local.replace('.', '').replace(/\d+$/, '')) ?? [];
      const found = namesakes.map((index) => this.person(index)).find(hasEmail);
      if (found) return found;
    }
    return this.extraPeople.find(hasEmail);
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
      this.nameDomains().get(personKey(person.firstName, person.lastName, domain)) === person.index
    );
  }

  private findByHandle(handle: string): Person | undefined {
    const index = indexFromHandle(handle);
    const generated = index === undefined || index >= this.seeds.length ? undefined : this.person(index);
    if (generated?.handle === handle) return generated;
    return this.extraPeople.find((person) => person.handle.toLowerCase() === handle);
  }

  /** Every person's name + company key, without materialising anyone. */
  private nameDomains(): Map<string, number> {
    if (!this.nameDomainIndex) {
      const index = new Map<string, number>();
      const add = (key: string, i: number) => index.has(key) || index.set(key, i);
      this.seeds.forEach((s, i) => add(personKey(s.firstName, s.lastName, s.company.domain), i));
      this.extraPeople.forEach(
        (p) => p.current && add(personKey(p.firstName, p.lastName, p.current.company.domain), p.index),
      );
      this.nameDomainIndex = index;
    }
    return this.nameDomainIndex;
  }

  private peopleByCompany(): Map<Company, number[]> {
    this.companyPeople ??= groupSeeds(this.seeds, (seed) => seed.company);
    return this.companyPeople;
  }

  private peopleBySlugName(): Map<string, number[]> {
    this.slugNameIndex ??= groupSeeds(this.seeds, slugName);
    return this.slugNameIndex;
  }

  private workLocals(): Map<string, number[]> {
    this.workLocalIndex ??= groupSeeds(this.seeds, workLocalKey);
    return this.workLocalIndex;
  }
}

/** Namesakes share this key; personal addresses are built from it (plus a dot, plus a number). */
const slugName = (seed: PersonSeed): string => slug(seed.firstName) + slug(seed.lastName);
const workLocalKey = (seed: PersonSeed): string => `${seed.company.index}|${workEmailLocal(seed)}`;

/** Indexes of the generated people, grouped by a key of their seed. */
function groupSeeds<K>(seeds: readonly PersonSeed[], key: (seed: PersonSeed) => K): Map<K, number[]> {
  const groups = new Map<K, number[]>();
  seeds.forEach((seed, index) => {
    const k = key(seed);
    const group = groups.get(k);
    if (group) group.push(index);
    else groups.set(k, [index]);
  });
  return groups;
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
    const pickCompany = companyPicker(companies);
    const seeds = generatePersonSeeds(createRandom(streamSeed(seed, 'people')), pickCompany, peopleCount);
    world = new World(seed, companies, seeds, pickCompany);
    generated.set(cacheKey, world);
  }
  return world;
}
