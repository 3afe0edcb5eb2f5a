import { describe, expect, it } from 'vitest';
import { parseWallboardParams, wallboardUrl } from './params';

const BASE = '/nagiosxi/';
const ORIGIN = 'http://127.0.0.1:8080';
const parse = (search: string) => parseWallboardParams(search, BASE, ORIGIN);

describe('wallboard parameters', () => {
  it('with none: My Views, the stored speed, the strip at the bottom, from the first item', () => {
    expect(parse('')).toEqual({ sources: [], durations: [], strip: 'bottom', start: 0, alertSeconds: 30, nightMode: 'dim', sound: false, notices: [] });
  });

  it('reads views by number, dashboards by id and pages, in the order given', () => {
    const config = parse('?views=0,2,5&page=includes/components/xicore/status.php%3Fshow%3Dhosts&dashboards=home,12');
    expect(config.sources).toEqual([
      { kind: 'view', index: 0 }, { kind: 'view', index: 2 }, { kind: 'view', index: 5 },
      { kind: 'page', path: '/nagiosxi/includes/components/xicore/status.php?show=hosts' },
      { kind: 'dashboard', id: 'home' }, { kind: 'dashboard', id: '12' },
    ]);
    expect(config.notices).toEqual([]);
  });

  it('takes page= more than once, and refuses hostile pages with a notice', () => {
    const config = parse('?page=admin/main.php&page=javascript:alert(1)&page=//evil.example/&page=https://evil.example/nagiosxi/&page=help/main.php');
    expect(config.sources).toEqual([{ kind: 'page', path: '/nagiosxi/admin/main.php' }, { kind: 'page', path: '/nagiosxi/help/main.php' }]);
    expect(config.notices.map((n) => [n.name, n.value, n.rule])).toEqual([
      ['page', 'javascript:alert(1)', 'wallboard.rule.page'],
      ['page', '//evil.example/', 'wallboard.rule.page'],
      ['page', 'https://evil.example/nagiosxi/', 'wallboard.rule.page'],
    ]);
  });

  it('reads speed, durations, theme, strip, start and reload', () => {
    expect(parse('?speed=30&durations=30,10,10&theme=neptunelight&strip=top&start=2&reload=03:30')).toEqual({
      sources: [], durations: [30, 10, 10], speed: 30, theme: 'neptunelight', strip: 'top', start: 2, reload: { hours: 3, minutes: 30 },
      alertSeconds: 30, nightMode: 'dim', sound: false, notices: [],
    });
  });

  it('reads the alert, night and sound parameters (issue 10)', () => {
    expect(parse('?alerts=off&alertseconds=45&night=22:00-06:30&nightmode=blank&sound=on')).toMatchObject({
      alerts: false, alertSeconds: 45, night: { from: { hours: 22, minutes: 0 }, to: { hours: 6, minutes: 30 } }, nightMode: 'blank', sound: true, notices: [],
    });
    expect(parse('?alerts=1&sound=0')).toMatchObject({ alerts: true, sound: false });
    const bad = parse('?alerts=maybe&alertseconds=5&night=22:00&nightmode=off&sound=loud&night=06:00-06:00');
    expect(bad.notices.map((n) => [n.name, n.rule])).toEqual([
      ['alerts', 'wallboard.rule.onOff'], ['alertseconds', 'wallboard.rule.alertSeconds'], ['night', 'wallboard.rule.night'],
      ['nightmode', 'wallboard.rule.nightMode'], ['sound', 'wallboard.rule.onOff'], ['night', 'wallboard.rule.night'],
    ]);
    expect(bad).toMatchObject({ alertSeconds: 30, nightMode: 'dim', sound: false });
    expect(bad.alerts).toBeUndefined();
    expect(bad.night).toBeUndefined();
  });

  it('reads a night playlist, nightmode=views:<list>, and refuses a bad list with a notice (dimming stays)', () => {
    expect(parse('?night=22:00-06:00&nightmode=views:3,1')).toMatchObject({
      nightMode: 'views', nightViews: [{ kind: 'view', index: 3 }, { kind: 'view', index: 1 }], notices: [],
    });
    for (const bad of ['views:', 'views:1,x', 'views:-1', 'view:1']) {
      const config = parse(`?night=22:00-06:00&nightmode=${bad}`);
      expect(config.nightMode, bad).toBe('dim');
      expect(config.nightViews, bad).toBeUndefined();
      expect(config.notices.map((n) => [n.name, n.rule]), bad).toEqual([['nightmode', 'wallboard.rule.nightMode']]);
    }
  });

  it('ignores every invalid value with one notice each, and keeps the valid ones', () => {
    const config = parse('?views=1,x,-2&dashboards=ok,bad%20id&speed=5&durations=30,abc&theme=pink&strip=left&start=-1&reload=25:00&colour=red');
    expect(config.sources).toEqual([{ kind: 'view', index: 1 }, { kind: 'dashboard', id: 'ok' }]);
    expect(config.speed).toBeUndefined();
    expect(config.durations).toEqual([]);
    expect(config.theme).toBeUndefined();
    expect(config.strip).toBe('bottom');
    expect(config.start).toBe(0);
    expect(config.reload).toBeUndefined();
    expect(config.notices.map((n) => n.name)).toEqual(['views', 'views', 'dashboards', 'speed', 'durations', 'theme', 'strip', 'start', 'reload', 'colour']);
  });

  it('keeps the speed within 10 to 60 seconds (spec 5)', () => {
    expect(parse('?speed=10').speed).toBe(10);
    expect(parse('?speed=60').speed).toBe(60);
    expect(parse('?speed=61').speed).toBeUndefined();
    expect(parse('?speed=9').speed).toBeUndefined();
  });

  it('builds the address from the link dialog\'s choices', () => {
    expect(wallboardUrl({ views: '0,1', pages: ['admin/main.php'], speed: '20', strip: 'top' }, ORIGIN))
      .toBe('http://127.0.0.1:8080/wallboard?views=0%2C1&page=admin%2Fmain.php&speed=20&strip=top');
    expect(wallboardUrl({}, ORIGIN)).toBe('http://127.0.0.1:8080/wallboard');
  });

  it('takes at most 100 items, and names the rest in a notice', () => {
    const config = parse(`?views=${Array.from({ length: 500 }, (_, i) => i).join(',')}`);
    expect(config.sources).toHaveLength(100);
    expect(config.notices).toEqual([{ name: 'views', value: '100,101,102,… (400)', rule: 'wallboard.rule.tooMany' }]);
    expect(parse('?views=0,1,2').notices).toEqual([]);
  });
});
