/** Defects found in review: each test failed before its fix. */
import { createWorld } from '../fakes/context';
import { contactsSheet, planAndStart, poll } from '../fakes/scenario';

describe('row identity of names outside the Latin alphabet', () => {
  it('sends two Cyrillic-named people at one company as two contacts, each answer on its own row', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [
      ['Иван', 'Петров', 'Acme'],
      ['Ольга', 'Смирнова', 'Acme'],
    ]);
    const { plan } = planAndStart(world);
    expect(plan).toMatchObject({ contactsToSend: 2, rowsFromDuplicates: 0 });
    poll(world);
    expect(sheet.column('Work email')).toEqual(['иван.петров@acme.com', 'ольга.смирнова@acme.com']);
  });
});
