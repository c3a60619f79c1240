/** Generates the people of the world, each working at one of its companies. */
import type { Company, Education, Employment, Language, Person, WorldEmail, WorldPhone } from './model';
import { LOCALES, LOCALE_WEIGHTS, type Locale } from './locales';
import { slug } from './normalize';
import { createRandom, type Random } from './random';
import {
  DEGREES,
  EMAIL_STATUSES,
  HIT_RATES,
  JOB_FUNCTIONS,
  LANGUAGE_PROFICIENCIES,
  SENIORITY_LEVELS,
  SENIORITY_WEIGHTS,
  WORLD_TODAY_MONTH,
  type JobFunction,
} from './vocab';

const STATUS_RANK = new Map(EMAIL_STATUSES.map(([status], rank) => [status, rank]));
const bestStatusFirst = (a: WorldEmail, b: WorldEmail): number =>
  (STATUS_RANK.get(a.status) ?? 9) - (STATUS_RANK.get(b.status) ?? 9);

type EmailPattern = (first: string, last: string) => string;
const WORK_EMAIL_PATTERNS: readonly EmailPattern[] = [
  (first, last) => `${first}.${last}`,
  (first, last) => `${first.charAt(0)}${last}`,
  (first) => first,
  (first, last) => `${first}_${last}`,
  (first, last) => `${first}${last.charAt(0)}`,
];

/** Big companies employ more of the world's people (by the square root of their headcount). */
export type CompanyPicker = (random: Random) => Company;

export function companyPicker(companies: readonly Company[]): CompanyPicker {
  const cumulative: number[] = [];
  let total = 0;
  for (const company of companies) cumulative.push((total += Math.sqrt(company.headcount)));
  return (random) => {
    const roll = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < roll) low = middle + 1;
      else high = middle;
    }
    return companies[low] as Company;
  };
}

function generateCareer(
  random: Random,
  current: Company,
  pickCompany: CompanyPicker,
  jobFunction: JobFunction,
): { current: Employment; past: Employment[] } {
  const seniorityIndex = SENIORITY_LEVELS.indexOf(random.weighted(SENIORITY_WEIGHTS));
  let startMonth = WORLD_TODAY_MONTH - random.int(1, 150);
  const employment = (company: Company, level: number, start: number, end?: number): Employment => ({
    company,
    title: jobFunction.titles[level] ?? (jobFunction.titles[0] as string),
    seniority: SENIORITY_LEVELS[level] ?? 'Entry',
    startMonth: start,
    ...(end === undefined ? {} : { endMonth: end }),
  });
  const currentEmployment = employment(current, seniorityIndex, startMonth);
  const past: Employment[] = [];
  const pastCount = random.weighted([
    [0, 3],
    [1, 4],
    [2, 3],
    [3, 2],
  ]);
  for (let i = 0; i < pastCount; i++) {
    const endMonth = startMonth;
    startMonth = endMonth - random.int(10, 60);
    past.push(employment(pickCompany(random), Math.max(0, seniorityIndex - 1 - i), startMonth, endMonth));
  }
  return { current: currentEmployment, past };
}

function generateEducations(random: Random, locale: Locale, firstJobMonth: number): Education[] {
  const endYear = Math.floor(firstJobMonth / 12);
  const educations: Education[] = [
    {
      school: random.pick(locale.universities),
      degree: random.pick(DEGREES),
      startYear: endYear - random.int(3, 5),
      endYear,
    },
  ];
  if (random.chance(0.3)) {
    const first = educations[0] as Education;
    const startYear = first.startYear - random.int(3, 4);
    educations.push({
      school: random.pick(locale.universities),
      degree: random.pick(DEGREES),
      startYear,
      endYear: first.startYear,
    });
  }
  return educations;
}

/**
 * Skill sets and language lists are shared between people (a few variants each): fifty thousand
 * people with their own small arrays cost more to allocate than the rest of the world together.
 */
interface SharedVariants {
  skills: Map<JobFunction, readonly (readonly string[])[]>;
  languages: Map<Locale, readonly (readonly Language[])[]>;
}

let variants: SharedVariants | undefined;

/** The same for every seed: only which variant a person gets depends on the seed. */
function sharedVariants(): SharedVariants {
  if (variants) return variants;
  const random = createRandom(0x5eed);
  const skills = new Map(
    JOB_FUNCTIONS.map((jobFunction) => [
      jobFunction,
      Array.from({ length: 24 }, () => random.sample(jobFunction.skills, random.int(2, 5))),
    ]),
  );
  const languages = new Map(
    LOCALES.map((locale) => [locale, Array.from({ length: 8 }, () => generateLanguages(random, locale))]),
  );
  variants = { skills, languages };
  return variants;
}

function generateLanguages(random: Random, locale: Locale): Language[] {
  const languages: Language[] = [{ ...locale.language, proficiency: 'native' }];
  if (locale.language.code !== 'en') {
    languages.push({
      language: 'English',
      code: 'en',
      proficiency: random.pick(LANGUAGE_PROFICIENCIES.slice(1, 3)),
    });
  }
  if (random.chance(0.3)) {
    const other = random.pick(LOCALES).language;
    if (!languages.some((language) => language.code === other.code)) {
      languages.push({ ...other, proficiency: random.pick(LANGUAGE_PROFICIENCIES.slice(1)) });
    }
  }
  return languages;
}

/**
 * What every lookup needs about a person, generated for all fifty thousand up front (cheap); the rest
 * of the person is materialised from `seed` on first use (World.person).
 */
export interface PersonSeed {
  company: Company;
  locale: Locale;
  firstName: string;
  lastName: string;
  seed: number;
}

/** A module binding: faster than Math's, a global, in a jest file's VM context (see random.ts). */
const { floor } = Math;

export function generatePersonSeeds(random: Random, pickCompany: CompanyPicker, count: number): PersonSeed[] {
  const seeds: PersonSeed[] = [];
  for (let index = 0; index < count; index++) {
    const company = pickCompany(random);
    const locale = random.chance(0.7)
      ? (LOCALES.find((l) => l.countryCode === company.headquarters.country_code) as Locale)
      : random.weighted(LOCALE_WEIGHTS);
    const firstName = random.pick(locale.firstNames);
    const lastName = random.pick(locale.lastNames);
    seeds.push({ company, locale, firstName, lastName, seed: floor(random.next() * 4294967296) });
  }
  return seeds;
}

/** Handles end with the person's index + 1 in base 36 and 4 hex digits: the index can be read back. */
const HANDLE_SUFFIX_HEX = 4;

export function indexFromHandle(handle: string): number | undefined {
  const suffix = handle.slice(handle.lastIndexOf('-') + 1, handle.length - HANDLE_SUFFIX_HEX);
  const index = parseInt(suffix, 36) - 1;
  return Number.isInteger(index) && index >= 0 ? index : undefined;
}

/** The local part of a person's work address, before numbering: it depends on the seed only. */
export function workEmailLocal(person: PersonSeed): string {
  // Each company has one address pattern, like real ones do.
  const pattern = WORK_EMAIL_PATTERNS[person.company.index % WORK_EMAIL_PATTERNS.length] as EmailPattern;
  return pattern(slug(person.firstName), slug(person.lastName));
}

/**
 * How many earlier people share this person's work address local part at the same company (`work`)
 * and their name (`name`): addresses get a number (jane.doe2@) so that every address is unique.
 */
export interface EmailOrdinals {
  work: number;
  name: number;
}

const numbered = (local: string, ordinal: number): string =>
  ordinal === 0 ? local : `${local}${ordinal + 1}`;

export function materializePerson(
  person: PersonSeed,
  index: number,
  pickCompany: CompanyPicker,
  ordinals: EmailOrdinals,
): Person {
  const random = createRandom(person.seed);
  const { company, locale, firstName, lastName } = person;
  const shared = sharedVariants();
  const first = slug(firstName);
  const last = slug(lastName);
  const jobFunction = random.pick(JOB_FUNCTIONS);
  const { current, past } = generateCareer(random, company, pickCompany, jobFunction);
  const firstJobMonth = (past[past.length - 1] ?? current).startMonth;
  const { city, region } = random.pick(locale.cities);

  const workEmails: WorldEmail[] = [];
  if (random.chance(HIT_RATES.workEmail)) {
    workEmails.push({
      email: `${numbered(workEmailLocal(person), ordinals.work)}@${company.domain}`,
      status: random.weighted(EMAIL_STATUSES),
    });
    if (random.chance(HIT_RATES.secondWorkEmail)) {
      workEmails.push({
        email: `${numbered(first + last, ordinals.name)}@${company.domain}`,
        status: 'CATCH_ALL',
      });
    }
    workEmails.sort(bestStatusFirst);
  }
  const personalEmails: WorldEmail[] = [];
  if (random.chance(HIT_RATES.personalEmail)) {
    const local = numbered(random.chance(0.5) ? `${first}.${last}` : `${first}${last}`, ordinals.name);
    personalEmails.push({
      email: `${local}@${random.pick(locale.personalEmailDomains)}`,
      status: random.weighted(EMAIL_STATUSES.slice(0, 3)),
    });
  }
  const phones: WorldPhone[] = [];
  if (random.chance(HIT_RATES.phone)) {
    phones.push({ number: locale.mobile(random), region: locale.countryCode });
    if (random.chance(HIT_RATES.secondPhone))
      phones.push({ number: locale.mobile(random), region: locale.countryCode });
  }

  const handle = `${slug(`${firstName} ${lastName}`, '-')}-${(index + 1).toString(36)}${random.hex(HANDLE_SUFFIX_HEX)}`;
  return {
    index,
    id: `per_${(index + 1).toString(36).padStart(4, '0')}${random.hex(8)}`,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    country: locale.country,
    countryCode: locale.countryCode,
    city,
    region,
    handle,
    networkUrl: `https://www.linkedin.com/in/${handle}`,
    networkId: 100_000_000 + index * 7 + random.int(0, 6),
    connectionCount: Math.min(30_000, Math.floor(Math.exp(random.next() * Math.log(5_000)))),
    premium: random.chance(0.2),
    skills: random.pick(shared.skills.get(jobFunction) ?? []),
    languages: random.pick(shared.languages.get(locale) ?? []),
    educations: generateEducations(random, locale, firstJobMonth),
    current,
    past,
    workEmails,
    personalEmails,
    phones,
  };
}
