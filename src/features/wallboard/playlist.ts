import type { Menu } from '../../lib/apiTypes';
import { withBase } from '../../lib/base';
import { ApiError } from '../../lib/http';
import { isSafeFrameTarget } from '../../lib/safeTarget';
import type { View } from '../views/api';
import type { IgnoredParam, WallboardConfig } from './params';

/** One screen of the rotation: a page of this site (already checked) and what to call it. */
export interface PlaylistItem {
  title: string;
  url: string;
  /** Its own seconds (durations=); the speed otherwise. */
  seconds?: number;
}

export interface PlaylistDeps {
  /** getviewbynum: My Views by number. */
  viewAt(index: number): Promise<View>;
  menu: Menu;
}

/** A fresh install has no views yet; these show something useful on a wall from the first start. */
export const BUILT_IN: ReadonlyArray<{ titleKey: string; path: string }> = [
  { titleKey: 'wallboard.builtIn.tactical', path: 'includes/page-home-main.php' },
  { titleKey: 'wallboard.builtIn.hostProblems', path: 'includes/components/xicore/status.php?show=hostproblems' },
  { titleKey: 'wallboard.builtIn.serviceProblems', path: 'includes/components/xicore/status.php?show=serviceproblems' },
];

/** Issue 37: the state history as a rotation item; on a wall it shows the recent changes large. */
export const HISTORY_PAGE = 'reports/history.php';
const isHistoryPage = (path: string) => /(^|\/)reports\/history\.php(\?|$)/.test(path);

function pageTitle(path: string): string {
  const name = path.split('/').pop() ?? path;
  return decodeURIComponent(name);
}

const myViewsGroup = (menu: Menu) => menu.views?.groups.find((g) => g.id === 'myviews');

/** The user's My Views as the menu lists them (also offline, from the stored menu). */
export function myViews(menu: Menu): PlaylistItem[] {
  return (myViewsGroup(menu)?.entries ?? []).flatMap((entry) => {
    const url = entry.path !== '#' ? isSafeFrameTarget(entry.path) : null;
    return url ? [{ title: entry.label, url }] : [];
  });
}

/** Whether a playlist needs the menu to be resolved: My Views, or views by number (checked against My Views). */
export function needsMenu(config: Pick<WallboardConfig, 'sources' | 'nightViews'>): boolean {
  return config.sources.length === 0 || [...config.sources, ...(config.nightViews ?? [])].some((s) => s.kind === 'view');
}

export interface Playlist {
  items: PlaylistItem[];
  notices: IgnoredParam[];
  /** Nothing the user chose could be shown, so this is the built-in list: the strip says so. */
  builtIn: boolean;
}

/**
 * The items the URL asks for, in order; a view that does not exist or is not a page of this site is left out with a
 * notice. Without sources: My Views, or the built-in playlist when there are none.
 */
export async function resolvePlaylist(config: WallboardConfig, deps: PlaylistDeps, t: (key: string) => string): Promise<Playlist> {
  const notices: IgnoredParam[] = [];
  const items: PlaylistItem[] = [];
  for (const source of config.sources) {
    if (source.kind === 'page') items.push({ title: isHistoryPage(source.path) ? t('wallboard.history') : pageTitle(source.path), url: source.path });
    if (source.kind === 'dashboard') {
      items.push({ title: `${t('wallboard.dashboard')} ${source.id}`, url: withBase(`dashboards/dashboard.php?id=${encodeURIComponent(source.id)}`) });
    }
    if (source.kind === 'view') {
      // getviewbynum wraps around (the shell's rotation relies on it): a number past the end is a notice, not another view.
      const count = myViewsGroup(deps.menu)?.entries.length ?? 0;
      if (source.index >= count) {
        notices.push({ name: 'views', value: String(source.index), rule: 'wallboard.rule.noView' });
        continue;
      }
      try {
        const view = await deps.viewAt(source.index);
        const url = isSafeFrameTarget(view.url);
        if (url) items.push({ title: view.title, url });
        else notices.push({ name: 'views', value: String(source.index), rule: 'wallboard.rule.page' });
      } catch (error) {
        // No answer at all is an outage, not a bad parameter: the caller keeps the last list it had.
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) throw error;
        notices.push({ name: 'views', value: String(source.index), rule: 'wallboard.rule.noView' });
      }
    }
  }
  if (config.sources.length === 0) items.push(...myViews(deps.menu));
  const builtIn = items.length === 0;
  if (builtIn) items.push(...BUILT_IN.map((b) => ({ title: t(b.titleKey), url: withBase(b.path) })));
  return {
    items: items.map((item, i) => (config.durations[i] !== undefined ? { ...item, seconds: config.durations[i] } : item)),
    notices,
    builtIn,
  };
}
