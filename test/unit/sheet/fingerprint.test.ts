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

describe('fingerprints of names outside the Latin alphabet', () => {
  it('tell apart people whose names use no Latin letters (they used to fold to "" and collide)', () => {
    expect(fp('Иван', 'Петров', 'Acme', '')).not.toBe(fp('Ольга', 'Смирнова', 'Acme', ''));
    expect(fp('太郎', '山田', '', 'acme.co.jp')).not.toBe(fp('花子', '鈴木', '', 'acme.co.jp'));
    expect(fp('Jane', 'Doe', 'トヨタ', '')).not.toBe(fp('Jane', 'Doe', 'ソニー', ''));
    expect(fp('Łukasz', 'Nowak', 'Acme', '')).not.toBe(fp('Ukasz', 'Nowak', 'Acme', ''));
  });

  it('still ignore case and accents in those alphabets', () => {
    expect(fp('ИВАН', 'Петров', 'Acme', '')).toBe(fp('иван', 'петров', 'acme', ''));
    expect(fp('Éléni', 'Ζαχαρίου', 'Acme', '')).toBe(fp('eleni', 'ζαχαριου', 'ACME', ''));
  });
});
