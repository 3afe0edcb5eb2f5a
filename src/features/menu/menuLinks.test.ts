import { describe, expect, it } from 'vitest';
import { BASE } from '../../lib/base';
import { entryLink, inFrameHref, sectionHref } from './menuLinks';

const admin = { id: 'admin' as const, path: 'admin/' };
const home = { id: 'home' as const, path: '' };
const ccm = { id: 'ccm' as const, path: 'includes/components/ccm/xi-index.php' };

describe('sectionHref', () => {
  it('sends Home to the base and other sections to their root route', () => {
    expect(sectionHref(home)).toBe(BASE);
    expect(sectionHref(admin)).toBe(`${BASE}admin/`);
  });
});

describe('inFrameHref', () => {
  it('addresses pages inside the section folder relative to it', () => {
    expect(inFrameHref(admin, 'admin/sysstat.php?pageopt=monitoringengine')).toBe(`${BASE}admin/?xiwindow=sysstat.php%3Fpageopt%3Dmonitoringengine`);
  });
  it('addresses home pages from the base and pages outside the section by their full path', () => {
    expect(inFrameHref(home, 'includes/page-home-main.php')).toBe(`${BASE}?xiwindow=includes%2Fpage-home-main.php`);
    expect(inFrameHref(admin, 'config/deployagent.php')).toBe(`${BASE}admin/?xiwindow=${encodeURIComponent(`${BASE}config/deployagent.php`)}`);
  });
  it('passes the object browser query to the CCM route', () => {
    expect(inFrameHref(ccm, 'includes/components/ccm/index.php?type=host')).toBe(`${BASE}includes/components/ccm/xi-index.php?type=host`);
  });
});

describe('entryLink', () => {
  it('loads maincontentframe entries in the frame', () => {
    expect(entryLink(admin, { path: 'admin/users.php', target: 'maincontentframe' })).toEqual({ type: 'frame', href: `${BASE}admin/?xiwindow=users.php` });
  });
  it('loads in-frame entries saved as a full address of this site in the frame, and foreign ones in a new tab', () => {
    const views = { id: 'views' as const, path: 'views/' };
    const own = `${window.location.origin}${BASE}includes/components/xicore/status.php?show=services`;
    expect(entryLink(views, { path: own, target: 'maincontentframe' })).toEqual({ type: 'frame', href: inFrameHref(views, 'includes/components/xicore/status.php?show=services') });
    expect(entryLink(views, { path: 'https://evil.example/x', target: 'maincontentframe' })).toEqual({ type: 'link', href: 'https://evil.example/x', target: '_blank', rel: 'noopener noreferrer' });
  });
  it('navigates the whole app for _top entries', () => {
    expect(entryLink(admin, { path: 'dashboards/manage.php', target: '_top' })).toEqual({ type: 'top', href: `${BASE}dashboards/manage.php` });
  });
  it('opens _blank entries in a new tab without an opener', () => {
    expect(entryLink(admin, { path: 'https://example.com/x', target: '_blank' })).toEqual({ type: 'link', href: 'https://example.com/x', target: '_blank', rel: 'noopener noreferrer' });
  });
  it('never turns # entries into links', () => {
    expect(entryLink(admin, { path: '#', target: '' })).toEqual({ type: 'action' });
    expect(entryLink(admin, { path: 'javascript:alert(1)', target: '' })).toEqual({ type: 'action' });
  });
});
