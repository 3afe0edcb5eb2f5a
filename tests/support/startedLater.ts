/** Stands in for a value beforeAll makes: every property read or write goes to it, and using it earlier throws. */
export function startedLater<T extends object>(name: string, current: () => T | undefined, own: Partial<T> = {}): T {
  const target = (): T => {
    const value = current();
    if (!value) throw new Error(`${name} is used before beforeAll made it (or it was not asked for).`);
    return value;
  };
  return new Proxy({} as T, {
    get(_stub, key) {
      if (Object.hasOwn(own, key)) return own[key as keyof T];
      const value = target();
      const member: unknown = Reflect.get(value, key, value);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
    set: (_stub, key, member) => Reflect.set(target(), key, member),
    has: (_stub, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}
