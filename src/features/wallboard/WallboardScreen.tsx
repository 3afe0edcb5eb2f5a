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
import { AlertCard } from './AlertCard';
import { boundaryUpdate, createDisplayLink, createServerReport } from './displayLink';
import { createWallboardModel } from './model';
import { parseWallboardParams } from './params';
import type { PlaylistItem } from './playlist';
import { createPlaylistFollower } from './playlistFollower';
import { StatusStrip } from './StatusStrip';
import { isPairedDisplay, usePairedDisplay } from './usePairedDisplay';
import { IdentifyOverlay, NightOverlay, SoundPrompt, useBurnIn } from './WallboardCare';
import { createWallboardWatch } from './wallboardWatch';
import { useRemoteKeys, usePointerActive, useWakeLock } from './useTv';
import { WallboardControls } from './WallboardControls';
import { FullscreenPrompt, PlaylistLoading, SignInNeeded, StaleOverlay } from './WallboardOverlays';
import { WallboardStage, type LoadResult } from './WallboardStage';
import './wallboard.css';

const leave = () => window.location.assign(withBase('views/'));

export interface WallboardScreenProps {
  /** Puts the stage in the framed page every document has (banners, content region, update prompt, toasts): the shell's. */
  frameStage: (stage: ReactNode) => ReactNode;
}

/**
 * Issue 8: {base}wallboard is the framed app in full-screen mode with a rotation of its own around it: a TV runs it
 * all week, through outages and lost sessions, without anyone touching it.
 */
export function WallboardScreen({ frameStage }: WallboardScreenProps) {
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
  const [config] = useState(() => parseWallboardParams(window.location.search));
  const [{ watch, interrupts, chime }] = useState(() => createWallboardWatch(config, isPairedDisplay(document.cookie), t, resources, http));
  const alerts = interrupts ? watch : undefined;
  const report = useRef<() => Record<string, string>>(() => ({}));
  const [link] = useState(() => (isPairedDisplay(document.cookie)
    ? createDisplayLink({ report: createServerReport(http), info: () => report.current(), currentParams: window.location.search, reload: () => window.location.reload(), resources })
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
    update: boundaryUpdate(sw, link),
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
  const strip = config.strip === 'off' ? null : <StatusStrip model={model} />;
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
        {alerts && <AlertCard watch={alerts} />}
        <StaleOverlay dataAt={shell.systemStatus.updatedAt.value} />
        <WallboardControls rotation={model.rotation} visible={pointer} onLeave={leave} />
        <FullscreenPrompt />
        {chime && <SoundPrompt chime={chime} />}
      </div>
      {config.strip === 'bottom' && strip}
      <NightOverlay config={config} watch={watch} alerts={interrupts} />
      {link && <IdentifyOverlay name={link.identifying} />}
      {!paired && <SignInNeeded />}
    </div>
  );
}
