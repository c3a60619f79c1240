/** The flat v1 profile (spec 2.8). */
import type { Company, Employment, Person } from '../world';
import { monthYear } from './dates';

function positionCompanyV1(company: Company) {
  const hq = company.headquarters;
  return {
    network_id: 10_000 + company.index,
    network_url: company.networkUrl,
    network_handle: company.handle,
    name: company.name,
    description: company.description,
    website: `https://www.${company.domain}`,
    domain: company.domain,
    industry: company.industry,
    type: company.type,
    year_founded: company.yearFounded,
    headcount: company.headcount,
    headcount_range: company.headcountRange,
    headquarters: {
      region: hq.region,
      city: hq.city,
      country: hq.country,
      country_code: hq.country_code,
      // The world has no postal codes; a stable fake keeps the field present.
      postal_code: String(10_000 + ((company.index * 7919) % 89_999)),
      address_line_1: hq.line1,
      address_line_2: hq.line2,
    },
  };
}

function positionV1(employment: Employment) {
  return {
    title: employment.title,
    description: `${employment.title} at ${employment.company.name}.`,
    start_at: monthYear(employment.startMonth),
    ...(employment.endMonth === undefined ? {} : { end_at: monthYear(employment.endMonth) }),
    company: positionCompanyV1(employment.company),
  };
}

export function profileV1(person: Person) {
  const current = person.current;
  return {
    network_id: person.networkId,
    network_url: person.networkUrl,
    network_handle: person.handle,
    navigator_id: `ACwAA${person.id.slice(4).toUpperCase()}`,
    firstname: person.firstName,
    lastname: person.lastName,
    premium_account: person.premium,
    location: `${person.city}, ${person.region}, ${person.country}`,
    summary: `${person.skills.join(', ')}.`,
    headline: current ? `${current.title} at ${current.company.name}` : '',
    ...(current ? { position: positionV1(current) } : {}),
  };
}
