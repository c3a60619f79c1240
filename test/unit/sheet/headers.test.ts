import { detectHeaderRow, detectMapping, headerVerdict, inputOfHeader } from '../../../src/sheet/headers';
import { INPUT_HEADERS, INPUT_KEYS } from '../../../src/domain/inputs';

describe('header detection on real exports', () => {
  it.each([
    [
      'HubSpot',
      ['Record ID', 'First Name', 'Last Name', 'Email', 'Company Name', 'Website URL', 'Phone Number'],
      { firstName: 2, lastName: 3, email: 4, companyName: 5, companyDomain: 6 },
    ],
    [
      'Salesforce',
      ['First Name', 'Last Name', 'Title', 'Account Name', 'Email', 'Mailing City'],
      { firstName: 1, lastName: 2, companyName: 4, email: 5 },
    ],
    [
      'Apollo',
      [
        'First Name',
        'Last Name',
        'Title',
        'Company',
        'Company Name for Emails',
        'Email',
        'Email Status',
        'Person Linkedin Url',
        'Website',
        'Company Linkedin Url',
      ],
      { firstName: 1, lastName: 2, companyName: 4, email: 6, networkUrl: 8, companyDomain: 9 },
    ],
    [
      'the networking site export',
      ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'],
      { firstName: 1, lastName: 2, networkUrl: 3, email: 4, companyName: 5 },
    ],
    [
      'Google Contacts (old)',
      ['Name', 'Given Name', 'Additional Name', 'Family Name', 'Organization 1 - Name', 'E-mail 1 - Value'],
      { fullName: 1, firstName: 2, lastName: 4, companyName: 5, email: 6 },
    ],
    [
      'Google Contacts (new)',
      ['First Name', 'Middle Name', 'Last Name', 'Organization Name', 'E-mail 1 - Value'],
      { firstName: 1, lastName: 3, companyName: 4, email: 5 },
    ],
    [
      'Sales Navigator list',
      ['Full name', 'Sales Navigator URL', 'Company domain'],
      { fullName: 1, networkUrl: 2, companyDomain: 3 },
    ],
    // Issue 39: a custom field's API name ends with "__c".
    [
      'Salesforce custom fields (API names)',
      ['FirstName', 'LastName', 'Company__c', 'LinkedIn_URL__c'],
      { firstName: 1, lastName: 2, companyName: 3, networkUrl: 4 },
    ],
    // Issue 39: the company's website beats the domain of its email addresses, whatever the order.
    [
      'ZoomInfo',
      ['First Name', 'Last Name', 'Company Name', 'Email Domain', 'Website'],
      { firstName: 1, lastName: 2, companyName: 3, companyDomain: 5 },
    ],
  ])('%s', (_name, headers, expected) => {
    const samples = headers.includes('URL')
      ? [headers.map((h) => (h === 'URL' ? 'https://www.linkedin.com/in/jane' : 'x'))]
      : [];
    expect(detectMapping(headers, samples)).toEqual(expected);
  });

  it.each([
    [
      ['Prénom', 'Nom', 'Société', 'Site web'],
      { firstName: 1, lastName: 2, companyName: 3, companyDomain: 4 },
    ],
    [['Prénom', 'Nom', 'Entreprise', 'Courriel'], { firstName: 1, lastName: 2, companyName: 3, email: 4 }],
    [
      ['Vorname', 'Nachname', 'Firma', 'E-Mail-Adresse'],
      { firstName: 1, lastName: 2, companyName: 3, email: 4 },
    ],
    [
      ['Nombre', 'Apellido', 'Empresa', 'Correo electrónico'],
      { firstName: 1, lastName: 2, companyName: 3, email: 4 },
    ],
    [
      ['Nome', 'Cognome', 'Azienda', 'Sito web'],
      { firstName: 1, lastName: 2, companyName: 3, companyDomain: 4 },
    ],
  ])('non-English headers %j', (headers, expected) => {
    expect(detectMapping(headers, [])).toEqual(expected);
  });

  it('does not take a company profile URL for a person', () => {
    expect(inputOfHeader('Company LinkedIn URL')).toBeUndefined();
    expect(inputOfHeader('LinkedIn Company Page')).toBeUndefined();
    expect(inputOfHeader('LinkedIn')).toBe('networkUrl');
    expect(detectMapping(['Name', 'Profile URL'], [['A B', 'https://linkedin.com/company/acme']])).toEqual({
      fullName: 1,
    });
  });

  it('reads an ambiguous URL column by its values', () => {
    expect(detectMapping(['URL'], [['https://acme.com'], ['globex.io']])).toEqual({ companyDomain: 1 });
    expect(detectMapping(['URL'], [['https://fr.linkedin.com/in/jane-doe']])).toEqual({ networkUrl: 1 });
  });

  it('ignores excluded (output) columns and personal emails', () => {
    expect(detectMapping(['Email', 'Company'], [], new Set([2]))).toEqual({ email: 1 });
    expect(inputOfHeader('Personal email')).toBeUndefined();
    expect(inputOfHeader('Email status')).toBeUndefined();
  });

  it('finds a header row below a title', () => {
    const rows = [
      ['Q3 leads', '', ''],
      ['', '', ''],
      ['First name', 'Last name', 'Company'],
      ['Ada', 'Lovelace', 'Acme'],
    ];
    expect(detectHeaderRow(rows)).toBe(3);
    expect(
      detectHeaderRow([
        ['1', '2'],
        ['3', '4'],
      ]),
    ).toBe(0);
  });
});

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
