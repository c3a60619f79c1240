/**
 * The key in other clothes (issue 28), through the built add-on: the emulator's gateway repeats the
 * request's key in its error answers, upper-cased, cut into lines, base64 in a `Basic` header or at
 * another alignment, %-encoded in lower-case hex, JSON-escaped; or its key check answers the key as
 * the workspace id. Ann's runs meet those answers (a refused key, out of credits, a refused pasted
 * key), Bob opens his Jobs panel on the same document, and nothing either of them can see or the
 * document stores holds any form of a key (the oracle in scripts/lib/key-forms.ts is independent
 * of the scrubber).
 */
import type { Addon } from '../../dev/gas/harness';
import type { EchoForm } from '../../dev/emulator/echo';
import type { ProgressView } from '../../src/app/sidebar-contract';
import type { KeyCheckView } from '../../src/app/sidebar-contract';
import { keyFormsIn, writtenTexts } from '../../scripts/lib/key-forms';
import { contactRows, engineKit, jobsEnded, people, planAndStart } from './support/engine';

const ANN_KEY = 'sk_live_Ann7f3a9c0d1e2b4a6c8e0f2a4b6';
/** A key Ann saves by mistake: the emulator does not know it, and the gateway echoes it. */
const ANN_TYPO = 'sk_live_Typo5e6f7a8b9c0d1e2f3a4b5c';
const BOB_KEY = 'sk_live_Bob0a1b2c3d4e5f60718293a4b';
const kit = engineKit({ workspaces: { ws_acme: [ANN_KEY], ws_other: [BOB_KEY] } });

const FORMS: EchoForm[] = ['upper', 'lines', 'basic', 'base64', 'percent', 'json', 'plain'];

function leaks(views: Addon[], answers: unknown[]): string[] {
  const texts = [...views.flatMap((view) => writtenTexts(view)), ...answers.map((a) => JSON.stringify(a))];
  return [ANN_KEY, ANN_TYPO, BOB_KEY].flatMap((key) => texts.flatMap((text) => keyFormsIn(text, key)));
}

/** What a refused call says (its message is on screen too), or the call's answer. */
function refusal(call: () => unknown): unknown {
  try {
    return call();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('an API that echoes the key in other clothes', () => {
  it.each(FORMS)('shows no form of any key when error answers echo it %s', async (form) => {
    const ann = kit.open(contactRows(people(6, 0)), {
      apiKey: ANN_KEY,
      userEmail: 'ann@acme.com',
      addon: true,
    });
    const bob = ann.as('bob@other.com', { apiKey: BOB_KEY, apiBaseUrl: kit.emulator().baseUrl });
    await kit.emulator().admin.config({ echo: form });
    const answers: unknown[] = [];
    // A key pasted with a typo: the key check's 401 echoes it.
    answers.push(ann.call<KeyCheckView>('verifyApiKey', { apiKey: ANN_TYPO }));
    // Save refuses the typo (its 401 echoes it too, into the message thrown)...
    answers.push(refusal(() => ann.call('saveSettings', { apiKey: ANN_TYPO })));
    // ...so the typo is saved while the API knows it, then revoked: the run's start gets the 401
    // and waits for a key, its rows say why.
    await kit.emulator().admin.addKey(ANN_TYPO, 'ws_typo');
    ann.call('saveSettings', { apiKey: ANN_TYPO });
    await kit.emulator().admin.removeKey(ANN_TYPO);
    answers.push(planAndStart(ann));
    answers.push(ann.call<ProgressView>('getProgress'));
    // The right key back, and no credits: the 402 echoes it too.
    answers.push(ann.call('saveSettings', { apiKey: ANN_KEY }));
    await kit.emulator().admin.setCredits(0, ANN_KEY);
    answers.push(ann.call('resumeStoppedRuns'), ann.call('pollJobs'));
    await jobsEnded(kit.emulator());
    ann.advanceClock(60 * 60 * 1000);
    ann.fireTriggers();
    answers.push(ann.call('getProgress'), bob.call('pollJobs'), bob.call('getProgress'));
    ann.call('showSidebar');
    // Both keys met error answers (each one echoed), else this test would prove nothing.
    const refused = (key: string) =>
      ann.requests().filter((r) => r.status >= 400 && r.headers.Authorization === `Bearer ${key}`);
    expect(refused(ANN_TYPO).length).toBeGreaterThan(0);
    expect(refused(ANN_KEY).length).toBeGreaterThan(0);
    expect(leaks([ann, bob], answers)).toEqual([]);
  });

  it('refuses a key check whose workspace id is the key, and never prints it as the payer', async () => {
    const ann = kit.open(contactRows(people(4, 0)), { apiKey: ANN_KEY, userEmail: 'ann@acme.com' });
    await kit.emulator().admin.config({ echo: 'workspace' });
    const check = ann.call<KeyCheckView>('verifyApiKey');
    expect(check.ok).toBe(false);
    const { start } = planAndStart(ann);
    await jobsEnded(kit.emulator());
    ann.advanceClock(60 * 60 * 1000);
    ann.fireTriggers();
    const progress = ann.call<ProgressView>('getProgress');
    expect(progress.runs.find((run) => run.runId === start.runId)?.state).toBe('finished');
    expect(leaks([ann], [check, start, progress])).toEqual([]);
  });
});
