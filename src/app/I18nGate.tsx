import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/** Holds rendering until the first translations are there, so no raw keys flash on screen. */
export function I18nGate({ children }: { children: ReactNode }) {
  useSignals();
  return useI18n().ready.value ? children : null;
}
