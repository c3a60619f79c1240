/**
 * Columns recognised by what they hold, not by what they are called: a column of person profile
 * URLs is the profile URL whatever its header (or without one), and so are columns of emails and of
 * company websites or domains. Names are not recognisable by content (a first name and a company
 * look alike), so they are never guessed: the user maps them.
 *
 * Every rule reads a sample of rows, ignores empty cells and asks for a majority, so one stray
 * value neither makes nor breaks a column.
 */
import { emailAddress, isFreeMailDomain } from './contact-input';
import type { InputKey } from '../domain/inputs';

/** How many data rows the content rules read. */
export const SAMPLE_ROWS = 50;

/** What a cell holds, as far as its text alone says. */
export type ValueKind = 'email' | 'personUrl' | 'companyPage' | 'website';

/**
 * The kind of value each input holds, when content can tell (names: it cannot). Company pages are
 * no input's kind: a person URL is needed.
 */
export const KIND_OF_INPUT: Readonly<Partial<Record<InputKey, ValueKind>>> = {
  email: 'email',
  networkUrl: 'personUrl',
  companyDomain: 'website',
};

/** A person on the networking site: the public profile, the navigator lead, the old numeric form. */
const PERSON_PATH = /^\/((in|pub|sales\/lead|sales\/people)\/[^/]|profile\/view(\/|$))/i;
/** Pages of companies, schools and the like on the same site: never a person. */
const COMPANY_PATH = /^\/(company|school|showcase|sales\/company|sales\/account)\/[^/]/i;

/**
 * Hosts whose URLs are profiles, posts, images or short links rather than a company's website: a
 * "Twitter" or "Photo" column must not pass for the company domain.
 */
const PLATFORM_HOSTS =
  /(^|\.)((linkedin|licdn|xing|twitter|x|facebook|fb|instagram|youtube|tiktok|github|medium|crunchbase|wellfound|pinterest|calendly|google|glassdoor|indeed)\.com|lnkd\.in|youtu\.be|angel\.co|goo\.gl|bit\.ly|wikipedia\.org)$/;

/** File names end like domains ("deck.pdf"); these endings are files. */
const FILE_ENDINGS = /\.(pdf|png|jpe?g|gif|svg|webp|csv|xlsx?|docx?|pptx?|txt|zip|json)$/;

/** "https://www.x.com/a/b?q" → { host: "x.com", path: "/a/b" }; undefined when it is no URL or domain. */
function parseUrl(value: string): { host: string; path: string } | undefined {
  if (/\s/.test(value) || value.includes('@')) return undefined;
  const rest = value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = rest.search(/[/?#]/);
  const hostPart = (slash < 0 ? rest : rest.slice(0, slash)).toLowerCase().replace(/:\d+$/, '');
  const host = hostPart.replace(/^www\d?\./, '');
  if (!/^([a-z0-9-]+\.)+[a-z]{2,}$/.test(host)) return undefined;
  const path = (slash < 0 ? '' : rest.slice(slash)).split(/[?#]/)[0]!.replace(/\/+$/, '');
  return { host, path };
}

/** The kind of one cell, or undefined for anything else (names, titles, numbers, free text). */
export function valueKind(cell: string): ValueKind | undefined {
  // An empty cell is neither an address nor a URL.
  const value = cell.trim();
  if (emailAddress(value)) return 'email';
  const url = parseUrl(value);
  if (!url) return undefined;
  if (PERSON_PATH.test(url.path)) return 'personUrl';
  if (COMPANY_PATH.test(url.path)) return 'companyPage';
  // A website is a bare domain or a page one level down ("acme.com/en"), on the company's own host.
  const shallow = url.path.split('/').filter(Boolean).length <= 1;
  if (!shallow || PLATFORM_HOSTS.test(url.host) || FILE_ENDINGS.test(url.host + url.path)) return undefined;
  return isFreeMailDomain(url.host) ? undefined : 'website';
}

/** A cell that is data, not a label: a header row holds none. */
export function looksLikeValue(cell: string): boolean {
  return valueKind(cell) !== undefined;
}

/**
 * What a column's sample holds: how many cells are not empty, and the kind more than half of those
 * share (with how many hold it), if any.
 */
export function kindShares(
  samples: readonly (readonly string[])[],
  index: number,
): { nonEmpty: number; kind?: ValueKind; count: number } {
  const counts = new Map<ValueKind | undefined, number>();
  let nonEmpty = 0;
  for (const row of samples) {
    const cell = (row[index] ?? '').trim();
    if (!cell) continue;
    nonEmpty++;
    const kind = valueKind(cell);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  for (const [kind, count] of counts) if (kind && count * 2 > nonEmpty) return { nonEmpty, kind, count };
  return { nonEmpty, count: 0 };
}

/**
 * The kind a column holds, for mapping it without a header: a majority of its non-empty cells, and
 * at least two of them when the sample has two rows with data (one stray URL in a notes column is
 * not a URL column; a one-row sheet has only one cell to go by).
 */
export function columnKind(samples: readonly (readonly string[])[], index: number): ValueKind | undefined {
  const { kind, count } = kindShares(samples, index);
  if (!kind) return undefined;
  const rowsWithData = samples.filter((row) => row.some((cell) => cell.trim() !== '')).length;
  return count >= Math.min(2, rowsWithData) ? kind : undefined;
}

/** Share (0..1) of the column's non-empty cells that are public profile URLs (/in/, /pub/). */
export function publicProfileShare(samples: readonly (readonly string[])[], index: number): number {
  const values = samples.map((row) => (row[index] ?? '').trim()).filter(Boolean);
  if (values.length === 0) return 0;
  const publicUrls = values.filter((value) => /\/(in|pub)\/[^/]/i.test(parseUrl(value)?.path ?? ''));
  return publicUrls.length / values.length;
}

/** Text that reads as a column label: no address, link, domain or bare number. */
function looksLikeLabel(cell: string): boolean {
  const text = cell.trim();
  return text !== '' && !/[@/]|\.[a-z]{2,}\b|^[\d\s.,:+-]+$/i.test(text);
}

/** How many rows from the top a header can be. */
export const HEADER_SCAN_ROWS = 10;

/**
 * The 1-based row of a header whose texts name no input ("Who", "Addr"): the first row with
 * content, when every column recognised by content below it holds a label there instead of a
 * value. 0 when there is no such row (a sheet of data from its first row).
 */
export function labelRowAboveContent(rows: readonly (readonly string[])[]): number {
  const first = rows.slice(0, HEADER_SCAN_ROWS).findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (first < 0) return 0;
  const label = rows[first]!;
  const below = rows.slice(first + 1, first + 1 + SAMPLE_ROWS);
  const width = Math.max(0, ...below.map((row) => row.length));
  const recognised = Array.from({ length: width }, (_, index) => index).filter((index) =>
    columnKind(below, index),
  );
  if (recognised.length === 0 || label.some(looksLikeValue)) return 0;
  return recognised.every((index) => looksLikeLabel(label[index] ?? '')) ? first + 1 : 0;
}
