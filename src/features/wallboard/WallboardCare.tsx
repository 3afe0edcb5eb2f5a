import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { clockTime } from '../connection/staleness';
import { useNow } from '../connection/useNow';
import type { AlertWatch } from './alerts';
import { blankClockPlace, burnInShift, isNight } from './nightCare';
import type { WallboardConfig } from './params';
import type { Chime } from './sound';

/**
 * Night care (issue 10): outside working hours the screen dims (a dark veil with the clock) or blanks (black, with a
 * small clock that moves every minute), unless there are unhandled critical problems; an alert wakes it.
 */
export function NightOverlay({ config, watch, alerts }: { config: WallboardConfig; watch: Pick<AlertWatch, 'criticalCount' | 'current'> | undefined; alerts: boolean }) {
  useSignals();
  const t = useT();
  const now = useNow(30_000, config.night !== undefined);
  const night = config.night;
  // A night playlist (nightmode=views:…) is the rotation's business: nothing covers the screen.
  if (!night || config.nightMode === 'views' || !isNight(new Date(now), night)) return null;
  if ((watch?.criticalCount.value ?? 0) > 0 || (alerts && watch?.current.value)) return null;
  const place = config.nightMode === 'blank' ? blankClockPlace(now) : undefined;
  return (
    <div className="wallboard-night" data-mode={config.nightMode} data-testid="wallboard-night" aria-label={t('wallboard.night')} role="img">
      <span className="wallboard-night-clock" style={place ? { left: `${place.left}%`, top: `${place.top}%` } : undefined}>{clockTime(now)}</span>
    </div>
  );
}

/** Anti burn-in: CSS offsets the strip and overlays read; a new one every 10 minutes, none at night (the screen is dark). */
export function useBurnIn(): Record<string, string> {
  const now = useNow(60_000);
  const { x, y } = burnInShift(now);
  return { '--burn-x': `${x}px`, '--burn-y': `${y}px` };
}

/** Where the browser blocks autoplay: one offer to tap, gone for good once used or dismissed. */
export function SoundPrompt({ chime }: { chime: Chime }) {
  useSignals();
  const t = useT();
  const [dismissed, setDismissed] = useState(false);
  if (!chime.blocked.value || dismissed) return null;
  return (
    <div className="wallboard-sound-prompt" data-testid="wallboard-sound-prompt">
      <Button variant="primary" onPress={() => { setDismissed(true); void chime.enable(); }}>{t('wallboard.sound.enable')}</Button>
    </div>
  );
}

/** Identify (issue 10): the display's name, full screen, for 10 s, so an administrator knows which TV is which. */
export function IdentifyOverlay({ name }: { name: ReadonlySignal<string | null> }) {
  useSignals();
  if (!name.value) return null;
  return <div className="wallboard-identify" role="status" data-testid="wallboard-identify">{name.value}</div>;
}
