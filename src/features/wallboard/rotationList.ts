import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { IgnoredParam, WallboardConfig } from './params';
import { isNight } from './nightCare';
import type { PlaylistItem } from './playlist';
import type { ResolvedLists } from './playlistFollower';

/** Which list the wallboard rotates, and how the rotation's growing index maps onto it. */
export interface RotationList {
  readonly items: ReadonlySignal<PlaylistItem[]>;
  readonly notices: ReadonlySignal<IgnoredParam[]>;
  /** No list yet: the playlist is on its way. */
  readonly loading: ReadonlySignal<boolean>;
  readonly builtIn: ReadonlySignal<boolean>;
  /** The 0-based place in the list on screen of rotation index `i`. */
  placeAt(i: number): number;
  /** The item at rotation index `i`. */
  at(i: number): PlaylistItem;
  /** A resolved playlist: the first is used at once (from rotation index `index`), a later one waits for a boundary. */
  offer(next: ResolvedLists, index: number): 'first' | 'pending';
  /** At a boundary: a changed list, or the start or end of the night, takes over after the item on screen. */
  boundary(next: number, onScreen: PlaylistItem | undefined): void;
}

/** Where `item` is in `list`, by address (-1 when it is not there any more). */
const placeOf = (list: PlaylistItem[], item: PlaylistItem | undefined) => (item ? list.findIndex((x) => x.url === item.url) : -1);

/** The day and night lists of issue 8's nightmode=views, and issue 17's list that follows My Views. */
export function createRotationList(config: WallboardConfig, now: () => number): RotationList {
  const items = signal<PlaylistItem[]>([]);
  const notices = signal<IgnoredParam[]>(config.notices);
  const loading = signal(true);
  const builtIn = signal(false);
  const lists: { day: PlaylistItem[]; night: PlaylistItem[] } = { day: [], night: [] };
  let pending: ResolvedLists | undefined;
  let nightShown = false;
  // The rotation index at which the list on screen began (a night list, or a list that changed).
  let offset = 0;
  const night = config.nightMode === 'views' ? config.night : undefined;
  const wantNight = () => night !== undefined && lists.night.length > 0 && isNight(new Date(now()), night);
  const placeAt = (i: number) => {
    const n = items.peek().length;
    return n ? ((((i - offset) % n) + n) % n) : 0;
  };

  const take = (next: ResolvedLists) => {
    lists.day = next.day;
    lists.night = next.night;
    notices.value = next.notices;
    builtIn.value = next.builtIn;
  };

  return {
    items,
    notices,
    loading,
    builtIn,
    placeAt,
    at: (i) => items.peek()[placeAt(i)]!,
    offer(next, index) {
      if (!loading.peek()) {
        pending = next;
        return 'pending';
      }
      take(next);
      nightShown = wantNight();
      // start= counts in the day list; a night list begins with its first item.
      offset = nightShown ? index : 0;
      items.value = nightShown ? lists.night : lists.day;
      loading.value = false;
      return 'first';
    },
    boundary(next, onScreen) {
      if (pending) {
        take(pending);
        pending = undefined;
      }
      const toNight = wantNight();
      const list = toNight ? lists.night : lists.day;
      if (toNight !== nightShown) {
        nightShown = toNight;
        offset = next;
      } else if (list !== items.peek()) {
        const place = placeOf(list, onScreen);
        if (place >= 0) offset = next - (place + 1);
      }
      items.value = list;
    },
  };
}
