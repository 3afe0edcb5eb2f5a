import type { CSSProperties, ReactNode } from 'react';

const HIDDEN: CSSProperties = {
  position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, border: 0,
  overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap',
};

/** Text for assistive technology only (labels that the layout shows as icons). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={HIDDEN}>{children}</span>;
}
