import { useEffect, type ReactNode } from 'react';
import { useTheme } from './model';

/** Keeps the document root's theme class in step and replaces the stored theme with the account's once fetched. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const model = useTheme();
  useEffect(() => model.bindThemeClass(), [model]);
  useEffect(() => {
    const controller = new AbortController();
    model.loadAccountTheme(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.error('Failed to load the account theme.', error);
    });
    return () => controller.abort();
  }, [model]);
  return children;
}
