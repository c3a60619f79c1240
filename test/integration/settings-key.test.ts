/**
 * Save on a key the API refuses says so and keeps what was saved before (a working key, or none):
 * storing it would make every panel fail until a good key is saved again.
 */
import type { SettingsView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, people } from './support/engine';

const kit = engineKit();

describe('Save in Settings', () => {
  it('refuses a key the API refuses and keeps the working key', () => {
    const addon = kit.open(contactRows(people(2)));
    const good = kit.emulator().apiKey;
    expect(() => addon.call('saveSettings', { apiKey: 'sk-wrong-0123' })).toThrow(
      `The API refused this key, so it was not saved (your saved key ••••••••${good.slice(-4)} is kept): check that it was copied whole`,
    );
    const view = addon.call<SettingsView>('getSettings');
    expect(view.maskedKey).toBe(`••••••••${good.slice(-4)}`);
    // Every panel still works with the kept key.
    expect(addon.call<{ balance: number | null }>('getCreditBalance').balance).toBeGreaterThan(0);
  });

  it('with no key saved, keeps none', () => {
    const addon = kit.open(contactRows(people(2)));
    addon.call('saveSettings', { apiKey: '' });
    expect(() => addon.call('saveSettings', { apiKey: 'sk-wrong-0123' })).toThrow(
      'The API refused this key, so it was not saved (no key is saved): check that it was copied whole',
    );
    expect(addon.call<SettingsView>('getSettings')).toMatchObject({ hasApiKey: false, maskedKey: '' });
  });

  it('saves a key the API accepts', () => {
    const addon = kit.open(contactRows(people(2)));
    addon.call('saveSettings', { apiKey: '' });
    const view = addon.call<SettingsView>('saveSettings', { apiKey: kit.emulator().apiKey });
    expect(view.hasApiKey).toBe(true);
  });
});
