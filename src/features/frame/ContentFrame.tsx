import { useSignals } from '@preact/signals-react/runtime';
import { startTransition, useLayoutEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useSearch } from 'wouter/use-browser-location';
import type { SectionId } from '../../lib/apiTypes';
import { stripBase } from '../../lib/base';
import { useT } from '../../lib/i18n';
import { useConnection } from '../connection/model';
import { useMenu } from '../menu/MenuProvider';
import { useSession } from '../session/model';
import { useSync } from '../sync/model';
import { frameLoad } from './frameLoad';
import { FrameUnavailable } from './FrameUnavailable';
import { FullscreenToggle } from './FullscreenToggle';
import { frameTargetFor } from './frameTarget';
import { nativeScreenFor, useFrame, type FrameModel } from './model';
import { NativeScreenContext } from './nativeScreenSlot';
import './ContentFrame.css';

export interface ContentFrameProps {
  section: SectionId;
  /** A page this route always shows (relative to the base), instead of xiwindow or the section's default. */
  path?: string;
}

/**
 * Records where a same-origin page ended up, or that its load failed or fell back to the login form. A failed load
 * asks the connection model, so an outage shows as one and the page comes back by itself on recovery.
 */
function trackLocation(frame: FrameModel, expire: () => void, probe: () => void, event: SyntheticEvent<HTMLIFrameElement>): boolean {
  const load = frameLoad(event.currentTarget);
  if (load.kind === 'failed') {
    frame.markFailed();
    probe();
  }
  else if (load.kind === 'signedOut') expire();
  else if (load.kind === 'ok') frame.recordLocation(load.location, pageTitle(event.currentTarget));
  return load.kind === 'ok';
}

/** The frame's page's title, for Add New View; '' when it cannot be read (not a page of ours). */
function pageTitle(frame: HTMLIFrameElement): string {
  try {
    return frame.contentDocument?.title ?? '';
  } catch {
    return '';
  }
}

/**
 * Calls `onPost` with the form's address whenever the frame's page sends a form by POST (a write: a view removed,
 * settings saved). Classic pages run no script of their own, so the shell listens on their document.
 */
function watchPosts(frame: HTMLIFrameElement, onPost: (action: string) => void): void {
  try {
    frame.contentDocument?.addEventListener('submit', (event) => {
      // The page's own realm: instanceof HTMLFormElement would compare with the shell's.
      const form = event.target as HTMLFormElement | null;
      if (form?.tagName === 'FORM' && form.method.toLowerCase() === 'post') onPost(new URL(form.action, frame.contentWindow?.location.href).pathname);
    });
  } catch {
    // Not a page of ours (a cross-origin error page): nothing to watch.
  }
}

/** The element keeps the page it was created for: later locations come from the page itself, and a new page gets a new element. */
function FrameElement({ src, title, hidden, onLoad }: { src: string; title: string; hidden: boolean; onLoad: (e: SyntheticEvent<HTMLIFrameElement>) => void }) {
  const [initial] = useState(src);
  return <iframe name="maincontentframe" title={title} src={initial} onLoad={onLoad} data-failed={hidden || undefined} />;
}

/** The main content frame (spec 2.2): a classic page in an iframe, a native screen for native paths, or nothing when unsafe. */
export function ContentFrame({ section, path }: ContentFrameProps) {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const NativeScreen = NativeScreenContext.use();
  const session = useSession();
  const connection = useConnection();
  const search = useSearch();
  const { menu } = useMenu();
  const target = useMemo(() => frameTargetFor(section, path, search, menu), [section, path, search, menu]);
  // The frame signals are shared; until this route's target is in them, show nothing rather than another route's page.
  // The target last put there is a ref, not state (issue 19): a state update in a layout effect is a synchronous
  // render, which would also run every passive effect of the app's first commit in that same long task. Where the
  // layout effect changes the frame signals, this component renders again because it reads them; but not on the
  // first mount, which only peeks at them: there the first page shows in a transition of its own.
  const applied = useRef<string | null | undefined>(undefined);
  const [, setShown] = useState(false);
  useLayoutEffect(() => {
    const first = applied.current === undefined;
    applied.current = target;
    // frame.open has usually put the target there already; setting it again would load the page twice.
    if (target && frame.src.peek() !== target) frame.set(target);
    else if (!target) frame.clear();
    if (first) startTransition(() => setShown(true));
  }, [frame, target]);

  // A page that moved on by itself has already put its new location in the frame model and the address: keep showing it.
  const current = applied.current === undefined ? frame.src.peek() : frame.src.value;
  const src = applied.current === target || (target !== null && current === target) ? current : '';
  const native = src ? nativeScreenFor(stripBase(src)) : null;
  const failed = frame.failed.value;
  const sync = useSync();
  // Where the frame's page last sent a form: once the answer has loaded, the shell and other tabs follow the change.
  const posted = useRef<string | null>(null);
  const onLoad = (event: SyntheticEvent<HTMLIFrameElement>) => {
    const ok = trackLocation(frame, session.expire, () => void connection.retryNow(), event);
    const action = posted.current;
    posted.current = null;
    if (ok && action) sync.framePosted(action);
    watchPosts(event.currentTarget, (sent) => { posted.current = sent; });
  };
  return (
    <div className="content-frame" data-frame-src={src} data-frame-location={frame.currentLocation.value || undefined}>
      <FullscreenToggle />
      {native ? (
        <div className="native-host">
          <NativeScreen id={native} />
        </div>
      ) : src ? (
        <FrameElement key={frame.forceRender.value} src={src} title={t('frame.title')} hidden={failed} onLoad={onLoad} />
      ) : null}
      {failed && !native && <FrameUnavailable />}
    </div>
  );
}
