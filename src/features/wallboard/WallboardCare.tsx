import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { clockTime } from '../connection/staleness';
import { useNow } from '../connection/useNow';
import type { AlertWatch } from './alerts';
import { blankClockPlace, isNight } from './nightCare';
import type { WallboardConfig } from './params';
import type { Chime } from './sound';
import { ProblemTotals } from './ProblemTotals';

/**
 * Night care (issue 10): outside working hours the screen dims (a dark veil with the clock) or blanks (black, with a
 * small clock that moves every minute); an alert wakes it. The problem totals stay beside the clock, so a dark screen
 * never reads as "all is well" while problems stand.
 */
export function NightOverlay({ config, watch, alerts }: { config: WallboardConfig; watch: Pick<AlertWatch, 'current'> | undefined; alerts: boolean }) {
  useSignals();
  const t = useT();
  const now = useNow(30_000, config.night !== undefined);
  const night = config.night;
  // A night playlist (nightmode=views:…) is the rotation's business: nothing covers the screen.
  if (!night || config.nightMode === 'views' || !isNight(new Date(now), night)) return null;
  if (alerts && watch?.current.value) return null;
  const place = config.nightMode === 'blank' ? blankClockPlace(now) : undefined;
  return (
    <div className="wallboard-night" data-mode={config.nightMode} data-testid="wallboard-night" role="region" aria-label={t('wallboard.night')}>
      <div className="wallboard-night-face" style={place ? { left: `${place.left}%`, top: `${place.top}%` } : undefined}>
        <time className="wallboard-night-clock">{clockTime(now)}</time>
        <span className="wallboard-night-totals"><ProblemTotals kind="host" /> <ProblemTotals kind="service" /></span>
      </div>
    </div>
  );
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
