import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { withBase } from '../../lib/base';
import { BUILD_VERSION } from '../../lib/buildVersion';
import { useHttp } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { useResource, useResources } from '../../lib/resource';
import { useUserStore } from '../../lib/store';
import { useServiceWorker } from '../../lib/sw';
import { useShellData } from '../shellData/shellData';
import { useConnection } from '../connection/model';
import { useFrame } from '../frame/model';
import { useMenu } from '../menu/MenuProvider';
import { useTheme } from '../theme/model';
import { createViewsApi } from '../views/api';
import { createWallboardModel } from './model';
import { parseWallboardParams, type WallboardConfig } from './params';
import type { PlaylistItem } from './playlist';
import { createPlaylistFollower } from './playlistFollower';
import { StatusStrip } from './StatusStrip';
import { isPairedDisplay, usePairedDisplay } from './usePairedDisplay';
import type { WallboardWatch } from './wallboardWatch';
import { useBurnIn, useRemoteKeys, usePointerActive, useWakeLock } from './useTv';
import { WallboardControls } from './WallboardControls';
import { FullscreenPrompt, PlaylistLoading, SignInNeeded, StaleOverlay } from './WallboardOverlays';
import { WallboardStage, type LoadResult } from './WallboardStage';
import './wallboard.css';

const leave = () => window.location.assign(withBase('views/'));

/** Issue 19: alerts, night care, sound and the display link, loaded only when this screen needs them. */
const loadExtras = () => import('./wallboardExtras');
type Extras = Awaited<ReturnType<typeof loadExtras>>;
const NO_WATCH: WallboardWatch = { interrupts: false };

export interface WallboardScreenProps {
  /** Puts the stage in the framed page every document has (banners, content region, update prompt, toasts): the shell's. */
  frameStage: (stage: ReactNode) => ReactNode;
}

/**
 * Issue 8: {base}wallboard is the framed app in full-screen mode with a rotation of its own around it: a TV runs it
 * all week, through outages and lost sessions, without anyone touching it.
 */
export function WallboardScreen({ frameStage }: WallboardScreenProps) {
  const [config] = useState(() => parseWallboardParams(window.location.search));
  const [paired] = useState(() => isPairedDisplay(document.cookie));
  // What the parameters or the pairing ask for; a plain rotation needs none of it (interrupts: alerts, else paired).
  const needsExtras = paired || config.alerts === true || config.night !== undefined || config.sound;
  const [loading] = useState(() => (needsExtras ? loadExtras() : undefined));
  const [extras, setExtras] = useState<Extras | null>();
  useEffect(() => {
    let current = true;
    // Without its code (offline before it was cached) the screen still rotates, without alerts.
    loading?.then((module) => { if (current) setExtras(module); }, (error: unknown) => {
      console.error(error);
      if (current) setExtras(null);
    });
    return () => { current = false; };
  }, [loading]);
  // Nothing until then: the document's first screen stays (src/app/firstScreen.ts).
  if (loading && extras === undefined) return null;
  return <WallboardBody config={config} paired={paired} extras={extras ?? undefined} frameStage={frameStage} />;
}

function WallboardBody({ config, paired: pairedAtStart, extras, frameStage }: WallboardScreenProps & { config: WallboardConfig; paired: boolean; extras: Extras | undefined }) {
  useSignals();
  const t = useT();
  const connection = useConnection();
  const frame = useFrame();
  const sw = useServiceWorker();
  const theme = useTheme();
  const shell = useShellData();
  // The stale overlay's data age; on the wall nothing else keeps the system status fresh (spec 2.2: no top bar shows).
  useResource(shell.systemStatus);
  const { resource: menu } = useMenu();
  const store = useUserStore();
  const resources = useResources();
  const http = useHttp();
  const [{ watch, interrupts, chime }] = useState(() => (extras ? extras.createWallboardWatch(config, pairedAtStart, t, resources, http) : NO_WATCH));
  const alerts = interrupts ? watch : undefined;
  const report = useRef<() => Record<string, string>>(() => ({}));
  const [link] = useState(() => (pairedAtStart && extras
    ? extras.createDisplayLink({ report: extras.createServerReport(http), info: () => report.current(), currentParams: window.location.search, reload: () => window.location.reload(), resources })
    : undefined));
  const [model] = useState(() => createWallboardModel({
    config,
    connection,
    api: createViewsApi(http),
    playlist: createPlaylistFollower({
      config,
      viewAt: createViewsApi(http).viewAt,
      menu,
      // Per URL, so each playlist a screen is set up with keeps its own last list.
      lastList: {
        get: async () => (await store.get<PlaylistItem[]>(`wallboard${window.location.search}`))?.value,
        put: (items: PlaylistItem[]) => store.put(`wallboard${window.location.search}`, items, Date.now()),
      },
      t,
    }),
    update: extras ? extras.boundaryUpdate(sw, link) : { ready: sw.updateReady, apply: sw.applyUpdate },
    reloadPage: () => window.location.reload(),
    t,
    ...(alerts ? { alerts } : {}),
  }));
  const pointer = usePointerActive();
  const paired = usePairedDisplay(connection);
  const burnIn = useBurnIn();
  useWakeLock();
  useRemoteKeys(model.rotation, leave);
  useEffect(() => {
    frame.setFullscreen(true);
    if (config.theme) theme.showOnly(config.theme);
    report.current = () => ({
      item: (model.onScreen.peek() ?? model.stage.peek()?.item)?.title ?? '',
      connection: connection.state.peek(),
      screen: `${window.screen.width}x${window.screen.height}`,
      version: BUILD_VERSION,
    });
    const stops = [watch?.start(), link?.start(), model.start()];
    return () => { for (const stop of stops) stop?.(); };
  }, [frame, model, theme, config.theme, watch, link, connection]);
  const confirmOnline = useCallback(async () => {
    await connection.retryNow();
    return connection.state.peek() === 'online';
  }, [connection]);
  const onResult = useCallback((_seq: number, result: LoadResult) => {
    if (result === 'signedOut') connection.report('unauthorized');
  }, [connection]);
  const strip = config.strip === 'off' ? null : <StatusStrip model={model} offer={<FullscreenPrompt inStrip />} />;
  return (
    <div className="wallboard" data-strip={config.strip} data-pointer={pointer || undefined} data-testid="wallboard" data-paired={paired || undefined} style={burnIn}>
      {config.strip === 'top' && strip}
      <div className="wallboard-main">
        {frameStage(
          <>
            <WallboardStage request={model.stage.value} confirmOnline={confirmOnline} onResult={onResult} onShown={model.markShown} idle={!pointer} />
            {model.loading.value && <PlaylistLoading />}
          </>,
        )}
        {alerts && extras && <extras.AlertCard watch={alerts} />}
        <StaleOverlay dataAt={shell.systemStatus.updatedAt.value} />
        <WallboardControls rotation={model.rotation} visible={pointer} onLeave={leave} />
        {!strip && <FullscreenPrompt />}
        {chime && extras && <extras.SoundPrompt chime={chime} />}
      </div>
      {config.strip === 'bottom' && strip}
      {extras && <extras.NightOverlay config={config} watch={watch} alerts={interrupts} />}
      {link && extras && <extras.IdentifyOverlay name={link.identifying} />}
      {!paired && <SignInNeeded />}
    </div>
  );
}
