/**
 * The problems board and every dashlet against a real Nagios Core 4 engine (tests/nagios/engine.ts): hosts UP, DOWN
 * and UNREACHABLE, services in every state, plugin output with HTML in it.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostStatus, ServiceStatus } from '../../server/src/monitoring/source.js';
import { DASHLET_TYPES, type Dashlet } from '../../server/src/dashlets/catalogue.js';
import type { Dashboard } from '../../src/lib/apiTypes.js';
import { useTestServer } from '../api/useTestServer.js';
import { useEngine } from '../support/useEngine.js';
import { HOSTS, SERVICES, startNagios } from './engine.js';

const engine = useEngine('the Nagios engine', startNagios);
const { admin } = useTestServer({ config: () => ({ nagiosCfg: engine.cfgPath }) });

beforeAll(async () => {
  await vi.waitFor(async () => {
    const hosts = (await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host')).body.hoststatus;
    const services = (await admin.get<{ servicestatus: ServiceStatus[] }>('api/v2/status/service')).body.servicestatus;
    expect(hosts.filter((h) => h.has_been_checked)).toHaveLength(3);
    expect(hosts.find((h) => h.host_name === HOSTS.unreachable)?.current_state).toBe(2);
    expect(services.filter((s) => s.has_been_checked)).toHaveLength(SERVICES.length);
  }, { timeout: 20000, interval: 250 });
}, 60000);

const write = (method: string, path: string, form: Record<string, string>) =>
  admin.request(method, path, { form: { ...form, nsp: admin.nsp } });

describe('on a running Nagios Core 4 engine', () => {
  it('the problems board lists the engine\'s unhandled problems, hosts first, with their plugin output', async () => {
    const page = (await admin.get('includes/components/pharos/problemsboard.php')).text;
    expect(page).toMatch(/<span class="n">2<\/span> <span class="label">Host problems<\/span>/);
    expect(page).toMatch(/<span class="n">3<\/span> <span class="label">Service problems<\/span>/);
    const states = [...page.matchAll(/<span class="state">(\w+)<\/span>/g)].map((m) => m[1]);
    expect(states).toEqual(['DOWN', 'UNREACHABLE', 'CRITICAL', 'UNKNOWN', 'WARNING']);
    expect(page).toContain('CRITICAL - connection refused');
    expect(page).not.toContain('All systems OK');
  });

  it('renders every dashlet from the engine\'s data', async () => {
    const dashboard = (await write('POST', 'api/v2/dashboards', { title: 'Engine' })).body as Dashboard;
    const options: Record<string, Record<string, string>> = {
      note: { text: 'engine <note>' }, page: { url: 'includes/components/xicore/status.php?show=services' }, servicestatus: { servicegroup: 'frontend' },
    };
    const html: Record<string, string> = {};
    for (const type of DASHLET_TYPES) {
      const res = await write('POST', 'api/v2/dashboards/dashlets', { dashboard: dashboard.id, type, ...options[type] });
      expect(res.status, type).toBe(200);
      const page = await admin.get(`dashboards/dashlet.php?dashboard=${dashboard.id}&dashlet=${(res.body as Dashlet).id}`);
      expect(page.status, type).toBe(200);
      html[type] = page.text;
    }
    expect(html.hoststatus).toMatch(/<span class="count">1<\/span> <span class="label">Up<\/span>[\s\S]*<span class="count">1<\/span> <span class="label">Down<\/span>[\s\S]*<span class="count">1<\/span> <span class="label">Unreachable<\/span>/);
    expect(html.servicestatus).toMatch(/<span class="count">1<\/span> <span class="label">OK<\/span>[\s\S]*<span class="count">0<\/span> <span class="label">Warning<\/span>[\s\S]*<span class="count">1<\/span> <span class="label">Critical<\/span>/);
    expect([...html.problems!.matchAll(/<span class="host">([^<]+)<\/span>(?:<span class="service">([^<]+)<\/span>)?/g)].map((m) => [m[1], m[2]].filter(Boolean).join('/')))
      .toEqual(['db-01', 'app-01', 'web-01/Load', 'web-01/Backup', 'web-01/Disk Usage']);
    expect(html.hostgroups).toMatch(/Databases<\/span> <span class="badge state-critical">DOWN<\/span>/);
    expect(html.hostgroups).toMatch(/Web Servers<\/span> <span class="badge state-unknown">UNREACHABLE<\/span>/);
    expect(html.servicegroups).toMatch(/Front End<\/span> <span class="badge state-critical">CRITICAL<\/span>/);
    expect(html.engine).toContain('<span class="badge state-ok">Running</span>');
    expect(html.tactical).toMatch(/<span class="count">3<\/span> <span class="label">Service problems<\/span>/);
    expect(html.clock).toMatch(/<time class="time" datetime="[^"]+">\d\d:\d\d:\d\d<\/time>/);
    expect(html.note).toContain('engine &lt;note&gt;');
    expect(html.page).toContain('show=services"');
  });

  it('marks the engine as not running in the engine dashlet once it stops', async () => {
    const dashboard = (await write('POST', 'api/v2/dashboards', { title: 'Stopping' })).body as Dashboard;
    const d = (await write('POST', 'api/v2/dashboards/dashlets', { dashboard: dashboard.id, type: 'engine' })).body as Dashlet;
    await engine!.stop();
    await vi.waitFor(async () => {
      expect((await admin.get(`dashboards/dashlet.php?dashboard=${dashboard.id}&dashlet=${d.id}`)).text).toContain('Not running');
    }, { timeout: 20000, interval: 250 });
  });
});
