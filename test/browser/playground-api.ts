/** The playground's JSON automation API (`npm start`'s `__test` routes), as the browser tests drive it. */
import { adminClient, type AdminClient } from '../../dev/emulator/admin-client';

/** The playground's JSON automation API. */
export class PlaygroundApi {
  constructor(private readonly base: string) {}

  reset(options: { demo?: boolean; sidebar?: boolean } = {}): Promise<unknown> {
    return this.post('__test/reset', options);
  }

  loadSheet(name: string, data: { values?: unknown[][]; csv?: string }): Promise<unknown> {
    return this.post('__test/sheet', { name, ...data });
  }

  select(ranges: string | string[], sheet?: string): Promise<unknown> {
    return this.post('__test/selection', { ranges, sheet });
  }

  /** Calls an entry point of the add-on as the sidebar would (one execution); its value. */
  async call<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
    return ((await this.post('__test/call', { name, args })) as { value: T }).value;
  }

  async state(): Promise<{
    selection: { row: number; column: number; numRows: number; numColumns: number }[];
  }> {
    const response = await fetch(new URL('__test/state', this.base));
    return (await response.json()) as {
      selection: { row: number; column: number; numRows: number; numColumns: number }[];
    };
  }

  /**
   * The emulator behind the playground as new (keys, balances, jobs, faults, rate limits), its jobs
   * taking `jobMs` each: what a playground of its own gave each file.
   */
  async resetApi(jobMs: number): Promise<void> {
    const admin = await this.emulatorAdmin();
    await admin.reset();
    await admin.config({ jobMs });
  }

  /**
   * A new file's start: a blank document, then a new emulator (resetApi). The document goes first:
   * the file before left one whose triggers fire every 2 s, and a tick between the two resets (a
   * schedule, automatic formulas) sent a job to the new emulator (stop 62's red CI: a 5-contact job
   * in a test that asserts none was sent).
   */
  async resetForFile(jobMs: number): Promise<void> {
    await this.reset({ demo: false, sidebar: false });
    await this.resetApi(jobMs);
  }

  /** Sets the emulator's injected faults (dev/emulator/faults.ts), e.g. 'lost=1': every job start's answer lost. */
  async apiFaults(faults: string): Promise<void> {
    await (await this.emulatorAdmin()).config({ faults });
  }

  /** Sets the emulator's credit balance (what a top-up, or a spent account, leaves). */
  async setCredits(balance: number): Promise<void> {
    await (await this.emulatorAdmin()).setCredits(balance);
  }

  /** The jobs the emulator was asked to start, oldest first. */
  async apiJobs(): Promise<{ id: string; total: number; status: string }[]> {
    return (await (await this.emulatorAdmin()).jobs()).map(({ id, total, status }) => ({
      id,
      total,
      status,
    }));
  }

  /**
   * Saves `key` as the user's key, then the API revokes it: a key that worked when saved and is
   * refused from then on (Save itself refuses a key the API already refuses).
   */
  async saveRevokedKey(key: string): Promise<void> {
    const admin = await this.emulatorAdmin();
    await admin.addKey(key);
    await this.call('saveSettings', { apiKey: key });
    await admin.removeKey(key);
  }

  async sheet(name: string): Promise<{ values: unknown[][]; displayValues: string[][] }> {
    const response = await fetch(new URL(`__test/sheet/${encodeURIComponent(name)}`, this.base));
    if (!response.ok) throw new Error(`GET sheet ${name}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { values: unknown[][]; displayValues: string[][] };
  }

  private async emulatorAdmin(): Promise<AdminClient> {
    const { apiBaseUrl } = (await (await fetch(new URL('__test/state', this.base))).json()) as {
      apiBaseUrl: string;
    };
    return adminClient(apiBaseUrl.replace(/\/+$/, ''));
  }

  private async post(path: string, body: unknown): Promise<unknown> {
    const response = await fetch(new URL(path, this.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { ok?: boolean; message?: string };
    if (!response.ok || answer.ok === false)
      throw new Error(`POST ${path}: ${answer.message ?? response.status}`);
    return answer;
  }
}
