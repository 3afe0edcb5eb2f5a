import type { HTMLAttributes } from 'react';

export type DomProps = HTMLAttributes<HTMLElement>;

type Handler = (event: never) => void;

/** Later props win, except event handlers (on*), which all run in order. */
export function mergeDomProps<T extends object>(...all: Array<Partial<T> | undefined>): T {
  const out: Record<string, unknown> = {};
  for (const props of all) {
    if (!props) continue;
    for (const [key, value] of Object.entries(props)) {
      const prev = out[key];
      if (/^on[A-Z]/.test(key) && typeof prev === 'function' && typeof value === 'function') {
        const a = prev as Handler;
        const b = value as Handler;
        out[key] = (event: never) => { a(event); b(event); };
      } else if (value !== undefined) {
        out[key] = value;
      }
    }
  }
  return out as T;
}
