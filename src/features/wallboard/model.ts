import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { Translate } from '../../lib/i18n';
import type { ConnectionModel } from '../connection/model';
import type { ViewsApi } from '../views/api';
import { createRotationModel, type RotationModel } from '../views/rotationModel';
import type { IgnoredParam, WallboardConfig } from './params';
import { isNight } from './nightCare';
import { resolvePlaylist, type PlaylistDeps, type PlaylistItem } from './playlist';

/** What the stage is asked to show: a new `seq` for every opening, so the same page opened again reloads. */
export interface StageRequest { seq: number; item: PlaylistItem }

export interface WallboardDeps {
  config: WallboardConfig;
  connection: Pick<ConnectionModel, 'state'>;
  api: Pick<ViewsApi, 'loadSpeed'>;
  playlist: Omit<PlaylistDeps, 'menu'> & { menu: () => PlaylistDeps['menu'] };
  /** The last list this screen showed, for a cold start without a network. */
  lastList: { get(): Promise<PlaylistItem[] | undefined>; put(items: PlaylistItem[]): void };
  /** A waiting new version is applied at a boundary, never in the middle of an item. */
  update: { ready: ReadonlySignal<boolean>; apply(): void };
  reloadPage(): void;
  now?: () => number;
  t: Translate;
  clock?: Pick<typeof globalThis, 'setInterval' | 'clearInterval'>;
  /** Alert interrupts (issue 10): while one shows, the rotation waits, then goes on where it was. */
  alerts?: { current: ReadonlySignal<unknown> };
}

export interface WallboardModel {
  readonly items: ReadonlySignal<PlaylistItem[]>;
  readonly notices: ReadonlySignal<IgnoredParam[]>;
  readonly stage: ReadonlySignal<StageRequest | null>;
  readonly rotation: RotationModel;
  /** 1-based place of the current item ("3 / 7"). */
  readonly position: ReadonlySignal<number>;
  /** The rotation waits because the server cannot be reached or the session is gone. */
  readonly held: ReadonlySignal<boolean>;
  /** The item drawn on screen last: while the rotation holds, that is what the strip names, not the one that never loaded. */
  readonly onScreen: ReadonlySignal<PlaylistItem | null>;
  /** The stage put this request on screen: it is what the wallboard goes back to when it has to hold. */
  markShown(seq: number): void;
  /** Resolves the playlist and starts rotating; returns the stop. */
  start(): () => void;
}

/** The most recent daily reload time at or before `now` (local time). */
export function lastReloadTime(now: number, at: { hours: number; minutes: number }): number {
  const d = new Date(now);
  d.setHours(at.hours, at.minutes, 0, 0);
  if (d.getTime() > now) d.setDate(d.getDate() - 1);
  return d.getTime();
}

/**
 * The wallboard (issue 8): the views rotation model over a playlist from the URL, held while the connection is not
 * online and resumed on recovery, with updates and the daily reload applied at rotation boundaries.
 */
export function createWallboardModel(deps: WallboardDeps): WallboardModel {
  const now = deps.now ?? Date.now;
  const bootedAt = now();
  const items = signal<PlaylistItem[]>([]);
  const notices = signal<IgnoredParam[]>(deps.config.notices);
  const stage = signal<StageRequest | null>(null);
  const held = signal(false);
  let seq = 0;
  const requested = new Map<number, { index: number; item: PlaylistItem }>();
  let shownIndex: number | undefined;
  const onScreen = signal<PlaylistItem | null>(null);
  // nightmode=views:…: the day and night lists, and the rotation index at which the list on screen began.
  const lists: { day: PlaylistItem[]; night: PlaylistItem[] } = { day: [], night: [] };
  let nightShown = false;
  let offset = 0;
  const night = deps.config.nightMode === 'views' ? deps.config.night : undefined;
  const wantNight = () => night !== undefined && lists.night.length > 0 && isNight(new Date(now()), night);
  const at = (i: number) => {
    const list = items.peek();
    const n = list.length;
    return list[((((i - offset) % n) + n) % n)]!;
  };

  /** At a boundary past the start or end of the night, the other list begins with its first item. */
  const switchList = (next: number) => {
    const toNight = wantNight();
    if (toNight === nightShown) return;
    nightShown = toNight;
    offset = next;
    items.value = toNight ? lists.night : lists.day;
  };

  const onBoundary = (next: number) => {
    switchList(next);
    if (deps.update.ready.peek()) {
      deps.update.apply();
      return true;
    }
    const reload = deps.config.reload;
    if (reload && bootedAt < lastReloadTime(now(), reload)) {
      deps.reloadPage();
      return true;
    }
    return false;
  };

  const rotation = createRotationModel({
    api: {
      loadSpeed: () => deps.api.loadSpeed(),
      // The URL's speed is the wallboard's own; it is not saved as the user's.
      saveSpeed: async () => undefined,
      viewAt: async (i) => at(i),
    },
    open: (url) => {
      const item = items.peek().find((x) => x.url === url) ?? { title: url, url };
      seq += 1;
      requested.set(seq, { index: rotation.index.peek(), item });
      stage.value = { seq, item };
      return true;
    },
    durationAt: (i) => (items.peek().length ? at(i).seconds : undefined),
    onBoundary,
    startAt: deps.config.start,
    notify: () => undefined,
    t: deps.t,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  const load = async () => {
    try {
      const playlist = { viewAt: deps.playlist.viewAt, menu: deps.playlist.menu() };
      const { items: list, notices: more } = await resolvePlaylist(deps.config, playlist, deps.t);
      const nightViews = deps.config.nightViews;
      const nightList = nightViews ? await resolvePlaylist({ ...deps.config, sources: nightViews, durations: [] }, playlist, deps.t) : undefined;
      lists.day = list;
      // Views that do not exist leave the night list empty: the day list goes on, and the notices say why.
      lists.night = nightList?.notices.length === 0 ? nightList.items : [];
      nightShown = wantNight();
      // start= counts in the day list; a night list begins with its first item.
      offset = nightShown ? rotation.index.peek() : 0;
      items.value = nightShown ? lists.night : list;
      notices.value = [...deps.config.notices, ...more, ...(nightList?.notices.map((n) => ({ ...n, name: 'nightmode' })) ?? [])];
      deps.lastList.put(list);
    } catch {
      items.value = (await deps.lastList.get()) ?? [];
    }
  };

  return {
    items,
    notices,
    stage,
    rotation,
    position: computed(() => {
      const n = items.value.length;
      const i = rotation.index.value - offset;
      return n ? (((i % n) + n) % n) + 1 : 0;
    }),
    held,
    onScreen,
    markShown(shown) {
      const request = requested.get(shown);
      shownIndex = request?.index;
      if (request) onScreen.value = request.item;
      for (const key of requested.keys()) if (key <= shown) requested.delete(key);
    },
    start() {
      let stopped = false;
      const speed = deps.config.speed;
      void rotation.load().then(() => { if (speed !== undefined) rotation.setSpeed(speed); });
      if (speed !== undefined) rotation.setSpeed(speed);
      void load().then(() => {
        if (!stopped && items.peek().length && deps.connection.state.peek() === 'online') rotation.start();
        else if (!stopped && items.peek().length) held.value = true;
      });
      // Not online: the last item stays on screen and nothing new loads; on recovery the current item loads again.
      const stopHold = effect(() => {
        const online = deps.connection.state.value === 'online';
        if (!items.peek().length) return;
        if (!online && rotation.running.peek()) {
          rotation.pause();
          // The item that was loading when the server went away never showed: the strip names what is on screen.
          if (shownIndex !== undefined) rotation.jump(shownIndex);
          held.value = true;
        } else if (online && held.peek()) {
          held.value = false;
          rotation.start();
        }
      });
      let interrupted = false;
      const stopAlerts = effect(() => {
        const alert = deps.alerts?.current.value;
        if (alert && !interrupted && rotation.running.peek()) {
          interrupted = true;
          rotation.pause();
        } else if (!alert && interrupted) {
          interrupted = false;
          if (!held.peek()) rotation.start();
        }
      });
      return () => {
        stopped = true;
        stopHold();
        stopAlerts();
        rotation.pause();
      };
    },
  };
}
