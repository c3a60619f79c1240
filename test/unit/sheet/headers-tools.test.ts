/**
 * The headers of prospecting and automation tools (Apollo, Evaboot, Clay, Lemlist, Zapier, Make…):
 * their casings and the names an input must not take (headers of CRM exports: headers.test.ts).
 */
import { detectMapping, headerVerdict, inputOfHeader } from '../../../src/sheet/headers';
import { INPUT_HEADERS, INPUT_KEYS } from '../../../src/domain/inputs';

/** The mapping as header texts, so a failure names the columns. */
function mappedHeaders(headers: string[], samples: string[][] = []): Record<string, string> {
  const mapping = detectMapping(headers, samples);
  return Object.fromEntries(Object.entries(mapping).map(([input, column]) => [input, headers[column - 1]!]));
}

describe('headers of prospecting and automation tools', () => {
  it.each([
    [
      'Apollo (CSV, every column)',
      [
        'First Name',
        'Last Name',
        'Title',
        'Company',
        'Company Name for Emails',
        'Email',
        'Email Status',
        'Primary Email Source',
        'Email Confidence',
        'Primary Email Catch-all Status',
        'Primary Email Last Verified At',
        'Contact Owner',
        'Home Phone',
        'Account Owner',
        'Person Linkedin Url',
        'Website',
        'Company Linkedin Url',
        'Facebook Url',
        'Twitter Url',
        'Email Sent',
        'Email Open',
        'Email Bounced',
        'Secondary Email',
        'Secondary Email Source',
        'Tertiary Email',
      ],
      {
        firstName: 'First Name',
        lastName: 'Last Name',
        companyName: 'Company',
        email: 'Email',
        networkUrl: 'Person Linkedin Url',
        companyDomain: 'Website',
      },
    ],
    [
      'Apollo (API, snake_case)',
      [
        'id',
        'first_name',
        'last_name',
        'name',
        'linkedin_url',
        'title',
        'email_status',
        'photo_url',
        'email',
        'organization_name',
        'organization_linkedin_url',
        'organization_primary_domain',
        'personal_emails',
      ],
      {
        firstName: 'first_name',
        lastName: 'last_name',
        fullName: 'name',
        networkUrl: 'linkedin_url',
        email: 'email',
        companyName: 'organization_name',
        companyDomain: 'organization_primary_domain',
      },
    ],
    [
      'Evaboot',
      [
        'First Name',
        'Last Name',
        'Email',
        'Email Status',
        'Job Title',
        'Company',
        'Company Website',
        'LinkedIn Profile URL',
        'Company LinkedIn URL',
        'Company Sales Navigator URL',
      ],
      {
        firstName: 'First Name',
        lastName: 'Last Name',
        email: 'Email',
        companyName: 'Company',
        companyDomain: 'Company Website',
        networkUrl: 'LinkedIn Profile URL',
      },
    ],
    [
      'Clay',
      [
        'Full Name',
        'Job Title',
        'Company Name',
        'Company Domain',
        'LinkedIn Profile',
        'Work Email',
        'Personal Email',
      ],
      {
        fullName: 'Full Name',
        companyName: 'Company Name',
        companyDomain: 'Company Domain',
        networkUrl: 'LinkedIn Profile',
        email: 'Work Email',
      },
    ],
    [
      'Lemlist (camelCase)',
      [
        'senderEmail',
        'senderName',
        'email',
        'firstName',
        'lastName',
        'companyName',
        'companyDomain',
        'linkedinUrl',
        'picture',
      ],
      {
        email: 'email',
        firstName: 'firstName',
        lastName: 'lastName',
        companyName: 'companyName',
        companyDomain: 'companyDomain',
        networkUrl: 'linkedinUrl',
      },
    ],
    [
      'Instantly',
      [
        'Email Account',
        'Email',
        'First Name',
        'Last Name',
        'Company Name',
        'Website',
        'Linkedin',
        'Lead Status',
      ],
      {
        email: 'Email',
        firstName: 'First Name',
        lastName: 'Last Name',
        companyName: 'Company Name',
        companyDomain: 'Website',
        networkUrl: 'Linkedin',
      },
    ],
    [
      'HubSpot (with owner and extra addresses)',
      [
        'Record ID',
        'Contact owner',
        'First Name',
        'Last Name',
        'Additional email addresses',
        'Email',
        'Associated Company',
        'Website URL',
        'LinkedIn URL',
      ],
      {
        firstName: 'First Name',
        lastName: 'Last Name',
        email: 'Email',
        companyName: 'Associated Company',
        companyDomain: 'Website URL',
        networkUrl: 'LinkedIn URL',
      },
    ],
    [
      'Salesforce leads',
      [
        'Lead Owner',
        'Owner Email',
        'First Name',
        'Last Name',
        'Company / Account',
        'Email Opt Out',
        'Email',
        'Website',
      ],
      {
        firstName: 'First Name',
        lastName: 'Last Name',
        companyName: 'Company / Account',
        email: 'Email',
        companyDomain: 'Website',
      },
    ],
    [
      'Zapier (kebab-case)',
      [
        'email-2',
        'middle-name',
        'first-name',
        'last-name',
        'personal-email',
        'work-email',
        'company-website',
        'linkedin-profile-url',
      ],
      {
        firstName: 'first-name',
        lastName: 'last-name',
        email: 'work-email',
        companyDomain: 'company-website',
        networkUrl: 'linkedin-profile-url',
      },
    ],
    [
      'Make (dotted paths)',
      ['person.firstName', 'person.lastName', 'person.email', 'company.domain', 'person.linkedinProfileUrl'],
      {
        firstName: 'person.firstName',
        lastName: 'person.lastName',
        email: 'person.email',
        companyDomain: 'company.domain',
        networkUrl: 'person.linkedinProfileUrl',
      },
    ],
  ])('%s', (_tool, headers, expected) => {
    expect(mappedHeaders(headers)).toEqual(expected);
  });

  it.each([
    ['linkedinProfileUrl', 'networkUrl'],
    ['profile_url', 'networkUrl'],
    ['profileLink', 'networkUrl'],
    ['defaultProfileUrl', 'networkUrl'],
    ['LinkedInURL', 'networkUrl'],
    ['companyWebsite', 'companyDomain'],
    ['company_website', 'companyDomain'],
    ['websiteUrl', 'companyDomain'],
    ['organization_primary_domain', 'companyDomain'],
    ['Email domain', 'companyDomain'],
    ['work_email', 'email'],
    ['eMail', 'email'],
    ['Email ID', 'email'],
    ['FIRST_NAME', 'firstName'],
    ['contactLastName', 'lastName'],
    ['full-name', 'fullName'],
    ['current_company_name', 'companyName'],
  ])('%s is %s', (header, input) => {
    expect(inputOfHeader(header)).toBe(input);
  });

  it.each([
    'personal_email',
    'email_2',
    'Email 2',
    'E-mail 2 - Value',
    'secondary email',
    'Tertiary Email',
    'sender email',
    'senderEmail',
    'Owner Email',
    'Reply-to email',
    'Email Status',
    'middleName',
    'Middle Name',
    'middle_initial',
    'Contact Owner First Name',
    'senderName',
    'companyLinkedinUrl',
    'organization_linkedin_url',
    'Company Sales Navigator URL',
    'pastExperienceCompanyName',
    'pastExperienceCompanyUrl',
  ])('%s is rejected (no input, and content may not take it)', (header) => {
    expect(headerVerdict(header)).toBe('rejected');
  });

  it('names each input back when it writes a header row', () => {
    for (const input of INPUT_KEYS) expect(inputOfHeader(INPUT_HEADERS[input])).toBe(input);
  });
});
