/** Industries, company types, job functions and seniority levels of the synthetic world. */
import { list } from './locales';

export interface Industry {
  name: string;
  /** Words a company of this industry ends its name with. */
  suffixes: readonly string[];
  specialties: readonly string[];
}

export const INDUSTRIES: readonly Industry[] = [
  {
    name: 'Software Development',
    suffixes: list(`Software, Labs, Systems, Technologies, Cloud`),
    specialties: list(`SaaS, Cloud Computing, APIs, DevOps, Machine Learning, Cybersecurity, Mobile Apps`),
  },
  {
    name: 'Financial Services',
    suffixes: list(`Capital, Finance, Partners, Bank, Pay`),
    specialties: list(`Payments, Asset Management, Lending, Insurance, Wealth Management, Risk Analysis`),
  },
  {
    name: 'Hospital & Health Care',
    suffixes: list(`Health, Care, Medical, Santé, Clinic`),
    specialties: list(`Telemedicine, Diagnostics, Patient Care, Medical Devices, Health Records`),
  },
  {
    name: 'Retail',
    suffixes: list(`Store, Market, Retail, Boutique, Shop`),
    specialties: list(`E-commerce, Omnichannel, Fashion, Consumer Electronics, Loyalty Programs`),
  },
  {
    name: 'Manufacturing',
    suffixes: list(`Industries, Manufacturing, Works, Technik, Fabrik`),
    specialties: list(`Lean Manufacturing, Industrial Automation, Metalworking, Quality Control, Robotics`),
  },
  {
    name: 'Marketing & Advertising',
    suffixes: list(`Media, Studio, Agency, Creative, Digital`),
    specialties: list(`SEO, Content Marketing, Branding, Social Media, Performance Marketing`),
  },
  {
    name: 'Logistics & Supply Chain',
    suffixes: list(`Logistics, Freight, Transport, Shipping`),
    specialties: list(`Last-mile Delivery, Warehousing, Freight Forwarding, Fleet Management`),
  },
  {
    name: 'Renewable Energy',
    suffixes: list(`Energy, Solar, Power, Énergie, Wind`),
    specialties: list(`Solar Panels, Wind Farms, Energy Storage, Smart Grids, EV Charging`),
  },
  {
    name: 'Food & Beverages',
    suffixes: list(`Foods, Kitchen, Brewing, Café, Bäckerei`),
    specialties: list(`Organic Food, Craft Beer, Catering, Food Delivery, Coffee Roasting`),
  },
  {
    name: 'Management Consulting',
    suffixes: list(`Consulting, Advisors, Conseil, Associates, Group`),
    specialties: list(`Strategy, Digital Transformation, Change Management, Operations, M&A Advisory`),
  },
  {
    name: 'Education',
    suffixes: list(`Academy, Learning, Institute, School`),
    specialties: list(`E-learning, Corporate Training, Language Courses, EdTech, Tutoring`),
  },
  {
    name: 'Real Estate',
    suffixes: list(`Properties, Realty, Immobilier, Estates, Homes`),
    specialties: list(`Property Management, Commercial Real Estate, Coworking, Residential Sales`),
  },
  {
    name: 'Biotechnology',
    suffixes: list(`Bio, Therapeutics, Genomics, Pharma`),
    specialties: list(`Drug Discovery, Genomics, Clinical Trials, Biologics, Vaccines`),
  },
  {
    name: 'Telecommunications',
    suffixes: list(`Telecom, Networks, Connect, Mobile`),
    specialties: list(`5G, Fiber Optics, VoIP, IoT Connectivity, Network Infrastructure`),
  },
];

/** Invented brand roots; combined with an industry suffix they give names like "Veltora Labs". */
export const NAME_SYLLABLES_START =
  list(`Vel, Nor, Quan, Blu, Ast, Cor, Zen, Lum, Ori, Tri, Syn, Pol, Kai, Mer,
  Ald, Bri, Cal, Dor, Eli, Fal, Gal, Hel, Ivo, Jun, Kor, Lyr, Mav, Nex, Oma, Pra, Rho, Sol, Tav, Umb, Vir, Wex`);
export const NAME_SYLLABLES_END = list(`tora, wind, tix, peak, ra, vex, ion, ara, ova, dia, nia, ex, ium, aro,
  ello, etta, ano, ise, ora, us, ix, en, al, on, ia`);

export const COMPANY_TYPES: readonly (readonly [string, number])[] = [
  ['Privately Held', 60],
  ['Public Company', 14],
  ['Partnership', 8],
  ['Non-profit', 7],
  ['Self-employed', 5],
  ['Government Agency', 3],
  ['Educational Institution', 3],
];

/** Upper bounds of the headcount ranges; the last one is open. */
const HEADCOUNT_RANGES: readonly (readonly [number, string])[] = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1000, '501-1000'],
  [5000, '1001-5000'],
  [10000, '5001-10000'],
];

export function headcountRange(headcount: number): string {
  return HEADCOUNT_RANGES.find(([upper]) => headcount <= upper)?.[1] ?? '10001+';
}

export const SENIORITY_LEVELS = ['Entry', 'Senior', 'Manager', 'Director', 'VP', 'CXO'] as const;
export type Seniority = (typeof SENIORITY_LEVELS)[number];
export const SENIORITY_WEIGHTS: readonly (readonly [Seniority, number])[] = [
  ['Entry', 30],
  ['Senior', 30],
  ['Manager', 20],
  ['Director', 10],
  ['VP', 6],
  ['CXO', 4],
];

export interface JobFunction {
  /** Titles by seniority level, same order as SENIORITY_LEVELS. */
  titles: readonly string[];
  skills: readonly string[];
}

export const JOB_FUNCTIONS: readonly JobFunction[] = [
  {
    titles: list(`Software Engineer, Senior Software Engineer, Engineering Manager, Director of Engineering,
      VP Engineering, Chief Technology Officer`),
    skills: list(`TypeScript, Python, Go, Kubernetes, PostgreSQL, React, AWS, System Design, Rust, Java`),
  },
  {
    titles: list(`Sales Development Representative, Account Executive, Sales Manager, Director of Sales,
      VP Sales, Chief Revenue Officer`),
    skills: list(`B2B Sales, Negotiation, Salesforce, Prospecting, Account Management, Cold Calling`),
  },
  {
    titles: list(`Marketing Specialist, Senior Marketing Manager, Marketing Manager, Director of Marketing,
      VP Marketing, Chief Marketing Officer`),
    skills: list(`SEO, Google Analytics, Content Strategy, Brand Management, HubSpot, Copywriting`),
  },
  {
    titles: list(`Financial Analyst, Senior Accountant, Finance Manager, Director of Finance, VP Finance,
      Chief Financial Officer`),
    skills: list(`Financial Modeling, Excel, Budgeting, IFRS, Forecasting, SAP`),
  },
  {
    titles: list(`Product Analyst, Senior Product Manager, Group Product Manager, Director of Product,
      VP Product, Chief Product Officer`),
    skills: list(`Product Management, Roadmapping, User Research, Agile, A/B Testing, SQL`),
  },
  {
    titles: list(`HR Coordinator, Senior Recruiter, HR Manager, Director of People, VP People,
      Chief People Officer`),
    skills: list(`Recruiting, Talent Management, Employee Relations, Onboarding, Workday, Payroll`),
  },
  {
    titles: list(`Data Analyst, Senior Data Scientist, Data Science Manager, Director of Data, VP Data,
      Chief Data Officer`),
    skills: list(`Machine Learning, Python, SQL, Statistics, Data Visualization, Spark`),
  },
  {
    titles: list(`Operations Associate, Senior Operations Specialist, Operations Manager,
      Director of Operations, VP Operations, Chief Operating Officer`),
    skills: list(`Process Improvement, Supply Chain, Lean Six Sigma, Project Management, ERP`),
  },
  {
    titles: list(`Product Designer, Senior Product Designer, Design Manager, Director of Design, VP Design,
      Chief Design Officer`),
    skills: list(`Figma, UX Design, Prototyping, Design Systems, User Research, Illustration`),
  },
  {
    titles: list(`Customer Success Associate, Senior Customer Success Manager, Customer Success Manager,
      Director of Customer Success, VP Customer Success, Chief Customer Officer`),
    skills: list(`Customer Retention, Zendesk, Onboarding, Account Management, Churn Analysis`),
  },
];

export const DEGREES = list(`Bachelor of Science, Bachelor of Arts, Master of Science, Master of Business
  Administration, Master of Engineering, PhD, Licence, Diplom`);

export const LANGUAGE_PROFICIENCIES = ['native', 'professional', 'limited', 'elementary'] as const;

export const EMAIL_STATUSES: readonly (readonly [string, number])[] = [
  ['DELIVERABLE', 70],
  ['HIGH_PROBABILITY', 15],
  ['CATCH_ALL', 10],
  ['INVALID', 4],
  ['INVALID_DOMAIN', 1],
];

/** Share of people who have each datum: what a real provider's hit rates roughly look like. */
export const HIT_RATES = {
  workEmail: 0.85,
  secondWorkEmail: 0.12,
  personalEmail: 0.4,
  phone: 0.3,
  secondPhone: 0.1,
} as const;

/** The world's "today": dates and durations (years in position...) are computed against it, not the clock. */
export const WORLD_TODAY = Date.UTC(2025, 5, 1);
export const WORLD_TODAY_MONTH = 2025 * 12 + 5;
