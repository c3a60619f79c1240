/**
 * The team chaos benchmark's cast and set-up (`npm run chaos -- --users 3`), shared by the scenario
 * (chaos-team.ts) and the counting of its results (chaos-team-measure.ts): the three users and their
 * workspaces, the tabs and fields they enrich, the caps of the schedule and of automatic formula
 * results, a member as the scenario plays them, and the events both files add to. It stands apart
 * so that the scenario and the counting each read it without importing one another.
 */
import type { Addon } from '../../dev/gas/harness';
import type { EnrichField } from '../../src/domain/fields';
import type { ChaosEvents } from './chaos-types';

/** The team's events: chaos.ts's and what only a team does. */
export interface TeamEvents extends ChaosEvents {
  sidebarPolls: number;
  keyCleared: number;
  resumed: number;
  takeovers: number;
  scheduleResaved: number;
  autoResumed: number;
  recalculations: number;
  /** Measured at the end (capOverruns). */
  scheduleRuns: number;
  autoRuns: number;
  daysNearCap: number;
  jobsNotInLog: number;
  jobsOfUnknownRuns: number;
}

export interface Member {
  email: string;
  key: string;
  view: Addon;
  /** Rows (by inputs) the user selected: theirs to run again. */
  rows: Set<string>;
  keyCleared?: boolean;
}

export const SHEET = 'Contacts';
export const LEADS = 'Leads';
/** ENRICH_EMAIL asks work emails: so do the runs, so a person bought twice in a workspace is a real double charge. */
export const FIELDS: EnrichField[] = ['work_email'];
export const TEAM = [
  { email: 'ann@team.test', key: 'chaos-ann-key-0123456789abcdef', workspace: 'ws_a' },
  // Bob uses Ann's key: the team's figures tell them apart by who started each run.
  { email: 'bob@team.test', key: 'chaos-ann-key-0123456789abcdef', workspace: 'ws_a' },
  { email: 'carol@other.test', key: 'chaos-carol-key-0123456789abcdef', workspace: 'ws_b' },
] as const;

export interface Caps {
  perRun: number;
  perDay: number;
}

/** Caps that bind at any size: the schedule needs days for the rows nobody selected. */
export function capsFor(rows: number): { ann: Caps; carol: Caps; auto: number } {
  const ann = Math.max(8, Math.ceil(rows * 0.05));
  const carol = Math.max(10, Math.ceil(rows * 0.06));
  return {
    ann: { perRun: Math.ceil(ann * 0.4), perDay: ann },
    carol: { perRun: Math.ceil(carol * 0.5), perDay: carol },
    auto: Math.max(4, Math.ceil(rows * 0.02)),
  };
}

/** A tab's display values, the Contacts tab unless named. */
export function sheetTable(addon: Addon, name = SHEET): string[][] {
  return addon.spreadsheet.getSheetByName(name)!.getDataRange().getDisplayValues() as string[][];
}
