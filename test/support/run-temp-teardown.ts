/** jest's globalTeardown (jest.config.js): fails the run if a test left anything in its temporary folder. */
import { endRunTemp } from './run-temp';

export default function globalTeardown(): void {
  const left = endRunTemp();
  if (left.length > 0)
    throw new Error(
      `The tests left ${left.length} temporary file(s) or folder(s): ${left.slice(0, 20).join(', ')}. ` +
        'Make them with tempDir (test/support/temp-dir.ts), or remove them in afterAll or finally.',
    );
}
