import { mappingCovers } from '../../../src/engine/plan';
import { firstRowLooksLikeHeaders } from '../../../src/sheet/header-choice';

describe('firstRowLooksLikeHeaders: the guess for a sheet whose headers name nothing known', () => {
  it('takes a row of distinct labels over data as headers', () => {
    expect(
      firstRowLooksLikeHeaders([
        ['Col1', 'Col2', 'Col3'],
        ['Ada', 'Lovelace', 'Acme'],
      ]),
    ).toBe(true);
    expect(
      firstRowLooksLikeHeaders([
        ['Who', '', 'Where'],
        ['Ada', '', 'Acme'],
      ]),
    ).toBe(true);
  });

  it('takes a row holding a value, a repeat or nothing under it as data', () => {
    const rows = (first: string[]) => [first, ['Grace', 'Hopper', 'navy.mil']];
    expect(firstRowLooksLikeHeaders(rows(['Ada', 'Lovelace', 'acme.com']))).toBe(false);
    expect(firstRowLooksLikeHeaders(rows(['Ada', 'ada@acme.com', 'Acme']))).toBe(false);
    expect(firstRowLooksLikeHeaders(rows(['Ada', '+44 20 7946 0000', 'Acme']))).toBe(false);
    expect(firstRowLooksLikeHeaders(rows(['Ada', 'https://x.test/in/ada', 'Acme']))).toBe(false);
    expect(firstRowLooksLikeHeaders(rows(['Ada', 'Ada', 'Acme']))).toBe(false);
    expect(
      firstRowLooksLikeHeaders([
        ['Ada', 'Acme'],
        ['Bob', 'Acme'],
      ]),
    ).toBe(false);
    expect(firstRowLooksLikeHeaders([['Ada', 'Lovelace']])).toBe(false);
    expect(
      firstRowLooksLikeHeaders([
        ['', ''],
        ['Ada', 'Lovelace'],
      ]),
    ).toBe(false);
  });
});

describe('mappingCovers: whether a mapping names what a row needs', () => {
  it('asks names and a company, or a profile URL, for enrichment; an email for reverse', () => {
    expect(mappingCovers('enrich', { firstName: 1, lastName: 2, companyName: 3 })).toBe(true);
    expect(mappingCovers('enrich', { fullName: 1, companyDomain: 2 })).toBe(true);
    expect(mappingCovers('enrich', { networkUrl: 4 })).toBe(true);
    expect(mappingCovers('enrich', { firstName: 1, companyName: 3 })).toBe(false);
    expect(mappingCovers('enrich', {})).toBe(false);
    expect(mappingCovers('reverse', { email: 2 })).toBe(true);
    expect(mappingCovers('reverse', { firstName: 1 })).toBe(false);
  });
});
