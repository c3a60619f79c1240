/** spawnEmulator: the emulator in a child process, for callers that block their own thread. */
import { spawnEmulator, type SpawnedEmulator } from '../../dev/emulator/spawn';

describe('spawnEmulator', () => {
  let child: SpawnedEmulator | undefined;
  afterEach(() => child?.stop());

  it('starts a child with the given flags, answers over HTTP, and stops', async () => {
    child = await spawnEmulator({
      keys: ['child-key'],
      workspaces: { ws_team: ['team-key-1', 'team-key-2'] },
      credits: 77,
      jobMs: 0,
    });
    expect(child.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(child.apiKey).toBe('child-key');
    expect(child.pid).not.toBe(process.pid);
    const answer = await fetch(`${child.baseUrl}/api/v2/account/credits`, {
      headers: { authorization: 'Bearer child-key' },
    });
    expect(await answer.json()).toEqual({ balance: 77 });
    expect(await child.admin.workspaces()).toMatchObject({ ws_team: ['team-key-1', 'team-key-2'] });
    await child.admin.setCredits(5);
    expect((await child.admin.stats()).total_requests).toBe(1);
    await child.stop();
    await expect(fetch(`${child.baseUrl}/api/v2/account/credits`)).rejects.toThrow();
  });

  it('lets its parent end once detached, and still stops', async () => {
    // What holds this process's event loop: the child and its three pipes until detach.
    const holding = () =>
      process.getActiveResourcesInfo().filter((kind) => kind === 'ProcessWrap' || kind === 'PipeWrap').length;
    const before = holding();
    child = await spawnEmulator({ jobMs: 0 });
    expect(holding()).toBeGreaterThanOrEqual(before + 4);
    child.detach();
    expect(holding()).toBe(before);
    expect(child.running()).toBe(true);
    expect((await child.admin.stats()).total_requests).toBe(0);
    await child.stop();
    expect(child.running()).toBe(false);
  });

  it('reports a child that fails to start', async () => {
    await expect(spawnEmulator({ faults: 'nonsense=1' })).rejects.toThrow(/exited|unknown fault/);
  });
});
