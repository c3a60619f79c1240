import { agree, plural } from '../../../src/domain/words';

describe('plural', () => {
  it('says one of a thing, and many with -s, -ies after a consonant, or the form given', () => {
    expect(plural(1, 'contact')).toBe('1 contact');
    expect(plural(0, 'credit')).toBe('0 credits');
    expect(plural(20, 'company')).toBe('20 companies');
    expect(plural(2, 'key')).toBe('2 keys');
    expect(plural(1200, 'credit')).toBe('1,200 credits');
    expect(plural(3, 'match', 'matches')).toBe('3 matches');
  });
});

describe('agree', () => {
  it('gives the words that go with a count: one, or any other number', () => {
    expect(agree(1, 'waits', 'wait')).toBe('waits');
    expect(agree(0, 'waits', 'wait')).toBe('wait');
    expect(agree(2, 'holds its', 'hold their')).toBe('hold their');
  });
});
