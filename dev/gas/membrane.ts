/**
 * The boundary between the fakes (host realm) and the add-on (its own vm context). Every service
 * object crosses it as a proxy that counts and guards each method call; data crosses as copies built
 * from the context's own intrinsics, so `instanceof Date`/`Array` and `e instanceof Error` hold
 * inside the bundle as they do in Apps Script.
 */
import vm from 'node:vm';
import { GasError } from './errors';
import type { ExecutionGuard } from './execution';

/** Marks a fake service object and names it for counts: `Range`, `Properties`, `UrlFetchApp`... */
export const GAS_TYPE: unique symbol = Symbol('gasType');

/** Marks a fake whose plain properties the add-on may set (an HtmlTemplate's variables). */
export const ACCEPTS_PROPERTIES: unique symbol = Symbol('acceptsProperties');

export interface GasObject {
  readonly [GAS_TYPE]: string;
}

export function isGasObject(value: unknown): value is GasObject {
  return typeof value === 'object' && value !== null && GAS_TYPE in value;
}

interface Intrinsics {
  Array: ArrayConstructor;
  Date: DateConstructor;
  Object: ObjectConstructor;
  Error: ErrorConstructor;
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * Names the language itself looks up on any object (`JSON.stringify` asks for toJSON, a promise
 * for then): their absence is an answer, not a missing fake.
 */
const LANGUAGE_PROBES = new Set(['toJSON', 'then']);

const isDate = (value: unknown): value is Date => Object.prototype.toString.call(value) === '[object Date]';
const isPlainObject = (value: object): boolean => {
  // An Object.prototype of any realm is the one prototype whose own prototype is null.
  const proto: object | null = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
};

export class Membrane {
  private readonly intrinsics: Intrinsics;
  private readonly proxyOf = new WeakMap<object, object>();
  private readonly targetOf = new WeakMap<object, object>();

  constructor(
    context: vm.Context,
    private readonly guard: ExecutionGuard,
  ) {
    this.intrinsics = vm.runInContext('({ Array, Date, Object, Error })', context) as Intrinsics;
  }

  /** A host value as the add-on should see it. */
  toContext(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    if (isGasObject(value)) return this.expose(value);
    if (isDate(value)) return new this.intrinsics.Date(value.getTime());
    if (Array.isArray(value)) {
      const copy = new this.intrinsics.Array(value.length);
      for (let i = 0; i < value.length; i++) copy[i] = this.toContext(value[i]);
      return copy;
    }
    if (isPlainObject(value)) {
      const copy = new this.intrinsics.Object() as Record<string, unknown>;
      for (const [key, item] of Object.entries(value)) copy[key] = this.toContext(item);
      return copy;
    }
    return value;
  }

  /** A value the add-on passed in, as the fakes expect it (host arrays and Dates, unwrapped services). */
  toHost(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    const target = this.targetOf.get(value);
    if (target) return target;
    if (isDate(value)) return new Date(Date.prototype.getTime.call(value));
    if (Array.isArray(value)) return value.map((item) => this.toHost(item));
    if (isPlainObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.toHost(item)]));
    }
    return value;
  }

  /** Errors become the context's own Error with Apps Script's name ("Exception"). */
  toContextError(error: unknown): unknown {
    if (!(error instanceof Error)) return error;
    const converted = new this.intrinsics.Error(error.message);
    if (error instanceof GasError || error.name !== 'Error') converted.name = error.name;
    return converted;
  }

  expose<T extends GasObject>(service: T): T {
    const existing = this.proxyOf.get(service);
    if (existing) return existing as T;
    const type = service[GAS_TYPE];
    const methods = new Map<string, AnyFunction>();
    const proxy = new Proxy(service, {
      get: (target, key) => {
        if (typeof key === 'symbol') return undefined;
        if (key === 'toString') return () => type;
        if (!(key in target) && !LANGUAGE_PROBES.has(key) && !(ACCEPTS_PROPERTIES in target))
          throw this.toContextError(this.guard.notImplemented(type, key));
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return this.toContext(value);
        if (value === (Object.prototype as Record<string, unknown>)[key]) return value;
        let method = methods.get(key);
        if (!method) {
          method = this.guardedMethod(target, type, key, value as AnyFunction);
          methods.set(key, method);
        }
        return method;
      },
      set: (target, key, value) => {
        if (ACCEPTS_PROPERTIES in target && typeof key === 'string')
          Reflect.set(target, key, this.toHost(value));
        return true;
      },
      ownKeys: () => [],
      getOwnPropertyDescriptor: () => undefined,
    });
    this.proxyOf.set(service, proxy);
    this.targetOf.set(proxy, service);
    return proxy;
  }

  private guardedMethod(target: GasObject, type: string, name: string, method: AnyFunction): AnyFunction {
    return (...args: unknown[]) => {
      try {
        const hostArgs = args.map((arg) => this.toHost(arg));
        this.guard.enter(type, name, target, hostArgs);
        const started = performance.now();
        const result = method.apply(target, hostArgs);
        this.guard.spent(type, name, performance.now() - started);
        return this.toContext(result);
      } catch (error) {
        throw this.toContextError(error);
      }
    };
  }
}
