import type { ReactNode } from 'react';
import { VisuallyHidden as AriaVisuallyHidden } from 'react-aria';

/** Text for assistive technology only (labels that the layout shows as icons). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <AriaVisuallyHidden>{children}</AriaVisuallyHidden>;
}
