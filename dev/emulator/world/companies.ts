/** Generates the companies of the world. */
import type { Address, Company } from './model';
import { LOCALE_WEIGHTS, type Locale } from './locales';
import { slug } from './normalize';
import type { Random } from './random';
import {
  COMPANY_TYPES,
  INDUSTRIES,
  NAME_SYLLABLES_END,
  NAME_SYLLABLES_START,
  WORLD_TODAY_MONTH,
  headcountRange,
} from './vocab';

/** Module bindings: faster than Math's, a global, in a jest file's VM context (see random.ts). */
const { exp, floor, log, max, min } = Math;

export function generateAddress(random: Random, locale: Locale): Address {
  const { city, region } = random.pick(locale.cities);
  return {
    line1: `${random.int(1, 250)} ${random.pick(locale.streets)}`,
    line2: random.chance(0.3) ? `Floor ${random.int(1, 30)}` : '',
    city,
    region,
    country: locale.country,
    country_code: locale.countryCode,
  };
}

/** Mostly small companies, a long tail of large ones (log-uniform up to 100k). */
function generateHeadcount(random: Random, type: string): number {
  if (type === 'Self-employed') return 1;
  return max(1, floor(exp(random.next() * log(100_000))));
}

export function generateCompanies(random: Random, count: number): Company[] {
  const takenNames = new Set<string>();
  const takenDomains = new Set<string>();
  const companies: Company[] = [];
  const currentYear = Math.floor(WORLD_TODAY_MONTH / 12);
  for (let index = 0; index < count; index++) {
    const industry = random.pick(INDUSTRIES);
    const locale = random.weighted(LOCALE_WEIGHTS);
    let brand = random.pick(NAME_SYLLABLES_START) + random.pick(NAME_SYLLABLES_END);
    let name = `${brand} ${random.pick(industry.suffixes)}`;
    // 36 × 25 brands × a few suffixes is close to the company count: re-roll, then number the name.
    for (let attempt = 2; takenNames.has(name); attempt++) {
      brand = random.pick(NAME_SYLLABLES_START) + random.pick(NAME_SYLLABLES_END);
      name = `${brand} ${random.pick(industry.suffixes)}${attempt > 6 ? ` ${attempt}` : ''}`;
    }
    takenNames.add(name);
    let domain = `${slug(name, '-')}.${random.pick(locale.tlds)}`;
    if (takenDomains.has(domain)) domain = `${slug(name, '-')}-${index}.${random.pick(locale.tlds)}`;
    takenDomains.add(domain);

    const type = random.weighted(COMPANY_TYPES);
    const headcount = generateHeadcount(random, type);
    const specialties = random.sample(industry.specialties, random.int(2, 4));
    const headquarters = generateAddress(random, locale);
    const offices = Array.from(
      {
        length: random.weighted([
          [0, 5],
          [1, 3],
          [2, 2],
          [3, 1],
        ]),
      },
      () => generateAddress(random, random.chance(0.5) ? locale : random.weighted(LOCALE_WEIGHTS)),
    );
    const handle = slug(name, '-');
    companies.push({
      index,
      id: `cmp_${(index + 1).toString(36).padStart(4, '0')}${random.hex(8)}`,
      name,
      domain,
      description:
        `${name} is a ${type.toLowerCase()} ${industry.name.toLowerCase()} company based in ` +
        `${headquarters.city}, ${headquarters.country}, focused on ${specialties.join(', ')}.`,
      yearFounded: currentYear - min(120, floor(-log(1 - random.next()) * 18)),
      headcount,
      headcountRange: headcountRange(headcount),
      type,
      industry: industry.name,
      specialties,
      headquarters,
      offices,
      handle,
      networkUrl: `https://www.linkedin.com/company/${handle}`,
      followerCount: floor(headcount * random.int(3, 40) + random.int(0, 500)),
    });
  }
  return companies;
}
