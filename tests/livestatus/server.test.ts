/** The whole server with PHAROS_LIVESTATUS pointing at a real Icinga 2: API, problem totals, system status, outage and recovery. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostStatus, ServiceStatus } from '../../server/src/monitoring/source.js';
import type { SystemStatus } from '../../src/lib/apiTypes.js';
import { configFromEnv } from '../../server/src/config.js';
import { LivestatusClient } from '../../server/src/monitoring/livestatus/client.js';
import { ADMIN_PASSWORD } from '../api/harness.js';
import { HOST_PROBLEMS, SERVICE_PROBLEMS } from '../api/shellQueries.js';
import { useTestServer } from '../api/useTestServer.js';
import { useEngine } from '../support/useEngine.js';
import { SERVICES, startIcinga } from './icinga.js';

const icinga = useEngine('the Icinga engine', () => startIcinga());
const { admin } = useTestServer({
  config: () => ({ livestatus: configFromEnv({ PHAROS_LIVESTATUS: icinga.address, PHAROS_ADMIN_PASSWORD: ADMIN_PASSWORD }).livestatus }),
});

beforeAll(async () => {
  await vi.waitFor(async () => {
    const hosts = (await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host')).body.hoststatus;
    expect(hosts.map((h) => [h.host_name, h.has_been_checked, h.current_state])).toEqual([['db1', 1, 1], ['web1', 1, 0]]);
    const services = (await admin.get<{ servicestatus: ServiceStatus[] }>('api/v2/status/service')).body.servicestatus;
    expect(services.find((s) => s.service_description === SERVICES.critical.description)?.has_been_checked).toBe(1);
  }, { timeout: 20_000, interval: 250 });
}, 60_000);

describe('the server on a running Icinga 2 through Livestatus', () => {
  it('counts the unhandled problems with the shell\'s queries; PENDING services are not problems', async () => {
    expect((await admin.get<{ recordcount: number }>(HOST_PROBLEMS)).body.recordcount).toBe(1);
    const services = await admin.get<{ servicestatus: ServiceStatus[] }>(SERVICE_PROBLEMS.replace('&totals=1', ''));
    expect(services.body.servicestatus.map((s) => `${s.host_name}/${s.service_description}`)).toEqual(['web1/disk']);
  });

  it('reports the source and the age of its data in the system status', async () => {
    const status = (await admin.get<SystemStatus>('api/v2/status/system')).body;
    expect(status.monitoring).toMatchObject({ source: 'livestatus', problem: null });
    expect(status.daemons.daemon.find((d) => d.id === 'nagioscore')?.display_running).toBe(true);
  });

  it('a passive check result from the admin API reaches Icinga', async () => {
    const res = await admin.post('api/v2/admin/checkresult', { nsp: admin.nsp, host: 'web1', service: 'payments', state: '1', output: 'WARNING - slow' });
    expect(res.status).toBe(200);
    const rows = await vi.waitFor(async () => {
      const got = await new LivestatusClient(icinga.address).query({ table: 'services', columns: ['state', 'plugin_output'], filters: ['host_name = web1', 'description = payments'] });
      expect(got).toEqual([[1, 'WARNING - slow']]);
      return got;
    }, { timeout: 10_000, interval: 100 });
    expect(rows).toHaveLength(1);
  });

  it('when Icinga stops, keeps serving its last data and says it is not answering; recovers by itself', async () => {
    await icinga.stop();
    const down = await vi.waitFor(async () => {
      const status = (await admin.get<SystemStatus>('api/v2/status/system')).body;
      expect(status.monitoring?.problem).toMatch(/^Livestatus at 127\.0\.0\.1:\d+ is not answering: .*; keeping the last data\.$/);
      return status;
    }, { timeout: 15_000, interval: 250 });
    expect(down.daemons.daemon.find((d) => d.id === 'nagioscore')?.display_running).toBe(false);
    const hosts = (await admin.get<{ hoststatus: HostStatus[] }>('api/v2/status/host')).body.hoststatus;
    expect(hosts.map((h) => h.host_name)).toEqual(['db1', 'web1']);
    const refused = await admin.post('api/v2/admin/checkresult', { nsp: admin.nsp, host: 'web1', service: 'payments', state: '0', output: 'OK' });
    expect(refused.status).toBeGreaterThanOrEqual(500);

    await icinga.start();
    await vi.waitFor(async () => {
      const status = (await admin.get<SystemStatus>('api/v2/status/system')).body;
      expect(status.monitoring?.problem).toBeNull();
      expect(status.daemons.daemon.find((d) => d.id === 'nagioscore')?.display_running).toBe(true);
    }, { timeout: 30_000, interval: 250 });
  }, 60_000);
});
