import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { Translate } from '../../lib/i18n';
import type { ConnectionModel } from '../connection/model';
import type { ViewsApi } from '../views/api';
import { createRotationModel, type RotationModel } from '../views/rotationModel';
import type { IgnoredParam, WallboardConfig } from './params';
import { isNight } from './nightCare';
import type { PlaylistItem } from './playlist';
import type { PlaylistFollower, ResolvedLists } from './playlistFollower';

/** What the stage is asked to show: a new `seq` for every opening, so the same page opened again reloads. */
export interface StageRequest { seq: number; item: PlaylistItem }

export interface WallboardDeps {
  config: WallboardConfig;
  connection: Pick<ConnectionModel, 'state'>;
  api: Pick<ViewsApi, 'loadSpeed'>;
  /** Where the list comes from: the URL, My Views from the menu as it is now, or the built-in list. */
  playlist: PlaylistFollower;
  /** A waiting new version is applied at a boundary, never in the middle of an item. */
  update: { ready: ReadonlySignal<boolean>; apply(): void };
  reloadPage(): void;
  now?: () => number;
  t: Translate;
  clock?: Pick<typeof globalThis, 'setInterval' | 'clearInterval'>;
  /** Alert interrupts (issue 10): while one shows, the rotation waits, then goes on where it was. */
  alerts?: { current: ReadonlySignal<unknown> };
}

/** The item drawn on screen, with the place it had in the list when it was asked for. */
export interface ShownItem { item: PlaylistItem; index: number; position: number; count: number }

export interface WallboardModel {
  readonly items: ReadonlySignal<PlaylistItem[]>;
  readonly notices: ReadonlySignal<IgnoredParam[]>;
  /** The playlist has not been resolved yet (the menu is on its way): the screen says it is loading. */
  readonly loading: ReadonlySignal<boolean>;
  /** The user has no views (or none that can be shown): the built-in list rotates, and the strip says so. */
  readonly builtIn: ReadonlySignal<boolean>;
  readonly stage: ReadonlySignal<StageRequest | null>;
  readonly rotation: RotationModel;
  /** 1-based place of the item on screen ("3 / 7"), or of the one loading before anything has shown. */
  readonly position: ReadonlySignal<number>;
  /** How many items the list on screen has. */
  readonly count: ReadonlySignal<number>;
  /** The rotation waits because the server cannot be reached or the session is gone. */
  readonly held: ReadonlySignal<boolean>;
  /** The item drawn on screen last: the strip names it, never one that is still loading or never loaded. */
  readonly onScreen: ReadonlySignal<PlaylistItem | null>;
  /** The stage put this request on screen (a page, or its error card). */
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

/** Where `item` is in `list`, by address (-1 when it is not there any more). */
const placeOf = (list: PlaylistItem[], item: PlaylistItem | undefined) => (item ? list.findIndex((x) => x.url === item.url) : -1);

/**
 * The wallboard (issue 8): the views rotation model over a playlist from the URL, held while the connection is not
 * online and resumed on recovery, with updates and the daily reload applied at rotation boundaries. The list follows
 * the menu (issue 17): a new one takes over at the next boundary, going on after the item on screen.
 */
export function createWallboardModel(deps: WallboardDeps): WallboardModel {
  const now = deps.now ?? Date.now;
  const bootedAt = now();
  const items = signal<PlaylistItem[]>([]);
  const notices = signal<IgnoredParam[]>(deps.config.notices);
  const loading = signal(true);
  const builtIn = signal(false);
  const stage = signal<StageRequest | null>(null);
  const held = signal(false);
  const shown = signal<ShownItem | null>(null);
  // The rotation index at which the list on screen began (a night list, or a list that changed).
  const offset = signal(0);
  let seq = 0;
  const requested = new Map<number, ShownItem>();
  const lists: { day: PlaylistItem[]; night: PlaylistItem[] } = { day: [], night: [] };
  let pending: ResolvedLists | undefined;
  let nightShown = false;
  const night = deps.config.nightMode === 'views' ? deps.config.night : undefined;
  const wantNight = () => night !== undefined && lists.night.length > 0 && isNight(new Date(now()), night);
  const placeAt = (i: number, n: number) => ((((i - offset.peek()) % n) + n) % n);
  const at = (i: number) => items.peek()[placeAt(i, items.peek().length)]!;

  const applyLists = (next: ResolvedLists) => {
    lists.day = next.day;
    lists.night = next.night;
    notices.value = next.notices;
    builtIn.value = next.builtIn;
  };

  /** At a boundary: a changed list, or the start or end of the night, takes over after the item on screen. */
  const switchList = (next: number) => {
    if (pending) {
      applyLists(pending);
      pending = undefined;
    }
    const toNight = wantNight();
    const list = toNight ? lists.night : lists.day;
    if (toNight !== nightShown) {
      nightShown = toNight;
      offset.value = next;
    } else if (list !== items.peek()) {
      const place = placeOf(list, shown.peek()?.item);
      if (place >= 0) offset.value = next - (place + 1);
    }
    items.value = list;
  };

  const onBoundary = (next: number) => {
    switchList(next);
    deps.playlist.boundary();
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
      const list = items.peek();
      const index = rotation.index.peek();
      const item = list.find((x) => x.url === url) ?? { title: url, url };
      seq += 1;
      requested.set(seq, { item, index, position: placeAt(index, list.length) + 1, count: list.length });
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

  /** The first list: shown at once, from start= (a night list begins with its first item). */
  const first = (next: ResolvedLists) => {
    applyLists(next);
    nightShown = wantNight();
    offset.value = nightShown ? rotation.index.peek() : 0;
    items.value = nightShown ? lists.night : lists.day;
    loading.value = false;
  };

  return {
    items,
    notices,
    loading,
    builtIn,
    stage,
    rotation,
    position: computed(() => {
      const n = items.value.length;
      return shown.value?.position ?? (n ? placeAt(rotation.index.value, n) + 1 : 0);
    }),
    count: computed(() => shown.value?.count ?? items.value.length),
    held,
    onScreen: computed(() => shown.value?.item ?? null),
    markShown(done) {
      const request = requested.get(done);
      if (request) shown.value = request;
      for (const key of requested.keys()) if (key <= done) requested.delete(key);
    },
    start() {
      const speed = deps.config.speed;
      void rotation.load().then(() => { if (speed !== undefined) rotation.setSpeed(speed); });
      if (speed !== undefined) rotation.setSpeed(speed);
      const stopLists = deps.playlist.start((next) => {
        if (!loading.peek()) {
          pending = next;
          return;
        }
        first(next);
        if (!items.peek().length) return;
        if (deps.connection.state.peek() === 'online') rotation.start();
        else held.value = true;
      });
      // Not online: the item on screen stays and nothing new loads; on recovery it loads again and the rotation goes on.
      const stopHold = effect(() => {
        const online = deps.connection.state.value === 'online';
        if (!items.peek().length) return;
        if (!online && rotation.running.peek()) {
          rotation.pause();
          const onScreen = shown.peek();
          if (onScreen) rotation.jump(onScreen.index);
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
        stopLists();
        stopHold();
        stopAlerts();
        rotation.pause();
      };
    },
  };
}
