/** The synthetic world: deterministic per seed, big enough, realistic hit rates and formats. */
import { sampleContacts } from '../../dev/emulator/sample';
import { generateWorld } from '../../dev/emulator/world';
import { withExtraData } from '../../dev/emulator/world/extra';

const SMALL = { companies: 300, people: 3_000 };

describe('world', () => {
  it('is the same for the same seed and different for another', () => {
    // Sizes differ from other tests' worlds so this one is generated here, not served from the cache.
    const a = generateWorld(101, SMALL);
    const b = generateWorld(101, { ...SMALL, people: SMALL.people });
    const other = generateWorld(102, SMALL);
    expect(b).toBe(a);
    const fresh = generateWorld(101, { ...SMALL, companies: SMALL.companies + 0, people: SMALL.people + 1 });
    expect(fresh.companies.map((c) => c.domain)).toEqual(a.companies.map((c) => c.domain));
    expect(fresh.person(5)).toEqual(a.person(5));
    expect(JSON.stringify(fresh.people.slice(0, SMALL.people))).toBe(JSON.stringify(a.people));
    expect(other.companies[0]?.name).not.toBe(a.companies[0]?.name);
  });

  // How fast it is generated is a benchmark's business (npm run bench:emulator), not a timed test's.
  it('has at least 5,000 companies and 50,000 people by default', () => {
    const world = generateWorld(4242);
    expect(world.companies.length).toBeGreaterThanOrEqual(5_000);
    expect(world.personCount).toBeGreaterThanOrEqual(50_000);
    expect(new Set(world.companies.map((c) => c.domain)).size).toBe(world.companies.length);
  });

  it('has realistic hit rates, E.164 phones (with trunk-zero countries) and accented names', () => {
    const people = Array.from({ length: 5_000 }, (_, i) => generateWorld(1).person(i * 10));
    const share = (predicate: (p: (typeof people)[number]) => boolean) =>
      people.filter(predicate).length / people.length;
    expect(share((p) => (p?.workEmails.length ?? 0) > 0)).toBeCloseTo(0.85, 1);
    expect(share((p) => (p?.personalEmails.length ?? 0) > 0)).toBeCloseTo(0.4, 1);
    expect(share((p) => (p?.phones.length ?? 0) > 0)).toBeCloseTo(0.3, 1);
    const phones = people.flatMap((p) => p?.phones ?? []);
    expect(phones.every((phone) => /^\+[1-9]\d{7,14}$/.test(phone.number))).toBe(true);
    for (const [region, prefix] of [
      ['FR', '+33'],
      ['GB', '+44'],
      ['DE', '+49'],
    ]) {
      expect(
        phones.some((phone) => phone.region === region && phone.number.startsWith(prefix as string)),
      ).toBe(true);
    }
    expect(share((p) => /[^ -~]/.test(p?.fullName ?? ''))).toBeGreaterThan(0.1);
    const person = people.find((p) => p?.past.length && p.current);
    expect(person?.current?.endMonth).toBeUndefined();
    expect(person?.past[0]?.endMonth).toBeDefined();
  });

  it('samples known contacts the world finds, and unknown ones it does not', () => {
    const world = generateWorld(1);
    const contacts = sampleContacts(1, 200, { unknownShare: 0.1 });
    expect(sampleContacts(1, 200, { unknownShare: 0.1 })).toEqual(contacts);
    const known = contacts.filter((c) => c.known);
    expect(known.length).toBeGreaterThan(150);
    expect(contacts.length - known.length).toBeGreaterThan(5);
    for (const c of contacts) {
      const match = world.findContact({ firstName: c.firstName, lastName: c.lastName, domain: c.domain });
      expect(Boolean(match)).toBe(c.known);
      if (c.known) {
        expect(match?.person.networkUrl).toBe(c.networkUrl);
        expect(world.findContact({ networkUrl: c.networkUrl })?.person).toBe(match?.person);
        if (c.workEmail) expect(world.findByEmail(c.workEmail)).toBe(match?.person);
      }
    }
  });

  it('adds the people and companies of --data', () => {
    const world = withExtraData(generateWorld(1), {
      companies: [{ name: 'Acme Test', domain: 'acme.test' }],
      people: [
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          company_domain: 'www.acme.test',
          work_email: 'Ada@acme.test',
          phone: '+33612345678',
        },
      ],
    });
    const match = world.findContact({ firstName: 'ada', lastName: 'LOVELACE', companyName: 'acme test' });
    expect(match?.person.current?.company.name).toBe('Acme Test');
    expect(world.findByEmail('ada@acme.test')).toBe(match?.person);
    expect(match?.person.phones).toEqual([{ number: '+33612345678', region: 'FR' }]);
    expect(world.findContact({ networkUrl: match?.person.networkUrl ?? '' })?.person).toBe(match?.person);
  });
});
