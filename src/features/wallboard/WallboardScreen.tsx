import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { withBase } from '../../lib/base';
import { useHttp } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { useResource, useResources } from '../../lib/resource';
import { useUserStore } from '../../lib/store';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { useServiceWorker } from '../../lib/sw';
import { useShellData } from '../shellData/shellData';
import { useConnection } from '../connection/model';
import { useFrame } from '../frame/model';
import { useMenu } from '../menu/MenuProvider';
import { useTheme } from '../theme/model';
import { createViewsApi } from '../views/api';
import { createWallboardModel } from './model';
import { defaultConfig, hasExtraParams } from './paramDefaults';
import type { WallboardConfig } from './params';
import type { PlaylistItem } from './playlist';
import { createPlaylistFollower } from './playlistFollower';
import { StatusStrip } from './StatusStrip';
import { AwayLine, useAwayModel } from './AwayLine';
import { isPairedDisplay, usePairedDisplay } from './usePairedDisplay';
import { useBurnIn, useRemoteKeys, usePointerActive, useTouched, useWakeLock } from './useTv';
import { FullscreenPrompt, PlaylistLoading, SignInNeeded, StaleOverlay } from './WallboardOverlays';
import { WallboardStage, type LoadResult } from './WallboardStage';
import './wallboard.css';

const leave = () => window.location.assign(withBase('views/'));

/** Issue 19: the parameters' rules, loaded only when the address has parameters. */
const loadRules = () => import('./paramRules');
/** Issue 19: alerts, night care, sound and the display link (and their parameters' rules), only when asked for. */
const loadExtras = () => import('./wallboardExtras');
/** Issue 19: the on-screen controls, with the first pointer move, tap or key: a wall nobody touches never needs them. */
const WallboardControls = lazy(() => import('./WallboardControls').then((m) => ({ default: m.WallboardControls })));
type Rules = Awaited<ReturnType<typeof loadRules>>;
type Extras = Awaited<ReturnType<typeof loadExtras>>;

/**
 * The parameters, read once with the rules that came (the extras' parameters are left out without them; without any
 * rules, the defaults: a network that failed the address's rules still gets a rotating wall).
 */
function readParams(rules?: Rules, extras?: Extras): { config: WallboardConfig; extras?: Extras } {
  const config = rules ? rules.parseParams(window.location.search, undefined, undefined, extras?.extraParamRule) : defaultConfig();
  return { config, ...(extras ? { extras } : {}) };
}

export interface WallboardScreenProps {
  /** Puts the stage in the framed page every document has (banners, content region, update prompt, toasts): the shell's. */
  frameStage: (stage: ReactNode) => ReactNode;
}

/**
 * Issue 8: {base}wallboard is the framed app in full-screen mode with a rotation of its own around it: a TV runs it
 * all week, through outages and lost sessions, without anyone touching it.
 */
export function WallboardScreen({ frameStage }: WallboardScreenProps) {
  const [paired] = useState(() => isPairedDisplay(document.cookie));
  // What the address or the pairing asks for; a plain rotation of My Views needs none of it.
  const [loading] = useState(() => {
    const search = window.location.search;
    if (!search && !paired) return undefined;
    // Without its code (offline before it was cached) the screen still rotates, without what it would have added.
    const optional = <T,>(load: () => Promise<T>) => load().catch((error: unknown) => { console.error(error); return undefined; });
    return Promise.all([search ? optional(loadRules) : undefined, paired || hasExtraParams(search) ? optional(loadExtras) : undefined]);
  });
  const [ready, setReady] = useState(() => (loading ? undefined : readParams()));
  useEffect(() => {
    let current = true;
    void loading?.then(([rules, extras]) => { if (current) setReady(readParams(rules, extras)); });
    return () => { current = false; };
  }, [loading]);
  // Nothing until then: the document's first screen stays (src/app/firstScreen.ts).
  if (!ready) return null;
  return <WallboardBody config={ready.config} paired={paired} extras={ready.extras} frameStage={frameStage} />;
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
  const [added] = useState(() => extras?.createScreenExtras({ config, paired: pairedAtStart, t, resources, http, sw }));
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
    update: added?.update ?? { ready: sw.updateReady, apply: sw.applyUpdate },
    reloadPage: () => window.location.reload(),
    t,
    ...(added?.alerts ? { alerts: added.alerts } : {}),
  }));
  const away = useAwayModel();
  const pointer = usePointerActive();
  const touched = useTouched(pointer);
  const paired = usePairedDisplay(connection);
  const burnIn = useBurnIn();
  useWakeLock();
  useRemoteKeys(model.rotation, leave);
  useEffect(() => {
    frame.setFullscreen(true);
    if (config.theme) theme.showOnly(config.theme);
    const stops = [added?.start(model, connection), model.start()];
    return () => { for (const stop of stops) stop?.(); };
  }, [frame, model, theme, config.theme, added, connection]);
  const confirmOnline = useCallback(async () => {
    await connection.retryNow();
    return connection.state.peek() === 'online';
  }, [connection]);
  const onResult = useCallback((_seq: number, result: LoadResult) => {
    if (result === 'signedOut') connection.report('unauthorized');
  }, [connection]);
  const strip = config.strip === 'off' ? null : <StatusStrip model={model} offer={<FullscreenPrompt inStrip />} note={added?.stripNote} />;
  // Beside the strip, on the page's side of it.
  const awayLine = <AwayLine model={away} />;
  return (
    <div className="wallboard" data-strip={config.strip} data-pointer={pointer || undefined} data-testid="wallboard" data-paired={paired || undefined} style={burnIn}>
      {config.strip === 'top' && strip}
      {config.strip === 'top' && awayLine}
      <div className="wallboard-main">
        <StaleOverlay dataAt={shell.systemStatus.updatedAt.value} />
        {frameStage(
          <>
            <WallboardStage request={model.stage.value} confirmOnline={confirmOnline} onResult={onResult} onShown={model.markShown} idle={!pointer} />
            {model.loading.value && <PlaylistLoading />}
          </>,
        )}
        {added?.card}
        {touched && (
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}><WallboardControls rotation={model.rotation} visible={pointer} onLeave={leave} /></Suspense>
          </ErrorBoundary>
        )}
        {!strip && <FullscreenPrompt />}
        {added?.soundOffer}
      </div>
      {config.strip !== 'top' && awayLine}
      {config.strip === 'bottom' && strip}
      {added?.overlays}
      {!paired && <SignInNeeded />}
    </div>
  );
}
