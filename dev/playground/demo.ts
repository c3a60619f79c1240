/** The sheets a newcomer finds: contacts the emulator knows (and a few it does not). */
import { sampleContacts } from '../emulator/sample';
import type { SheetData } from './session';

/** The emulator's default seed: the people in the sheet are people its world holds. */
const EMULATOR_SEED = 1;

export function demoContacts(count = 12): SheetData {
  const contacts = sampleContacts(EMULATOR_SEED, count);
  return {
    name: 'Contacts',
    values: [
      ['First name', 'Last name', 'Company', 'Website'],
      ...contacts.map((contact) => [
        contact.firstName,
        contact.lastName,
        contact.companyName,
        contact.domain,
      ]),
    ],
  };
}

/**
 * A second tab for trying the reverse lookup: work emails of people the emulator's world holds (the
 * same seed as the emulator; another seed's people are strangers to it and would all be "not found").
 */
export function demoEmails(count = 6): SheetData {
  const contacts = sampleContacts(EMULATOR_SEED, 40 + count, { withWorkEmail: true, unknownShare: 0 }).slice(
    40,
  );
  return { name: 'Emails', values: [['Email'], ...contacts.map((contact) => [contact.workEmail])] };
}

/**
 * A third tab with formulas at work: `=ENRICH_EMAIL` and `=ENRICH_PHONE` over the first rows of the
 * same people. They answer "⏳ queued" until Jobs › Get them… runs, then show the answers.
 */
export function demoFormulas(count = 5): SheetData {
  const contacts = sampleContacts(EMULATOR_SEED, count);
  const last = count + 1;
  return {
    name: 'Formulas',
    values: [
      ['First name', 'Last name', 'Company', 'Work email (formula)', 'Phone (formula)'],
      ...contacts.map((contact, index) => [
        contact.firstName,
        contact.lastName,
        contact.domain,
        index === 0 ? `=ENRICH_EMAIL(A2:A${last},B2:B${last},C2:C${last})` : '',
        index === 0 ? `=ENRICH_PHONE(A2:A${last},B2:B${last},C2:C${last})` : '',
      ]),
    ],
  };
}
