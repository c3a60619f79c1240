/**
 * From the raw cells of a row to the contact the API receives: company domain from a website or a
 * work email, full names split, profile URLs checked, and what is missing when it cannot be sent.
 */
import type { JobKind } from '../domain/runs';
import type { ColumnMapping, ContactKey, InputKey } from '../domain/inputs';
import { cleanText } from './text';

/** Mail providers whose domain says nothing about the person's employer. */
const FREE_MAIL_DOMAINS = new Set(
  (
    'gmail.com googlemail.com yahoo.com yahoo.fr yahoo.co.uk ymail.com hotmail.com hotmail.fr hotmail.co.uk ' +
    'outlook.com outlook.fr live.com live.fr msn.com aol.com icloud.com me.com mac.com proton.me ' +
    'protonmail.com gmx.com gmx.de gmx.net web.de t-online.de orange.fr wanadoo.fr free.fr laposte.net ' +
    'sfr.fr libero.it virgilio.it mail.ru yandex.ru yandex.com qq.com 163.com 126.com zoho.com ' +
    'fastmail.com hey.com tutanota.com mail.com'
  ).split(' '),
);

/** Whether a domain, in lower case (both callers' hosts are), is a free-mail provider's. */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain);
}

/** "https://www.Acme.com/about?x" → "acme.com"; "jane@acme.com" → "acme.com"; free mail → "". */
export function companyDomainFrom(value: string): string {
  let text = cleanText(value).toLowerCase();
  const at = text.lastIndexOf('@');
  // An address: its domain, read as any other (a free-mail domain gives "" there).
  if (at >= 0 && !text.includes('/')) return companyDomainFrom(text.slice(at + 1));
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^www\d?\./, '');
  const host = text.split(/[/?#:\s]/)[0] ?? '';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return '';
  return isFreeMailDomain(host) ? '' : host;
}

/**
 * A company cell read the same way by a run and by a formula: a bare domain, website or work email
 * ("Monday.com", "https://acme.com", "jane@acme.com") is the company's domain, anything else its
 * name ("Node.js Foundation" stays a name). One reading, so one person has one fingerprint.
 */
export function companyFromCell(text: string): { companyName: string; companyDomain: string } {
  const clean = cleanText(text);
  const domain = /\s/.test(clean) ? '' : companyDomainFrom(clean);
  return { companyName: domain ? '' : clean, companyDomain: domain };
}

/** A person's profile URL on the networking site, normalised; "" for a company page or no URL. */
export function personProfileUrl(value: string): string {
  const text = cleanText(value);
  const withoutScheme = text.replace(/^https?:\/\//i, '').replace(/^(www|[a-z]{2})\./i, '');
  const [host = '', ...rest] = withoutScheme.split('/');
  const path = `/${rest.join('/')}`.split(/[?#]/)[0]!.replace(/\/+$/, '');
  if (!host.includes('.') || path.length <= 1) return '';
  if (/^\/(company|school|showcase|jobs|groups|feed|posts|pulse|sales\/company)(\/|$)/i.test(path)) return '';
  return `https://www.${host.toLowerCase()}${path}`;
}

const HONORIFICS = /^(mr|mrs|ms|miss|mx|dr|prof|sir|mme|mlle|m|herr|frau|sr|sra|srta|dott|dr\.?ssa)\.?$/i;
const SUFFIXES = /^(jr|sr|ii|iii|iv|phd|md|mba|esq|cpa)\.?$/i;
const PARTICLES = new Set('de del della der di da du la le van von dos das st'.split(' '));

/** "Dr. Jean-Luc de la Tour, PhD" → Jean-Luc / de la Tour; "Doe, Jane" → Jane / Doe. */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  let text = cleanText(value);
  const comma = text.split(',').map((part) => part.trim());
  if (comma.length === 2 && comma[1] && !SUFFIXES.test(comma[1]) && !comma[1].includes(' ')) {
    text = `${comma[1]} ${comma[0]}`;
  }
  const words = text
    .replace(/,/g, ' ')
    .split(' ')
    .filter((word) => word && !SUFFIXES.test(word));
  while (words.length > 2 && HONORIFICS.test(words[0]!)) words.shift();
  // One word is a first name; none gives two empty names.
  let split = Math.max(1, words.length - 1);
  while (split > 1 && PARTICLES.has(words[split - 1]!.toLowerCase())) split--;
  return { firstName: words.slice(0, split).join(' '), lastName: words.slice(split).join(' ') };
}

/** The normalised inputs of one row, "" when absent (the email: a valid address or ""): what is fingerprinted and what is sent. */
export type ContactInputs = Record<ContactKey, string> & {
  /** The email cell held text that is no address: the row says "invalid email", not "missing input". */
  invalidEmail?: true;
};

/** A contact with no input at all: what a formula's arguments and a stored request fill in. */
export const NO_INPUTS: Readonly<ContactInputs> = {
  firstName: '',
  lastName: '',
  companyName: '',
  companyDomain: '',
  networkUrl: '',
  email: '',
};

const EMAIL_ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The address in an email cell, lower case: a "mailto:" link and a "Jane Doe <jane@acme.com>"
 * display name (mail clients and CRM exports write both) give the bare address; "" when none.
 */
export function emailAddress(value: string): string {
  let text = cleanText(value)
    .toLowerCase()
    .replace(/^mailto:/, '');
  const bracketed = /<([^<>]+)>$/.exec(text);
  if (bracketed) text = bracketed[1]!.trim();
  return EMAIL_ADDRESS.test(text) ? text : '';
}

/** Reads the mapped cells of a row (1-based columns) into normalised inputs. */
export function contactFromCells(cells: readonly string[], mapping: ColumnMapping): ContactInputs {
  const cell = (key: InputKey) => {
    const column = mapping[key];
    return column ? cleanText(cells[column - 1]) : '';
  };
  let firstName = cell('firstName');
  let lastName = cell('lastName');
  const fullName = cell('fullName');
  if (fullName && (!firstName || !lastName)) {
    // The name columns win; the full name fills only what they leave empty.
    const split = splitFullName(fullName);
    firstName ||= split.firstName;
    lastName ||= split.lastName;
  }
  const emailText = cell('email');
  const email = emailAddress(emailText);
  return {
    firstName,
    lastName,
    companyName: cell('companyName'),
    companyDomain: companyDomainFrom(cell('companyDomain')) || companyDomainFrom(email),
    networkUrl: personProfileUrl(cell('networkUrl')),
    email,
    ...(emailText && !email ? { invalidEmail: true as const } : {}),
  };
}

/**
 * Why a row cannot be sent ("" when it can): first + last + company, or a profile URL; or an email.
 * The one place these texts are made: the sheet's Status, the preview and the formulas show them.
 */
export function missingInput(kind: JobKind, input: ContactInputs): string {
  if (kind === 'reverse') {
    if (input.email) return '';
    return input.invalidEmail ? 'invalid email' : 'missing input: email';
  }
  if (input.networkUrl) return '';
  const missing = [
    !input.firstName && 'first name',
    !input.lastName && 'last name',
    !input.companyName && !input.companyDomain && 'company',
  ].filter(Boolean);
  return missing.length ? `missing input: ${missing.join(', ')}` : '';
}
