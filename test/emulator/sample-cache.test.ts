/**
 * sampleContacts keeps what it drew in .cache/samples/: the next process (each jest file is one)
 * reads the same contacts instead of generating the world of 50,000 people again.
 */
import { drawContacts, sampleContacts } from '../../dev/emulator/sample';

const SEED = 31_031;

it('gives what a draw gives, whether it reads the contacts or draws them', () => {
  for (const [count, options] of [
    [12, {}],
    [12, { unknownShare: 0.5 }],
    [5, { withWorkEmail: true }],
  ] as const) {
    const drawn = drawContacts(SEED, count, options);
    expect(sampleContacts(SEED, count, options)).toEqual(drawn);
    expect(sampleContacts(SEED, count, options)).toEqual(drawn);
  }
});

/** sampleContacts of a new copy of the module, as another jest file or process has, whose world cannot be made. */
function withoutWorld(read: (fresh: typeof sampleContacts) => void): void {
  jest.isolateModules(() => {
    jest.doMock('../../dev/emulator/world', () => ({
      generateWorld: () => {
        throw new Error('the world was generated');
      },
    }));
    read(
      jest.requireActual<typeof import('../../dev/emulator/sample')>('../../dev/emulator/sample')
        .sampleContacts,
    );
  });
}

it('does not generate the world again for a sample an earlier process drew', () => {
  const drawn = sampleContacts(SEED, 20);
  withoutWorld((fresh) => expect(fresh(SEED, 20)).toEqual(drawn));
});

it('reads any other count of the same seed and options from it: on a clean clone, one draw for them all', () => {
  sampleContacts(SEED + 1, 40, { unknownShare: 0.1 });
  withoutWorld((fresh) => {
    expect(fresh(SEED + 1, 3)).toEqual(drawContacts(SEED + 1, 3));
    expect(fresh(SEED + 1, 250)).toEqual(drawContacts(SEED + 1, 250));
  });
});
