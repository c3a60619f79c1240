/**
 * How a table's rows are read into contacts, with what the whole table says about its company domain
 * column. Contact exports (Google Contacts' "Website 1 - Value", Outlook's "Web Page", "Webseite")
 * hold a contact's web page: the person's own site as often as their employer's. So:
 * - a work email's domain (not a free-mail provider's) is the company domain, whatever the row's
 *   domain column says;
 * - a column whose header does not say whose site it is (a web page, a website, a homepage, or no
 *   header) gives the company domain only where it agrees with the row's company name, or, on a row
 *   without one, where the column mostly agrees with its rows' emails and company names.
 * - with no domain from those, a company cell holding a bare domain ("Monday.com") gives it, as the
 *   formulas read their company argument: one person, one fingerprint, whichever way they are asked.
 * Rows answered before this reading existed were fingerprinted with the previous one (the domain
 * column first, then the email's domain): it is offered second, so their saved answers are found.
 */
import type { ColumnMapping } from '../domain/inputs';
import { companyDomainFrom, companyFromCell, contactFromCells, type ContactInputs } from './contact-input';
import { foldHeader, foldText } from './text';

/** A header saying the site is a company's: then it is the company domain as it stands. */
const WHOSE =
  /\b(compan(y|ies)|organi[sz]ation|business|account|employer|firm|corporate|domain|entreprise|societe|empresa|unternehmen|firmen|bedrijf|azienda)\b/;
/** Words of a company name that say nothing about its domain. */
const LEGAL =
  /\b(inc(orporated)?|corp(oration)?|co(mpany)?|ltd|limited|llc|llp|plc|gmbh|ag|sa|sas|sarl|srl|spa|bv|nv|oy|ab|as|group|holdings?|the|and|of|et|und)\b/g;

/** Whether a domain can be the company's of that name: "acme-corp.io" for "Acme Corporation", "ibm.com" for "International Business Machines". */
export function domainAgreesWithName(domain: string, name: string): boolean {
  const label = foldText(domain.split('.').slice(0, -1).join(' ')).replace(/\b(www|co|com)\b/g, '');
  const compact = label.replace(/ /g, '');
  const words = foldText(name).replace(LEGAL, ' ').split(' ').filter(Boolean);
  if (!compact || words.length === 0) return false;
  return (
    words.some((word) => word.length >= 3 && compact.includes(word)) ||
    (compact.length >= 3 && words.join('').includes(compact)) ||
    (words.length >= 2 && compact === words.map((word) => word[0]).join(''))
  );
}

/** The evidence of one row: whether its domain cell agrees (undefined: nothing to tell by). */
function agreement(input: ContactInputs, site: string): boolean | undefined {
  const mailDomain = companyDomainFrom(input.email);
  if (mailDomain) return mailDomain === site;
  return input.companyName ? domainAgreesWithName(site, input.companyName) : undefined;
}

/** Reads a row's cells into its readings: the current one first, the previous one when it differs. */
export type RowReader = (cells: readonly string[]) => ContactInputs[];

/** The reader of a table's rows (`rows`: its data rows), for a mapping. */
export function rowReader(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
): RowReader {
  const column = mapping.companyDomain;
  const webPage = column !== undefined && !WHOSE.test(foldHeader(headers[column - 1] ?? ''));
  const siteOf = (cells: readonly string[]) =>
    column === undefined ? '' : companyDomainFrom(cells[column - 1] ?? '');
  let columnAgrees = true;
  if (webPage) {
    // Rows that agree minus rows that disagree.
    let balance = 0;
    for (const cells of rows) {
      const site = siteOf(cells);
      const verdict = site ? agreement(contactFromCells(cells, mapping), site) : undefined;
      if (verdict !== undefined) balance += verdict ? 1 : -1;
    }
    columnAgrees = balance >= 0;
  }
  return (cells) => {
    const previous = contactFromCells(cells, mapping);
    const site = siteOf(cells);
    // A work email's domain wins outright, so only the company name can vouch for the site here.
    const trusted =
      !webPage || (previous.companyName ? domainAgreesWithName(site, previous.companyName) : columnAgrees);
    const companyDomain = companyDomainFrom(previous.email) || (trusted ? site : '');
    // With no domain from elsewhere, a company cell holding one is read as a formula reads it.
    const current = companyDomain
      ? { ...previous, companyDomain }
      : { ...previous, ...companyFromCell(previous.companyName) };
    if (current.companyDomain === previous.companyDomain) return [previous];
    return [current, previous];
  };
}
