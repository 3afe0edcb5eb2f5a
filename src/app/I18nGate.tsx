import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/**
 * Holds rendering until the first translations are there, so no raw keys flash on screen. The whole app then renders
 * as a transition (issue 19): React yields to the browser every few milliseconds instead of blocking the main thread
 * for the length of the first render, and the document's first screen stays until it commits (app/firstScreen.ts).
 * Also when the translations were already there (cached) before this rendered: a first render that showed the app at
 * once would be one long task.
 */
export function I18nGate({ children }: { children: ReactNode }) {
  const ready = useI18n().ready;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) return undefined;
    // Called at once with the current value, then on every change.
    return ready.subscribe((value) => {
      if (value) startTransition(() => setOpen(true));
    });
  }, [ready, open]);
  return open ? children : null;
}
