/** A stand-in that fails on any member the test did not give it. */
export function strict<T extends object>(members: Partial<T>): T {
  return new Proxy(members as T, {
    get(target, property) {
      if (property in target || property === 'then') return target[property as keyof T];
      throw new Error(`Unexpected use of ${String(property)}`);
    },
  });
}
