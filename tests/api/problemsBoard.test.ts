import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource, fixtureSnapshot, host, service, XSS } from './pagesFixture.js';
import { problemLists } from '../../server/src/monitoring/problemList.js';

const BOARD = 'includes/components/pharos/problemsboard.php';

/** The text of the board's rows, in order, e.g. "CRITICAL web01 Disk Usage". */
function rows(page: string, section: 'Unhandled problems' | 'Acknowledged or in downtime'): string[] {
  const m = new RegExp(`<section class="board-list[^"]*" aria-label="${section}">([\\s\\S]*?)</section>`).exec(page);
  if (!m) return [];
  return [...m[1]!.matchAll(/<li class="problem[^"]*">[\s\S]*?<span class="state">(\w+)<\/span>[\s\S]*?<span class="host">([^<]*)<\/span>(?:<span class="service">([^<]*)<\/span>)?/g)]
    .map((r) => [r[1], r[2], r[3]].filter(Boolean).join(' '));
}

describe('problems board page', () => {
  let ts: TestServer;
  let source: FakeSource;
  let admin: Client;
  beforeAll(async () => {
    source = new FakeSource();
    ts = await startTestServer({}, undefined, source);
    admin = new Client(ts.url);
    await admin.login();
  });
  afterAll(() => ts.close());

  it('shows the unhandled problem counts, the unhandled problems and the handled ones below', async () => {
    source.snap = fixtureSnapshot();
    const res = await admin.get(BOARD);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<span class="n">1<\/span> <span class="label">Host problem<\/span>/);
    expect(res.text).toMatch(/<span class="n">1<\/span> <span class="label">Service problem<\/span>/);
    // db01's MySQL is the down host's problem, not a separate one; router1 is acknowledged, web01 Load too.
    expect(rows(res.text, 'Unhandled problems')).toEqual(['DOWN db01', 'CRITICAL web01 Disk Usage']);
    expect(rows(res.text, 'Acknowledged or in downtime')).toEqual(['UNREACHABLE router1', 'WARNING web01 Load']);
    expect(res.text).toContain('Acknowledged</span>');
    expect(res.text).toMatch(/Data from <time datetime="[^"]+">[^<]+<\/time>, <span class="age-text">\d+s<\/span> old/);
    expect(res.text).toContain(`<script src="${new URL(ts.url).pathname}includes/js/problemsboard.js" defer></script>`);
  });

  it('escapes every engine string', async () => {
    source.snap = { ...fixtureSnapshot(), hosts: [host(`h${XSS}`, { current_state: 1, output: XSS })], services: [service('web01', `svc${XSS}`, { current_state: 2, output: XSS })] };
    source.snap.hosts.push(host('web01'));
    const res = await admin.get(BOARD);
    expect(res.text).not.toContain(XSS);
    expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('says "All systems OK" calmly when nothing is unhandled', async () => {
    source.snap = { ...fixtureSnapshot(), hosts: [host('web01')], services: [service('web01', 'HTTP'), service('web01', 'Load', { current_state: 1, scheduled_downtime_depth: 1 })] };
    const res = await admin.get(BOARD);
    expect(res.text).toContain('All systems OK');
    expect(res.text).toMatch(/<span class="n">0<\/span> <span class="label">Host problems<\/span>/);
    expect(rows(res.text, 'Unhandled problems')).toEqual([]);
    expect(rows(res.text, 'Acknowledged or in downtime')).toEqual(['WARNING web01 Load']);
    expect(res.text).toContain('In downtime</span>');
  });

  it('does not call an engine that has reported nothing yet "OK"', async () => {
    source.snap = { ...fixtureSnapshot(), updated: 0, hosts: [], services: [] };
    const res = await admin.get(BOARD);
    expect(res.text).toContain('Waiting for monitoring data');
    expect(res.text).toContain('No monitoring data received yet');
    expect(res.text).not.toContain('All systems OK');
  });

  it('says when its one engine is not running, and never calls its last data "All systems OK"; the system status agrees', async () => {
    const notice = '<p class="engines-silent" role="status"><span class="icon" aria-hidden="true">⚠</span> The monitoring engine is not running</p>';
    source.snap = { ...fixtureSnapshot(), hosts: [host('web01')], services: [service('web01', 'HTTP')] };
    expect((await admin.get(BOARD)).text).not.toContain(notice);
    source.running = false;
    try {
      const quiet = (await admin.get(BOARD)).text;
      expect(quiet).toContain(notice);
      expect(quiet).toContain('No problems in the engine&#39;s last data');
      expect(quiet).not.toContain('All systems OK');
      source.snap = fixtureSnapshot();
      const withProblems = (await admin.get(BOARD)).text;
      expect(withProblems).toContain(notice);
      expect(rows(withProblems, 'Unhandled problems')).toEqual(['DOWN db01', 'CRITICAL web01 Disk Usage']);
      // The tactical overview and the problems dashlet say it too.
      expect((await admin.get('includes/page-home-main.php')).text).toContain(notice);
      expect((await admin.get('dashboards/dashlet.php?dashboard=home&dashlet=home4')).text).toContain(notice);
    } finally {
      source.running = true;
    }
    // Running, but its status has not been written for too long: the engine reports itself as not running. The system
    // status (the top bar, the wallboard's strip) says the same as the board.
    const engineCode = async () => (await admin.get<{ daemons: { daemon: { id: string; return_code: number }[] } }>('api/v2/status/system'))
      .body.daemons.daemon.find((d) => d.id === 'nagioscore')?.return_code;
    source.snap = fixtureSnapshot();
    expect(await engineCode()).toBe(0);
    source.snap = { ...fixtureSnapshot(), program: { ...fixtureSnapshot().program, is_currently_running: 0 } };
    expect((await admin.get(BOARD)).text).toContain(notice);
    expect(await engineCode()).toBe(1);
  });

  it('renders at most 400 rows and counts the rest as "+N more"', async () => {
    const services = Array.from({ length: 450 }, (_, i) => service('web01', `svc${i}`, { current_state: 2 }));
    source.snap = { ...fixtureSnapshot(), hosts: [host('web01')], services };
    const res = await admin.get(BOARD);
    expect(rows(res.text, 'Unhandled problems')).toHaveLength(400);
    expect(res.text).toMatch(/<p class="more" data-extra="50" data-text="\+\{n\} more">\+50 more<\/p>/);
  });

  it('needs a session', async () => {
    const res = await new Client(ts.url).get(BOARD);
    expect(res.status).toBe(302);
  });
});

describe('problem order', () => {
  it('sorts by severity (host states first), then the longest-standing first', () => {
    const now = 1_000_000;
    const snap = {
      hosts: [host('a', { current_state: 2, last_state_change: now - 10 }), host('b', { current_state: 1, last_state_change: now - 5 }), host('c')],
      services: [
        service('c', 'w-old', { current_state: 1, last_state_change: now - 100 }), service('c', 'crit', { current_state: 2, last_state_change: now - 1 }),
        service('c', 'unk', { current_state: 3, last_state_change: now - 1 }), service('c', 'w-new', { current_state: 1, last_state_change: now - 2 }),
        service('c', 'pending', { current_state: 2, has_been_checked: 0 }),
      ],
    };
    expect(problemLists(snap).unhandled.map((p) => `${p.state} ${p.service || p.host}`)).toEqual([
      'DOWN b', 'UNREACHABLE a', 'CRITICAL crit', 'UNKNOWN unk', 'WARNING w-old', 'WARNING w-new',
    ]);
  });
});
