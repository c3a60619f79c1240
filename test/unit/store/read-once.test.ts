/**
 * The Jobs panel refreshes the formula queue's view every few seconds: it reads the document's
 * properties once (it read them four times: the registry, each queue, the queue's budget), and a
 * store read once still sees what is written after.
 */
import { answerFormula, contactFieldSpec } from '../../../src/features/formulas/custom-functions';
import { formulaQueueView } from '../../../src/features/formulas/formula-service';
import { readOnce } from '../../../src/store/read-once';
import { contextFor, createWorld } from '../fakes/context';
import { contactsSheet, people } from '../fakes/scenario';

describe('a store read once', () => {
  it('gives what the store holds, then what was written to it', () => {
    const world = createWorld();
    world.documentStore.set('a', '1');
    const store = readOnce(world.documentStore);
    expect([store.get('a'), store.get('b'), store.get('constructor')]).toEqual(['1', null, null]);
    store.set('b', '2');
    store.setAll({ c: '3' });
    store.deleteMany(['a']);
    expect(store.getAll()).toEqual({ b: '2', c: '3' });
    store.deleteMany(['b', 'c']);
    expect(store.getAll()).toEqual({});
  });

  it('lets the formula queue view read the properties once, with the same view', () => {
    const world = createWorld();
    contactsSheet(world, people(3));
    for (const [first, last, company] of people(3)) {
      answerFormula(contextFor(world), contactFieldSpec('work_email'), [first!, last!, company!]);
    }
    const ctx = contextFor(world);
    let reads = 0;
    const getAll = ctx.documentStore.getAll.bind(ctx.documentStore);
    ctx.documentStore.getAll = () => (reads++, getAll());
    const view = formulaQueueView(ctx);
    expect(reads).toBe(1);
    expect(view.queues).toEqual([
      expect.objectContaining({ kind: 'enrich', requests: 3, contactsToSend: 3 }),
    ]);
  });
});
