/**
 * The test files run on an ordinary global object (test/support/environment.cjs): a contextified
 * one reads every global through an interceptor, several times slower (docs/testing.md).
 */
import vm from 'node:vm';

const Environment = jest.requireActual<
  new (
    config: object,
    context: object,
  ) => { getVmContext(): vm.Context | null; global: object; teardown(): Promise<void> }
>('../../support/environment.cjs');

it("gives each file a context whose global object is the context's own, not contextified", async () => {
  const environment = new Environment(
    { projectConfig: { testEnvironmentOptions: {}, globals: {} }, globalConfig: {} },
    { console, docblockPragmas: {}, testPath: __filename },
  );
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
