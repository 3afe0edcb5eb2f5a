import type { Menu, MenuEntry, MenuSection, SearchSuggestion } from '../../lib/apiTypes';
import { stripBase } from '../../lib/base';
import { routeFor } from '../../lib/routeFor';
import { entryLink, inFrameHref } from '../menu/menuLinks';
import { isSafeFrameTarget } from '../../lib/safeTarget';

/** Where a result goes: an app route (no reload), a whole page the app has no route for, or another window. */
export type PaletteTarget =
  | { kind: 'route'; href: string }
  | { kind: 'document'; href: string }
  | { kind: 'window'; href: string; target: string };

export interface PaletteResult {
  id: string;
  label: string;
  /** Where the entry sits (the menu group), shown beside the label. */
  detail?: string;
  target: PaletteTarget;
}

export interface PaletteGroup {
  id: string;
  label: string;
  results: PaletteResult[];
  /** How many matched, when more than `results` shows (a group is cut at GROUP_LIMIT). */
  total?: number;
}

/** Results shown per group: enough to pick from, few enough to render within a keystroke with a huge menu. */
export const GROUP_LIMIT = 50;

/** Keeps the first `limit` results of each group and records how many there were. */
export function capGroups(groups: PaletteGroup[], limit: number = GROUP_LIMIT): PaletteGroup[] {
  return groups.map((g) => (g.results.length > limit ? { ...g, results: g.results.slice(0, limit), total: g.total ?? g.results.length } : g));
}

export const SEARCH_GROUP_ID = 'search';
/** Spec 2.5: the first group's entry, the services status page filtered by the term. */
export const SERVICES_SEARCH_PAGE = 'includes/components/xicore/status.php?show=services&search=';

// Status and detail pages belong to Home's Quick View, so they open in the Home section's frame.
const HOME = { id: 'home', path: '' } as const;

/** A classic page in the main frame through xiwindow, or null when the frame would refuse it. */
export function framePageTarget(page: string): PaletteTarget | null {
  const safe = isSafeFrameTarget(page);
  return safe ? { kind: 'route', href: inFrameHref(HOME, stripBase(safe)) } : null;
}

function isAppRoute(href: string): boolean {
  return routeFor(stripBase(href.split(/[?#]/, 1)[0]!)).kind !== 'notFound';
}

/** Spec 2.5 via the secondary menu's own rules (spec 2.10): _top entries use their path, frame entries the section's route. */
export function menuEntryTarget(section: Pick<MenuSection, 'id' | 'path'>, entry: Pick<MenuEntry, 'path' | 'target'>): PaletteTarget | null {
  const link = entryLink(section, entry);
  if (link.type === 'action') return null;
  if (link.type === 'frame') return { kind: 'route', href: link.href };
  if (link.type === 'link' && link.target) return { kind: 'window', href: link.href, target: link.target };
  return isAppRoute(link.href) ? { kind: 'route', href: link.href } : { kind: 'document', href: link.href };
}

/**
 * Menu entries whose label contains the term (any case), one group per section in menu order; '#' entries and
 * favourites left out. Only the first `limit` per section get their target worked out; the rest are counted.
 */
export function menuGroups(menu: Menu, term: string, limit: number = Infinity): PaletteGroup[] {
  const needle = term.trim().toLowerCase();
  const groups: PaletteGroup[] = [];
  for (const section of Object.values(menu)) {
    if (!section) continue;
    const results: PaletteResult[] = [];
    let matched = 0;
    for (const group of section.groups) {
      for (const entry of group.entries) {
        if (entry.kind === 'favorite' || !entry.label.toLowerCase().includes(needle)) continue;
        if (results.length >= limit) {
          matched += 1;
          continue;
        }
        const target = menuEntryTarget(section, entry);
        if (target) {
          results.push({ id: `menu-${section.id}-${entry.id}`, label: entry.label, detail: group.label, target });
          matched += 1;
        }
      }
    }
    if (results.length > 0) groups.push({ id: `menu-${section.id}`, label: section.label, results, ...(matched > results.length ? { total: matched } : {}) });
  }
  return groups;
}

/** The first group once a term is typed. */
export function searchGroup(term: string, label: string, entryLabel: string): PaletteGroup[] {
  const text = term.trim();
  const target = text ? framePageTarget(SERVICES_SEARCH_PAGE + encodeURIComponent(text)) : null;
  return target ? [{ id: SEARCH_GROUP_ID, label, results: [{ id: 'search-services', label: entryLabel, target }] }] : [];
}

/**
 * Server suggestions grouped by category in the server's order; a URL the frame would refuse is not offered. With
 * several engines, each names its engine beside the label (`engineLabel`): the same host name on two engines is two hosts.
 */
export function suggestionGroups(
  suggestions: readonly SearchSuggestion[],
  categoryLabel: (category: string) => string,
  engineLabel: (engine: string) => string = (engine) => engine,
): PaletteGroup[] {
  const byCategory = new Map<string, PaletteGroup>();
  suggestions.forEach((s, index) => {
    const target = framePageTarget(s.url);
    if (!target) return;
    let group = byCategory.get(s.category);
    if (!group) {
      group = { id: `suggest-${s.category}`, label: categoryLabel(s.category), results: [] };
      byCategory.set(s.category, group);
    }
    group.results.push({ id: `suggest-${index}`, label: s.label, ...(s.engine ? { detail: engineLabel(s.engine) } : {}), target });
  });
  return [...byCategory.values()];
}

/** The server's page for a selection of hosts and services (issue 38): its one form, then one command per object. */
export const BULK_PAGE = 'includes/components/pharos/bulkcommands.php';
export const BULK_ACTIONS = [
  'acknowledge', 'remove_acknowledgement', 'schedule_downtime', 'recheck', 'disable_notifications', 'enable_notifications',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_GROUP_ID = 'bulk';

/** The host or service a suggestion opens, as the bulk page names objects (`h/engine/host`, `s/engine/host/service`); null for groups. */
export function suggestionRef(s: SearchSuggestion): string | null {
  let params: URLSearchParams;
  try {
    params = new URL(s.url, 'http://localhost').searchParams;
  } catch {
    return null;
  }
  const [show, host, service] = [params.get('show'), params.get('host'), params.get('service')];
  const engine = encodeURIComponent(params.get('engine') ?? '');
  if (!host) return null;
  if (show === 'hostdetail') return `h/${engine}/${encodeURIComponent(host)}`;
  if (show === 'servicedetail' && service) return `s/${engine}/${encodeURIComponent(host)}/${encodeURIComponent(service)}`;
  return null;
}

/**
 * Issue 38, the palette's bulk actions: for the hosts and services among the suggestions on screen (each group's first
 * `limit`), one entry per action that opens the server's form for all of them in the main frame.
 */
export function bulkGroup(
  suggestions: readonly SearchSuggestion[], label: (count: number) => string, actionLabel: (action: BulkAction) => string,
  limit: number = GROUP_LIMIT,
): PaletteGroup[] {
  const shown = new Map<string, number>();
  const refs = new Set<string>();
  for (const s of suggestions) {
    const n = shown.get(s.category) ?? 0;
    shown.set(s.category, n + 1);
    const ref = n < limit ? suggestionRef(s) : null;
    if (ref) refs.add(ref);
  }
  if (!refs.size) return [];
  const query = [...refs].map((r) => `o=${encodeURIComponent(r)}`).join('&');
  const results = BULK_ACTIONS.flatMap((action): PaletteResult[] => {
    const target = framePageTarget(`${BULK_PAGE}?action=${action}&${query}`);
    return target ? [{ id: `bulk-${action}`, label: actionLabel(action), target }] : [];
  });
  return results.length ? [{ id: BULK_GROUP_ID, label: label(refs.size), results }] : [];
}
