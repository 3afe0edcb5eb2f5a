import { BASE, withBase } from '../../lib/base';

/** Spec 5: graph explorer pages cannot be scheduled. */
export function isScheduleRefused(location: string): boolean {
  return location.includes('graphexplorer');
}

/**
 * Spec 2.6: Schedule Page goes through the schedule report page with type=page, the page (`url`, relative to
 * the base), its full web address (`wurl`) and the product path (`xi_basedir`).
 */
export function scheduleUrlFor(location: string, origin: string = window.location.origin, base: string = BASE): string {
  const relative = location.startsWith(base) ? location.slice(base.length) : location.replace(/^\/+/, '');
  const params = new URLSearchParams({ type: 'page', url: relative, wurl: origin + base + relative, xi_basedir: base });
  return `${withBase('reports/schedulereport.php', base)}?${params.toString()}`;
}
