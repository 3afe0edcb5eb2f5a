import { afterEach, describe, expect, it } from 'vitest';
import { createFrameModel, isSafeFrameTarget, nativeScreenFor, resolveXiwindow } from './model';

const frame = createFrameModel({ location: window.location, history: window.history });
const { currentLocation, forceRender, src: frameSrc, srcNoBase: frameSrcNoBase } = frame;
const openInFrame = frame.open;
const recordFrameLocation = frame.recordLocation;

const BASE = '/nagiosxi/';
const ORIGIN = 'http://127.0.0.1:8080';
const safe = (raw: string) => isSafeFrameTarget(raw, BASE, ORIGIN);

/** Every one of these must be refused: they leave the origin, run script, or escape the base. */
export const HOSTILE_TARGETS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript://%0Aalert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript&colon;alert(1)'.replace('&colon;', ':'),
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'blob:http://127.0.0.1:8080/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
  'file:///etc/passwd',
  'ftp://127.0.0.1/nagiosxi/',
  'about:blank',
  'mailto:root@example.com',
  'http://evil.example/nagiosxi/index.php',
  'https://evil.example/',
  'https://127.0.0.1:8080/nagiosxi/admin/main.php',
  'http://127.0.0.1:9999/nagiosxi/admin/main.php',
  'http://127.0.0.1:8080@evil.example/nagiosxi/',
  'http://user:pass@127.0.0.1:8080/nagiosxi/',
  'http:evil.example',
  'http:/evil.example',
  'http:\\\\evil.example',
  'https:\\\\evil.example\\nagiosxi\\',
  '//evil.example/nagiosxi/',
  '///evil.example/',
  '\\\\evil.example\\share',
  '/\\evil.example',
  '\\/evil.example',
  '%2F%2Fevil.example',
  '%2f%2fevil.example/nagiosxi/',
  '%252F%252Fevil.example',
  '/nagiosxi/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/nagiosxi/..%2F..%2Fetc/passwd',
  '/nagiosxi/../etc/passwd',
  '../../etc/passwd',
  '/nagiosxi/%2e%2e/admin',
  '/other-app/index.php',
  '/nagiosxi',
  '/',
  'http://127.0.0.1:8080/',
  'http://127.0.0.1:8080/elsewhere/page.php',
  '/nagiosxi/admin/main.php\n',
  'admin/main.php ',
  '/nagiosxi/ad min/main.php',
  '/nagiosxi/%0d%0aSet-Cookie:x=1',
  '/nagiosxi/%E0%A4%A',
  'x:y',
  '',
];

describe('isSafeFrameTarget', () => {
  it.each(HOSTILE_TARGETS)('refuses %j', (raw) => {
    expect(safe(raw)).toBeNull();
  });

  it('has at least 30 hostile cases', () => {
    expect(HOSTILE_TARGETS.length).toBeGreaterThanOrEqual(30);
  });

  it.each([
    ['includes/page-home-main.php', '/nagiosxi/includes/page-home-main.php'],
    ['/nagiosxi/admin/main.php', '/nagiosxi/admin/main.php'],
    ['http://127.0.0.1:8080/nagiosxi/reports/statussummary.php', '/nagiosxi/reports/statussummary.php'],
    ['includes/components/xicore/status.php?show=services&search=a%2Fb', '/nagiosxi/includes/components/xicore/status.php?show=services&search=a%2Fb'],
    ['includes/components/xicore/status.php?show=services&search=http://x//y', '/nagiosxi/includes/components/xicore/status.php?show=services&search=http://x//y'],
    ['dashboards/dashboard.php?id=home#top', '/nagiosxi/dashboards/dashboard.php?id=home#top'],
    ['views/../admin/users.php', '/nagiosxi/admin/users.php'],
  ])('accepts %j as %j', (raw, expected) => {
    expect(safe(raw)).toBe(expected);
  });

  it('works with the root as base', () => {
    expect(isSafeFrameTarget('admin/main.php', '/', ORIGIN)).toBe('/admin/main.php');
    expect(isSafeFrameTarget('//evil.example/', '/', ORIGIN)).toBeNull();
  });
});

describe('resolveXiwindow', () => {
  it('resolves relative to the section path, or to the base when it starts with the full base path', () => {
    expect(resolveXiwindow('main.php', 'views/', BASE, ORIGIN)).toBe('/nagiosxi/views/main.php');
    expect(resolveXiwindow('includes/page-home-main.php', '', BASE, ORIGIN)).toBe('/nagiosxi/includes/page-home-main.php');
    expect(resolveXiwindow('/nagiosxi/admin/users.php', 'views/', BASE, ORIGIN)).toBe('/nagiosxi/admin/users.php');
  });

  it('refuses hostile values in either form', () => {
    for (const raw of HOSTILE_TARGETS) {
      expect(resolveXiwindow(raw, 'views/', BASE, ORIGIN)).toBeNull();
      expect(resolveXiwindow(raw, '', BASE, ORIGIN)).toBeNull();
    }
  });
});

describe('nativeScreenFor', () => {
  it('maps the six native paths and nothing else', () => {
    expect(nativeScreenFor('config/main.php')).toBe('configOptions');
    expect(nativeScreenFor('tools/main.php')).toBe('tools');
    expect(nativeScreenFor('tools/mytools.php?x=1')).toBe('myTools');
    expect(nativeScreenFor('tools/commontools.php')).toBe('commonTools');
    expect(nativeScreenFor('enterprise/enterprise.php')).toBe('enterprise');
    expect(nativeScreenFor('dashboards/manage.php#x')).toBe('manageDashboards');
    expect(nativeScreenFor('admin/main.php')).toBeNull();
    expect(nativeScreenFor('toString')).toBeNull();
    expect(nativeScreenFor('__proto__')).toBeNull();
  });
});

describe('openInFrame', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('opens safe pages, counts every change and records xiwindow; ignores unsafe ones', () => {
    const before = forceRender.value;
    expect(openInFrame('admin/main.php')).toBe(true);
    expect(frameSrc.value).toBe('/admin/main.php');
    expect(frameSrcNoBase.value).toBe('admin/main.php');
    expect(new URLSearchParams(window.location.search).get('xiwindow')).toBe('/admin/main.php');
    expect(openInFrame('admin/main.php')).toBe(true);
    expect(forceRender.value).toBe(before + 2);
    expect(openInFrame('javascript:alert(1)')).toBe(false);
    expect(frameSrc.value).toBe('/admin/main.php');
    expect(forceRender.value).toBe(before + 2);
  });
});

describe('recordFrameLocation', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('makes a page the frame moved to by itself the frame page and the xiwindow, without a reload', () => {
    openInFrame('includes/components/xicore/status.php?show=hosts');
    const renders = forceRender.value;
    const entries = window.history.length;
    recordFrameLocation('/includes/components/xicore/status.php?show=hostdetail&host=web01');
    expect(currentLocation.value).toBe('/includes/components/xicore/status.php?show=hostdetail&host=web01');
    expect(frameSrc.value).toBe('/includes/components/xicore/status.php?show=hostdetail&host=web01');
    expect(new URLSearchParams(window.location.search).get('xiwindow')).toBe('/includes/components/xicore/status.php?show=hostdetail&host=web01');
    expect(forceRender.value).toBe(renders);
    expect(window.history.length).toBe(entries);
  });

  it('leaves the address alone when the frame is where it was sent, and ignores unsafe locations', () => {
    openInFrame('help/main.php');
    window.history.replaceState(null, '', '/?xiwindow=help/main.php');
    recordFrameLocation('/help/main.php');
    expect(window.location.search).toBe('?xiwindow=help/main.php');
    recordFrameLocation('//evil.example/x');
    expect(frameSrc.value).toBe('/help/main.php');
    expect(window.location.search).toBe('?xiwindow=help/main.php');
  });
});

describe('history modes and failed loads', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('opens without a history entry or address change for rotation, and replaces the entry when asked', () => {
    window.history.replaceState(null, '', '/?xiwindow=help/main.php');
    const entries = window.history.length;
    expect(openInFrame('admin/main.php', 'none')).toBe(true);
    expect(frameSrc.value).toBe('/admin/main.php');
    expect(window.location.search).toBe('?xiwindow=help/main.php');
    expect(openInFrame('reports/main.php', 'replace')).toBe(true);
    expect(new URLSearchParams(window.location.search).get('xiwindow')).toBe('/reports/main.php');
    expect(window.history.length).toBe(entries);
  });

  it('reloads a page whose load failed, once, and leaves a good page alone', () => {
    openInFrame('admin/main.php', 'none');
    const renders = forceRender.value;
    frame.reloadIfFailed();
    expect(forceRender.value).toBe(renders);
    frame.markFailed();
    expect(frame.failed.value).toBe(true);
    frame.reloadIfFailed();
    expect(forceRender.value).toBe(renders + 1);
    expect(frame.failed.value).toBe(false);
    frame.reloadIfFailed();
    expect(forceRender.value).toBe(renders + 1);
  });
});
