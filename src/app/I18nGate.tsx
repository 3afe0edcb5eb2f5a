import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { i18nReady } from '../lib/i18n';

/** Holds rendering until the first translations are there, so no raw keys flash on screen. */
export function I18nGate({ children }: { children: ReactNode }) {
  useSignals();
  return i18nReady.value ? children : null;
}
