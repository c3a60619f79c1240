/**
 * The playground bridge applies google.script.run's rules (its reference, "Parameters" and
 * "Return"), where plain JSON turned a Date into a string and let a call through that fails in
 * Sheets.
 */
import { runInNewContext } from 'node:vm';
import {
  IllegalScriptRunValue,
  scriptRunArguments,
  scriptRunReturn,
} from '../../../dev/playground/web/script-run-values';

describe("google.script.run's parameters", () => {
  it('pass primitives, objects and arrays of them as copies', () => {
    const shared = { a: 1 };
    const args = ['plan_1', 3, true, null, { fields: ['work_email'], nested: { shared, again: shared } }];
    const sent = scriptRunArguments(args);
    expect(sent).toEqual(args);
    expect(sent[4]).not.toBe(args[4]);
  });

  it('turn undefined in an array into null, and leave an undefined field out', () => {
    expect(scriptRunArguments([[1, undefined, 3], { a: undefined, b: 2 }])).toEqual([[1, null, 3], { b: 2 }]);
    // The parameter list itself is such an array: a missing argument arrives as null.
    expect(scriptRunArguments(['x', undefined])).toEqual(['x', null]);
  });

  it('fail the call for a Date, a function or a circular reference, wherever it is', () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular['self'] = circular;
    const cases: [unknown[], string][] = [
      [[new Date(0)], 'google.script.run cannot pass a Date (at 0): Apps Script fails such a call.'],
      [[{ schedule: { at: new Date(0) } }], 'google.script.run cannot pass a Date (at 0.schedule.at)'],
      [['a', [() => 1]], 'google.script.run cannot pass a function (at 1.0)'],
      [[circular], 'google.script.run cannot pass a circular reference (at 0.self)'],
      [[Symbol('s')], 'google.script.run cannot pass a symbol (at 0)'],
    ];
    for (const [args, message] of cases) {
      expect(() => scriptRunArguments(args)).toThrow(IllegalScriptRunValue);
      expect(() => scriptRunArguments(args)).toThrow(message);
    }
  });
});

describe("google.script.run's return values", () => {
  it('follow the same rules, for values made in the runtime sandbox (another realm) too', () => {
    expect(scriptRunReturn({ runs: [{ id: 'r1', done: 2 }] })).toEqual({ runs: [{ id: 'r1', done: 2 }] });
    expect(scriptRunReturn(undefined)).toBeUndefined();
    const sandboxDate: unknown = runInNewContext('({ startedAt: new Date(0) })');
    expect(() => scriptRunReturn(sandboxDate)).toThrow(
      'google.script.run cannot pass a Date (at startedAt): Apps Script fails such a call.',
    );
    expect(() => scriptRunReturn(runInNewContext('[1, function () {}]'))).toThrow(/a function \(at 1\)/);
  });
});
