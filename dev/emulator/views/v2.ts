/** v2 shapes (spec 2.2 to 2.5) built from the world's model. */
import type { Company, Employment, Person } from '../world';
import { isoMonth, isoYear } from './dates';

export function companyV2(company: Company) {
  return {
    id: company.id,
    name: company.name,
    domain: company.domain,
    description: company.description,
    year_founded: company.yearFounded,
    headcount: company.headcount,
    headcount_range: company.headcountRange,
    company_type: company.type,
    locations: { headquarters: company.headquarters, offices: company.offices },
    social_profiles: {
      network: { url: company.networkUrl, handle: company.handle, follower_count: company.followerCount },
    },
    specialties: company.specialties,
    industry: { main_industry: company.industry },
  };
}

/** EmploymentCompany of 2.4: the search item without headcount_range and specialties. */
function employmentCompany(company: Company) {
  const { headcount_range: _range, specialties: _specialties, ...rest } = companyV2(company);
  return rest;
}

function employmentV2(employment: Employment) {
  return {
    title: employment.title,
    company: employmentCompany(employment.company),
    is_current: employment.endMonth === undefined,
    start_at: isoMonth(employment.startMonth),
    // Spec 2.4: end_at is not returned for the current position.
    ...(employment.endMonth === undefined ? {} : { end_at: isoMonth(employment.endMonth) }),
  };
}

export function personV2(person: Person) {
  const current = person.current && employmentV2(person.current);
  return {
    id: person.id,
    full_name: person.fullName,
    first_name: person.firstName,
    last_name: person.lastName,
    location: {
      country: person.country,
      country_code: person.countryCode,
      city: person.city,
      region: person.region,
    },
    social_profiles: {
      network: { url: person.networkUrl, handle: person.handle, connection_count: person.connectionCount },
    },
    educations: person.educations.map((education) => ({
      school_name: education.school,
      degree: education.degree,
      start_at: isoYear(education.startYear),
      end_at: isoYear(education.endYear),
    })),
    languages: person.languages,
    skills: person.skills,
    employment: {
      ...(current ? { current } : {}),
      all: [...(current ? [current] : []), ...person.past.map(employmentV2)],
    },
  };
}
