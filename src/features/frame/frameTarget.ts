import type { Menu, SectionId } from '../../lib/apiTypes';
import { sectionPaths } from '../../lib/sections';
import { BASE, stripBase } from '../../lib/base';
import { APP_ROUTE_PATHS } from '../../lib/appRoutes';
import { isSafeFrameTarget, nativeScreenFor, resolveXiwindow } from './model';

/**
 * The page the frame shows for a route: a fixed page when the route has one, else xiwindow, else the section's
 * default path. Returns a safe absolute path, or null when the requested page is not safe (nothing is shown).
 */
export function frameTargetFor(section: SectionId, fixedPath: string | undefined, search: string, menu: Menu): string | null {
  if (fixedPath !== undefined) return isSafeFrameTarget(fixedPath);
  const { path, defaultPath } = sectionPaths(section, menu[section]);
  const xiwindow = new URLSearchParams(search).get('xiwindow');
  if (xiwindow !== null && xiwindow !== '') {
    const target = resolveXiwindow(xiwindow, path);
    // The app's own routes would nest the whole shell in its frame; native screens are the exception.
    if (target && isShellRoute(target)) return isSafeFrameTarget(defaultPath);
    return target;
  }
  return isSafeFrameTarget(defaultPath);
}

function isShellRoute(absolutePath: string): boolean {
  const path = stripBase(absolutePath.split(/[?#]/, 1)[0]!, BASE);
  return APP_ROUTE_PATHS.includes(path) && nativeScreenFor(path) === null;
}
