import { effect } from '@preact/signals-react';
import { createHttpClient, type HttpClient } from '../lib/http';
import { createAppI18n, type AppI18n } from '../lib/i18n';
import { createResourceRegistry, type ResourceRegistry } from '../lib/resource';
import { browserKeyValue, createUserStore, type UserStore } from '../lib/store';
import { createServiceWorkerClient, type ServiceWorkerClient } from '../lib/sw';
import { createConnectionApi } from '../features/connection/api';
import { createConnectionModel, WATCH_MS, type ConnectionModel } from '../features/connection/model';
import { showTimesIn } from '../features/connection/staleness';
import { createFrameModel, type FrameModel } from '../features/frame/model';
import { createMenuResource } from '../features/menu/menuResource';
import { createAuthResource, nspFrom } from '../features/session/authResource';
import { createSessionModel, type SessionModel } from '../features/session/model';
import { createThemeModel, type ThemeModel } from '../features/theme/model';
import type { PaletteTrigger } from '../features/palette/trigger';
import { createToastStore, type ToastStore } from '../features/toast/model';
import { createSyncModel, type SyncModel } from '../features/sync/model';
import type { RotationSlot } from '../features/views/rotationSlot';
import { createShellData, type ShellData } from '../features/shellData/shellData';
import type { AuthRecord, Menu } from '../lib/apiTypes';
import type { Resource } from '../lib/resource';

/** The service worker's per-user menu cache (sw/menu.ts); the page drops it with the user's other copies. */
export const MENU_CACHE = 'pharos-menu';
const OWNER_COOKIE = 'pharos_user';

/**
 * Every model both documents use, made once at boot with its I/O injected; features reach them through their
 * contexts. The shell's document adds its own (AppContext).
 */
export interface AppCore {
  mode: AppMode;
  /** The one HTTP client: every API module is made with it; start() wires its hooks. */
  http: HttpClient;
  /** Where this app's resources are shared by key (and revalidated after an outage). */
  resources: ResourceRegistry;
  i18n: AppI18n;
  toasts: ToastStore;
  store: UserStore;
  connection: ConnectionModel;
  session: SessionModel;
  frame: FrameModel;
  theme: ThemeModel;
  shell: ShellData;
  auth: Resource<AuthRecord>;
  menu: Resource<Menu>;
  rotation: RotationSlot;
  /** Keeps lists, theme and language in step after a write here, in the frame's page or in another tab. */
  sync: SyncModel;
  sw: ServiceWorkerClient;
  /** Wires the http client's hooks and the browser's network events, starts keep-alive; returns the stop. */
  start(): () => void;
}

/**
 * The models only the shell's document uses. Its entry hands in their factory and provides them (shellModels.tsx), so
 * the wallboard's document downloads none of their code (issue 19); they are made here all the same, once, at boot.
 */
export interface ShellModels {
  palette: PaletteTrigger;
  /** Whether the login notices are due (spec 4): checked once per page. */
  loginNoticesDue: Resource<boolean>;
}

export type MakeShellModels = (core: Pick<AppCore, 'http' | 'resources'>) => ShellModels;

/** The shell's whole root: the models both documents use and its own. */
export interface AppContext extends AppCore, ShellModels {}

/** Whose stored copies this browser may show: the server names the session's user in a readable cookie. */
export function ownerFromCookie(cookie: string): string {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === OWNER_COOKIE) return decodeURIComponent(value.join('='));
  }
  return '';
}

/**
 * framed: a 401 swaps the app for the session-timeout screen (spec 4). wallboard: a TV nobody watches keeps its
 * screen, shows "Sign-in needed" and resumes by itself once a session exists again (issue 8).
 */
export type AppMode = 'framed' | 'wallboard';

export function createAppContext(mode?: AppMode): AppCore;
export function createAppContext(mode: AppMode, makeShellModels: MakeShellModels): AppContext;
export function createAppContext(mode: AppMode = 'framed', makeShellModels?: MakeShellModels): AppCore {
  const http = createHttpClient();
  const resources = createResourceRegistry();
  const i18n = createAppI18n(http);
  const toasts = createToastStore();
  const store = createUserStore({
    kv: browserKeyValue(),
    local: typeof localStorage === 'undefined' ? undefined : localStorage,
    dropCaches: async () => { if (typeof caches !== 'undefined') await caches.delete(MENU_CACHE); },
  });
  // Before anything reads a stored copy: another user's are dropped, and keys carry the owner from here on.
  void store.setOwner(ownerFromCookie(document.cookie));

  const session = createSessionModel({ forget: () => store.forget() });
  // Either way every stored copy goes on a 401; only the framed app leaves for the timeout screen.
  const sessionGone = mode === 'framed' ? () => session.expire() : () => { void store.forget(); };
  const frame = createFrameModel({ location: window.location, history: window.history });
  const auth = createAuthResource(http, resources, store);
  const menu = createMenuResource(http, resources, store);
  const sw = createServiceWorkerClient();
  const theme = createThemeModel(store, http);
  const sync = createSyncModel({
    menu,
    resources,
    frame,
    followAccount: async () => { await Promise.all([theme.loadAccountTheme(), i18n.followAccount()]); },
  });
  const { probe, keepAlive } = createConnectionApi(http);
  const connection = createConnectionModel({
    probe,
    keepAlive,
    browserOnline: () => navigator.onLine,
    onSignInNeeded: sessionGone,
    // Both check the server themselves between their polls: a wall, which nobody touches, always; the framed app while
    // its page is visible.
    watchMs: WATCH_MS,
    watching: mode === 'framed' ? () => document.visibilityState === 'visible' : undefined,
    onRecover: () => {
      resources.revalidateAll();
      frame.reloadIfFailed();
      sw.checkForUpdate();
    },
  });

  const app: AppCore = {
    mode,
    http,
    resources,
    i18n,
    toasts,
    store,
    connection,
    session,
    frame,
    theme,
    shell: createShellData(http, resources, store, { liveProblemTotals: mode === 'wallboard' }),
    auth,
    menu,
    // Rotation replaces the address's xiwindow rather than adding an entry per view: history never grows.
    rotation: { open: (url) => frame.open(url, 'replace') },
    sync,
    sw,
    start() {
      http.configure({
        nsp: nspFrom(auth),
        onUnauthorized: sessionGone,
        onOutcome: connection.report,
        writeGate: () => {
          if (connection.online.peek()) return { allowed: true };
          const message = i18n.translate('connection.writeRefused');
          toasts.toast({ variant: 'error', title: i18n.translate('connection.writeRefusedTitle'), description: message });
          return { allowed: false, message };
        },
      });
      const online = () => connection.browserWentOnline();
      const offline = () => connection.browserWentOffline();
      // A page shown again, or restored from the back-forward cache, may have missed an outage or a recovery.
      const shown = (event: Event) => {
        if (document.visibilityState === 'visible' && (event.type !== 'pageshow' || (event as PageTransitionEvent).persisted)) connection.pageShown();
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      document.addEventListener('visibilitychange', shown);
      window.addEventListener('pageshow', shown);
      const stop = connection.start();
      const stopSync = sync.start();
      // The server's zone, also from the stored copy: the clocks match the pages offline too.
      const stopZone = effect(() => showTimesIn(auth.data.value?.timeZone));
      // Once this session's user is confirmed, anything another user's closing page still wrote goes too.
      void auth.prefetch().then(() => store.sweep());
      return () => {
        stop();
        stopSync();
        stopZone();
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        document.removeEventListener('visibilitychange', shown);
        window.removeEventListener('pageshow', shown);
        http.configure({});
      };
    },
  };
  return makeShellModels ? { ...app, ...makeShellModels(app) } : app;
}
