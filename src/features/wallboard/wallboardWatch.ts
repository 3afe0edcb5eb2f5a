import { createAlertWatch, type AlertWatch, type Problem } from './alerts';
import { createProblemFeed, statusChanges } from './alertsApi';
import type { WallboardConfig } from './params';
import type { HttpClient } from '../../lib/http';
import type { Translate } from '../../lib/i18n';
import type { ResourceRegistry } from '../../lib/resource';
import { browserToneContext, createChime, type Chime } from './sound';
import { browserSpeech, createSpeaker } from './speech';

export interface WallboardWatch {
  /** Polls unhandled critical problems: for alerts, night care (stay awake while there are any) and sound. */
  watch?: AlertWatch;
  /** Whether new problems interrupt the rotation: alerts=on, or by default on a paired display. */
  interrupts: boolean;
  chime?: Chime;
}

/** Issue 10: what the wallboard watches besides its rotation, made once per screen from its parameters. */
export function createWallboardWatch(
  config: WallboardConfig,
  paired: boolean,
  t: Translate,
  resources: Pick<ResourceRegistry, 'createResource'>,
  http: Pick<HttpClient, 'get'>,
  /** How long the rotation's item on screen shows (ms): an alert's rest lasts at least that (issue 35). */
  itemMs?: () => number,
): WallboardWatch {
  const interrupts = config.alerts ?? paired;
  // The audio context also stands for the tap that lets speech play where the browser wants a gesture first.
  const chime = config.sound ? createChime(browserToneContext) : undefined;
  const speech = config.sound && config.voice !== undefined ? browserSpeech() : undefined;
  const speaker = speech && config.voice !== undefined ? createSpeaker(speech, config.voice, t) : undefined;
  if (!interrupts && !config.night && !chime) return { interrupts };
  const watch = createAlertWatch({
    load: createProblemFeed(statusChanges(http)).read,
    resources,
    showMs: config.alertSeconds * 1000,
    ...(config.alertShare !== undefined ? { share: config.alertShare / 100 } : {}),
    ...(itemMs ? { itemMs } : {}),
    ...(chime ? { onChange: (change: 'problem' | 'recovery', problems: Problem[]) => (speaker ? speaker.say(change, problems) : chime.play(change)) } : {}),
  });
  return { watch, interrupts, ...(chime ? { chime } : {}) };
}
