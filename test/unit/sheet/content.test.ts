import { columnKind, labelRowAboveContent, valueKind } from '../../../src/sheet/content';
import { detectHeaderRow, detectMapping } from '../../../src/sheet/headers';

describe('what a cell holds', () => {
  it.each([
    ['jane.doe@acme.com', 'email'],
    ['Jane Doe <jane@acme.com>', 'email'],
    ['mailto:jane@acme.com', 'email'],
    ['https://www.linkedin.com/in/jane-doe/', 'personUrl'],
    ['fr.linkedin.com/in/jane-doe?trk=x', 'personUrl'],
    ['https://www.linkedin.com/sales/lead/ACwAAA123,NAME_SEARCH,x1', 'personUrl'],
    ['https://www.linkedin.com/sales/people/ACwAAA123', 'personUrl'],
    ['https://www.linkedin.com/company/acme/', 'companyPage'],
    ['https://www.linkedin.com/school/mit', 'companyPage'],
    ['https://www.linkedin.com/sales/company/1234', 'companyPage'],
    ['acme.com', 'website'],
    ['https://www.Acme.co.uk/', 'website'],
    ['http://acme.io/en', 'website'],
    ['https://acme.com/index.html', 'website'],
    ['https://twitter.com/acme', undefined],
    ['https://media.licdn.com/dms/image/abc/profile.jpg', undefined],
    ['https://www.linkedin.com/sales/search/people?query=x', undefined],
    ['https://acme.com/blog/2024/post', undefined],
    ['gmail.com', undefined],
    ['deck.pdf', undefined],
    ['Acme Inc.', undefined],
    ['Jane', undefined],
    ['3.5', undefined],
    ['2024-05-01T10:00:00.000Z', undefined],
    ['jane(at)acme', undefined],
  ])('%s → %s', (cell, kind) => expect(valueKind(cell)).toBe(kind));
});

describe('columns recognised by content', () => {
  const rows = [
    ['Ada Lovelace', 'https://www.linkedin.com/in/ada', 'ada@acme.com', 'acme.com', 'CEO'],
    ['Alan Turing', 'linkedin.com/in/alan', 'alan@globex.io', 'https://globex.io', 'CTO'],
    ['Grace Hopper', 'https://www.linkedin.com/in/grace', '', 'navy.mil', 'Admiral'],
  ];

  it('maps unnamed and oddly named columns by what they hold, never the names', () => {
    expect(detectMapping(['Who', 'Col B', '', 'Web thing', 'Role'], rows)).toEqual({
      networkUrl: 2,
      email: 3,
      companyDomain: 4,
    });
  });

  it('reads a sheet without a header row by content alone', () => {
    expect(detectHeaderRow(rows)).toBe(0);
    expect(detectMapping([], rows)).toEqual({ networkUrl: 2, email: 3, companyDomain: 4 });
  });

  it('ignores empty cells and asks for a majority', () => {
    const mostlyText = [['x@acme.com'], ['no'], ['nope'], ['never']];
    expect(columnKind(mostlyText, 0)).toBeUndefined();
    const sparse = [
      ['', 'a'],
      ['x@acme.com', 'b'],
      ['', 'c'],
      ['y@acme.com', 'd'],
    ];
    expect(columnKind(sparse, 0)).toBe('email');
    // One stray address in a notes column of several rows is not an email column.
    const stray = [
      ['see x@acme.com', 'a'],
      ['x@acme.com', 'b'],
      ['', 'c'],
    ];
    expect(detectMapping(['Notes', 'Other'], stray)).toEqual({});
    // A one-row sheet has one cell to go by.
    expect(detectMapping([], [['ada@acme.com']])).toEqual({ email: 1 });
  });

  it('never takes company pages for a person, whatever the header', () => {
    const pages = [['https://www.linkedin.com/company/acme'], ['https://www.linkedin.com/school/mit']];
    expect(detectMapping(['Links'], pages)).toEqual({});
    expect(detectMapping(['LinkedIn'], pages)).toEqual({});
    expect(detectMapping(['Website'], pages)).toEqual({});
    expect(detectMapping([], pages)).toEqual({});
  });

  it('leaves rejected headers to themselves: sender, secondary and personal addresses', () => {
    const samples = [['ada@acme.com', 'me@sender.io', 'ada@gmail.com', 'ada2@acme.com']];
    expect(detectMapping(['Email', 'Sender email', 'personal_email', 'email_2'], samples)).toEqual({
      email: 1,
    });
    expect(
      detectMapping(
        ['senderEmail', 'secondary email', 'personal_email'],
        samples.map((row) => row.slice(1)),
      ),
    ).toEqual({});
  });

  it('prefers a header match over a content match, and maps a column to one input', () => {
    const samples = [
      ['ada@acme.com', 'ada@acme.com', 'https://linkedin.com/in/ada', 'https://linkedin.com/in/ada2'],
      ['alan@globex.io', 'alan@globex.io', 'https://linkedin.com/in/alan', 'https://linkedin.com/in/al'],
    ];
    expect(detectMapping(['Backup', 'E-mail', 'Links', 'LinkedIn'], samples)).toEqual({
      email: 2,
      networkUrl: 4,
    });
  });

  it('reads a header-matched URL column by what it holds', () => {
    expect(detectMapping(['Website'], [['https://www.linkedin.com/in/ada']])).toEqual({ networkUrl: 1 });
    expect(detectMapping(['Profile'], [['VP Sales'], ['CEO']])).toEqual({});
    // A pattern-matched header whose values are something else is not that input.
    expect(detectMapping(['LinkedIn Connections'], [['500'], ['312']])).toEqual({});
    expect(detectMapping(['Mail address'], [['yes'], ['no']])).toEqual({});
    expect(detectMapping(['Mail address'], [['ada@acme.com']])).toEqual({ email: 1 });
    // A header a list names keeps its column whatever it holds: the rows then say why they are skipped.
    expect(detectMapping(['Email'], [['n/a'], ['none']])).toEqual({ email: 1 });
  });

  it('takes the public profile over the navigator link when both columns are there', () => {
    const headers = ['profileUrl', 'fullName', 'companyUrl', 'linkedInProfileUrl', 'profileImageUrl'];
    const row = (n: number) => [
      `https://www.linkedin.com/sales/lead/ACwAAA${n},NAME_SEARCH,x`,
      `Ada Lovelace${n}`,
      `https://www.linkedin.com/sales/company/${n}`,
      `https://www.linkedin.com/in/ada-${n}`,
      `https://media.licdn.com/dms/image/${n}/photo.jpg`,
    ];
    expect(detectMapping(headers, [row(1), row(2), row(3)])).toEqual({ networkUrl: 4, fullName: 2 });
  });

  it('skips our own output columns', () => {
    const samples = [['ada@acme.com', 'ada@acme.com']];
    expect(detectMapping(['', ''], samples, new Set([1]))).toEqual({ email: 2 });
  });
});

describe('the header row', () => {
  it('does not take a first row of profile URLs or addresses for headers', () => {
    const rows = [
      ['https://www.linkedin.com/in/ada', 'ada@mail.com'],
      ['https://www.linkedin.com/in/alan', 'alan@mail.com'],
    ];
    expect(detectHeaderRow(rows)).toBe(0);
    // Nor a row of data whose job title happens to say "email".
    const titled = [
      ['Ada', 'Email Marketing Manager', 'ada@acme.com'],
      ['Alan', 'CTO', 'alan@globex.io'],
    ];
    expect(detectHeaderRow(titled)).toBe(0);
  });

  it('finds a row of unknown labels above columns recognised by content', () => {
    const rows = [
      ['Who', 'Reach at', 'Site'],
      ['Ada', 'ada@acme.com', 'acme.com'],
      ['Alan', 'alan@globex.io', 'globex.io'],
    ];
    expect(detectHeaderRow(rows)).toBe(1);
    expect(labelRowAboveContent(rows.slice(1))).toBe(0);
    // A first data row with an address that is no valid email is data, not a label.
    expect(
      labelRowAboveContent([['Ada', 'ada(at)acme.com'], ...rows.slice(1, 3).map((r) => r.slice(0, 2))]),
    ).toBe(0);
  });
});
