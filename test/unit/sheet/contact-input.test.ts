import {
  companyDomainFrom,
  contactFromCells,
  emailAddress,
  missingInput,
  personProfileUrl,
  splitFullName,
} from '../../../src/sheet/contact-input';

describe('company domain', () => {
  it.each([
    ['https://www.Acme.com/about?x=1', 'acme.com'],
    ['http://www2.acme.co.uk:8080/', 'acme.co.uk'],
    ['acme.io', 'acme.io'],
    ['jane.doe@Globex.com', 'globex.com'],
    ['jane@gmail.com', ''],
    ['https://mail.yahoo.com', 'mail.yahoo.com'],
    ['gmail.com', ''],
    ['not a domain', ''],
    ['', ''],
  ])('%s → %s', (value, expected) => expect(companyDomainFrom(value)).toBe(expected));
});

describe('full-name split', () => {
  it.each([
    ['Jane Doe', 'Jane', 'Doe'],
    ['  Jane   Mary  Doe ', 'Jane Mary', 'Doe'],
    ['Doe, Jane', 'Jane', 'Doe'],
    ['Dr. Jean-Luc de la Tour, PhD', 'Jean-Luc', 'de la Tour'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['Cher', 'Cher', ''],
  ])('%s', (value, first, last) =>
    expect(splitFullName(value)).toEqual({ firstName: first, lastName: last }),
  );
});

describe('profile URL', () => {
  it('normalises a person URL and refuses a company page', () => {
    expect(personProfileUrl('fr.linkedin.com/in/jane-doe/?trk=x')).toBe(
      'https://www.linkedin.com/in/jane-doe',
    );
    expect(personProfileUrl('https://www.linkedin.com/company/acme')).toBe('');
    expect(personProfileUrl('https://www.linkedin.com/')).toBe('');
  });
});

describe('row inputs', () => {
  it('splits a full name, takes the domain from a work email, and says what is missing', () => {
    const input = contactFromCells(['Jane Doe', 'jane@acme.com'], { fullName: 1, email: 2 });
    expect(input).toMatchObject({ firstName: 'Jane', lastName: 'Doe', companyDomain: 'acme.com' });
    expect(missingInput('enrich', input)).toBe('');
    expect(
      missingInput(
        'enrich',
        contactFromCells(['Jane', '', 'x@gmail.com'], { firstName: 1, lastName: 2, email: 3 }),
      ),
    ).toBe('missing input: last name, company');
  });

  it('says "invalid email" for text that is no address in the email column, "missing input" for nothing', () => {
    expect(missingInput('reverse', contactFromCells(['not-an-email'], { email: 1 }))).toBe('invalid email');
    expect(missingInput('reverse', contactFromCells(['jane@acme'], { email: 1 }))).toBe('invalid email');
    expect(missingInput('reverse', contactFromCells(['  '], { email: 1 }))).toBe('missing input: email');
    expect(missingInput('reverse', contactFromCells(['Jane'], {}))).toBe('missing input: email');
    // An enrichment does not need the email: a bad one neither blocks nor explains the row.
    const enrich = contactFromCells(['Jane', 'Doe', 'Acme', 'n/a'], {
      firstName: 1,
      lastName: 2,
      companyName: 3,
      email: 4,
    });
    expect(missingInput('enrich', enrich)).toBe('');
  });

  it('reads the address out of a mail link or a display name', () => {
    expect(emailAddress('mailto:Jane@Acme.com')).toBe('jane@acme.com');
    expect(emailAddress('Jane Doe <jane@acme.com>')).toBe('jane@acme.com');
    expect(emailAddress('jane@acme.com, bob@acme.com')).toBe('');
    const input = contactFromCells(['Jane Doe <jane@acme.com>'], { email: 1 });
    expect(input).toMatchObject({ email: 'jane@acme.com', companyDomain: 'acme.com' });
    expect(input.invalidEmail).toBeUndefined();
  });

  it('accepts a profile URL alone', () => {
    const input = contactFromCells(['https://linkedin.com/in/x'], { networkUrl: 1 });
    expect(missingInput('enrich', input)).toBe('');
  });
});
