/**
 * Issue 11 "Monitoring sources", end to end through the server: a status.dat cut short must not empty the screens.
 * The last good data stays in every answer and the system status says how old it is and why newer data was refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SystemStatus } from '../../src/lib/apiTypes.js';
import { openNagiosSource, type NagiosSource } from '../../server/src/monitoring/nagios/nagiosSource.js';
import { incompleteSnapshot } from '../../server/src/monitoring/snapshotCheck.js';
import { useTestServer } from '../api/useTestServer.js';
import { OBJECTS_CACHE, statusDat } from './fixtures.js';

let dir: string;
let source: NagiosSource;

function writeStatus(text: string): void {
  const tmp = path.join(dir, 'nagios.tmp');
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, path.join(dir, 'status.dat'));
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-refused-'));
  fs.writeFileSync(path.join(dir, 'nagios.cfg'), 'status_file=status.dat\nobject_cache_file=objects.cache\ncommand_file=nagios.cmd\nlock_file=nagios.lock\n');
  fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
  writeStatus(statusDat({ created: Math.floor(Date.now() / 1000) - 5 }));
  source = openNagiosSource(path.join(dir, 'nagios.cfg'), { pollMs: 100 });
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
const { admin } = useTestServer({ monitoring: () => source });

const services = async () => (await admin.get<{ recordcount: number }>('api/v2/status/service?totals=1')).body.recordcount;

describe('a refused status.dat', () => {
  it('keeps the services on screen and shows the age of the data and the reason', async () => {
    const before = await admin.get<SystemStatus>('api/v2/status/system');
    expect(before.body.monitoring).toMatchObject({ source: 'nagios', problem: null });
    expect(before.body.monitoring?.age).toBeGreaterThanOrEqual(5);
    expect(await services()).toBe(3);
    const good = before.body.monitoring!.updated;

    // Only the info and programstatus blocks: today's review saw every service vanish (0 of 74).
    const full = statusDat({ created: good + 60 });
    writeStatus(full.slice(0, full.indexOf('hoststatus {')));
    await source.refresh();
    await vi.waitFor(() => expect(source.dataProblem()).not.toBeNull(), { timeout: 5000 });

    expect(await services()).toBe(3);
    const after = (await admin.get<SystemStatus>('api/v2/status/system')).body.monitoring!;
    expect(after.updated).toBe(good);
    expect(after.problem).toMatch(/status\.dat: it has no service blocks, but 3 services are configured.*keeping the last good data/);
    const page = (await admin.get('admin/sysstat.php')).text;
    expect(page).toContain('Refused newer data');
    expect(page).toMatch(/<th scope="row">Age<\/th><td>\d+s<\/td>/);
  });
});

describe('the completeness rule both sources apply', () => {
  it('refuses snapshots missing services or most objects and accepts a few missing', () => {
    expect(incompleteSnapshot({ hosts: 10, services: 0 }, { hosts: 10, services: 74 })).toMatch(/no service blocks/);
    expect(incompleteSnapshot({ hosts: 0, services: 0 }, { hosts: 10, services: 74 })).toMatch(/no service blocks/);
    expect(incompleteSnapshot({ hosts: 10, services: 40 }, { hosts: 10, services: 74 })).toMatch(/40 services but 74/);
    expect(incompleteSnapshot({ hosts: 5, services: 74 }, { hosts: 10, services: 74 })).toMatch(/5 hosts but 10/);
    expect(incompleteSnapshot({ hosts: 10, services: 70 }, { hosts: 10, services: 74 })).toBeNull();
    expect(incompleteSnapshot({ hosts: 12, services: 80 }, { hosts: 10, services: 74 })).toBeNull();
    expect(incompleteSnapshot({ hosts: 0, services: 0 }, { hosts: 0, services: 0 })).toBeNull();
  });
});
