import { describe, expect, it } from 'vitest';
import type { AlertChanges } from '../../src/lib/apiTypes.js';
import { deviceMayRequest } from '../../server/src/http/deviceScope.js';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, formSend, sendOk } from './writeGuards.js';

// The demo fleet stands still, so only the forced results below change anything.
const { ts, admin } = useTestServer({ config: { demoTickSeconds: 3600 } });

const changes = async (since?: string) => (await admin.get<AlertChanges>(`api/v2/status/changes${since ? `?since=${since}` : ''}`)).body;
const force = (form: Record<string, string>) => sendOk(formSend('POST', 'api/v2/admin/checkresult', form), admin);

describe('api/v2/status/changes (issue 10): the alert problems as a feed for wall displays', () => {
  it('answers the whole list first, then only what changed: a new critical service, its recovery', async () => {
    const first = await changes();
    expect(first.changes).toBeUndefined();
    const hosts = (await admin.get<{ hoststatus: { host_name: string; current_state: number; problem_acknowledged: number; scheduled_downtime_depth: number }[] }>('api/v2/status/host')).body.hoststatus;
    const up = hosts.find((h) => h.current_state === 0 && h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0)!;
    const service = (await admin.get<{ servicestatus: { service_description: string; current_state: number }[] }>(`api/v2/status/service?host_name=${up.host_name}&current_state=0`)).body.servicestatus[0]!;
    expect(first.problems?.some((p) => p.host_name === up.host_name && p.service_description === service.service_description)).toBe(false);
    expect(await changes(first.cursor)).toEqual({ cursor: first.cursor, now: expect.any(Number), changes: [] });

    expect((await force({ host: up.host_name, service: service.service_description, state: '2', output: 'CRITICAL - <forced>' })).status).toBe(200);
    const broke = await changes(first.cursor);
    expect(broke.changes).toEqual([{ kind: 'problem', problem: expect.objectContaining({ host_name: up.host_name, service_description: service.service_description, current_state: 2, output: 'CRITICAL - <forced>' }) }]);
    expect(broke.cursor).not.toBe(first.cursor);

    expect((await force({ host: up.host_name, service: service.service_description, state: '0', output: 'OK' })).status).toBe(200);
    expect((await changes(broke.cursor)).changes).toEqual([{ kind: 'cleared', host_name: up.host_name, service_description: service.service_description }]);
    // A warning is not worth interrupting a wall for.
    expect((await force({ host: up.host_name, service: service.service_description, state: '1', output: 'WARNING' })).status).toBe(200);
    expect((await changes(broke.cursor)).changes).toHaveLength(1);
  });

  it('answers the whole list again for a cursor of an earlier server run, and refuses one that is not a cursor', async () => {
    const now = await changes();
    expect((await changes('00000000.5')).problems).toEqual(now.problems);
    for (const bad of ['x', '1', 'zzzzzzzz.1', `${now.cursor}%3Cscript%3E`]) expectBadRequest(await admin.get(`api/v2/status/changes?since=${bad}`));
    expect((await new Client(ts.url).get('api/v2/status/changes')).status).toBe(401);
  });

  it('says the server\'s time with every answer (UNIX seconds), so a screen can tell standing problems after a break', async () => {
    const before = Math.floor(Date.now() / 1000);
    const whole = await changes();
    const next = await changes(whole.cursor);
    const after = Math.floor(Date.now() / 1000);
    for (const answer of [whole, next]) {
      expect(answer.now).toBeGreaterThanOrEqual(before);
      expect(answer.now).toBeLessThanOrEqual(after);
    }
    // A standing problem began before the answer that lists it.
    for (const p of whole.problems ?? []) expect(p.last_state_change).toBeLessThanOrEqual(whole.now!);
  });

  it('is readable with a paired display\'s device token', () => {
    expect(deviceMayRequest(ts.config.base, { method: 'GET', url: `${ts.config.base}api/v2/status/changes?since=a1b2c3d4.1`, query: { since: 'a1b2c3d4.1' } })).toBe(true);
  });
});
