/** Settings: the API key (write-only, shown masked), its verification, the API base URL. */
import type { KeyCheckView, SettingsView } from '../src/app/sidebar-contract';
import type { SaveSettingsRequest } from '../src/app/sidebar-contract';
import { field, h } from './dom';
import { actionButton, createNotice } from './feedback';
import { createScheduleBox } from './schedule-box';
import { createKeyLimitBox } from './key-limit-box';
import { server } from './server';

export interface SettingsPanel {
  element: HTMLElement;
  show(view: SettingsView): void;
  /** The stores changed (watcher.ts). */
  changed(): Promise<void>;
}

export function createSettingsPanel(options: { onSaved: (view: SettingsView) => void }): SettingsPanel {
  const notice = createNotice();
  // The key only travels from this field to the server, never back: the page shows the mask.
  const keyInput = h('input', {
    type: 'password',
    name: 'apiKey',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'Paste your API key',
  });
  const keyStatus = h('span', {}, 'No key saved yet.');
  const baseUrlInput = h('input', { type: 'url', name: 'apiBaseUrl', spellcheck: 'false' });
  let savedBaseUrl = '';

  const schedule = createScheduleBox();
  const keyLimit = createKeyLimitBox();

  function show(view: SettingsView): void {
    schedule.show(view);
    void schedule.load().catch(() => undefined);
    void keyLimit.load();
    keyStatus.textContent = view.hasApiKey ? `Saved key: ${view.maskedKey}` : 'No key saved yet.';
    keyInput.placeholder = view.hasApiKey ? 'Paste a new key to replace it' : 'Paste your API key';
    baseUrlInput.value = view.apiBaseUrl;
    savedBaseUrl = view.apiBaseUrl;
  }

  function describeCheck(check: KeyCheckView): void {
    // The workspace id the check returns means nothing to a person (the API offers no name): not shown.
    if (check.ok && check.pasted) notice.show('ok', 'This key works. Save it to use it.');
    else if (check.ok) notice.show('ok', 'The saved key works.');
    else notice.show('error', check.message ?? 'The API refused the key.');
  }

  /** Checks the key in the field when there is one (before saving it), else the saved key. */
  async function verify(): Promise<void> {
    notice.clear();
    const pasted = keyInput.value.trim();
    // No argument at all when nothing is pasted: an explicit undefined reaches the server as null,
    // which the key check's input refuses.
    describeCheck(await (pasted ? server.verifyApiKey({ apiKey: pasted }) : server.verifyApiKey()));
  }

  async function save(): Promise<void> {
    notice.clear();
    const request: SaveSettingsRequest = {};
    const key = keyInput.value.trim();
    if (key) request.apiKey = key;
    const baseUrl = baseUrlInput.value.trim();
    if (baseUrl !== savedBaseUrl) request.apiBaseUrl = baseUrl;
    if (!request.apiKey && request.apiBaseUrl === undefined) {
      notice.show('info', 'Nothing to save: paste a key or change the API address first.');
      return;
    }
    // Refused, what was typed stays to be corrected; saved, it leaves the field.
    const view = await server.saveSettings(request);
    keyInput.value = '';
    show(view);
    options.onSaved(view);
    // Saving a key the API refuses should not look like success.
    describeCheck(await server.verifyApiKey());
  }

  const saveButton = actionButton('Save', 'Saving…', { primary: true, notice, run: save });
  const verifyButton = actionButton('Verify', 'Checking…', { notice, run: verify });
  keyInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') saveButton.click();
  });

  const form = h(
    'form',
    { 'aria-label': 'Your API key', onsubmit: (event: Event) => event.preventDefault() },
    field('API key', keyInput, keyStatus),
    h(
      'details',
      { class: 'advanced' },
      h('summary', {}, 'Advanced'),
      field('API base URL', baseUrlInput, 'Leave as is unless your provider gave you another address.'),
    ),
    h('div', { class: 'buttons' }, saveButton, verifyButton),
    notice.element,
  );
  const element = h(
    'section',
    { class: 'panel', 'aria-label': 'Settings' },
    form,
    keyLimit.element,
    schedule.element,
  );
  return { element, show, changed: () => schedule.changed() };
}
