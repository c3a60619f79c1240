/**
 * Job result bodies, v2 (spec 2.1 to 2.3) and v1 (2.8). Items not processed yet (a job in progress,
 * out of credits or canceled) are listed with their input and nothing found: one record per item.
 */
import type { EnrichItem, ItemOutcome, Job, JobEngine, ReverseItem } from '../jobs';
import type { Person } from '../world';
import { personV2 } from './v2';
import { profileV1 } from './v1';

/** What the item's `enrich_fields` allow of the person's data. */
function contactData(item: EnrichItem, person: Person | undefined) {
  const asked = (field: 'work_email' | 'personal_email' | 'phone') =>
    person && item.fields.has(field) ? person : undefined;
  return {
    workEmails: asked('work_email')?.workEmails ?? [],
    personalEmails: asked('personal_email')?.personalEmails ?? [],
    phones: asked('phone')?.phones ?? [],
  };
}

function enrichInputV2(item: EnrichItem) {
  const { firstName, lastName, domain, companyName, networkUrl } = item.query;
  return {
    ...(firstName === undefined ? {} : { first_name: firstName }),
    ...(lastName === undefined ? {} : { last_name: lastName }),
    ...(firstName !== undefined && lastName !== undefined ? { full_name: `${firstName} ${lastName}` } : {}),
    ...(domain === undefined ? {} : { company_domain: domain }),
    ...(companyName === undefined ? {} : { company_name: companyName }),
    ...(networkUrl === undefined ? {} : { network_url: networkUrl }),
  };
}

function enrichRecordV2(item: EnrichItem, outcome: ItemOutcome | undefined) {
  const { workEmails, personalEmails, phones } = contactData(item, outcome?.person);
  return {
    input: enrichInputV2(item),
    custom: item.custom,
    contact_info: {
      ...(workEmails[0] ? { most_probable_work_email: workEmails[0] } : {}),
      ...(personalEmails[0] ? { most_probable_personal_email: personalEmails[0] } : {}),
      ...(phones[0] ? { most_probable_phone: phones[0] } : {}),
      work_emails: workEmails,
      personal_emails: personalEmails,
      phones,
    },
    ...(outcome?.person && outcome.byNetworkUrl ? { profile: personV2(outcome.person) } : {}),
  };
}

/** The v2 reverse record; exported as the body of the contact_finished webhook. */
export function reverseRecordV2(item: ReverseItem, outcome: ItemOutcome | undefined) {
  return {
    input: { email: item.email },
    custom: item.custom,
    ...(outcome?.person ? { profile: personV2(outcome.person) } : {}),
  };
}

/** v1 has one `emails` list: work emails first, then personal ones. */
function enrichItemV1(item: EnrichItem, outcome: ItemOutcome | undefined) {
  const person = outcome?.person;
  const { workEmails, personalEmails, phones } = contactData(item, person);
  const emails = [...workEmails, ...personalEmails];
  return {
    custom: item.custom,
    contact: {
      firstname: person?.firstName ?? item.query.firstName ?? '',
      lastname: person?.lastName ?? item.query.lastName ?? '',
      domain: person?.current?.company.domain ?? item.query.domain ?? '',
      ...(emails[0]
        ? { most_probable_email: emails[0].email, most_probable_email_status: emails[0].status }
        : {}),
      ...(phones[0] ? { most_probable_phone: phones[0].number } : {}),
      emails: emails.map(({ email }) => ({ email })),
      phones,
      social_medias: person ? [{ url: person.networkUrl }] : [],
      ...(person && outcome.byNetworkUrl ? { profile: profileV1(person) } : {}),
    },
  };
}

function reverseItemV1(item: ReverseItem, outcome: ItemOutcome | undefined) {
  const person = outcome?.person;
  return {
    input: { email: item.email },
    contact: person
      ? {
          firstname: person.firstName,
          lastname: person.lastName,
          domain: person.current?.company.domain ?? '',
          profile: profileV1(person),
        }
      : {},
  };
}

function records(job: Job, version: 'v1' | 'v2', withheld: boolean): unknown[] {
  const outcome = (index: number) => (withheld ? undefined : job.outcomes[index]);
  if (job.kind === 'enrich') {
    const render = version === 'v2' ? enrichRecordV2 : enrichItemV1;
    return job.items.map((item, index) => render(item, outcome(index)));
  }
  const render = version === 'v2' ? reverseRecordV2 : reverseItemV1;
  return job.items.map((item, index) => render(item, outcome(index)));
}

/**
 * The body of a GET result (and of the job's webhook). v1 names the array `datas`. `withheld` lists
 * every item with nothing found: what was found so far is not shown (a v1 GET of a job not finished,
 * without forceResults).
 */
export function jobBody(engine: JobEngine, job: Job, version: 'v1' | 'v2', withheld = false) {
  const head = { id: job.id, name: job.name, status: engine.status(job) };
  const cost = { credits: job.credits };
  return version === 'v2'
    ? { ...head, data: records(job, 'v2', withheld), cost }
    : { ...head, datas: records(job, 'v1', withheld), cost };
}
