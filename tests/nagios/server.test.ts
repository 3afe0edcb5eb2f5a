/**
 * The whole server against a real Nagios Core 4 engine: the API, classic pages, suggestions and command forms must
 * show what the engine reports, and commands sent from a detail page must reach the engine and come back in status.dat.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostStatus, ProgramStatus, ServiceStatus } from '../../server/src/monitoring/source.js';
import type { AlertChanges, SearchSuggestion, SystemStatus } from '../../src/lib/apiTypes.js';
import { decodeEntities, formOf, objectRows } from '../api/classicPages.js';
import { HOST_PROBLEMS, SERVICE_PROBLEMS } from '../api/shellQueries.js';
import { useTestServer } from '../api/useTestServer.js';
import { useEngine } from '../support/useEngine.js';
import { CHECKS, HOSTS, SERVICES, startNagios } from './engine.js';

const STATUS = 'includes/components/xicore/status.php';
const WAIT = { timeout: 20000, interval: 250 };

const HOST_STATE_TEXT: Record<string, string> = { [HOSTS.up]: 'UP', [HOSTS.down]: 'DOWN', [HOSTS.unreachable]: 'UNREACHABLE' };
const SERVICE_STATE_TEXT = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'];
const OUTPUT_OF = Object.fromEntries(SERVICES.map((s) => [`${s.host}/${s.description}`, CHECKS[s.check].output]));
/** Services the shell counts as unhandled problems: not OK, on a host that is UP. */
const UNHANDLED_SERVICES = SERVICES.filter((s) => s.state !== 0 && s.host === HOSTS.up);

const engine = useEngine('the Nagios engine', startNagios);
const { ts, admin } = useTestServer({ config: () => ({ nagiosCfg: engine.cfgPath }) });
let origin: string;
let basePath: string;

interface ListRow { host: string; service: string | undefined; state: string; output: string }

/** Rows of a classic list table: object names from their detail links, the state label, and the output cell as sent (escaped HTML). */
function listRows(page: string): ListRow[] {
  return objectRows(page).map(({ row, params }) => ({
    host: params.get('host') ?? '', service: params.get('service') ?? undefined,
    state: /<span class="badge state-\w+">(\w+)<\/span>/.exec(row)?.[1] ?? '',
    output: /<td class="output">([\s\S]*?)<\/td>/.exec(row)?.[1] ?? '',
  }));
}

const names = (rows: ListRow[]) => rows.map((r) => (r.service === undefined ? r.host : `${r.host}/${r.service}`)).sort();

/** Blocks of status.dat as written by the engine, e.g. `servicestatus { host_name=... }`. */
function statusBlocks(type: string): Record<string, string>[] {
  const text = fs.readFileSync(engine.statusFile, 'utf8');
  return [...text.matchAll(/^(\w+) \{\n([\s\S]*?)\n\t\}$/gm)].filter(([, t]) => t === type).map(([, , body]) =>
    Object.fromEntries(body!.split('\n').map((line) => {
      const kv = line.trim();
      const eq = kv.indexOf('=');
      return [kv.slice(0, eq), kv.slice(eq + 1)];
    })));
}

const totals = async (query: string) => (await admin.get<{ recordcount: number }>(query)).body.recordcount;
const relative = (absolutePath: string) => absolutePath.slice(basePath.length);

beforeAll(async () => {
  ({ origin, pathname: basePath } = new URL(ts.url));
  await vi.waitFor(async () => {
    const hosts = (await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host')).body.hoststatus;
    const services = (await admin.get<{ servicestatus: ServiceStatus[] }>('api/v2/status/service')).body.servicestatus;
    expect(hosts.filter((h) => h.has_been_checked).map((h) => [h.host_name, h.current_state]).sort())
      .toEqual([[HOSTS.unreachable, 2], [HOSTS.down, 1], [HOSTS.up, 0]]);
    expect(services.filter((s) => s.has_been_checked)).toHaveLength(SERVICES.length);
  }, WAIT);
}, 60000);

describe('the server on a running Nagios Core 4 engine', () => {
  it('counts the engine\'s unhandled problems with the shell\'s queries, and lists them with the engine\'s output', async () => {
    expect(await totals(HOST_PROBLEMS)).toBe(2);
    expect(await totals(SERVICE_PROBLEMS)).toBe(UNHANDLED_SERVICES.length);

    const hosts = await admin.get<{ recordcount: number; hoststatus: HostStatus[] }>(HOST_PROBLEMS.replace('&totals=1', ''));
    expect(hosts.body.hoststatus.map((h) => [h.host_name, h.output]).sort()).toEqual([
      [HOSTS.unreachable, CHECKS.critical.output], [HOSTS.down, CHECKS.critical.output],
    ]);
    const services = await admin.get<{ servicestatus: (ServiceStatus & { host_current_state: number })[] }>(SERVICE_PROBLEMS.replace('&totals=1', ''));
    expect(services.body.servicestatus.map((s) => [`${s.host_name}/${s.service_description}`, s.current_state, s.output, s.host_current_state]).sort())
      .toEqual(UNHANDLED_SERVICES.map((s) => [`${s.host}/${s.description}`, s.state, CHECKS[s.check].output, 0]).sort());
  });

  it('lists every engine service and host with its state and output on the status pages', async () => {
    const services = listRows((await admin.get(`${STATUS}?show=services`)).text);
    expect(services.map((r) => [`${r.host}/${r.service}`, r.state]).sort())
      .toEqual(SERVICES.map((s) => [`${s.host}/${s.description}`, SERVICE_STATE_TEXT[s.state]]).sort());
    for (const r of services) {
      const expected = OUTPUT_OF[`${r.host}/${r.service}`]!;
      expect(decodeEntities(r.output), `${r.host}/${r.service}`).toBe(expected);
    }

    const hosts = listRows((await admin.get(`${STATUS}?show=hosts`)).text);
    expect(hosts.map((r) => [r.host, r.state]).sort()).toEqual(Object.entries(HOST_STATE_TEXT).sort());
    expect(hosts.find((r) => r.host === HOSTS.down)?.output).toBe(CHECKS.critical.output);
  });

  it('shows plugin output with HTML as text, never as markup', async () => {
    for (const show of ['services', 'hosts']) {
      const page = (await admin.get(`${STATUS}?show=${show}`)).text;
      expect(page, show).toContain('OK - &lt;b&gt;fine&lt;/b&gt; answer=42');
      expect(page, show).not.toContain('<b>fine</b>');
    }
    const detail = (await admin.get(`${STATUS}?show=servicedetail&host=web-01&service=HTTP`)).text;
    expect(detail).toContain('&lt;b&gt;fine&lt;/b&gt;');
    expect(detail).not.toContain('<b>fine</b>');
    expect(detail).toContain('path C:\\temp');
  });

  it('filters the status pages by state, host and search', async () => {
    const list = async (query: string) => names(listRows((await admin.get(`${STATUS}?${query}`)).text));
    expect(await list('show=services&state=critical')).toEqual(['db-01/MySQL', 'web-01/Load']);
    expect(await list('show=services&state=1,3')).toEqual(['web-01/Backup', 'web-01/Disk Usage']);
    expect(await list('show=hosts&state=down,unreachable')).toEqual([HOSTS.unreachable, HOSTS.down]);
    expect(await list('show=hosts&state=0')).toEqual([HOSTS.up]);
    expect(await list(`show=services&host=${HOSTS.up}`)).toEqual(['web-01/Backup', 'web-01/Disk Usage', 'web-01/HTTP', 'web-01/Load']);
    expect(await list(`show=hosts&host=${HOSTS.down}`)).toEqual([HOSTS.down]);
    expect(await list('show=services&search=refused')).toEqual(['db-01/MySQL', 'web-01/Load']);
    expect(await list('show=services&search=answer%3D42')).toEqual(['web-01/HTTP']);
    expect(await list('show=hosts&search=192.0.2')).toEqual([HOSTS.unreachable, HOSTS.down]);
    expect(await list('show=hosts&search=web+server')).toEqual([HOSTS.up]);
  });

  it('reports the engine process and its checks in the system and program status', async () => {
    const system = (await admin.get<SystemStatus>('api/v2/status/system')).body;
    expect(system.daemons.daemon.find((d) => d.id === 'nagioscore')).toMatchObject({
      display_name: 'Monitoring Engine', return_code: 0, display_status: 'Running', status: `nagios (pid ${engine.pid}) is running...`,
    });
    expect(system.nagioscore.activehostchecks.val1).toBeGreaterThan(0);
    expect(system.nagioscore.activeservicechecks.val1).toBeGreaterThan(0);
    expect(system.nagioscore.activeservicechecks.val15).toBeGreaterThanOrEqual(SERVICES.length);

    const program = (await admin.get<ProgramStatus>('api/v2/status/program')).body;
    expect(program).toMatchObject({ is_currently_running: 1, process_id: engine.pid, program_end_time: 0, notifications_enabled: 0 });
    expect(program.program_start_time).toBeGreaterThan(0);
  });

  it('suggests the engine\'s hosts, services and groups with links to their pages', async () => {
    const suggest = async (term: string) => (await admin.get<SearchSuggestion[]>(`suggest.php?type=multi&term=${encodeURIComponent(term)}`)).body;
    const status = `${basePath}${STATUS}?`;
    expect(await suggest('web')).toEqual([
      { category: 'Hosts', value: HOSTS.up, label: 'web-01 (Web Server 1)', url: `${status}show=hostdetail&host=web-01` },
      { category: 'Host Groups', value: 'web-servers', label: 'Web Servers (web-servers)', url: `${status}show=hostgroups&hostgroup=web-servers` },
    ]);
    expect(await suggest('load')).toEqual([
      { category: 'Services', value: 'Load', label: 'web-01 / Load', url: `${status}show=servicedetail&host=web-01&service=Load` },
    ]);
    expect(await suggest('front')).toEqual([
      { category: 'Service Groups', value: 'frontend', label: 'Front End (frontend)', url: `${status}show=servicegroups&servicegroup=frontend` },
    ]);
    expect((await suggest('data')).map((s) => [s.category, s.value])).toEqual([['Hosts', HOSTS.down], ['Host Groups', 'databases']]);

    const page = await admin.get(relative(`${status}show=hostdetail&host=web-01`));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Host: web-01');
  });

  it('sends an acknowledgement and a downtime from the detail pages to the engine and shows them once the engine reports them', async () => {
    const servicePage = `${STATUS}?show=servicedetail&host=web-01&service=Load`;
    const hostPage = `${STATUS}?show=hostdetail&host=${HOSTS.down}`;
    const servicesBefore = await totals(SERVICE_PROBLEMS);
    const hostsBefore = await totals(HOST_PROBLEMS);
    // The wall displays' feed (issue 10): the whole list first, then only what changed.
    const first = (await admin.get<AlertChanges>('api/v2/status/changes')).body;
    expect(first.problems?.map((p) => [p.host_name, p.service_description ?? null, p.current_state]).sort()).toEqual([
      [HOSTS.unreachable, null, 2], [HOSTS.down, null, 1], ['web-01', 'Load', 2],
    ].sort());

    const send = async (page: string, cmd: string, comment: string) => {
      const form = formOf((await admin.get(page)).text, cmd);
      expect(form.fields).toMatchObject({ nsp: admin.nsp, cmd });
      const res = await admin.post(relative(form.action), { ...form.fields, comment }, { headers: { origin }, xsrf: false });
      expect(res.status, res.text).toBe(303);
      expect(res.headers.get('location')).toContain('notice=submitted');
      return form.fields;
    };
    const ack = await send(servicePage, 'acknowledge', 'Load spike <investigating>');
    expect(ack).toMatchObject({ host: 'web-01', service: 'Load', sticky: '1', notify: '1' });
    const downtime = await send(hostPage, 'schedule_downtime', 'DB maintenance');
    expect(downtime).toMatchObject({ host: HOSTS.down, type: 'fixed' });

    await vi.waitFor(() => {
      const load = statusBlocks('servicestatus').find((b) => b.host_name === 'web-01' && b.service_description === 'Load');
      expect(load?.problem_has_been_acknowledged).toBe('1');
      expect(statusBlocks('hostdowntime')).toEqual([expect.objectContaining({ host_name: HOSTS.down, author: 'nagiosadmin', comment: 'DB maintenance', fixed: '1' })]);
    }, WAIT);

    await vi.waitFor(async () => {
      const service = (await admin.get(servicePage)).text;
      expect(service).toContain('<th scope="row">Acknowledged</th><td>Yes (sticky)</td>');
      expect(service).toContain('Load spike &lt;investigating&gt;');
      expect(service).toContain('id="form-remove_acknowledgement"');
      expect(service).not.toContain('id="form-acknowledge"');
      const host = (await admin.get(hostPage)).text;
      expect(host).toContain('<th scope="row">In scheduled downtime</th><td>Yes (depth 1)</td>');
      expect(host).toMatch(/<td>nagiosadmin<\/td><td class="output">DB maintenance<\/td>/);
      expect(await totals(SERVICE_PROBLEMS)).toBe(servicesBefore - 1);
      expect(await totals(HOST_PROBLEMS)).toBe(hostsBefore - 1);
    }, WAIT);
    // Acknowledged and in downtime: both leave the feed's list, as changes since the first answer.
    const next = (await admin.get<AlertChanges>(`api/v2/status/changes?since=${first.cursor}`)).body;
    expect(next.problems).toBeUndefined();
    expect(next.changes).toEqual(expect.arrayContaining([
      { kind: 'cleared', host_name: 'web-01', service_description: 'Load' }, { kind: 'cleared', host_name: HOSTS.down },
    ]));
  }, 60000);
});
