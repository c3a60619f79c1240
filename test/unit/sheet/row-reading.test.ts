/**
 * A contact export's web page column ("Website 1 - Value", "Web Page", "Webseite") is the person's
 * own site as often as their employer's: it is the company domain only where the row's other
 * evidence agrees, and a work email's domain is the better one.
 */
import { domainAgreesWithName, rowReader } from '../../../src/sheet/row-reading';
import { detectMapping } from '../../../src/sheet/headers';

/** The readings of each data row, as the table's mapping (detected from headers and content) gives them. */
function readings(headers: string[], rows: string[][]) {
  const mapping = detectMapping(headers, rows);
  const read = rowReader(headers, rows, mapping);
  return { mapping, domains: rows.map((row) => read(row).map((input) => input.companyDomain)) };
}

describe('a contact export', () => {
  const GOOGLE = ['Name', 'E-mail 1 - Value', 'Organization 1 - Name', 'Website 1 - Value'];

  it("takes the work email's domain over the web page, and the page only where it agrees", () => {
    const { mapping, domains } = readings(GOOGLE, [
      ['Jane Doe', 'jane@acme.com', 'Acme', 'https://janedoe.me'],
      ['John Roe', 'john.roe@gmail.com', 'Globex Corporation', 'https://www.globex.com/about'],
      ['Ann Lee', 'ann.lee@gmail.com', 'Initech', 'https://annlee.photography'],
      ['Bo Ng', '', 'International Business Machines', 'ibm.com'],
    ]);
    expect(mapping).toMatchObject({ fullName: 1, email: 2, companyName: 3, companyDomain: 4 });
    expect(domains).toEqual([
      // The previous reading (the page first) comes second: rows answered with it are found again.
      ['acme.com', 'janedoe.me'],
      ['globex.com'],
      ['', 'annlee.photography'],
      ['ibm.com'],
    ]);
  });

  it('reads an Outlook "Web Page" column by its content, with the same rule', () => {
    const headers = ['First Name', 'Last Name', 'Company', 'E-mail Address', 'Web Page'];
    const { mapping, domains } = readings(headers, [
      ['Jane', 'Doe', 'Acme', 'jane@acme-corp.com', 'janedoe.me'],
      ['John', 'Roe', 'Globex', '', 'globex.de'],
      ['Ann', 'Lee', 'Initech', '', 'www.annlee.net'],
    ]);
    expect(mapping.companyDomain).toBe(5);
    expect(domains.map((row) => row[0])).toEqual(['acme-corp.com', 'globex.de', '']);
  });

  it('without a name or an email in the row, trusts the column as far as its other rows agree', () => {
    const headers = ['Vorname', 'Nachname', 'Firma', 'Webseite', 'LinkedIn'];
    const url = 'https://www.linkedin.com/in/someone';
    const mostlyPersonal = readings(headers, [
      ['Jane', 'Doe', 'Acme', 'janedoe.me', ''],
      ['John', 'Roe', 'Globex', 'johnroe.com', ''],
      ['Ann', 'Lee', '', 'annlee.net', url],
    ]);
    expect(mostlyPersonal.domains[2]![0]).toBe('');
    const mostlyCompany = readings(headers, [
      ['Jane', 'Doe', 'Acme', 'acme.com', ''],
      ['John', 'Roe', 'Globex', 'globex.com', ''],
      ['Ann', 'Lee', '', 'initech.com', url],
    ]);
    expect(mostlyCompany.domains[2]![0]).toBe('initech.com');
  });

  it("leaves a column that says it is the company's as it is, but for a work email", () => {
    const headers = ['First name', 'Last name', 'Company', 'Company domain', 'Email'];
    const { domains } = readings(headers, [
      ['Sundar', 'P', 'Alphabet', 'abc.xyz', ''],
      ['Jane', 'Doe', 'Acme', 'acme.com', 'jane@acme.co.uk'],
    ]);
    expect(domains).toEqual([['abc.xyz'], ['acme.co.uk', 'acme.com']]);
  });
});

describe('a domain agrees with a company name', () => {
  it.each([
    ['acme.com', 'Acme Inc.', true],
    ['acme-corp.io', 'ACME Corporation', true],
    ['globex.co.uk', 'Globex Ltd', true],
    ['ibm.com', 'International Business Machines', true],
    ['deutschebahn.com', 'Deutsche Bahn AG', true],
    ['janedoe.me', 'Acme', false],
    ['gmail.com', 'Initech', false],
  ])('%s for %s: %s', (domain, name, agrees) => {
    expect(domainAgreesWithName(domain, name)).toBe(agrees);
  });
});
