import { stripBase } from '../../lib/base';

const DASHLETS_PAGE = /^dashboards\/dashlets\.php(?:[?#]|$)/;
const DASHBOARD_PAGE = /^dashboards\/dashboard\.php(?:[?#]|$)/;

export const isDashletEntry = (path: string): boolean => DASHLETS_PAGE.test(path.replace(/^\/+/, ''));

/** The dashboard the frame shows: a dashboard page (its id, Home without one), or a dashlet form for one; else none. */
export function dashboardOnScreen(frameLocation: string): string | undefined {
  if (!frameLocation) return undefined;
  const page = stripBase(frameLocation).replace(/^\/+/, '');
  const query = new URLSearchParams(page.split('#', 1)[0]!.split('?')[1] ?? '');
  if (DASHBOARD_PAGE.test(page)) return query.get('id') || 'home';
  if (DASHLETS_PAGE.test(page)) return query.get('dashboard') || undefined;
  return undefined;
}

/**
 * A Dashlets menu entry's page for the dashboard on screen (issue 38): its add form then starts on that dashboard
 * rather than on Home. Other entries, or no dashboard on screen, keep their path.
 */
export function dashletEntryPath(path: string, frameLocation: string): string {
  const dashboard = dashboardOnScreen(frameLocation);
  if (!dashboard || !isDashletEntry(path) || /[?&]dashboard=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}dashboard=${encodeURIComponent(dashboard)}`;
}
