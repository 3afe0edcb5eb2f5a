import { describe, expect, it } from 'vitest';
import { viewLink } from './viewsPage.js';

const ORIGIN = 'http://xi.example:8080';

describe('My Views "Open" link (resolved like the frame)', () => {
  it('resolves a stored relative URL under the base, not under views/', () => {
    expect(viewLink('includes/components/xicore/status.php?show=hosts', '/nagiosxi/', ORIGIN))
      .toEqual({ href: '/nagiosxi/includes/components/xicore/status.php?show=hosts', external: false });
  });

  it('keeps absolute paths and same-origin URLs under the base, and refuses the rest of this server', () => {
    expect(viewLink('/nagiosxi/admin/sysstat.php', '/nagiosxi/', ORIGIN))
      .toEqual({ href: '/nagiosxi/admin/sysstat.php', external: false });
    expect(viewLink(`${ORIGIN}/nagiosxi/reports/`, '/nagiosxi/', ORIGIN))
      .toEqual({ href: '/nagiosxi/reports/', external: false });
    expect(viewLink('/other/app', '/nagiosxi/', ORIGIN)).toBeUndefined();
  });

  it('opens another site in a new tab and never links other schemes', () => {
    expect(viewLink('https://grafana.example/d/1', '/nagiosxi/', ORIGIN))
      .toEqual({ href: 'https://grafana.example/d/1', external: true });
    expect(viewLink('javascript:alert(1)', '/nagiosxi/', ORIGIN)).toBeUndefined();
    expect(viewLink('//evil.example/x', '/nagiosxi/', ORIGIN)).toBeUndefined();
    expect(viewLink('java\tscript:alert(1)', '/nagiosxi/', ORIGIN)).toBeUndefined();
  });
});
