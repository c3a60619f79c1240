/**
 * What a plan's contacts cost at most, and how they are cut into jobs: shared by every planner (the
 * sidebar's plan.ts, formulas, schedules) and by what counts a cap or a retry's price.
 */
import type { JobKind } from '../domain/runs';
import { PRICES, REVERSE_PROFILE_PRICE, type EnrichField } from '../domain/fields';
import { LIMITS } from '../domain/limits';
import type { ContactInputs } from '../sheet/contact-input';
import type { LedgerEntry } from '../store/ledger-entry';
import { kept } from '../domain/objects';

/** One distinct contact to send, and every selected row that carries it. */
export interface PlannedContact {
  fp: string;
  input: ContactInputs;
  rows: number[];
  /** The fields to ask the API for: the run's, less those a saved answer already covers. */
  fields: EnrichField[];
  /** Its saved answer (fields asked before): a row a schedule's cap leaves out still shows it. */
  saved?: LedgerEntry;
}

/** Credits one contact can cost at most. */
export function maxCreditsPerContact(kind: JobKind, fields: readonly EnrichField[]): number {
  if (kind === 'reverse') return REVERSE_PROFILE_PRICE;
  return fields.reduce((sum, field) => sum + PRICES[field], 0);
}

/**
 * The jobs a plan sends: a job asks one list of fields, so contacts that lack different fields go
 * into different jobs (most runs have one group), each cut into jobs of the API's size.
 */
export function jobsOf(contacts: readonly PlannedContact[], kind: JobKind): PlannedContact[][] {
  const groups = new Map<string, PlannedContact[]>();
  for (const contact of contacts) {
    const key = [...contact.fields].sort().join(',');
    // Pushed, not copied: a 100,000-contact run is one group, and copying it per contact is O(n²).
    kept(groups, key, () => []).push(contact);
  }
  const size = kind === 'reverse' ? LIMITS.itemsPerReverseJob : LIMITS.itemsPerEnrichJob;
  return [...groups.values()].flatMap((group) =>
    Array.from({ length: Math.ceil(group.length / size) }, (_, index) =>
      group.slice(index * size, (index + 1) * size),
    ),
  );
}

/**
 * The part of a plan whose contacts fit `room` credits at their most, in order (a cheaper one after
 * one that did not fit still goes), and the contacts left out: what a cap lets an unattended run send.
 */
export function withinRoom<Plan extends { toSend: PlannedContact[]; maxCredits: number; jobs: number }>(
  plan: Plan,
  kind: JobKind,
  room: number,
): { kept: Plan; leftOut: PlannedContact[] } {
  let maxCredits = 0;
  const toSend: PlannedContact[] = [];
  const leftOut: PlannedContact[] = [];
  for (const contact of plan.toSend) {
    const price = maxCreditsPerContact(kind, contact.fields);
    const fits = maxCredits + price <= room;
    (fits ? toSend : leftOut).push(contact);
    if (fits) maxCredits += price;
  }
  return { kept: { ...plan, toSend, maxCredits, jobs: jobsOf(toSend, kind).length }, leftOut };
}
