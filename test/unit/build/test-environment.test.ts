/**
 * The test files run on an ordinary global object (test/support/environment.cjs): a contextified
 * one reads every global through an interceptor, several times slower (docs/testing.md).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { TEMP_DIRS } from '../../support/temp-dir';
import { WORKER_SLOTS } from '../../support/worker-slots';

const Environment = jest.requireActual<
  new (
    config: object,
    context: object,
  ) => { getVmContext(): vm.Context | null; global: object; teardown(): Promise<void> }
>('../../support/environment.cjs');

const newEnvironment = () =>
  new Environment(
    { projectConfig: { testEnvironmentOptions: {}, globals: {} }, globalConfig: {} },
    { console, docblockPragmas: {}, testPath: __filename },
  );

it("gives each file a context whose global object is the context's own, not contextified", async () => {
  const environment = newEnvironment();
  try {
    const context = environment.getVmContext()!;
    // Contextified, the context is a host object that the global only mirrors.
    expect(vm.runInContext('this', context)).toBe(context);
    expect(environment.global).toBe(context);
    expect(vm.runInContext('typeof Math.imul + typeof Buffer', context)).toBe('functionfunction');
  } finally {
    await environment.teardown();
  }
});

it('hands every file of a worker the same slots (test/support/worker-slots.ts), each its own global', async () => {
  const [first, second] = [newEnvironment(), newEnvironment()];
  try {
    const slots = (environment: { global: object }) =>
      (environment.global as { [WORKER_SLOTS]?: Map<string, unknown> })[WORKER_SLOTS];
    expect(slots(first)).toBeDefined();
    expect(slots(second)).toBe(slots(first));
    expect(second.global).not.toBe(first.global);
  } finally {
    await Promise.all([first.teardown(), second.teardown()]);
  }
});

it('removes the temporary folders its file made (test/support/temp-dir.ts) when the file ends', async () => {
  // What tempDir does in a test file's realm: the folder listed on that file's global object.
  const dir = mkdtempSync(join(tmpdir(), 'test-environment-'));
  writeFileSync(join(dir, 'state.json'), '{}');
  const environment = newEnvironment();
  (environment.global as { [TEMP_DIRS]?: string[] })[TEMP_DIRS] = [dir];
  await environment.teardown();
  expect(existsSync(dir)).toBe(false);
});
