/**
 * Issue 38's named test on real engines: a bulk acknowledge of three problems from Service Problems with one comment,
 * by clicks at 1440x900, then checked in the engine's own state: Nagios Core's status.dat, Icinga 2's Livestatus
 * tables, not through Pharos.
 */
import fs from 'node:fs';
import { LivestatusClient } from '../../server/src/monitoring/livestatus/client';
import { startIcinga, type IcingaEngine } from '../livestatus/icinga';
import { startNagios, type NagiosEngine } from '../nagios/engine';
import { bulkAcknowledgeFromServiceProblems, expectAcknowledgementComments } from './bulkActions';
import { expect, login, test } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';

const COMMENT = 'Switch sw02 failed, replacing it';

interface Checked { host_name: string; service_description?: string; current_state: number; has_been_checked: number }

/** Until the engine has checked every host and `services` services: the lists show what it reported so far. */
async function untilChecked(server: RunningServer, services: number, request: import('@playwright/test').APIRequestContext): Promise<void> {
  expect((await request.post(`${server.url}login.php`, { form: { username: ADMIN.username, password: ADMIN.password } })).ok()).toBe(true);
  await expect(async () => {
    const list = (await (await request.get(`${server.url}api/v2/status/service`)).json() as { servicestatus: Checked[] }).servicestatus;
    expect(list.filter((s) => s.has_been_checked)).toHaveLength(services);
  }).toPass({ timeout: 30_000 });
}

/** status.dat's blocks of one type (`servicestatus`, `servicecomment`), each as its fields. */
function statusBlocks(file: string, type: string): Record<string, string>[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(new RegExp(`^${type} \\{\\n([\\s\\S]*?)\\n\\s*\\}`, 'gm'))].map((m) => Object.fromEntries(
    m[1]!.split('\n').map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at).trim(), line.slice(at + 1)];
    })));
}

test.describe('bulk acknowledge on a real Nagios Core 4', () => {
  let engine: NagiosEngine | undefined;
  let server: RunningServer | undefined;

  test.beforeAll(async ({ playwright }) => {
    engine = await startNagios();
    server = await startServer({ PHAROS_NAGIOS_CFG: engine.cfgPath });
    const request = await playwright.request.newContext();
    try {
      await untilChecked(server, 5, request);
    } finally {
      await request.dispose();
    }
  });
  test.afterAll(async () => {
    await server?.stop();
    await engine?.dispose();
  });

  test('three problems from Service Problems, acknowledged with one comment, are acknowledged in status.dat', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, server!);
    // web-01's WARNING, CRITICAL and UNKNOWN services: db-01's CRITICAL one is on a DOWN host, so not listed.
    const picked = await bulkAcknowledgeFromServiceProblems(page, 3, COMMENT);
    expect([...picked].sort()).toEqual(['Backup on web-01', 'Disk Usage on web-01', 'Load on web-01']);
    const key = (b: Record<string, string>) => `${b.service_description} on ${b.host_name}`;
    await expect.poll(() => statusBlocks(engine!.statusFile, 'servicestatus')
      .filter((b) => b.problem_has_been_acknowledged === '1').map(key).sort(), { timeout: 20_000 }).toEqual([...picked].sort());
    const comments = statusBlocks(engine!.statusFile, 'servicecomment').filter((c) => c.comment_data === COMMENT);
    // entry_type 4: an acknowledgement's comment, by the user who sent it.
    expect(comments.map((c) => `${key(c)}|${c.entry_type}|${c.author}`).sort()).toEqual([...picked].sort().map((p) => `${p}|4|${ADMIN.username}`));
    await expectAcknowledgementComments(page, picked, COMMENT);
  });
});

test.describe('bulk acknowledge on a real Icinga 2 (Livestatus)', () => {
  let icinga: IcingaEngine | undefined;
  let server: RunningServer | undefined;

  test.beforeAll(async ({ playwright }) => {
    // Three service problems on the UP host web1: the standard critical disk, and a warning and an unknown one.
    icinga = await startIcinga(`object Service "load" { import "test-svc"; host_name = "web1"; vars.dummy_state = 1; vars.dummy_text = "WARNING - load 9" }
object Service "swap" { import "test-svc"; host_name = "web1"; vars.dummy_state = 3; vars.dummy_text = "UNKNOWN - no swap data" }`);
    server = await startServer({ PHAROS_LIVESTATUS: icinga.address });
    const request = await playwright.request.newContext();
    try {
      // disk, load and swap; the passive payments and backup stay PENDING.
      await untilChecked(server, 3, request);
    } finally {
      await request.dispose();
    }
  });
  test.afterAll(async () => {
    await server?.stop();
    await icinga?.dispose();
  });

  test('three problems from Service Problems, acknowledged with one comment, are acknowledged in Icinga\'s tables', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, server!);
    const picked = await bulkAcknowledgeFromServiceProblems(page, 3, COMMENT);
    expect([...picked].sort()).toEqual(['disk on web1', 'load on web1', 'swap on web1']);
    const direct = new LivestatusClient(icinga!.address);
    await expect.poll(async () => (await direct.query({ table: 'services', columns: ['description', 'host_name'], filters: ['acknowledged = 1'] }))
      .map(([d, h]) => `${String(d)} on ${String(h)}`).sort(), { timeout: 20_000 }).toEqual([...picked].sort());
    const comments = await direct.query({ table: 'comments', columns: ['service_description', 'host_name', 'author', 'comment', 'entry_type'], filters: ['entry_type = 4'] });
    expect(comments.map(([d, h, a, c]) => `${String(d)} on ${String(h)}|${String(a)}|${String(c)}`).sort())
      .toEqual([...picked].sort().map((p) => `${p}|${ADMIN.username}|${COMMENT}`));
    await expectAcknowledgementComments(page, picked, COMMENT);
  });
});
