/**
 * The playground's document has one name: the title the page shows is the spreadsheet's name, so
 * the job names the add-on gives the API (what the provider's dashboard lists) start with it, not
 * with "Untitled spreadsheet".
 */
import { demoContacts } from '../../dev/playground/demo';
import { DEMO_TITLE, PlaygroundSession } from '../../dev/playground/session';
import type { PlanView } from '../../src/app/sidebar-contract';
import { engineKit, jobsEnded } from './support/engine';

const kit = engineKit();

describe('the playground document', () => {
  it('names the jobs of a run after the title the page shows', async () => {
    const emulator = kit.emulator();
    const session = new PlaygroundSession({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey }, [
      demoContacts(3),
    ]);
    try {
      expect(session.state().title).toBe(DEMO_TITLE);
      const plan = session.run('planRun', [{ kind: 'enrich', fields: ['work_email'] }]);
      expect(plan.ok).toBe(true);
      const planId = (plan as { value: PlanView }).value.planId;
      expect(session.run('startRun', [planId]).ok).toBe(true);
      const jobs = await jobsEnded(emulator);
      expect(jobs.map((job) => job.name.split(' › ')[0])).toEqual([DEMO_TITLE]);
    } finally {
      session.close();
    }
  });
});
