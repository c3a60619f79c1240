/**
 * The emulator's internal model of people and companies. API shapes (v2 Person, v1 profile, search
 * items) are views over it, built per response in ../views, so the world itself stays compact.
 */
import type { Seniority } from './vocab';

export interface Address {
  line1: string;
  line2: string;
  city: string;
  region: string;
  country: string;
  country_code: string;
}

export interface Company {
  index: number;
  id: string;
  name: string;
  domain: string;
  description: string;
  yearFounded: number;
  headcount: number;
  headcountRange: string;
  type: string;
  industry: string;
  specialties: readonly string[];
  headquarters: Address;
  offices: readonly Address[];
  handle: string;
  networkUrl: string;
  followerCount: number;
}

export interface Employment {
  company: Company;
  title: string;
  seniority: Seniority;
  /** Months since year 0 (year * 12 + month index), cheap to compare and to format. */
  startMonth: number;
  /** Absent for the current position. */
  endMonth?: number;
}

export interface WorldEmail {
  email: string;
  status: string;
}

export interface WorldPhone {
  number: string;
  region: string;
}

export interface Education {
  school: string;
  degree: string;
  startYear: number;
  endYear: number;
}

export interface Language {
  language: string;
  code: string;
  proficiency: string;
}

export interface Person {
  index: number;
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  country: string;
  countryCode: string;
  city: string;
  region: string;
  handle: string;
  networkUrl: string;
  networkId: number;
  connectionCount: number;
  premium: boolean;
  skills: readonly string[];
  languages: readonly Language[];
  educations: readonly Education[];
  current?: Employment;
  /** Most recent first. */
  past: readonly Employment[];
  /** Best status first: the first one is the "most probable". */
  workEmails: readonly WorldEmail[];
  personalEmails: readonly WorldEmail[];
  phones: readonly WorldPhone[];
}
