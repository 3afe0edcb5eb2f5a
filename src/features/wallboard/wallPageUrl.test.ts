import { describe, expect, it } from 'vitest';
import { isSafeFrameTarget } from '../../lib/safeTarget';
import { wallPageUrl } from './wallPageUrl';

describe('wallPageUrl', () => {
  it('adds wall=1 to the query, before any fragment', () => {
    expect(wallPageUrl('/nagiosxi/includes/page-home-main.php')).toBe('/nagiosxi/includes/page-home-main.php?wall=1');
    expect(wallPageUrl('/nagiosxi/includes/components/xicore/status.php?show=hostgroups'))
      .toBe('/nagiosxi/includes/components/xicore/status.php?show=hostgroups&wall=1');
    expect(wallPageUrl('/nagiosxi/dashboards/dashboard.php?id=home#top')).toBe('/nagiosxi/dashboards/dashboard.php?id=home&wall=1#top');
    expect(wallPageUrl('/nagiosxi/a.php?')).toBe('/nagiosxi/a.php?wall=1');
    expect(wallPageUrl('/nagiosxi/a.php?x=1&')).toBe('/nagiosxi/a.php?x=1&wall=1');
  });

  it('keeps a page that names the parameter itself as it is (never wall=1&wall=0)', () => {
    expect(wallPageUrl('/nagiosxi/a.php?wall=0')).toBe('/nagiosxi/a.php?wall=0');
    expect(wallPageUrl('/nagiosxi/a.php?x=1&wall=1')).toBe('/nagiosxi/a.php?x=1&wall=1');
  });

  it('leaves a checked frame target a target that passes the same check', () => {
    for (const raw of ['includes/page-home-main.php', '/nagiosxi/includes/components/xicore/status.php?show=services#x']) {
      const safe = isSafeFrameTarget(raw, '/nagiosxi/', 'http://pharos.test')!;
      expect(isSafeFrameTarget(wallPageUrl(safe), '/nagiosxi/', 'http://pharos.test')).toBe(wallPageUrl(safe));
    }
  });
});
