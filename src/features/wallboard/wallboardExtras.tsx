import type { ReadonlySignal } from '@preact/signals-react';
import type { ReactNode } from 'react';
import { BUILD_VERSION } from '../../lib/buildVersion';
import type { HttpClient } from '../../lib/http';
import type { Translate } from '../../lib/i18n';
import type { ResourceRegistry } from '../../lib/resource';
import type { ConnectionModel } from '../connection/model';
import { AlertCard } from './AlertCard';
import { AlertsWaiting } from './AlertsWaiting';
import type { AlertWatch } from './alerts';
import { boundaryUpdate, createDisplayLink, createServerReport } from './displayLink';
import type { WallboardModel } from './model';
import type { WallboardConfig } from './params';
import { IdentifyOverlay, NightOverlay, SoundPrompt } from './WallboardCare';
import { createWallboardWatch } from './wallboardWatch';

/*
 * Issue 19: what a wallboard loads only when its parameters (alerts=, night=, sound=, …) or its pairing ask for it:
 * the alert watch and card, night care, sound and speech, the paired display's link, and the rules of those
 * parameters. Not part of the first load.
 */
export { extraParamRule } from './extraParams';

export interface ScreenExtrasDeps {
  config: WallboardConfig;
  /** A paired display (read at start). */
  paired: boolean;
  t: Translate;
  resources: Pick<ResourceRegistry, 'createResource'>;
  http: Pick<HttpClient, 'get'>;
  sw: { updateReady: ReadonlySignal<boolean>; applyUpdate(): void };
}

export interface ScreenExtras {
  /** New problems interrupt the rotation: alerts=on, or by default on a paired display. */
  alerts?: AlertWatch;
  /** A waiting version, or a paired display's new parameters, applied at a rotation boundary. */
  update: { ready: ReadonlySignal<boolean>; apply(): void };
  /** Over the stage: the alert card. */
  card: ReactNode;
  /** On the strip: new problems waiting for the next card. */
  stripNote: ReactNode;
  /** Beside the stage's controls: the offer to allow sound where the browser blocks it. */
  soundOffer: ReactNode;
  /** Over the whole screen: night care and the paired display's name when it is asked to identify itself. */
  overlays: ReactNode;
  /** Starts watching and reporting (what the screen shows, from the model); returns the stop. */
  start(model: Pick<WallboardModel, 'onScreen' | 'stage' | 'rotation'>, connection: Pick<ConnectionModel, 'state'>): () => void;
}

/** Made once per screen, from its parameters and its pairing. */
export function createScreenExtras({ config, paired, t, resources, http, sw }: ScreenExtrasDeps): ScreenExtras {
  // The rotation's item time, once the screen has started (an alert's rest is never shorter than one item).
  let itemMs = () => 0;
  const { watch, interrupts, chime } = createWallboardWatch(config, paired, t, resources, http, () => itemMs());
  const alerts = interrupts ? watch : undefined;
  // What a paired display reports; nothing until the screen has started.
  let report: () => Record<string, string> = () => ({});
  const link = paired
    ? createDisplayLink({ report: createServerReport(http), info: () => report(), currentParams: window.location.search, reload: () => window.location.reload(), resources })
    : undefined;
  return {
    ...(alerts ? { alerts } : {}),
    update: boundaryUpdate(sw, link),
    card: alerts ? <AlertCard watch={alerts} /> : null,
    stripNote: alerts ? <AlertsWaiting watch={alerts} /> : null,
    soundOffer: chime ? <SoundPrompt chime={chime} /> : null,
    overlays: (
      <>
        <NightOverlay config={config} watch={watch} alerts={interrupts} />
        {link && <IdentifyOverlay name={link.identifying} />}
      </>
    ),
    start(model, connection) {
      itemMs = () => model.rotation.itemSeconds() * 1000;
      report = () => ({
        item: (model.onScreen.peek() ?? model.stage.peek()?.item)?.title ?? '',
        connection: connection.state.peek(),
        screen: `${window.screen.width}x${window.screen.height}`,
        version: BUILD_VERSION,
      });
      const stops = [watch?.start(), link?.start()];
      return () => { for (const stop of stops) stop?.(); };
    },
  };
}
