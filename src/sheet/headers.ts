/**
 * Header row detection and column mapping. Headers are folded (camelCase and snake_case split, lower
 * case, no accents, no punctuation) and compared with the names real exports use (header-names.ts),
 * then with patterns for the many spellings no list holds. Columns no header names are recognised
 * by their content (content.ts): profile URLs, emails, company websites and domains.
 */
import { INPUT_KEYS, type ColumnMapping, type InputKey } from '../domain/inputs';
import { HEADER_NAMES, REJECTED_NAMES } from './header-names';
import {
  columnKind,
  HEADER_SCAN_ROWS,
  KIND_OF_INPUT,
  kindShares,
  labelRowAboveContent,
  looksLikeValue,
  publicProfileShare,
} from './content';
import { foldHeader } from './text';

const EXACT = new Map<string, InputKey>();
for (const key of INPUT_KEYS)
  for (const name of HEADER_NAMES[key]) if (!EXACT.has(name)) EXACT.set(name, key);
const REJECTED = new Set(REJECTED_NAMES);

/**
 * What a header says: an input (exact when a list holds the name, else a pattern matched it), a
 * column that looks like an input but must not be read ("rejected": a sender's or second address, a
 * company page, a middle name; content rules leave it alone too), or nothing.
 */
export type HeaderVerdict = { key: InputKey; exact: boolean } | 'rejected' | undefined;

/** Someone other than the contact: the sender, the owner in the CRM, whoever edited the record. */
const SOMEONE_ELSE =
  /\b(owner|sender|from|user|rep|representative|manager|assign(ed|ee)|created|modified|updated|assistant|referr(er|ed)|recruiter|agent|author)\b/;
/** A job the person had before: "pastExperienceCompanyName". */
const NOT_CURRENT = /\b(past|previous|former|prior)\b/;
const COMPANY_WORD =
  /\b(company|organi[sz]ation|account|school|employer|entreprise|societe|empresa|business)\b/;
/** A second address, or one the contact did not give for work: never the one to look up. */
const OTHER_ADDRESS =
  /\b(personal|home|private|secondary|tertiary|other|alternate|alternative|additional|backup|[2-9])\b/;
/** About the address, not the address: "Email Status", "Email Sent", "Email Opt Out", "Reply-to email". */
const ABOUT_ADDRESS =
  /\b(status|opt(in|ed)?|out|bounce[ds]?|verifi(ed|cation)|valid(ity)?|type|label|date|sent|open(s|ed)?|click(s|ed)?|repl(y|ied|ies)|source|confidence|catch|last|count|score|result|provider|format|pattern|subject|body|template|step|sequence|campaign|unsubscribed?|quality|deliverability|engage(d|ment)|consent|permission|marketing)\b/;
/** Other attributes of a profile than its URL: "LinkedIn Connections", "linkedinId", "profileImageUrl". */
const ABOUT_PROFILE =
  /\b(id|urn|handle|username|image|photo|picture|img|avatar|logo|followers|connections?|degree|headline|summary|skills|title|jobs?|posts?|query|search|message|invitation|invite|status|date|sent|group)\b/;
/** Company pages other than the website. */
const NOT_WEBSITE =
  /\b(linkedin|facebook|twitter|instagram|youtube|crunchbase|logo|image|photo|favicon|careers?|jobs|blog|news)\b/;

/** The pattern rules, for headers no list names. */
function patternVerdict(folded: string): HeaderVerdict {
  const someoneElse = SOMEONE_ELSE.test(folded) || NOT_CURRENT.test(folded);
  const notPerson = someoneElse || COMPANY_WORD.test(folded);
  // The input a pattern found, unless the header says the column is not the contact's.
  const guess = (key: InputKey, rejected = someoneElse): HeaderVerdict =>
    rejected ? 'rejected' : { key, exact: false };
  if (/\b(linkedin|navigator|xing)\b|\bprofile (url|link)\b/.test(folded)) {
    if (notPerson) return 'rejected';
    return ABOUT_PROFILE.test(folded) ? undefined : guess('networkUrl');
  }
  // "Email domain" is the company domain (the rule below); "Reply-to email" or "Email status" is
  // rejected outright, so that content cannot take a column of addresses that are not the contact's.
  if (/\b(e ?mail|courriel|correo)\b/.test(folded) && !/\bdomain\b/.test(folded))
    return guess('email', notPerson || OTHER_ADDRESS.test(folded) || ABOUT_ADDRESS.test(folded));
  if (/\b(first|given) ?name\b|\bforename\b/.test(folded)) return guess('firstName', notPerson);
  if (/\b(last|family|sur) ?name\b/.test(folded)) return guess('lastName', notPerson);
  if (/\bfull ?name\b/.test(folded)) return guess('fullName', notPerson);
  // "Sender name", "Owner name": a name, but not the contact's.
  if (/\bname\b/.test(folded) && someoneElse) return 'rejected';
  if (/\b(company|organi[sz]ation|employer|account|business) name\b/.test(folded))
    return guess('companyName');
  if (
    /\b(domain|website|homepage|webseite)\b|\b(company|organi[sz]ation|account|business) (url|link|site)\b/.test(
      folded,
    ) &&
    !NOT_WEBSITE.test(folded)
  )
    return guess('companyDomain');
  return undefined;
}

/** What a header says about its column (see HeaderVerdict). */
export function headerVerdict(header: string): HeaderVerdict {
  const folded = foldHeader(header);
  if (!folded) return undefined;
  if (REJECTED.has(folded)) return 'rejected';
  const exact = EXACT.get(folded);
  return exact ? { key: exact, exact: true } : patternVerdict(folded);
}

/** Which input a header names, or undefined. A company's profile URL is not a person's. */
export function inputOfHeader(header: string): InputKey | undefined {
  const verdict = headerVerdict(header);
  return verdict === 'rejected' ? undefined : verdict?.key;
}

/**
 * The 1-based row among the first rows whose cells name the most inputs, or else a row of labels
 * above columns recognised by content; 0 when no row looks like a header (data from row 1). A row
 * holding data (an email, a URL, a domain) is no header, whatever else it holds: a headerless
 * sheet's "https://linkedin.com/in/x" says "linkedin", its "Email Marketing Manager" says "email".
 */
export function detectHeaderRow(rows: readonly (readonly string[])[]): number {
  let best = 0;
  let bestScore = 0;
  rows.slice(0, HEADER_SCAN_ROWS).forEach((cells, index) => {
    if (cells.some(looksLikeValue)) return;
    const verdicts = cells.map(headerVerdict);
    const keys = new Set(verdicts.flatMap((verdict) => (typeof verdict === 'object' ? [verdict.key] : [])));
    // A row whose only known header is rejected ("Personal email") is still the header row.
    const score = keys.size + (verdicts.includes('rejected') ? 0.5 : 0);
    if (score > bestScore) [best, bestScore] = [index + 1, score];
  });
  return best || labelRowAboveContent(rows);
}

/**
 * The input a header-matched column is, once its sample values are read: a column of company pages
 * is no input; person profile URLs under "Website" or "URL" are the profile URL; a generic "URL" or
 * "Profile" holding websites is the domain; a header only a pattern matched is dropped when its
 * values are something else ("LinkedIn Connections" holding 500).
 */
function checkedByContent(
  verdict: { key: InputKey; exact: boolean },
  folded: string,
  samples: readonly (readonly string[])[],
  index: number,
): InputKey | undefined {
  const { key, exact } = verdict;
  const expected = KIND_OF_INPUT[key];
  if (!expected) return key;
  const { nonEmpty, kind } = kindShares(samples, index);
  if (nonEmpty === 0) return key;
  if (kind === 'companyPage') return undefined;
  if (kind === 'personUrl' && (key === 'networkUrl' || key === 'companyDomain')) return 'networkUrl';
  const namesTheSite = /\b(linkedin|navigator|network|xing)\b/.test(folded);
  if (key === 'networkUrl' && !namesTheSite) return kind === 'website' ? 'companyDomain' : undefined;
  return exact || kind === expected ? key : undefined;
}

/**
 * Among columns that are both the profile URL (PhantomBuster's "profileUrl" holds navigator links,
 * its "linkedInProfileUrl" the public ones), the public profile wins: it is what the API matches
 * best. Otherwise the first column keeps the input.
 */
function better(key: InputKey, samples: readonly (readonly string[])[], column: number, current: number) {
  return (
    key === 'networkUrl' && publicProfileShare(samples, column - 1) > publicProfileShare(samples, current - 1)
  );
}

/**
 * Input → column (1-based), skipping `excluded` columns (our own output columns). Headers first;
 * then columns no header speaks for are recognised by their sample values, for the inputs still
 * unmapped (a header match always beats a content match; a listed name beats a pattern's guess). A
 * column maps to one input at most.
 * `headers` is empty for a sheet without a header row: every column is then read by content.
 */
export function detectMapping(
  headers: readonly string[],
  samples: readonly (readonly string[])[],
  excluded: ReadonlySet<number> = new Set(),
): ColumnMapping {
  const width = samples.reduce((widest, row) => Math.max(widest, row.length), headers.length);
  const mapping: ColumnMapping = {};
  const spoken = new Set<number>();
  // Inputs a listed name took: a pattern's guess ("Email Domain") does not beat one ("Website").
  const listed = new Set<InputKey>();
  for (let column = 1; column <= width; column++) {
    if (excluded.has(column)) continue;
    const header = headers[column - 1] ?? '';
    const verdict = headerVerdict(header);
    if (!verdict) continue;
    spoken.add(column);
    if (verdict === 'rejected') continue;
    const key = checkedByContent(verdict, foldHeader(header), samples, column - 1);
    if (!key) continue;
    const current = mapping[key];
    const exact = verdict.exact && verdict.key === key;
    if (current === undefined || (exact && !listed.has(key)) || better(key, samples, column, current)) {
      mapping[key] = column;
      if (exact) listed.add(key);
    }
  }
  const byContent = new Set<InputKey>();
  for (let column = 1; column <= width; column++) {
    if (excluded.has(column) || spoken.has(column)) continue;
    const kind = columnKind(samples, column - 1);
    const key = kind && INPUT_KEYS.find((input) => KIND_OF_INPUT[input] === kind);
    if (!key) continue;
    const current = mapping[key];
    if (current === undefined || (byContent.has(key) && better(key, samples, column, current))) {
      mapping[key] = column;
      byContent.add(key);
    }
  }
  return mapping;
}
