/**
 * The custom functions (`=ENRICH_EMAIL(...)` and family). They never call the API and never need a
 * key: they answer from the ledger (CacheService in front) by input fingerprint, so a recalculation
 * costs nothing and the same inputs answer the same everywhere. A miss is written to the formula
 * queue and shows a short status; a user's run (sidebar, or the opt-in automatic mode) pays for it.
 *
 * Service calls per execution: one cache read; when some answer is not cached, a search of the
 * ledger and a one-cell read per answer for a few (a per-cell formula: its cost does not grow with
 * the ledger), one read of the ledger for more (a range formula); when some
 * request is new, one properties write and two cache writes (its markers, and the change stamp open
 * sidebars peek at: store/change-stamp.ts). No UrlFetch.
 */
import type { ProfileSummary } from '../../domain/model';
import type { JobKind } from '../../domain/runs';
import { FIELD_TABLE, type EnrichField } from '../../domain/fields';
import { emailCells } from '../../domain/statuses';
import type { AppContext } from '../../engine/context';
import { answerRefreshProbe, REFRESH_PROBE_KEY } from './formula-refresh-check';
import { Ledger } from '../../store/ledger';
import { entryCovers, type LedgerEntry } from '../../store/ledger-entry';
import {
  askedFields,
  enqueueRequests,
  markerKey,
  type Asked,
  type FormulaRequest,
  type RequestState,
} from './formula-queue';
import {
  companyFromCell,
  emailAddress,
  missingInput,
  NO_INPUTS,
  personProfileUrl,
  splitFullName,
  type ContactInputs,
} from '../../sheet/contact-input';
import { fingerprint } from '../../sheet/fingerprint';
import { cleanText } from '../../sheet/text';
import { LIMITS } from '../../domain/limits';
import { UserError } from '../../domain/user-error';
import { formulaRows } from './formula-args';

type FormulaContext = Pick<AppContext, 'spreadsheet' | 'cache' | 'documentStore' | 'clock'>;

/** What a formula shows instead of a value. */
export const FORMULA_STATUS: Record<RequestState | 'notFound' | 'queueFull', string> = {
  queued: '⏳ queued: Extensions › Sheet Enrich › Get formula results',
  queueFull:
    '⚠ the formula queue is full: get the queued requests (Get formula results) or clear them, then recalculate',
  sent: '⏳ running',
  out_of_credits: '⚠ out of credits',
  cleared:
    '— not queued: the queue was cleared. Extensions › Sheet Enrich › Refresh results now queues it again',
  notFound: '— not found',
};

/** A formula showing this has no answer yet but may get one: it must stay a formula to show it. */
const WAITING = new Set(Object.values(FORMULA_STATUS).filter((shown) => shown !== FORMULA_STATUS.notFound));
export const isWaitingStatus = (shown: string): boolean => WAITING.has(shown);

/** The profile fields ENRICH_PROFILE and REVERSE_EMAIL can show, by the name users type. */
const PROFILE_FIELDS: Record<string, (profile: ProfileSummary) => string | undefined> = {
  'full name': (p) => p.fullName ?? ([p.firstName, p.lastName].filter(Boolean).join(' ') || undefined),
  'first name': (p) => p.firstName,
  'last name': (p) => p.lastName,
  title: (p) => p.title,
  company: (p) => p.companyName,
  'company domain': (p) => p.companyDomain,
  location: (p) => p.location,
  'profile url': (p) => p.networkUrl,
};

function profileField(name: string): (profile: ProfileSummary) => string | undefined {
  const key = cleanText(name || 'full name')
    .toLowerCase()
    .replace(/[_-]/g, ' ');
  // Own keys only: "constructor" or "toString" is an unknown field, not an Object member.
  const field = Object.prototype.hasOwnProperty.call(PROFILE_FIELDS, key) ? PROFILE_FIELDS[key] : undefined;
  if (!field)
    throw new UserError(`Unknown field "${name}": use one of ${Object.keys(PROFILE_FIELDS).join(', ')}.`);
  return field;
}

interface FormulaSpec {
  kind: JobKind;
  asked: Asked;
  /** Argument names, for messages. */
  names: string[];
  /** How many of the first arguments are the contact's inputs (the rest are options). */
  inputs: number;
  /** Throws the formula's error for an option it cannot take (checked before any lookup). */
  check(cells: string[]): void;
  input(cells: string[]): ContactInputs;
  /** The answer's value for this row, or undefined when the answer has none. */
  value(entry: LedgerEntry, cells: string[]): string | undefined;
  /** Whether a saved answer answers the formula; by default when it covers the field asked. */
  covers?(entry: LedgerEntry): boolean;
}

/** first, last, company (a name, a domain, a website or a work email), profile URL → inputs. */
function personInput([first = '', last = '', company = '', url = '']: string[]): ContactInputs {
  let names = { firstName: cleanText(first), lastName: cleanText(last) };
  // "Jane Doe" in the first-name argument, nothing in the last: the sidebar's full-name rule.
  if (names.firstName.includes(' ') && !names.lastName) names = splitFullName(names.firstName);
  return { ...NO_INPUTS, ...names, ...companyFromCell(company), networkUrl: personProfileUrl(url) };
}

/** An option cell: TRUE or FALSE (a checkbox, or typed), empty meaning FALSE. */
function flag(name: string, cell = ''): boolean {
  if (/^(true|1)$/i.test(cell)) return true;
  if (/^(false|0|)$/i.test(cell)) return false;
  throw new UserError(`${name} must be TRUE or FALSE (it is "${cell}").`);
}

/**
 * What a formula shows for a saved answer of a field. An address that will bounce reads as the
 * status column says ("Invalid: jane@acme.com"), so a copy or a Convert to values never freezes it as
 * a usable address; `show_invalid` TRUE gives the raw address.
 */
function fieldValue(field: EnrichField, entry: LedgerEntry, showInvalid: boolean): string | undefined {
  const slot = FIELD_TABLE[field].slot;
  if (slot === 'phone') return entry.phone?.number;
  const saved = entry[slot];
  if (!saved || showInvalid) return saved?.email;
  const cells = emailCells(saved);
  return cells.email ?? cells.status;
}

/** The phone formula has no show_invalid argument: its fifth cell is absent, so the flag is FALSE. */
const SHOW_INVALID = 'show_invalid';
const showInvalid = (cells: string[]) => flag(SHOW_INVALID, cells[4]);

export function contactFieldSpec(field: EnrichField): FormulaSpec {
  const names = ['first_name', 'last_name', 'company', 'profile_url'];
  return {
    kind: 'enrich',
    asked: field,
    names: FIELD_TABLE[field].slot !== 'phone' ? [...names, SHOW_INVALID] : names,
    inputs: 4,
    check: showInvalid,
    input: personInput,
    value: (entry, cells) => fieldValue(field, entry, showInvalid(cells)),
  };
}

/** The second argument of ENRICH_PROFILE and REVERSE_EMAIL: which field of the profile to show. */
const PROFILE_OPTION: Pick<FormulaSpec, 'inputs' | 'check' | 'value'> = {
  inputs: 1,
  check: ([, field = '']) => void profileField(field),
  value: (entry, [, field = '']) => (entry.profile ? profileField(field)(entry.profile) : undefined),
};

export const PROFILE_SPEC: FormulaSpec = {
  ...PROFILE_OPTION,
  kind: 'enrich',
  // A profile comes with any enrichment of a profile URL: the cheapest field pays for it, and
  // one saved for any field (a sidebar run's phone) answers without buying a work email.
  asked: 'work_email',
  covers: (entry) => entry.fields.length > 0,
  names: ['profile_url', 'field'],
  input: ([url = '']) => ({ ...NO_INPUTS, networkUrl: personProfileUrl(url) }),
};

export const REVERSE_SPEC: FormulaSpec = {
  ...PROFILE_OPTION,
  kind: 'reverse',
  asked: 'reverse',
  names: ['email', 'field'],
  input: ([email = '']) => {
    const address = emailAddress(email);
    // A cell with text that is no address says so ("⚠ invalid email"), as the sheet's Status does.
    return {
      ...NO_INPUTS,
      email: address,
      ...(cleanText(email) && !address ? { invalidEmail: true as const } : {}),
    };
  },
};

/**
 * Queues what fits: at most LIMITS.formulaRequestsPerCall new requests per formula (about 120 bytes
 * each), and none when the document's property store is full; returns the fingerprints queued.
 */
function enqueueFitting(ctx: FormulaContext, requests: readonly FormulaRequest[]): Set<string> {
  const fitting = requests.slice(0, LIMITS.formulaRequestsPerCall);
  try {
    return new Set(enqueueRequests(ctx.documentStore, ctx.cache, fitting).map((request) => request.fp));
  } catch (error) {
    if (!/quota|too large/i.test(String(error))) throw error;
    return new Set();
  }
}

/** What one row shows before the ledger is asked: "" for an empty row, a reason for a bad one. */
function rowProblem(spec: FormulaSpec, cells: string[], input: ContactInputs): string | undefined {
  const inputCells = cells.slice(0, spec.inputs);
  if (inputCells.every((cell) => !cell)) return '';
  const long = inputCells.findIndex((cell) => cell.length > LIMITS.formulaInputChars);
  if (long >= 0)
    return `⚠ ${spec.names[long]} is too long (${cells[long]!.length.toLocaleString('en-US')} characters; at most ${LIMITS.formulaInputChars})`;
  const missing = missingInput(spec.kind, input);
  if (spec === PROFILE_SPEC && !input.networkUrl) return '⚠ not a person profile URL';
  return missing ? `⚠ ${missing.replace('missing input: ', 'missing ')}` : undefined;
}

/** Answers a formula: one value, or a column when an argument was a range. */
export function answerFormula(
  ctx: FormulaContext,
  spec: FormulaSpec,
  args: readonly unknown[],
): string | string[][] {
  const { rows, column } = formulaRows(spec.names, args);
  // Checked before any lookup: a bad option (a field name, a flag) is the formula's error, not a row's.
  rows.forEach((cells) => spec.check(cells));
  const inputs = rows.map((cells) => spec.input(cells));
  const problems = rows.map((cells, index) => rowProblem(spec, cells, inputs[index]!));
  const fps = inputs.map((input, index) =>
    problems[index] === undefined ? fingerprint(spec.kind, input) : '',
  );
  const wanted = [...new Set(fps.filter(Boolean))];
  // The refresh's probe rides along in the same cache call (formula-refresh-check.ts).
  const { entries, extra: markers } = new Ledger(
    ctx.spreadsheet,
    ctx.cache,
    ctx.documentStore,
    true,
  ).lookupWith(wanted, [...wanted.map((fp) => markerKey(fp, spec.asked)), REFRESH_PROBE_KEY]);
  answerRefreshProbe(ctx.cache, markers);
  const newRequests = new Map<string, FormulaRequest>();
  const answers = rows.map((cells, index) => {
    const fp = fps[index]!;
    if (!fp) return problems[index]!;
    const entry = entries.get(fp);
    if (entry && (spec.covers?.(entry) ?? entryCovers(entry, askedFields(spec))))
      return spec.value(entry, cells) ?? FORMULA_STATUS.notFound;
    const shown = FORMULA_STATUS[markers[markerKey(fp, spec.asked)] as RequestState];
    if (shown) return shown;
    newRequests.set(fp, {
      fp,
      kind: spec.kind,
      asked: spec.asked,
      input: inputs[index]!,
      at: ctx.clock.now(),
    });
    return FORMULA_STATUS.queued;
  });
  const queued = enqueueFitting(ctx, [...newRequests.values()]);
  fps.forEach((fp, index) => {
    if (newRequests.has(fp) && !queued.has(fp)) answers[index] = FORMULA_STATUS.queueFull;
  });
  return column ? answers.map((answer) => [answer]) : answers[0]!;
}
