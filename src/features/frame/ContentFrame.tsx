import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { useSearch } from 'wouter/use-browser-location';
import type { SectionId } from '../../lib/apiTypes';
import { useMenu } from '../../app/MenuProvider';
import { stripBase, withBase } from '../../app/base';
import { useT } from '../../lib/i18n';
import { expireSession } from '../session/model';
import { NativeScreen } from '../screens/NativeScreen';
import { FullscreenToggle } from './FullscreenToggle';
import { frameTargetFor } from './frameTarget';
import { currentLocation, forceRender, frameSrc, nativeScreenFor, recordFrameLocation, setFrame } from './model';
import './ContentFrame.css';

export interface ContentFrameProps {
  section: SectionId;
  /** A page this route always shows (relative to the base), instead of xiwindow or the section's default. */
  path?: string;
}

/** Records where a same-origin page ended up; a classic page that fell back to the login form means the session is gone. */
function trackLocation(event: SyntheticEvent<HTMLIFrameElement>): void {
  try {
    const location = event.currentTarget.contentWindow?.location;
    if (!location || location.href === 'about:blank') return;
    if (location.pathname === withBase('login.php')) {
      expireSession();
      return;
    }
    recordFrameLocation(location.pathname + location.search + location.hash);
  } catch {
    // A page of another origin: its location is not ours to read.
  }
}

/** The element keeps the page it was created for: later locations come from the page itself, and a new page gets a new element. */
function FrameElement({ src, title }: { src: string; title: string }) {
  const [initial] = useState(src);
  return <iframe name="maincontentframe" title={title} src={initial} onLoad={trackLocation} />;
}

/** The main content frame (spec 2.2): a classic page in an iframe, a native screen for native paths, or nothing when unsafe. */
export function ContentFrame({ section, path }: ContentFrameProps) {
  useSignals();
  const t = useT();
  const search = useSearch();
  const { menu } = useMenu();
  const target = useMemo(() => frameTargetFor(section, path, search, menu), [section, path, search, menu]);
  // The frame signals are shared; until this route's target is in them, show nothing rather than another route's page.
  const [applied, setApplied] = useState<string | null | undefined>(undefined);
  useLayoutEffect(() => {
    // openInFrame has usually put the target there already; setting it again would load the page twice.
    if (target && frameSrc.peek() !== target) setFrame(target);
    else if (!target) frameSrc.value = '';
    setApplied(target);
  }, [target]);

  // A page that moved on by itself has already put its new location in frameSrc and the address: keep showing it.
  const src = applied === target || (target !== null && frameSrc.value === target) ? frameSrc.value : '';
  const native = src ? nativeScreenFor(stripBase(src)) : null;
  return (
    <div className="content-frame" data-frame-src={src} data-frame-location={currentLocation.value || undefined}>
      <FullscreenToggle />
      {native ? (
        <div className="native-host">
          <NativeScreen id={native} />
        </div>
      ) : src ? (
        <FrameElement key={forceRender.value} src={src} title={t('frame.title')} />
      ) : null}
    </div>
  );
}
