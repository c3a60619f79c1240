/** Shortcuts for engine tests: a sheet of contacts, and the sidebar's calls against a world. */
import type { AppContext } from '../../../src/engine/context';
import { pollOnce } from '../../../src/engine/poll';
import type { PlanRequest } from '../../../src/features/runs/run-service';
import { createSidebarServer } from '../../../src/app/sidebar-server';
import { contextFor, createWorld, type TestWorld } from './context';
import { FakeBudget } from './ports';
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import type { MemorySheet } from './memory-spreadsheet';

export const CONTACT_HEADERS = ['First name', 'Last name', 'Company'];

/** A sheet with a header row and one row per [first, last, company]; made the active sheet. */
export function contactsSheet(world: TestWorld, rows: string[][], name = 'Contacts'): MemorySheet {
  const sheet = world.spreadsheet.addSheet(name, [CONTACT_HEADERS, ...rows]);
  world.spreadsheet.active = world.spreadsheet.sheets.indexOf(sheet);
  return sheet;
}

/** n distinct people at Acme: P1 L1, P2 L2... */
export function people(n: number, company = 'Acme'): string[][] {
  return Array.from({ length: n }, (_, i) => [`P${i + 1}`, `L${i + 1}`, company]);
}

export const server = (world: TestWorld, budget?: FakeBudget) =>
  createSidebarServer(contextFor(world, budget));

export const ENRICH_WORK_EMAIL: PlanRequest = { kind: 'enrich', fields: ['work_email'] };

/** An hourly schedule of the Contacts sheet's work emails, at most `cap` credits a run and a day. */
export const hourlyWorkEmail = (cap: number) => ({
  sheetName: 'Contacts',
  kind: 'enrich' as const,
  fields: ['work_email' as const],
  every: 'hour' as const,
  maxCreditsPerRun: cap,
  maxCreditsPerDay: cap,
});

/** planRun then startRun, as the sidebar does after the user confirms. */
export function planAndStart(
  world: TestWorld,
  request: PlanRequest = ENRICH_WORK_EMAIL,
  budget?: FakeBudget,
) {
  const plan = server(world).planRun(request);
  const start = server(world, budget).startRun(plan.planId);
  return { plan, start };
}

/** A run of `rows` people at Acme, planned and started; `notReadyPolls` polls find it still running. */
export function startedRun(rows: number, notReadyPolls = 0) {
  const world = createWorld();
  const sheet = contactsSheet(world, people(rows));
  world.api.notReadyPolls = notReadyPolls;
  planAndStart(world);
  return { world, sheet };
}

/** One poll in a fresh execution. */
export function poll(
  world: TestWorld,
  budget?: FakeBudget,
  ctx: AppContext = contextFor(world, budget),
): boolean {
  return pollOnce(ctx);
}

export const progress = (world: TestWorld) => server(world).getProgress();

/** The document properties of job records, in the store's order. */
export const jobKeys = (world: TestWorld): string[] =>
  Object.keys(world.documentStore.getAll()).filter((key) => key.startsWith(DOCUMENT_PROPERTY.jobPrefix));
