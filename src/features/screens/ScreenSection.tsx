import type { ReactNode } from 'react';
import './screens.css';

export interface ScreenSectionProps {
  /** Names the screen for tests and CSS (data-screen) and links the heading to the region. */
  screen: string;
  title: string;
  children: ReactNode;
}

/** A native screen in the content frame: a region named by its one heading. */
export function ScreenSection({ screen, title, children }: ScreenSectionProps) {
  return (
    <section className="native-screen" data-screen={screen} aria-labelledby={`screen-${screen}`}>
      <h1 id={`screen-${screen}`}>{title}</h1>
      {children}
    </section>
  );
}
