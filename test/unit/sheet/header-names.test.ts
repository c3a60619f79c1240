import { INPUT_KEYS } from '../../../src/domain/inputs';
import { HEADER_NAMES, REJECTED_NAMES } from '../../../src/sheet/header-names';
import { foldHeader } from '../../../src/sheet/text';

describe('the header name lists', () => {
  // A name in two lists would be read as the first list's input only, silently; one written unfolded
  // would never match, as headers are folded before they are looked up.
  it('name each header once, already folded, and reject none they accept', () => {
    const all = [...INPUT_KEYS.flatMap((key) => HEADER_NAMES[key]), ...REJECTED_NAMES];
    expect(all.filter((name, index) => all.indexOf(name) !== index)).toEqual([]);
    expect(all.filter((name) => foldHeader(name) !== name)).toEqual([]);
  });
});
