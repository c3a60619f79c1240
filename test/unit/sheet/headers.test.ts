/**
 * Header detection on the exports of CRMs and contact managers, in English and not: the columns an
 * input takes, a URL column read by its values, a header row below a title (headers-tools.test.ts:
 * the names prospecting and automation tools write).
 */
import { detectHeaderRow, detectMapping, inputOfHeader } from '../../../src/sheet/headers';

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
