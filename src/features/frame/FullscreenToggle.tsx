import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { useFrame } from './model';

/** The corner toggle of spec 2.2; Escape also leaves full-screen while focus is outside the frame. */
export function FullscreenToggle() {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const on = frame.fullscreen.value;
  useEffect(() => {
    if (!on) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') frame.setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [frame, on]);
  const label = t('frame.fullscreen');
  return (
    <button type="button" className="frame-fullscreen" aria-pressed={on} aria-label={label} title={label} onClick={() => frame.setFullscreen(!on)}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        {on
          ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" fill="none" stroke="currentColor" strokeWidth="2" />
          : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />}
      </svg>
    </button>
  );
}
