/** A stand-in that fails on any member the test did not give it. */
export function strict<T extends object>(members: Partial<T>): T {
  return new Proxy(members as T, {
    get(target, property) {
      if (property in target || property === 'then') return target[property as keyof T];
      throw new Error(`Unexpected use of ${String(property)}`);
    },
  });
}

// Read by `await` and by jest's matchers and printer when a mock is awaited, compared or shown in a failure.
const PROBED = new Set<PropertyKey>(['then', 'asymmetricMatch', 'toJSON', '$$typeof', 'nodeType', 'tagName', '@@__IMMUTABLE_ITERABLE__@@', '@@__IMMUTABLE_RECORD__@@']);

/**
 * A strict mock of a class (the DI token; its constructor may be private or abstract): every method of its
 * prototype chain is a `jest.fn` that throws, naming the class and the method, until the test gives it an
 * implementation (`mockResolvedValue` and the like). Any other member the test did not pass in `members`
 * throws when read. Functions in `members` are wrapped in `jest.fn`, so their calls can be asserted too.
 */
export function automock<T extends object>(type: { readonly prototype: T; readonly name: string }, members: Partial<T> = {}): jest.Mocked<T> {
  const name = type.name;
  const target: Record<PropertyKey, unknown> = {};
  for (let prototype: object | null = type.prototype; prototype && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
    for (const key of Object.getOwnPropertyNames(prototype)) {
      if (key === 'constructor' || key in target) continue;
      if (typeof Object.getOwnPropertyDescriptor(prototype, key)?.value !== 'function') continue;
      target[key] = jest
        .fn(() => {
          throw new Error(`Unexpected call to ${name}.${key}: the test did not mock it`);
        })
        .mockName(`${name}.${key}`);
    }
  }
  for (const [key, value] of Object.entries(members)) {
    target[key] = typeof value === 'function' ? jest.fn(value as (...args: unknown[]) => unknown).mockName(`${name}.${key}`) : value;
  }
  return new Proxy(target, {
    get(object, property) {
      if (property in object) return object[property];
      if (typeof property === 'symbol' || PROBED.has(property)) return undefined;
      throw new Error(`Unexpected use of ${name}.${property}: the test did not give it`);
    },
  }) as unknown as jest.Mocked<T>;
}
