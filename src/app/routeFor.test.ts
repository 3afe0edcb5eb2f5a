import { describe, expect, it } from 'vitest';
import { routeFor } from '../lib/routeFor';
import { APP_ROUTE_PATHS } from '../lib/appRoutes';
import { ccmFramePath } from './CcmFrame';
import { aboutPageFor } from './AboutLayout';

describe('routeFor (spec 2.1)', () => {
  it('maps home, the framed sections, about, ccm, native screens and the wallboard', () => {
    expect(routeFor('/')).toEqual({ kind: 'framed', section: 'home' });
    expect(routeFor('/index.php')).toEqual({ kind: 'framed', section: 'home' });
    for (const s of ['views', 'dashboards', 'reports', 'config', 'help', 'admin', 'tools', 'account', 'enterprise']) {
      for (const p of [`/${s}`, `/${s}/`, `/${s}/index.php`]) expect(routeFor(p)).toEqual({ kind: 'framed', section: s });
    }
    for (const p of ['/about', '/about/', '/about/index.php']) expect(routeFor(p)).toEqual({ kind: 'about' });
    expect(routeFor('/includes/components/ccm/xi-index.php')).toEqual({ kind: 'ccm' });
    expect(routeFor('/config/main.php')).toEqual({ kind: 'framed', section: 'config', path: 'config/main.php' });
    expect(routeFor('/tools/mytools.php')).toEqual({ kind: 'framed', section: 'tools', path: 'tools/mytools.php' });
    expect(routeFor('/dashboards/manage.php')).toEqual({ kind: 'framed', section: 'dashboards', path: 'dashboards/manage.php' });
    expect(routeFor('/wallboard')).toEqual({ kind: 'wallboard' });
  });

  it('matches exactly, like the server', () => {
    expect(routeFor('/indexXphp').kind).toBe('notFound');
    expect(routeFor('/Views').kind).toBe('notFound');
    expect(routeFor('/admin/users.php').kind).toBe('notFound');
  });

  it('knows every path the service worker treats as an app route', () => {
    for (const p of APP_ROUTE_PATHS) expect(routeFor(`/${p}`).kind).not.toBe('notFound');
  });
});

describe('ccmFramePath', () => {
  it('passes on type, cmd, id, search and name_filter only', () => {
    expect(ccmFramePath('?type=host&cmd=modify&id=4&search=web&name_filter=w&evil=1'))
      .toBe('includes/components/ccm/index.php?type=host&cmd=modify&id=4&search=web&name_filter=w');
    expect(ccmFramePath('')).toBe('includes/components/ccm/index.php');
  });
});

describe('aboutPageFor', () => {
  it('maps the legal and license flags', () => {
    expect(aboutPageFor('?legal')).toBe('legal');
    expect(aboutPageFor('?license')).toBe('license');
    expect(aboutPageFor('')).toBe('main');
  });
});
