/**
 * The API's answers (v1 and v2 job results) → the one internal model (domain/model.ts). Pure functions
 * over parsed bodies. ("Mapping" in this add-on means columns → inputs: sheet/ and store/.)
 */
import { JOB_STATUSES, type ContactResult, type FoundEmail, type FoundPhone } from '../domain/model';
import { type JobKind } from '../domain/runs';
import { compact } from '../domain/objects';
import type { JobResult, JobStatus, ProfileSummary } from '../domain/model';
import * as z from 'zod/mini';
import { customOfRaw, parseItem } from './items';
import type { RejectedItem } from '../domain/model';
import {
  enrichItemResultV1,
  enrichmentRecordV2,
  reverseItemResultV1,
  reverseRecordV2 as reverseRecordV2Schema,
} from './schemas/responses';
import type {
  EnrichItemResultV1,
  EnrichmentRecordV2,
  EnrichResultV1,
  EnrichResultV2,
  Person,
  ProfileV1,
  ReverseItemResultV1,
  ReverseRecordV2,
  ReverseResultV1,
} from './schemas/responses';

type Maybe<T> = T | null | undefined;

/** Unknown statuses (the enum may grow) become UNKNOWN; the raw value is kept in `rawStatus`. */
export function jobStatus(
  raw: Maybe<string>,
  whenAbsent: JobStatus,
): { status: JobStatus; rawStatus?: string } {
  if (!raw) return { status: whenAbsent };
  const upper = raw.trim().toUpperCase();
  const known = (JOB_STATUSES as readonly string[]).includes(upper);
  return known ? { status: upper as JobStatus } : { status: 'UNKNOWN', rawStatus: raw };
}

const text = (value: Maybe<string>): string | undefined => (value ? value : undefined);

function nonEmpty<T extends object>(value: T): T | undefined {
  const kept = compact(value);
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** `custom` comes back as sent; anything not a string (an API that drifted) is stringified. */
export function customBack(custom: Maybe<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(custom ?? {})) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

function email(found: Maybe<{ email: string; status?: Maybe<string> }>): FoundEmail | undefined {
  return found?.email ? compact({ email: found.email, status: text(found.status) }) : undefined;
}

function phone(found: Maybe<{ number: string; region?: Maybe<string> }>): FoundPhone | undefined {
  return found?.number ? compact({ number: found.number, region: text(found.region) }) : undefined;
}

/** The readable entries of a list (none when it is null or absent). */
const each = <I, O>(list: Maybe<I[]>, read: (item: I) => O | undefined): O[] =>
  (list ?? []).flatMap((item) => read(item) ?? []);

/** The parts that are set, joined; undefined when none is. */
const joined = (separator: string, ...parts: Array<Maybe<string>>): string | undefined =>
  parts.filter(Boolean).join(separator) || undefined;

/** The cell-facing summary of a v2 Person (also used for people search rows). */
export function personSummary(person: Maybe<Person>): ProfileSummary | undefined {
  if (!person) return undefined;
  const current = person.employment?.current;
  const where = person.location;
  return nonEmpty({
    fullName: text(person.full_name) ?? joined(' ', person.first_name, person.last_name),
    firstName: text(person.first_name),
    lastName: text(person.last_name),
    title: text(current?.title),
    companyName: text(current?.company?.name),
    companyDomain: text(current?.company?.domain),
    location: joined(', ', where?.city, where?.region, where?.country),
    networkUrl: text(person.social_profiles?.network?.url),
  });
}

function profileV1Summary(
  profile: Maybe<ProfileV1>,
  contact: { firstname?: Maybe<string>; lastname?: Maybe<string>; domain?: Maybe<string> },
): ProfileSummary | undefined {
  const firstName = text(profile?.firstname) ?? text(contact.firstname);
  const lastName = text(profile?.lastname) ?? text(contact.lastname);
  return nonEmpty({
    fullName: joined(' ', firstName, lastName),
    firstName,
    lastName,
    title: text(profile?.position?.title),
    companyName: text(profile?.position?.company?.name),
    companyDomain: text(profile?.position?.company?.domain) ?? text(contact.domain),
    location: text(profile?.location),
    networkUrl: text(profile?.network_url),
  });
}

function contact(parts: Partial<ContactResult> & Pick<ContactResult, 'custom' | 'input'>): ContactResult {
  return compact({ workEmails: [], personalEmails: [], phones: [], ...parts });
}

function enrichRecordV2(record: EnrichmentRecordV2): ContactResult {
  const input = record.input ?? {};
  const info = record.contact_info ?? {};
  const workEmails = each(info.work_emails, email);
  const personalEmails = each(info.personal_emails, email);
  const foundPhones = each(info.phones, phone);
  return contact({
    custom: customBack(record.custom),
    input: compact({
      firstName: text(input.first_name),
      lastName: text(input.last_name),
      fullName: text(input.full_name),
      companyDomain: text(input.company_domain),
      companyName: text(input.company_name),
      networkUrl: text(input.network_url),
    }),
    workEmail: email(info.most_probable_work_email) ?? workEmails[0],
    personalEmail: email(info.most_probable_personal_email) ?? personalEmails[0],
    phone: phone(info.most_probable_phone) ?? foundPhones[0],
    workEmails,
    personalEmails,
    phones: foundPhones,
    profile: personSummary(record.profile),
  });
}

function reverseRecordV2(record: ReverseRecordV2): ContactResult {
  return contact({
    custom: customBack(record.custom),
    input: compact({ email: text(record.input?.email) }),
    profile: personSummary(record.profile),
  });
}

function enrichItemV1(item: EnrichItemResultV1): ContactResult {
  const found = item.contact ?? {};
  const foundPhones = each(found.phones, phone);
  const best = text(found.most_probable_email);
  const bestPhone = text(found.most_probable_phone);
  // v1 lists emails without statuses: the most probable one's status is the only one we know.
  const workEmails = each(found.emails, email).map((entry) =>
    entry.email === best ? compact({ email: best, status: text(found.most_probable_email_status) }) : entry,
  );
  return contact({
    custom: customBack(item.custom),
    input: {},
    workEmail: best
      ? compact({ email: best, status: text(found.most_probable_email_status) })
      : workEmails[0],
    phone: bestPhone
      ? (foundPhones.find((entry) => entry.number === bestPhone) ?? { number: bestPhone })
      : foundPhones[0],
    workEmails,
    phones: foundPhones,
    profile: profileV1Summary(found.profile, found),
  });
}

function reverseItemV1(item: ReverseItemResultV1): ContactResult {
  return contact({
    custom: customBack(item.custom),
    input: compact({ email: text(item.input?.email) }),
    profile: item.contact ? profileV1Summary(item.contact.profile, item.contact) : undefined,
  });
}

interface JobBody {
  id: string;
  name?: Maybe<string>;
  status?: Maybe<string>;
  cost?: Maybe<{ credits?: unknown }>;
}

/** `cost.credits` as an integer, whether the API sent 726 or "726"; anything else counts as 0. */
export function creditsOf(value: unknown): number {
  const credits = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof credits === 'number' && Number.isFinite(credits) && credits >= 0 ? credits : 0;
}

function job<T>(
  kind: JobKind,
  body: JobBody,
  /** The body's items: `data` in v2, `datas` in v1. */
  rawItems: Maybe<unknown[]>,
  whenAbsent: JobStatus,
  schema: z.ZodMiniType<T>,
  item: (raw: T) => ContactResult,
): JobResult {
  const items: ContactResult[] = [];
  const rejected: RejectedItem[] = [];
  (rawItems ?? []).forEach((raw, index) => {
    const parsed = parseItem(schema, raw);
    if (parsed.ok) items.push(item(parsed.value));
    else rejected.push({ index, custom: customOfRaw(raw), reason: parsed.reason });
  });
  return compact({
    id: body.id,
    name: body.name ?? '',
    kind,
    ...jobStatus(body.status, whenAbsent),
    items,
    rejected,
    credits: creditsOf(body.cost?.credits),
  });
}

// v2 always documents `status`; v1 examples omit it and v1 answers with data only once the job is
// done, so an absent v1 status is read as FINISHED (a v2 one as UNKNOWN).
/** A v2 job result (the same envelope for both kinds) read as `kind`'s records. */
export const resultV2ToModel = (kind: JobKind, body: EnrichResultV2): JobResult =>
  kind === 'enrich'
    ? job(kind, body, body.data, 'UNKNOWN', enrichmentRecordV2(), enrichRecordV2)
    : job(kind, body, body.data, 'UNKNOWN', reverseRecordV2Schema(), reverseRecordV2);
export const enrichResultV1ToModel = (body: EnrichResultV1): JobResult =>
  job('enrich', body, body.datas, 'FINISHED', enrichItemResultV1(), enrichItemV1);
export const reverseResultV1ToModel = (body: ReverseResultV1): JobResult =>
  job('reverse', body, body.datas, 'FINISHED', reverseItemResultV1(), reverseItemV1);
