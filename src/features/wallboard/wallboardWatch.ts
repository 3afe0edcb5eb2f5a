import { createAlertWatch, type AlertWatch } from './alerts';
import { loadCriticalProblems } from './alertsApi';
import type { WallboardConfig } from './params';
import { browserToneContext, createChime, type Chime } from './sound';

export interface WallboardWatch {
  /** Polls unhandled critical problems: for alerts, night care (stay awake while there are any) and sound. */
  watch?: AlertWatch;
  /** Whether new problems interrupt the rotation: alerts=on, or by default on a paired display. */
  interrupts: boolean;
  chime?: Chime;
}

/** Issue 10: what the wallboard watches besides its rotation, made once per screen from its parameters. */
export function createWallboardWatch(config: WallboardConfig, paired: boolean): WallboardWatch {
  const interrupts = config.alerts ?? paired;
  const chime = config.sound ? createChime(browserToneContext) : undefined;
  if (!interrupts && !config.night && !chime) return { interrupts };
  const watch = createAlertWatch({
    load: loadCriticalProblems,
    showMs: config.alertSeconds * 1000,
    ...(chime ? { onChange: (change: 'problem' | 'recovery') => chime.play(change) } : {}),
  });
  return { watch, interrupts, ...(chime ? { chime } : {}) };
}
