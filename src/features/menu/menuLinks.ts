import type { MenuEntry, MenuSection } from '../../lib/apiTypes';
import { stripBase, withBase } from '../../lib/base';
import { isSafeFrameTarget } from '../../lib/safeTarget';

const ABSOLUTE = /^https?:\/\//i;

/** Where a rail icon goes: the section's root route (Home is the base itself). */
export function sectionHref(section: Pick<MenuSection, 'path'>): string {
  return withBase(section.path);
}

/**
 * The app route that shows `path` (relative to the base) in the main frame of `section`: the route picks the
 * page from xiwindow, relative to the section's folder (spec 2.2, like {base}/admin/?xiwindow=license.php).
 * A page outside the section's folder is given with the full base path, which the route also accepts, so
 * the section stays selected. The CCM route takes the object browser's own query parameters (spec 2.2).
 */
export function inFrameHref(section: Pick<MenuSection, 'id' | 'path'> | undefined, path: string): string {
  const clean = path.replace(/^\/+/, '');
  if (section?.id === 'ccm') {
    const query = clean.includes('?') ? clean.slice(clean.indexOf('?')) : '';
    return withBase(section.path) + query;
  }
  const folder = section?.path ?? '';
  const xiwindow = clean.startsWith(folder) ? clean.slice(folder.length) : withBase(clean);
  return `${withBase(folder)}?xiwindow=${encodeURIComponent(xiwindow)}`;
}

export type EntryLink =
  | { type: 'frame'; href: string }
  | { type: 'top'; href: string }
  | { type: 'link'; href: string; target?: string; rel?: string }
  | { type: 'action' };

/** Spec 2.10: an entry links in-frame, as a full top-level navigation, or as a normal link, by its target. */
export function entryLink(section: Pick<MenuSection, 'id' | 'path'> | undefined, entry: Pick<MenuEntry, 'path' | 'target'>): EntryLink {
  const path = entry.path.trim();
  // '#' entries (add view, rotate views, add dashboard) act on the page; they never navigate.
  if (path === '' || path.startsWith('#') || /^javascript:/i.test(path)) return { type: 'action' };
  const absolute = ABSOLUTE.test(path);
  if (entry.target === 'maincontentframe') {
    // Views saved as a full address of this site (the add-view form builds those) still open in the frame.
    const own = absolute ? isSafeFrameTarget(path) : null;
    if (!absolute || own) return { type: 'frame', href: inFrameHref(section, own ? stripBase(own) : path) };
  }
  const href = absolute ? path : withBase(path);
  if (entry.target === '_top') return { type: 'top', href };
  if (entry.target === '' || entry.target === 'maincontentframe') return absolute ? { type: 'link', href, target: '_blank', rel: 'noopener noreferrer' } : { type: 'link', href };
  return entry.target === '_blank'
    ? { type: 'link', href, target: '_blank', rel: 'noopener noreferrer' }
    : { type: 'link', href, target: entry.target };
}
