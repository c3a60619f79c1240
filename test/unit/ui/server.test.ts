import { PRICES, REVERSE_PROFILE_PRICE } from '../../../src/domain/fields';
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import { maskKey } from '../../../src/features/settings/settings';
import { RUN_LOG_SHEET } from '../../../src/store/run-log';
import { apiError } from '../fakes/fake-api';
import { createWorld, hasTrigger } from '../fakes/context';
import { contactsSheet, people, planAndStart, server } from '../fakes/scenario';

describe('sidebar server functions', () => {
  it("offers the schedule every sheet of the user, not the add-on's own log tab", () => {
    const world = createWorld();
    world.spreadsheet.insertTab('Leads');
    world.spreadsheet.ownVisibleSheet(RUN_LOG_SHEET, true);
    world.spreadsheet.insertTab('Later tab');
    expect(server(world).getSettings().sheetNames).toEqual(['Leads', 'Later tab']);
  });

  it('stores the key in user properties and only ever returns it masked', () => {
    const world = createWorld();
    const view = server(world).saveSettings({ apiKey: '  sk_live_abcdef123456  ' });
    expect(world.userStore.get(USER_PROPERTY.apiKey)).toBe('sk_live_abcdef123456');
    expect(view).toEqual({
      hasApiKey: true,
      maskedKey: '••••••••3456',
      apiBaseUrl: 'https://api.example.test/',
      backgroundRefresh: true,
      quota: {
        account: 'workspace',
        day: '2025-01-15',
        urlFetches: 0,
        urlFetchLimit: 100_000,
        triggerMinutes: 0,
        triggerMinutesLimit: 360,
      },
      sheetNames: [],
    });
    expect(JSON.stringify(server(world).getSettings())).not.toContain('abcdef');
    expect(maskKey('')).toBe('');
    server(world).saveSettings({ apiKey: '' });
    expect(server(world).getSettings().hasApiKey).toBe(false);
  });

  it('overrides and restores the base URL, and refuses a malformed one', () => {
    const world = createWorld();
    expect(server(world).saveSettings({ apiBaseUrl: 'http://127.0.0.1:8787' }).apiBaseUrl).toBe(
      'http://127.0.0.1:8787',
    );
    expect(server(world).saveSettings({ apiBaseUrl: '' }).apiBaseUrl).toBe('https://api.example.test/');
    expect(() => server(world).saveSettings({ apiBaseUrl: 'ftp:/x' })).toThrow(/Invalid settings/);
  });

  it('accepts only base URLs the built allow-list permits, and says so when it refuses', () => {
    const world = createWorld();
    expect(server(world).saveSettings({ apiBaseUrl: 'https://api.example.test/v2-beta' }).apiBaseUrl).toBe(
      'https://api.example.test/v2-beta',
    );
    expect(() => server(world).saveSettings({ apiBaseUrl: 'https://evil.example/' })).toThrow(
      'This copy of Sheet Enrich may only call https://api.example.test/ (the address it was deployed with): https://evil.example/ is not allowed.',
    );
    expect(() =>
      server(world).saveSettings({ apiBaseUrl: 'https://api.example.test.evil.example/' }),
    ).toThrow(/not allowed/);
    expect(server(world).getSettings().apiBaseUrl).toBe('https://api.example.test/v2-beta');
  });

  it('verifies the key and says what to check, in words that make sense in Settings', () => {
    const world = createWorld();
    expect(server(world).verifyApiKey()).toEqual({ ok: true, workspaceId: 'workspace-1' });
    world.api.verifyKey = () => {
      throw apiError(401, 'error.api.key');
    };
    expect(server(world).verifyApiKey()).toEqual({
      ok: false,
      message:
        'The API key was refused: check that it was copied whole, from the account you mean to pay with.',
      refused: true,
    });
    world.api.creditBalance = () => {
      throw apiError(503);
    };
    expect(server(world).getCreditBalance()).toEqual({ balance: null, message: 'The service said 503.' });
  });

  it('rejects malformed requests from the page', () => {
    const world = createWorld();
    contactsSheet(world, people(1));
    const call = (request: unknown) => server(world).planRun(request as never);
    expect(() => call({ kind: 'bulk', fields: [] })).toThrow(/Invalid plan request/);
    expect(() => call({ kind: 'enrich', fields: ['fax'] })).toThrow(/Invalid plan request/);
    expect(() => call({ kind: 'enrich', fields: ['phone'], mapping: { firstName: 0 } })).toThrow(
      /Invalid plan request/,
    );
    expect(() => server(world).startRun(42 as never)).toThrow(/Invalid plan id/);
    expect(() => server(world).setBackgroundRefresh('yes' as never)).toThrow(/Invalid/);
  });

  it('takes only whole column numbers in range and whole job numbers', () => {
    const world = createWorld();
    contactsSheet(world, people(1));
    const plan = (column: number) => () =>
      server(world).planRun({ kind: 'enrich', fields: ['phone'], mapping: { firstName: column } });
    for (const bad of [1.5, 18279]) {
      expect(plan(bad)).toThrow(
        'Invalid plan request: mapping.firstName: expected a whole number from 1 to 18278',
      );
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(plan(bad)).toThrow('Invalid plan request: mapping.firstName: Invalid input');
    }
    expect(plan(18278)).not.toThrow();
    for (const seq of [-1, 0.5]) {
      expect(() => server(world).retryJob({ runId: 'r', seq })).toThrow(
        'Invalid job: seq: expected a whole number',
      );
    }
    expect(() => server(world).saveSettings({ apiBaseUrl: 'ftp://x' })).toThrow(
      'Invalid settings: apiBaseUrl: expected an http(s) URL',
    );
  });

  it('takes a corrected mapping and remembers it for the sheet', () => {
    const world = createWorld();
    world.spreadsheet.addSheet('Odd', [
      ['Who', 'Surname', 'Where'],
      ['Ada', 'Lovelace', 'Acme'],
    ]);
    const detected = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(detected.mapping).toEqual({ lastName: 2 });
    expect(detected.skipped).toEqual([{ row: 2, reason: 'missing input: first name, company' }]);
    expect(detected.columns.map((column) => column.header)).toEqual(['Who', 'Surname', 'Where']);
    const mapping = { firstName: 1, lastName: 2, companyName: 3 };
    expect(server(world).planRun({ kind: 'enrich', fields: ['work_email'], mapping }).contactsToSend).toBe(1);
    expect(server(world).planRun({ kind: 'enrich', fields: ['work_email'] }).mapping).toEqual(mapping);
  });

  it('sends the one price table with every plan, so the page keeps no copy of it', () => {
    const world = createWorld();
    world.spreadsheet.addSheet('People', [
      ['First name', 'Last name', 'Company'],
      ['Ada', 'Lovelace', 'Acme'],
    ]);
    const plan = server(world).planRun({ kind: 'enrich', fields: ['phone'] });
    expect(plan.prices).toEqual(PRICES);
    expect(plan.reversePrice).toBe(REVERSE_PROFILE_PRICE);
    expect(plan.maxCredits).toBe(PRICES.phone);
  });

  it('plans a sheet without headers from row 1 and lets the user map its columns', () => {
    const world = createWorld();
    world.spreadsheet.addSheet('Raw', [
      ['1', '2'],
      ['3', '4'],
    ]);
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(plan).toMatchObject({ headerRow: 0, mapping: {}, contactsToSend: 0 });
    expect(plan.columns).toEqual([
      { index: 1, header: '', sample: '1' },
      { index: 2, header: '', sample: '2' },
    ]);
    expect(plan.skipped.map((skip) => skip.row)).toEqual([1, 2]);
  });

  it('opens the sidebar on the panel a menu item asked for, once', () => {
    const world = createWorld();
    world.userStore.set(USER_PROPERTY.openPanel, 'reverse');
    expect(server(world).getSettings().openPanel).toBe('reverse');
    expect(server(world).getSettings().openPanel).toBeUndefined();
  });

  it('switches the background trigger off and on', () => {
    const world = createWorld();
    contactsSheet(world, people(1));
    planAndStart(world);
    expect(hasTrigger(world)).toBe(true);
    expect(server(world).setBackgroundRefresh(false).backgroundRefresh).toBe(false);
    expect(hasTrigger(world)).toBe(false);
    server(world).setBackgroundRefresh(true);
    expect(hasTrigger(world)).toBe(true);
    expect(server(world).pollJobs()).toMatchObject({ pending: false, runs: [{ state: 'finished' }] });
    expect(hasTrigger(world)).toBe(false);
  });
});
