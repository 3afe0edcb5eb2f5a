import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { Translate } from '../../lib/i18n';
import type { ConnectionModel } from '../connection/model';
import type { ViewsApi } from '../views/api';
import { createRotationClock, storedSpeed, type RotationClock } from '../views/rotationClock';
import type { IgnoredParam, WallboardConfig } from './params';
import { createHolds, holdWhileNotOnline, waitForAlerts } from './holds';
import type { PlaylistItem } from './playlist';
import type { PlaylistFollower } from './playlistFollower';
import { createRotationList } from './rotationList';

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
  readonly rotation: RotationClock;
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

/**
 * The wallboard (issue 8): the shared rotation countdown over a playlist from the URL, held while the connection is
 * not online and resumed on recovery, with updates and the daily reload applied at rotation boundaries. The list
 * follows the menu (issue 17): a new one takes over at the next boundary, going on after the item on screen.
 */
export function createWallboardModel(deps: WallboardDeps): WallboardModel {
  const now = deps.now ?? Date.now;
  const bootedAt = now();
  const list = createRotationList(deps.config, now);
  const stage = signal<StageRequest | null>(null);
  const shown = signal<ShownItem | null>(null);
  let seq = 0;
  const requested = new Map<number, ShownItem>();

  const onBoundary = (next: number) => {
    list.boundary(next, shown.peek()?.item);
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

  /** Asks the stage for the item at rotation index `index`; what it puts on screen comes back through markShown. */
  const show = (index: number) => {
    const item = list.at(index);
    seq += 1;
    requested.set(seq, { item, index, position: list.placeAt(index) + 1, count: list.items.peek().length });
    stage.value = { seq, item };
  };

  const rotation = createRotationClock({
    show,
    durationAt: (i) => (list.items.peek().length ? list.at(i).seconds : undefined),
    onBoundary,
    startAt: deps.config.start,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const holds = createHolds(rotation);
  const hold = holdWhileNotOnline(deps.connection.state, rotation, holds, () => shown.peek()?.index, () => list.items.peek().length > 0);

  return {
    items: list.items,
    notices: list.notices,
    loading: list.loading,
    builtIn: list.builtIn,
    stage,
    rotation,
    position: computed(() => shown.value?.position ?? (list.items.value.length ? list.placeAt(rotation.index.value) + 1 : 0)),
    count: computed(() => shown.value?.count ?? list.items.value.length),
    held: hold.held,
    onScreen: computed(() => shown.value?.item ?? null),
    markShown(done) {
      const request = requested.get(done);
      if (request) shown.value = request;
      for (const key of requested.keys()) if (key <= done) requested.delete(key);
    },
    start() {
      // The URL's speed is the wallboard's own; without one, the user's stored speed (never saved from here).
      const speed = deps.config.speed;
      if (speed !== undefined) rotation.setSpeed(speed);
      else void deps.api.loadSpeed().then((value) => rotation.setSpeed(storedSpeed(value)), () => undefined);
      const stopLists = deps.playlist.start((next) => {
        if (list.offer(next, rotation.index.peek()) === 'pending' || !list.items.peek().length) return;
        if (deps.connection.state.peek() === 'online') rotation.start();
        else hold.hold();
      });
      const stopAlerts = waitForAlerts(deps.alerts?.current, holds);
      return () => {
        stopLists();
        hold.stop();
        stopAlerts();
        rotation.pause();
      };
    },
  };
}
