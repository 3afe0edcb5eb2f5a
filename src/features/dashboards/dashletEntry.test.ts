import { describe, expect, it } from 'vitest';
import { withBase } from '../../lib/base';
import { dashboardOnScreen, dashletEntryPath } from './dashletEntry';

describe('a Dashlets menu entry for the dashboard on screen (issue 38)', () => {
  it('names the dashboard the frame shows: its id, Home without one, or the one a dashlet form is for', () => {
    expect(dashboardOnScreen(withBase('dashboards/dashboard.php?id=d42&edit=1'))).toBe('d42');
    expect(dashboardOnScreen(withBase('dashboards/dashboard.php'))).toBe('home');
    expect(dashboardOnScreen(withBase('dashboards/dashlets.php?type=clock&dashboard=ops'))).toBe('ops');
    expect(dashboardOnScreen(withBase('dashboards/dashlets.php?type=clock'))).toBeUndefined();
    expect(dashboardOnScreen(withBase('includes/page-home-main.php?id=x'))).toBeUndefined();
    expect(dashboardOnScreen('')).toBeUndefined();
  });

  it('adds that dashboard to the dashlet pages only, encoded, and never twice', () => {
    const onScreen = withBase('dashboards/dashboard.php?id=a%26b');
    expect(dashletEntryPath('dashboards/dashlets.php?type=clock', onScreen)).toBe('dashboards/dashlets.php?type=clock&dashboard=a%26b');
    expect(dashletEntryPath('dashboards/dashlets.php', onScreen)).toBe('dashboards/dashlets.php?dashboard=a%26b');
    expect(dashletEntryPath('dashboards/dashlets.php?type=x&dashboard=y', onScreen)).toBe('dashboards/dashlets.php?type=x&dashboard=y');
    expect(dashletEntryPath('dashboards/manage.php', onScreen)).toBe('dashboards/manage.php');
    expect(dashletEntryPath('dashboards/dashlets.php?type=clock', withBase('reports/history.php'))).toBe('dashboards/dashlets.php?type=clock');
  });
});
