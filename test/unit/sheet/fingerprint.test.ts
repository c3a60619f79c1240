import { contactFromCells } from '../../../src/sheet/contact-input';
import { cyrb53, fingerprint } from '../../../src/sheet/fingerprint';

const mapping = { firstName: 1, lastName: 2, companyName: 3, companyDomain: 4 };
const fp = (...cells: string[]) => fingerprint('enrich', contactFromCells(cells, mapping));

describe('fingerprints', () => {
  it('are short, stable and prefixed by kind', () => {
    expect(fp('Jane', 'Doe', 'Acme', '')).toMatch(/^e[0-9a-z]{11}$/);
    expect(fp('Jane', 'Doe', 'Acme', '')).toBe(fp('Jane', 'Doe', 'Acme', ''));
    expect(fingerprint('reverse', contactFromCells(['Jane@Acme.com'], { email: 1 }))).toMatch(/^r/);
    expect(cyrb53('a')).toBe(cyrb53('a'));
    expect(cyrb53('a')).not.toBe(cyrb53('b'));
  });

  it('ignore case, accents, spacing and how the domain was written', () => {
    expect(fp('José', 'Núñez', 'Acme', 'https://www.acme.com/')).toBe(
      fp(' jose ', 'NUNEZ', 'ACME Inc', 'acme.com'),
    );
  });

  it('differ when an input differs', () => {
    expect(fp('Jane', 'Doe', 'Acme', '')).not.toBe(fp('Jane', 'Doe', 'Globex', ''));
    expect(fp('Jane', 'Doe', '', 'acme.com')).not.toBe(fp('John', 'Doe', '', 'acme.com'));
  });
});
