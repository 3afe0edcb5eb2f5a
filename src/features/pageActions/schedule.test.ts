import { describe, expect, it } from 'vitest';
import { isScheduleRefused, scheduleUrlFor } from './schedule';

describe('Schedule Page', () => {
  it('is refused for graph explorer pages only (spec 5)', () => {
    expect(isScheduleRefused('/nagiosxi/includes/components/graphexplorer/index.php')).toBe(true);
    expect(isScheduleRefused('/nagiosxi/includes/components/xicore/status.php?show=services&search=graphexplorer')).toBe(true);
    expect(isScheduleRefused('/nagiosxi/includes/components/xicore/status.php?show=services')).toBe(false);
  });

  it('goes through the schedule report page with type=page, url, wurl and xi_basedir (spec 2.6)', () => {
    const href = scheduleUrlFor('/nagiosxi/includes/components/xicore/status.php?show=hosts&state=1', 'https://xi.example', '/nagiosxi/');
    const url = new URL(href, 'https://xi.example');
    expect(url.pathname).toBe('/nagiosxi/reports/schedulereport.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'page',
      url: 'includes/components/xicore/status.php?show=hosts&state=1',
      wurl: 'https://xi.example/nagiosxi/includes/components/xicore/status.php?show=hosts&state=1',
      xi_basedir: '/nagiosxi/',
    });
  });
});
