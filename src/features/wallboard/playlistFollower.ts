import { effect, type ReadonlySignal } from '@preact/signals-react';
import type { Menu } from '../../lib/apiTypes';
import type { Translate } from '../../lib/i18n';
import type { View } from '../views/api';
import type { IgnoredParam, WallboardConfig } from './params';
import { needsMenu, resolvePlaylist, type PlaylistItem } from './playlist';

/** The menu resource, as far as the wallboard needs it: My Views come from it, and it is asked again now and then. */
export interface MenuSource {
  readonly data: ReadonlySignal<Menu | undefined>;
  readonly error: ReadonlySignal<Error | undefined>;
  refresh(): Promise<void>;
}

export interface PlaylistFollowerDeps {
  config: WallboardConfig;
  viewAt(index: number): Promise<View>;
  menu: MenuSource;
  /** The last list this screen showed, for a cold start without a network. */
  lastList: { get(): Promise<PlaylistItem[] | undefined>; put(items: PlaylistItem[]): void };
  t: Translate;
  now?: () => number;
}

/** What the rotation shows by day and by night, and what the strip says about it. */
export interface ResolvedLists {
  day: PlaylistItem[];
  night: PlaylistItem[];
  notices: IgnoredParam[];
  builtIn: boolean;
}

export interface PlaylistFollower {
  /** Resolves now and again whenever the menu changes; `onLists` gets every new resolution. Returns the stop. */
  start(onLists: (lists: ResolvedLists) => void): () => void;
  /** At a rotation boundary: asks for the menu again (at most every MENU_REFRESH_MS), so views changed elsewhere come in. */
  boundary(): void;
}

/** Views added, renamed or removed in another page reach the wall within this long, without a reload. */
export const MENU_REFRESH_MS = 30_000;

/**
 * Issue 17: the playlist follows the menu as it is now. Until the menu (or its stored copy) has arrived nothing is
 * resolved, so the built-in list never stands in for views that are on their way; a later menu is resolved again.
 */
export function createPlaylistFollower(deps: PlaylistFollowerDeps): PlaylistFollower {
  const now = deps.now ?? Date.now;
  const { config, t } = deps;
  const usesMenu = needsMenu(config);
  let lastRefresh = now();
  let latest = 0;
  let resolvedOnce = false;
  let resolvedKey: string | undefined;
  // Only My Views matter here: a menu answer that changed nothing else resolves nothing again.
  const keyOf = (menu: Menu) => JSON.stringify(menu.views?.groups.find((g) => g.id === 'myviews')?.entries ?? null);

  const resolve = async (menu: Menu): Promise<ResolvedLists> => {
    const playlist = { viewAt: deps.viewAt, menu };
    const day = await resolvePlaylist(config, playlist, t);
    const night = config.nightViews ? await resolvePlaylist({ ...config, sources: config.nightViews, durations: [] }, playlist, t) : undefined;
    return {
      day: day.items,
      // Views that do not exist leave the night list empty: the day list goes on, and the notices say why.
      night: night?.notices.length === 0 ? night.items : [],
      notices: [...config.notices, ...day.notices, ...(night?.notices.map((n) => ({ ...n, name: 'nightmode' })) ?? [])],
      builtIn: day.builtIn,
    };
  };

  return {
    start(onLists) {
      let stopped = false;
      const fromStore = async () => {
        const stored = await deps.lastList.get();
        if (!stopped && !resolvedOnce && stored?.length) {
          resolvedOnce = true;
          onLists({ day: stored, night: [], notices: config.notices, builtIn: false });
        }
      };
      const run = async (menu: Menu) => {
        const key = keyOf(menu);
        if (key === resolvedKey) return;
        const mine = ++latest;
        try {
          const lists = await resolve(menu);
          if (stopped || mine !== latest) return;
          resolvedOnce = true;
          resolvedKey = key;
          deps.lastList.put(lists.day);
          onLists(lists);
        } catch {
          // No answer for a view (an outage): a screen with nothing yet takes its last list; one rotating keeps its own.
          if (!resolvedOnce) await fromStore();
        }
      };
      if (!usesMenu) {
        void run({});
        return () => { stopped = true; };
      }
      const stopMenu = effect(() => {
        const menu = deps.menu.data.value;
        if (menu !== undefined) void run(menu);
      });
      // The menu cannot be had (and has no stored copy): the list this URL showed last is better than a blank wall.
      const stopFallback = effect(() => {
        if (deps.menu.error.value && deps.menu.data.peek() === undefined) void fromStore();
      });
      return () => {
        stopped = true;
        stopMenu();
        stopFallback();
      };
    },
    boundary() {
      if (!usesMenu || now() - lastRefresh < MENU_REFRESH_MS) return;
      lastRefresh = now();
      void deps.menu.refresh();
    },
  };
}
