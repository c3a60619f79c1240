/**
 * What the API sends back is data, never a formula, and the API key never leaves user properties:
 * people with formula-looking fields and phones with "+" and leading zeros are injected through the
 * emulator's --data file; the key is a distinctive string searched for everywhere.
 */
import type { Addon } from '../../dev/gas/harness';
import { withoutSecrets } from '../../scripts/lib/state-file';
import { engineKit, planAndStart, rowsOf, settle } from './support/engine';

const SECRET = 'sk-live-Integration-Secret-7f3a9c';
const TRICKY = [
  {
    first_name: 'Eve',
    last_name: 'Equals',
    title: '=HYPERLINK("http://evil.test","click")',
    company_name: '+SUM(1,2)',
    work_email: '=cmd@eve.test',
    phone: '+33612345678',
  },
  { first_name: 'Pat', last_name: 'Plus', title: '@mention', company_name: '-1+2', phone: '0612345678' },
  { first_name: 'Mo', last_name: 'Minus', title: '-minus', phone: '+1 (555) 010-0199' },
].map((person) => ({
  ...person,
  company_domain: `${person.first_name.toLowerCase()}.test`,
  network_url: `https://www.linkedin.com/in/${person.first_name.toLowerCase()}-${person.last_name.toLowerCase()}`,
}));

const kit = engineKit({ keys: [SECRET], data: { people: TRICKY } });

/** No Company column of the user's: the profile's company (formula-looking) gets a column of its own. */
function trickyRows(): string[][] {
  return [
    ['First name', 'Last name', 'Website', 'LinkedIn URL'],
    ...TRICKY.map((p) => [p.first_name, p.last_name, p.company_domain, p.network_url]),
  ];
}

/** Every cell's raw value in every sheet, the ledger included, with any formula. */
function everyCell(addon: Addon): string[] {
  return addon.spreadsheet
    .getSheets()
    .flatMap((sheet) =>
      sheet.getLastRow() === 0
        ? []
        : sheet
            .getDataRange()
            .getValues()
            .flat()
            .map(String)
            .concat(sheet.getDataRange().getFormulas().flat()),
    );
}

describe('API data and the API key', () => {
  it('writes formula-looking values and phones as the exact text the API sent', async () => {
    const addon = kit.open(trickyRows());
    const { start } = planAndStart(addon, { fields: ['work_email', 'phone'] });
    await settle(addon, start.runId);
    const [eve, pat, mo] = rowsOf(addon);
    expect(eve).toMatchObject({ title: TRICKY[0]!.title, company: '+SUM(1,2)', workEmail: '=cmd@eve.test' });
    expect(eve!.phone).toBe('+33612345678');
    expect(pat).toMatchObject({ title: '@mention', company: '-1+2', phone: '0612345678' });
    expect(mo).toMatchObject({ title: '-minus', phone: '+1 (555) 010-0199' });
    const sheet = addon.spreadsheet.getSheetByName('Contacts')!;
    const range = sheet.getDataRange();
    expect(range.getFormulas().flat().filter(Boolean)).toEqual([]);
    // Raw values too: a phone stored as a number would have lost its "+" or its zero.
    expect(
      range
        .getValues()
        .flat()
        .filter((value) => typeof value !== 'string'),
    ).toEqual([]);
  });

  it('never shows the key in a cell, a log line, the sidebar, a progress view or the saved state', async () => {
    const addon = kit.open(trickyRows());
    addon.call('onOpen', { authMode: 'FULL' });
    const { plan, start } = planAndStart(addon);
    const run = await settle(addon, start.runId);
    addon.call('showSidebar');
    const settings = addon.call('getSettings');
    // A refused key goes through the error paths, which are where keys usually leak.
    addon.properties.user.setProperty('sheetEnrich.apiKey', `${SECRET}-revoked`);
    const check = addon.call('verifyApiKey');
    const seen = JSON.stringify({
      plan,
      start,
      run,
      settings,
      check,
      cells: everyCell(addon),
      logs: addon.logs(),
      toasts: addon.ui.toasts,
      sidebars: addon.ui.sidebars.map((page) => page.content),
      document: addon.properties.document.getProperties(),
      state: withoutSecrets(addon.exportState()),
    });
    expect(addon.ui.sidebars.length).toBeGreaterThan(0);
    expect(addon.requests().some((request) => JSON.stringify(request).includes(SECRET))).toBe(true);
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain(SECRET.slice(0, 12));
  });
});
