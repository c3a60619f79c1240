/** API answers as the spec documents them (§2), for the client tests. */

export const JOB_ID = '3f1c2a8e-6b1d-4c55-9d0a-1f2e3d4c5b6a';

export const personV2 = {
  id: 'p-1',
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  location: { country: 'United Kingdom', country_code: 'GB', city: 'London', region: 'England' },
  social_profiles: {
    network: { url: 'https://network.example/in/ada', handle: 'ada', connection_count: 500 },
  },
  educations: [
    {
      school_name: 'Home',
      degree: 'Maths',
      start_at: '1830-01-01T00:00:00Z',
      end_at: '1835-01-01T00:00:00Z',
    },
  ],
  languages: [{ language: 'English', code: 'en', proficiency: 'native' }],
  skills: ['analysis'],
  employment: {
    current: {
      title: 'Analyst',
      company: {
        id: 'c-1',
        name: 'Engines Ltd',
        domain: 'engines.example',
        headcount: 12,
        year_founded: 1830,
      },
      is_current: true,
      start_at: '1842-01-01T00:00:00Z',
    },
    all: [],
  },
};

export const enrichResultV2 = {
  id: JOB_ID,
  name: 'Leads',
  status: 'FINISHED',
  data: [
    {
      input: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        full_name: 'Ada Lovelace',
        company_domain: 'engines.example',
        company_name: 'Engines',
        network_url: 'https://network.example/in/ada',
      },
      custom: { row: 'r1' },
      contact_info: {
        most_probable_work_email: { email: 'ada@engines.example', status: 'DELIVERABLE' },
        most_probable_personal_email: { email: 'ada@home.example', status: 'HIGH_PROBABILITY' },
        most_probable_phone: { number: '+447700900123', region: 'GB' },
        work_emails: [
          { email: 'ada@engines.example', status: 'DELIVERABLE' },
          { email: 'a.l@engines.example', status: 'CATCH_ALL' },
        ],
        personal_emails: [{ email: 'ada@home.example', status: 'HIGH_PROBABILITY' }],
        phones: [{ number: '+447700900123', region: 'GB' }],
      },
      profile: personV2,
    },
    {
      input: { first_name: 'No', last_name: 'Body', company_domain: 'none.example' },
      custom: { row: 'r2' },
      contact_info: {},
    },
  ],
  cost: { credits: 14 },
};

export const reverseResultV2 = {
  id: JOB_ID,
  name: 'Reverse',
  status: 'FINISHED',
  data: [{ input: { email: 'ada@engines.example' }, custom: { row: 'r7' }, profile: personV2 }],
  cost: { credits: 1 },
};

export const profileV1 = {
  network_id: 42,
  network_url: 'https://network.example/in/ada',
  network_handle: 'ada',
  navigator_id: 'nav-1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  premium_account: false,
  location: 'London, United Kingdom',
  summary: 'Poetical science',
  headline: 'Analyst',
  position: {
    title: 'Analyst',
    description: 'Notes',
    start_at: { month: 1, year: 1842 },
    end_at: { month: 12, year: 1843 },
    company: {
      network_id: 7,
      name: 'Engines Ltd',
      domain: 'engines.example',
      website: 'https://engines.example',
      headcount: 12,
      headquarters: { city: 'London' },
    },
  },
};

export const enrichResultV1 = {
  id: JOB_ID,
  name: 'Leads v1',
  datas: [
    {
      custom: { row: 'r1' },
      contact: {
        firstname: 'Ada',
        lastname: 'Lovelace',
        domain: 'engines.example',
        most_probable_email: 'ada@engines.example',
        most_probable_email_status: 'DELIVERABLE',
        most_probable_phone: '+447700900123',
        emails: [{ email: 'a.l@engines.example' }, { email: 'ada@engines.example' }],
        phones: [{ number: '+447700900123', region: 'GB' }],
        social_medias: [{ url: 'https://network.example/in/ada' }],
        profile: profileV1,
      },
    },
  ],
  cost: { credits: 11 },
};

export const reverseResultV1 = {
  id: JOB_ID,
  name: 'Reverse v1',
  datas: [
    {
      input: { email: 'ada@engines.example' },
      contact: { firstname: 'Ada', lastname: 'Lovelace', domain: 'engines.example', profile: profileV1 },
    },
  ],
  cost: { credits: 0 },
};

export const companySearchResult = {
  companies: [
    {
      id: 'c-1',
      name: 'Engines Ltd',
      domain: 'engines.example',
      description: 'Analytical engines',
      year_founded: 1830,
      headcount: 12,
      headcount_range: '11-50',
      company_type: 'Privately Held',
      locations: {
        headquarters: { city: 'London', country: 'United Kingdom', country_code: 'GB' },
        offices: [],
      },
      social_profiles: {
        network: { url: 'https://network.example/company/engines', handle: 'engines', follower_count: 3 },
      },
      specialties: ['computing'],
      industry: { main_industry: 'Machinery' },
    },
  ],
  metadata: { total: 1, offset: 0 },
};

export const peopleSearchResult = { people: [personV2], metadata: { total: 1, offset: 0 } };
