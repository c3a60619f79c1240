/**
 * Documents users already have keep working: the state a spreadsheet had under main f4baadb (runs,
 * jobs, ledger, mapping and preview written before records carried a version; see
 * test/fixtures/README.md) is loaded into today's build, and its runs finish.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAddon, type Addon, type RuntimeState } from '../../dev/gas/harness';
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import { emailMatchesRow, engineKit, rowsOf, settle } from './support/engine';

const FIXTURE = join(__dirname, '../fixtures/state-f4baadb.json');
const kit = engineKit();
let addon: Addon | undefined;
afterEach(() => addon?.close());

function openSavedState(): Addon {
  const state = JSON.parse(readFileSync(FIXTURE, 'utf8')) as RuntimeState;
  // Opened two hours after it was saved, whenever the test runs: the old preview has expired.
  const savedAt = Math.max(...Object.values(state.triggers).map((trigger) => trigger.nextRunAt));
  addon = loadAddon({
    state,
    now: savedAt + 2 * 60 * 60 * 1000,
    apiBaseUrl: kit.emulator().baseUrl,
    apiKey: kit.emulator().apiKey,
    allowLoopback: true,
  });
  return addon;
}

const runOn = (view: ProgressView, sheet: string) => view.runs.find((run) => run.sheetName === sheet)!;

describe('state saved by an earlier version', () => {
  it('loads, finishes its runs, and reuses its saved results and mapping', async () => {
    const addon = openSavedState();
    const before = addon.call<ProgressView>('getProgress');
    expect(before.problems).toBeUndefined();
    expect(runOn(before, 'Contacts')).toMatchObject({ state: 'finished', sent: 8, done: 8, credits: 37 });
    expect(runOn(before, 'Contacts').found).toMatchObject({ workEmail: 7, phone: 3 });
    expect(runOn(before, 'Third')).toMatchObject({ state: 'running', done: 0, credits: 3 });
    expect(runOn(before, 'More')).toMatchObject({ state: 'running', done: 0 });

    // "Third" was fetched (answers in the old ledger) but not written; "More" was queued, never sent.
    await settle(addon, runOn(before, 'Third').runId);
    const more = await settle(addon, runOn(before, 'More').runId);
    expect(more).toMatchObject({ state: 'finished', sent: 5, done: 5 });
    const third = rowsOf(addon, 'enrich', 'Third');
    expect(third.map((row) => row.status)).toEqual(['found', 'found', 'found']);
    expect(third.every(emailMatchesRow)).toBe(true);
    const moreRows = rowsOf(addon, 'enrich', 'More');
    expect(moreRows.filter((row) => row.workEmail).every(emailMatchesRow)).toBe(true);
    expect(moreRows.every((row) => ['found', 'not found'].includes(row.status ?? ''))).toBe(true);
    // Only the queued job reached the API: the fetched one was applied from the ledger.
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);

    // The old preview is read (not a crash) and refused as stale.
    const preview = JSON.parse(readFileSync(FIXTURE, 'utf8')).properties.user['sheetEnrich.pendingPlan'];
    expect(() => addon.call('startRun', JSON.parse(preview!).id)).toThrow(/expired|preview/);

    // The old ledger answers the first sheet again (no credits; Status cleared so the rows are not
    // 'already enriched'), with the remembered mapping.
    const contacts = addon.spreadsheet.getSheetByName('Contacts')!;
    const headers = contacts.getRange(1, 1, 1, contacts.getLastColumn()).getValues()[0]!;
    const statusesBefore = rowsOf(addon).map((row) => row.workEmailStatus);
    expect(statusesBefore).toContain('DELIVERABLE');
    contacts.getRange(2, headers.indexOf('Status') + 1, 8, 1).clearContent();
    addon.setSelection('A2:D9', 'Contacts');
    contacts.activate();
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email', 'phone'] });
    expect(plan).toMatchObject({ contactsToSend: 0, rowsFromLedger: 8, maxCredits: 0 });
    expect(plan.mapping).toEqual({ firstName: 1, lastName: 2, companyName: 3, companyDomain: 4 });
    // The old block (every column, the status API words as they came) is found and reused: no
    // column is added, and the cells it filled keep what they said.
    addon.call('startRun', plan.planId);
    expect(contacts.getRange(1, 1, 1, contacts.getLastColumn()).getValues()[0]).toEqual(headers);
    const after = rowsOf(addon);
    expect(after.every((row) => row.status!.endsWith('(saved)'))).toBe(true);
    expect(after.map((row) => row.workEmailStatus)).toEqual(statusesBefore);
    expect(after.filter((row) => row.workEmail).every(emailMatchesRow)).toBe(true);
  });
});
