import { withoutClassName } from '../../../src/domain/user-error';
import { plainMessage } from '../../../sidebar/server';
import { createWorld } from '../fakes/context';
import { server } from '../fakes/scenario';

describe('messages the user reads carry no class name', () => {
  it("reaches the page as a plain Error, so Apps Script cannot put 'UserError:' before it", () => {
    const world = createWorld();
    let thrown: unknown;
    try {
      server(world).importJob({ jobId: 'bad id!' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).name).toBe('Error');
    expect(String(thrown)).toBe('Error: "bad id!" does not look like a job id.');
  });

  it.each([
    [
      'UserError: The enrichment service does not know the job j1.',
      'The enrichment service does not know the job j1.',
    ],
    ['Error: UserError: The job could not be read.', 'The job could not be read.'],
    ['Exception: Uncaught TypeError: x is not a function', 'x is not a function'],
    [
      'Sheet Enrich hit an unexpected problem (TypeError: x).',
      'Sheet Enrich hit an unexpected problem (TypeError: x).',
    ],
  ])('%s → %s', (raw, plain) => {
    expect(withoutClassName(raw)).toBe(plain);
    expect(plainMessage(new Error(raw))).toBe(plain);
  });
});
