/**
 * =ENRICH_PROFILE(profile_url, field) and =REVERSE_EMAIL(email, field) through the built add-on: the
 * formulas queue, "Get them…" buys, and each cell shows the emulator's truth for its person and
 * field (the world the emulator generated, read here); a profile's formula-looking values stay text;
 * one profile enrichment pays once for its person, and its work email answers later formulas free.
 */
import type { Addon } from '../../dev/gas/harness';
import { generateWorld, type Person } from '../../dev/emulator/world';
import { withExtraData } from '../../dev/emulator/world/extra';
import type { PlanView, StartView } from '../../src/app/sidebar-contract';
import { loadRowsAsSheet } from '../../scripts/lib/enrich-run';
import { engineKit, people, SEED, settle, SHEET, sheetText } from './support/engine';
import { column, getThem, typeFormula } from './support/formulas';

/** Someone whose profile is made of formula-looking values (extra emulator data). */
const EVE = {
  first_name: 'Eve',
  last_name: '-Minus',
  company_domain: 'eve-formula.test',
  company_name: '+SUM(1,2)',
  title: '=HYPERLINK("http://evil.test","click")',
  city: '@home',
  work_email: 'eve@eve-formula.test',
  network_url: 'https://www.linkedin.com/in/eve-formula',
};
const DATA = { people: [EVE] };
const kit = engineKit({ data: DATA });
const WORLD = withExtraData(generateWorld(SEED), DATA);

const NOT_FOUND = '— not found';
/** The emulator's truth: what each profile field is for a person of its world ('' when it has none). */
function truth(person: Person, field: string): string {
  const job = person.current;
  const values: Record<string, string | undefined> = {
    'full name': person.fullName,
    'first name': person.firstName,
    'last name': person.lastName,
    title: job?.title,
    company: job?.company.name,
    'company domain': job?.company.domain,
    // The add-on's one-line form of the API's location object (ProfileSummary.location).
    location: [person.city, person.region, person.country].filter(Boolean).join(', '),
    'profile url': person.networkUrl,
  };
  return values[field] || NOT_FOUND;
}
const byUrl = (url: string) => WORLD.findContact({ networkUrl: url })?.person;

/** [what the formula is given ('' = no field argument), the field it means]. */
const FIELDS = [
  ['', 'full name'],
  ['full name', 'full name'],
  ['First_Name', 'first name'],
  ['last name', 'last name'],
  ['title', 'title'],
  ['Company', 'company'],
  ['company-domain', 'company domain'],
  ['location', 'location'],
  ['profile url', 'profile url'],
] as const;
const COLUMNS = 'BCDEFGHIJ';

/**
 * A sheet of `values` under `header` in column A, with `=NAME(A2:A<last>, field)` for each field in
 * B2:J2, recalculated.
 */
function openWithFields(header: string, values: readonly string[], name: string) {
  const last = values.length + 1;
  const addon = kit.open([[header], ...values.map((value) => [value])]);
  FIELDS.forEach(([given], index) =>
    typeFormula(addon, `${COLUMNS[index]}2`, `=${name}(A2:A${last}${given ? `,"${given}"` : ''})`),
  );
  addon.recalculate();
  return { addon, last };
}

/** What each field's column shows, against the truth of each row's person then the rows' statuses. */
function expectFields(addon: Addon, persons: readonly Person[], statuses: string[]): void {
  const last = persons.length + statuses.length + 1;
  FIELDS.forEach(([given, field], index) => {
    const shown = column(addon, `${COLUMNS[index]}2:${COLUMNS[index]}${last}`);
    const truths = persons.map((person) => truth(person, field));
    expect({ given, shown }).toEqual({ given, shown: [...truths, ...statuses] });
  });
}

/** Who paid for what: each (person, field) the emulator charged for, and how often. */
async function purchases(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const outcome of await kit.emulator().admin.outcomes())
    for (const field of outcome.charged_for) {
      const key = `${outcome.kind}:${outcome.person}:${field}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return counts;
}

describe('=ENRICH_PROFILE', () => {
  it('shows each field of each person, after Get them…, as text even when it looks like a formula', async () => {
    const persons = [...people(12, 0).map((contact) => byUrl(contact.networkUrl)!), byUrl(EVE.network_url)!];
    const urls = [
      ...persons.map((person) => person.networkUrl),
      'https://www.linkedin.com/in/zz-nobody-unknown-4242',
      'https://www.linkedin.com/company/acme',
    ];
    const { addon, last } = openWithFields('Profile URL', urls, 'ENRICH_PROFILE');
    expect(column(addon, `B2:B${last}`)).toEqual([
      ...urls.slice(0, -1).map(() => expect.stringMatching(/^⏳ queued/)),
      '⚠ not a person profile URL',
    ]);

    // One request per person whatever the fields asked: the cheapest field (work email) pays.
    const { queue, plan, run } = await getThem(addon);
    expect(queue).toMatchObject({ requests: urls.length - 1, fields: ['work_email'] });
    expect(plan).toMatchObject({ contactsToSend: urls.length - 1, maxCredits: urls.length - 1 });
    expect(run.state).toBe('finished');
    expect(addon.recalculate()).toBe(FIELDS.length);
    const statuses = [NOT_FOUND, '⚠ not a person profile URL'];
    expectFields(addon, persons, statuses);
    // Paid: the people with a work email, once each; those without one got their profile free.
    const withEmail = persons.filter((person) => person.workEmails.length).length;
    expect([0, persons.length]).not.toContain(withEmail);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(withEmail);
    expect([...(await purchases()).values()]).toEqual(Array(withEmail).fill(1));

    // Eve's title, company, last name and city look like formulas: converted, they stay her text.
    const eve = FIELDS.map(([, field]) => truth(persons.at(-1)!, field));
    expect(eve.filter((value) => /^[=+\-@]/.test(value))).toHaveLength(4);
    const cells = addon.spreadsheet.getSheetByName(SHEET)!.getRange(`B2:J${last}`);
    const before = cells.getDisplayValues();
    expect(before[persons.length - 1]).toEqual(eve);
    addon.setSelection(`A2:A${last}`, SHEET);
    addon.call('menuConvertFormulas');
    expect(cells.getFormulas().flat().filter(Boolean)).toEqual([]);
    expect(cells.getValues()).toEqual(before);
  });

  it('buys a person once for several fields, and its work email answers ENRICH_EMAIL and a sidebar run free', async () => {
    const contact = people(30, 0).find(
      (c) => c.workEmail && !byUrl(c.networkUrl)!.workEmails[0]!.status.startsWith('INVALID'),
    )!;
    const addon = kit.open([['Profile URL'], [contact.networkUrl]]);
    typeFormula(addon, 'B2', '=ENRICH_PROFILE(A2,"title")');
    typeFormula(addon, 'C2', '=ENRICH_PROFILE(A2,"company")');
    addon.recalculate();
    const { queue } = await getThem(addon);
    expect(queue).toMatchObject({ requests: 1, contactsToSend: 1, maxCredits: 1 });
    addon.recalculate();
    const person = byUrl(contact.networkUrl)!;
    expect(addon.spreadsheet.getSheetByName(SHEET)!.getRange('B2:C2').getDisplayValues()).toEqual([
      [truth(person, 'title'), truth(person, 'company')],
    ]);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(1);

    // The work email the profile's enrichment bought: shown at once, nothing queued.
    typeFormula(addon, 'D2', '=ENRICH_EMAIL("","","",A2)');
    addon.recalculate();
    expect(column(addon, 'D2:D2')).toEqual([contact.workEmail]);
    expect(addon.call('getFormulaQueue')).toMatchObject({ queues: [] });

    // A sidebar run of the same profile URL for its work email: answered from the saved result.
    loadRowsAsSheet(addon, 'Sidebar', [['LinkedIn URL'], [contact.networkUrl]]);
    addon.setSelection('A2', 'Sidebar');
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    expect(plan).toMatchObject({ contactsToSend: 0, maxCredits: 0, rowsFromLedger: 1 });
    expect((await settle(addon, addon.call<StartView>('startRun', plan.planId).runId)).state).toBe(
      'finished',
    );
    expect(sheetText(addon, 'Sidebar')[1]).toContain(contact.workEmail);
    expect(await kit.emulator().admin.stats()).toMatchObject({
      credits_spent: 1,
      charges: { charged_twice: 0 },
    });
    expect([...(await purchases()).entries()]).toEqual([[`enrich:${person.id}:work_email`, 1]]);
  });

  it('answers from the profile a sidebar run of the URL saved, whatever field that run bought', async () => {
    const [contact] = people(1, 0);
    const addon = kit.open([['LinkedIn URL'], [contact!.networkUrl]]);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['phone'] });
    await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    typeFormula(addon, 'L2', '=ENRICH_PROFILE(A2,"title")');
    addon.recalculate();
    expect(column(addon, 'L2:L2')).toEqual([truth(byUrl(contact!.networkUrl)!, 'title')]);
    expect(addon.call('getFormulaQueue')).toMatchObject({ queues: [] });
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(spent);
  });
});

describe('=REVERSE_EMAIL', () => {
  it('shows each profile field of the person an email belongs to, after Get them…', async () => {
    const contacts = people(30, 0).filter((contact) => contact.workEmail);
    const emails = [
      ...contacts.slice(0, 5).map((contact) => contact.workEmail),
      contacts.slice(5).find((contact) => contact.personalEmail)!.personalEmail,
      'zz.nobody@unknown-4242.test',
      'not an email',
    ];
    const { addon } = openWithFields('Email', emails, 'REVERSE_EMAIL');
    const { queue, run } = await getThem(addon, 'reverse');
    expect(queue).toMatchObject({ requests: emails.length - 1, maxCredits: emails.length - 1 });
    expect(run.state).toBe('finished');
    addon.recalculate();
    const persons = emails.slice(0, -2).map((email) => WORLD.findByEmail(email)!);
    expectFields(addon, persons, [NOT_FOUND, '⚠ invalid email']);
    // 1 credit per profile found, once each.
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(persons.length);
    expect([...(await purchases()).values()]).toEqual(Array(persons.length).fill(1));
  });
});
