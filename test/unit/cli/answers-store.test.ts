/** The CLI's answers store (issue 32): appended answers survive reopening, a torn line, compaction. */
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AnswersStore } from '../../../scripts/lib/answers-store';
import { tempDir } from '../../support/temp-dir';

const fileIn = () => join(tempDir('answers-'), 'state.json.answers');

describe('AnswersStore', () => {
  it('finds the latest answer of each fingerprint, after reopening too', () => {
    const file = fileIn();
    const store = AnswersStore.open(file);
    store.append([
      ['fp1', '{"a":1}'],
      ['fp2', '{"b":"Zoë"}'],
    ]);
    store.append([['fp1', '{"a":2}']]);
    expect(store.get(['fp1', 'fp2', 'fp3'])).toEqual([
      ['fp1', '{"a":2}'],
      ['fp2', '{"b":"Zoë"}'],
    ]);
    store.close();
    const again = AnswersStore.open(file);
    expect(again.count).toBe(2);
    expect(again.get(['fp2', 'fp1'])).toEqual([
      ['fp2', '{"b":"Zoë"}'],
      ['fp1', '{"a":2}'],
    ]);
    again.close();
  });

  it('cuts off a line a kill left without its end, and appends after the last whole one', () => {
    const file = fileIn();
    const store = AnswersStore.open(file);
    store.append([['fp1', '{"a":1}']]);
    store.close();
    appendFileSync(file, 'fp2\t{"torn');
    const reopened = AnswersStore.open(file);
    expect(reopened.get(['fp1', 'fp2'])).toEqual([['fp1', '{"a":1}']]);
    reopened.append([['fp3', '{"c":3}']]);
    reopened.close();
    expect(readFileSync(file, 'utf8')).toBe('fp1\t{"a":1}\nfp3\t{"c":3}\n');
  });

  it('keeps an answer on one line whatever it holds', () => {
    const store = AnswersStore.open(fileIn());
    store.append([['fp1', '{"note":"two\nlines"}']]);
    expect(store.get(['fp1'])).toEqual([['fp1', '{"note":"two lines"}']]);
    store.close();
  });

  it('compacts a log holding more than twice as many lines as answers when opened', () => {
    const file = fileIn();
    const store = AnswersStore.open(file);
    for (let round = 0; round < 3; round++)
      store.append(Array.from({ length: 5_000 }, (_, i) => [`fp${i}`, `{"round":${round}}`] as const));
    store.close();
    const before = statSync(file).size;
    const compacted = AnswersStore.open(file);
    expect(statSync(file).size).toBeLessThan(before / 2);
    expect(compacted.count).toBe(5_000);
    expect(compacted.get(['fp0', 'fp4999'])).toEqual([
      ['fp0', '{"round":2}'],
      ['fp4999', '{"round":2}'],
    ]);
    compacted.close();
  });
});
