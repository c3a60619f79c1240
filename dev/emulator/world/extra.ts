/**
 * `--data FILE`: extra companies and people (JSON) added to the generated world, so a demo or a test
 * can enrich someone it knows by name. Only names and a company are required; the rest is optional.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';
import type { Address, Company, Person } from './model';
import { LOCALES } from './locales';
import { networkHandle, normalizeDomain, normalizeEmail, slug } from './normalize';
import { SENIORITY_LEVELS, WORLD_TODAY_MONTH, headcountRange } from './vocab';
import type { World } from './index';

const optionalString = z.optional(z.string());

const extraCompany = z.object({
  name: z.string(),
  domain: z.string(),
  description: optionalString,
  industry: optionalString,
  type: optionalString,
  headcount: z.optional(z.int()),
  year_founded: z.optional(z.int()),
  city: optionalString,
  country_code: optionalString,
  specialties: z.optional(z.array(z.string())),
});

const extraPerson = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company_domain: z.string(),
  company_name: optionalString,
  title: optionalString,
  seniority: z.optional(z.enum(SENIORITY_LEVELS)),
  network_url: optionalString,
  work_email: optionalString,
  work_email_status: optionalString,
  personal_email: optionalString,
  phone: optionalString,
  country_code: optionalString,
  city: optionalString,
  skills: z.optional(z.array(z.string())),
});

export const extraDataSchema = z.object({
  companies: z.optional(z.array(extraCompany)),
  people: z.optional(z.array(extraPerson)),
});

export type ExtraData = z.infer<typeof extraDataSchema>;

export function readExtraData(file: string): ExtraData {
  const parsed = extraDataSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function localeOf(countryCode: string | undefined) {
  return (
    LOCALES.find((locale) => locale.countryCode === countryCode?.toUpperCase()) ??
    (LOCALES[0] as (typeof LOCALES)[0])
  );
}

function address(city: string | undefined, countryCode: string | undefined): Address {
  const locale = localeOf(countryCode);
  const known = locale.cities.find((c) => c.city === city) ?? locale.cities[0];
  return {
    line1: '',
    line2: '',
    city: city ?? known?.city ?? '',
    region: known?.region ?? '',
    country: locale.country,
    country_code: locale.countryCode,
  };
}

/** The country of a number's calling code (longest match first: +1 is a prefix of many). */
function phoneRegion(number: string, fallback: string): string {
  const byLongestCode = [...LOCALES].sort((a, b) => b.callingCode.length - a.callingCode.length);
  return byLongestCode.find((locale) => number.startsWith(locale.callingCode))?.countryCode ?? fallback;
}

/** A new world: the generated one plus the extra data (the generated one is cached and shared). */
export function withExtraData(world: World, data: ExtraData): World {
  const companies = [...world.companies];
  const companyFor = (domain: string, name?: string): Company => {
    const found = companies.find((company) => company.domain === normalizeDomain(domain));
    if (found) return found;
    return addCompany({ name: name ?? normalizeDomain(domain), domain });
  };
  const addCompany = (input: z.infer<typeof extraCompany>): Company => {
    const headcount = input.headcount ?? 50;
    const handle = slug(input.name, '-');
    const company: Company = {
      index: companies.length,
      id: `cmp_x${companies.length.toString(36)}`,
      name: input.name,
      domain: normalizeDomain(input.domain),
      description: input.description ?? `${input.name}.`,
      yearFounded: input.year_founded ?? 2010,
      headcount,
      headcountRange: headcountRange(headcount),
      type: input.type ?? 'Privately Held',
      industry: input.industry ?? 'Software Development',
      specialties: input.specialties ?? [],
      headquarters: address(input.city, input.country_code),
      offices: [],
      handle,
      networkUrl: `https://www.linkedin.com/company/${handle}`,
      followerCount: headcount * 10,
    };
    companies.push(company);
    return company;
  };
  for (const company of data.companies ?? []) addCompany(company);

  const people: Person[] = [];
  for (const input of data.people ?? []) {
    const company = companyFor(input.company_domain, input.company_name);
    const index = world.personCount + people.length;
    const handle =
      (input.network_url && networkHandle(input.network_url)) ??
      `${slug(`${input.first_name} ${input.last_name}`, '-')}-x${index.toString(36)}`;
    const home = address(input.city, input.country_code ?? company.headquarters.country_code);
    people.push({
      index,
      id: `per_x${index.toString(36)}`,
      firstName: input.first_name,
      lastName: input.last_name,
      fullName: `${input.first_name} ${input.last_name}`,
      country: home.country,
      countryCode: home.country_code,
      city: home.city,
      region: home.region,
      handle,
      networkUrl: input.network_url ?? `https://www.linkedin.com/in/${handle}`,
      networkId: 900_000_000 + index,
      connectionCount: 500,
      premium: false,
      skills: input.skills ?? [],
      languages: [],
      educations: [],
      current: {
        company,
        title: input.title ?? 'Employee',
        seniority: input.seniority ?? 'Senior',
        startMonth: WORLD_TODAY_MONTH - 24,
      },
      past: [],
      workEmails: input.work_email
        ? [{ email: normalizeEmail(input.work_email), status: input.work_email_status ?? 'DELIVERABLE' }]
        : [],
      personalEmails: input.personal_email
        ? [{ email: normalizeEmail(input.personal_email), status: 'DELIVERABLE' }]
        : [],
      phones: input.phone
        ? [{ number: input.phone, region: phoneRegion(input.phone, home.country_code) }]
        : [],
    });
  }
  return world.with(companies, people);
}
