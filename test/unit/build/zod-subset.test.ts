/**
 * dist/Code.js parses with src/domain/zod-subset.ts, not zod (scripts/lib/code-options.ts aliases
 * zod/mini).
 * Every schema src/ declares (API requests and responses, stored records, the sidebar's RPC inputs)
 * is built twice, on real zod/mini and on the subset, and both parse the same inputs: a valid
 * sample made from the zod schema, then that sample damaged at every path (a key removed, a value
 * of each wrong type, an extra key, `__proto__`, arrays empty or over their limit). Both must agree
 * on success, on the output (keys, their order, undefined-valued keys) and on the issues' fields
 * src/ reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { codeBuildOptions, ZOD_SUBSET } from '../../../scripts/lib/code-options';
import * as subset from '../../../src/domain/zod-subset';

const root = resolve(__dirname, '../../..');
const SUBSET = '../../../src/domain/zod-subset';
const STORED = '../../../src/store/stored-records';

interface Parser {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: object[] } };
}
type Loaded = Map<string, () => Parser>;

const isParser = (value: unknown): value is Parser =>
  typeof value === 'object' && value !== null && typeof (value as Parser).safeParse === 'function';

/** Every schema src/ declares, each built by a getter, against real zod or the subset. */
function loadSchemas(withSubset: boolean): Loaded {
  const found: Loaded = new Map();
  jest.isolateModules(() => {
    if (withSubset) jest.doMock('zod/mini', () => jest.requireActual(SUBSET));
    else jest.dontMock('zod/mini');
    jest.doMock(STORED, () => {
      const actual = jest.requireActual(STORED);
      return {
        ...actual,
        recordCodec: (name: string, ...rest: unknown[]) => {
          const codec = actual.recordCodec(name, ...rest) as { schema: () => Parser };
          found.set(`record: ${name}`, codec.schema);
          return codec;
        },
      };
    });
    // requireActual: a plain require() is not allowed by the lint; either goes through the mocks above.
    const load = (path: string) => jest.requireActual<Record<string, unknown>>(path);
    const getters = (label: string, exports: Record<string, unknown>) => {
      for (const [name, value] of Object.entries(exports))
        if (typeof value === 'function' && value.length === 0) {
          const built: unknown = value();
          if (isParser(built)) found.set(`${label}.${name}`, value as () => Parser);
        }
    };
    getters('requests', load('../../../src/api/schemas/requests'));
    getters('responses', load('../../../src/api/schemas/responses'));
    for (const file of readdirSync(join(root, 'src/store')))
      getters(`store/${file}`, load(`../../../src/store/${file}`));
    getters('schedule-rpc', load('../../../src/features/schedule/schedule-rpc'));
    const rpc = load('../../../src/app/sidebar-server').SIDEBAR_RPC as Record<
      string,
      { input: (() => Parser) | null }
    >;
    for (const [name, entry] of Object.entries(rpc)) if (entry.input) found.set(`rpc: ${name}`, entry.input);
  });
  jest.dontMock('zod/mini');
  jest.dontMock(STORED);
  return found;
}

interface Def {
  type: string;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  innerType?: ZodLike;
  keyType?: ZodLike;
  valueType?: ZodLike;
  entries?: Record<string, string>;
}
interface ZodLike {
  _zod: { def: Def; values?: Set<unknown> };
}

/** A value of the zod schema's shape: every key present (`full`) or only the required ones. */
function sample(schema: ZodLike, full: boolean): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return 'Ada';
    case 'number':
      return 3;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'array':
      return [sample(def.element!, full)];
    case 'nullable':
      return sample(def.innerType!, full);
    case 'optional':
      return full ? sample(def.innerType!, full) : undefined;
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape!)
          .map(([key, value]) => [key, sample(value, full)])
          .filter(([, value]) => value !== undefined),
      );
    case 'record': {
      const key = def.keyType!._zod.values ? String([...def.keyType!._zod.values][0]) : 'key';
      return { [key]: sample(def.valueType!, full) };
    }
    default:
      return { any: [1] };
  }
}

const WRONG: unknown[] = [undefined, null, 0, -1, 1.5, 2 ** 60, NaN, '', 'x', 'x'.repeat(501)];
WRONG.push('😀'.repeat(300), true, [], ['x'], {}, { x: 1 }, 'https://api.example/');

const clone = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** The sample, then the sample damaged once at each path. */
function* variants(valid: unknown): Generator<unknown> {
  yield clone(valid);
  function* at(path: (string | number)[], value: unknown): Generator<unknown> {
    const put = (replace: (parent: Record<string, unknown>, key: string | number) => void) => {
      const copy = clone(valid) as Record<string, unknown>;
      if (path.length === 0) return copy;
      const parent = path
        .slice(0, -1)
        .reduce<Record<string, unknown>>((node, key) => node[key] as never, copy);
      replace(parent, path[path.length - 1]!);
      return copy;
    };
    for (const wrong of WRONG) yield path.length === 0 ? wrong : put((p, k) => (p[k] = wrong));
    if (path.length) yield put((p, k) => delete p[k]);
    if (Array.isArray(value)) {
      for (const count of [2, 101, 1001]) yield put((p, k) => (p[k] = Array(count).fill(value[0])));
      yield put((p, k) => (p[k] = [...value, 7]));
      for (const [index, item] of value.entries()) yield* at([...path, index], item);
    } else if (typeof value === 'object' && value !== null) {
      const target = (p: Record<string, unknown>, k: string | number) =>
        (path.length ? p[k] : p) as Record<string, unknown>;
      yield put((p, k) => (target(p, k).zz = 1));
      yield put((p, k) => Object.assign(target(p, k), { constructor: 'x' }));
      const own = { value: { polluted: 1 }, enumerable: true, writable: true, configurable: true };
      yield put((p, k) => Object.defineProperty(target(p, k), '__proto__', own));
      for (const [key, item] of Object.entries(value)) yield* at([...path, key], item);
    }
  }
  yield* at([], valid);
}

const READ_FIELDS = ['code', 'path', 'message', 'expected', 'minimum', 'maximum', 'keys', 'values'] as const;

/** Whether every object of an output has the plain prototype (an own `__proto__` key copied by
 * assignment would replace it, which toStrictEqual does not see). */
const plain = (value: unknown): boolean =>
  typeof value !== 'object' ||
  value === null ||
  ([Object.prototype, Array.prototype].includes(Object.getPrototypeOf(value)) &&
    Object.values(value).every(plain));

function outcome(parser: Parser, input: unknown): unknown {
  const result = parser.safeParse(input);
  if (result.success)
    return { ok: true, data: result.data, json: JSON.stringify(result.data), plain: plain(result.data) };
  const issues = result.error!.issues.map((issue) =>
    Object.fromEntries(
      READ_FIELDS.filter((key) => (issue as Record<string, unknown>)[key] !== undefined).map((key) => [
        key,
        (issue as Record<string, unknown>)[key],
      ]),
    ),
  );
  return { ok: false, issues };
}

const real = loadSchemas(false);
const small = loadSchemas(true);

describe('the zod/mini subset of dist/Code.js', () => {
  it('finds the schemas src/ declares, built on each side', () => {
    expect([...small.keys()]).toEqual([...real.keys()]);
    expect(real.size).toBeGreaterThan(60);
    // The subset's schemas carry no `_zod` (the two modules load in separate registries: no instanceof).
    for (const [name, schema] of small) expect([name, '_zod' in schema()]).toEqual([name, false]);
    for (const [name, schema] of real) expect([name, '_zod' in schema()]).toEqual([name, true]);
  });

  it.each([...real.keys()])('%s parses like zod', (name) => {
    const zodSchema = real.get(name)!();
    const subsetSchema = small.get(name)!();
    const samples = [
      sample(zodSchema as unknown as ZodLike, true),
      sample(zodSchema as unknown as ZodLike, false),
    ];
    const differences: unknown[] = [];
    let count = 0;
    for (const valid of samples)
      for (const input of variants(valid)) {
        count++;
        const expected = outcome(zodSchema, input);
        const actual = outcome(subsetSchema, input);
        try {
          expect(actual).toStrictEqual(expected);
        } catch {
          differences.push({ input, expected, actual });
        }
      }
    expect(differences.slice(0, 3)).toEqual([]);
    expect(count).toBeGreaterThan(20);
  });

  it('offers every zod/mini function src/ calls', () => {
    const called = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts'))
          for (const match of readFileSync(path, 'utf8').matchAll(/\bz\.([a-z]\w*)\(/g))
            called.add(match[1]!);
      }
    };
    walk(join(root, 'src'));
    expect(called.size).toBeGreaterThan(10);
    expect(
      [...called].filter((name) => typeof (subset as Record<string, unknown>)[name] !== 'function'),
    ).toEqual([]);
  });

  it('stands in for zod/mini in the bundle', () => {
    // test/artifact/code.test.ts checks that the built Code.js holds none of zod's own code.
    expect(codeBuildOptions(root, []).alias).toEqual({ 'zod/mini': join(root, ZOD_SUBSET) });
  });
});
