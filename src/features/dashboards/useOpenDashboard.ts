import { useCallback } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { Dashboard } from '../../lib/apiTypes';
import { SECTION_DEFAULTS } from '../../lib/sections';
import { inFrameHref } from '../menu/menuLinks';

/** The route that shows a dashboard in the Dashboards section's frame, as its My Dashboards entry does. */
export function dashboardHref(id: string): string {
  return inFrameHref({ id: 'dashboards', path: SECTION_DEFAULTS.dashboards.path }, `dashboards/dashboard.php?id=${encodeURIComponent(id)}`);
}

/** Opens a dashboard in the app, a history entry like following its menu entry (issue 38: a new one opens at once). */
export function useOpenDashboard(): (dashboard: Pick<Dashboard, 'id'>) => void {
  return useCallback((dashboard) => navigate(dashboardHref(dashboard.id)), []);
}
