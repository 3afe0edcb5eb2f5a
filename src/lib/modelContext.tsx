import { createContext, useContext, type Provider } from 'react';

export interface ModelContext<T> {
  Provider: Provider<T | null>;
  /** The model the composition root provided; throws when used outside its provider (a wiring bug). */
  use(): T;
}

/** A React context for one model made by the composition root (src/app/context.ts), so features never import app/. */
export function createModelContext<T>(name: string): ModelContext<T> {
  const context = createContext<T | null>(null);
  context.displayName = name;
  return {
    Provider: context.Provider,
    use() {
      const model = useContext(context);
      if (model === null) throw new Error(`${name} is used outside its provider.`);
      return model;
    },
  };
}
