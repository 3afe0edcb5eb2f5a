import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNagiosSource, createNagiosSource, type NagiosSource, type NagiosSourceEvent } from '../../server/src/monitoring/nagios/nagiosSource.js';
import { OBJECTS_CACHE, statusDat } from './fixtures.js';
import { waitFor } from './engine.js';

let dir: string;
let source: NagiosSource | null = null;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-nagios-files-'));
  fs.writeFileSync(path.join(dir, 'nagios.cfg'), 'status_file=status.dat\nobject_cache_file=objects.cache\ncommand_file=nagios.cmd\nlock_file=nagios.lock\nstatus_update_interval=10\n');
});

afterEach(async () => {
  await source?.stop();
  source = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Replaces status.dat the way Nagios does: write a temp file, then rename it over the old one. */
function writeStatus(text: string): void {
  const tmp = path.join(dir, 'nagios.tmp');
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, path.join(dir, 'status.dat'));
}

function nextEvent(s: NagiosSource, type: NagiosSourceEvent['type']): Promise<NagiosSourceEvent> {
  return new Promise((resolve) => {
    const off = s.onEvent((event) => {
      if (event.type !== type) return;
      off();
      resolve(event);
    });
  });
}

async function started(): Promise<NagiosSource> {
  source = openNagiosSource(path.join(dir, 'nagios.cfg'), { pollMs: 100 });
  await source.start();
  return source;
}

describe('Nagios source over status files', () => {
  it('builds a snapshot from status.dat and objects.cache at start', async () => {
    fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
    writeStatus(statusDat());
    const snap = (await started()).snapshot();
    expect(snap.updated).toBe(1700000100);
    expect(snap.hosts.map((h) => [h.host_name, h.alias, h.current_state])).toEqual([['alpha', 'Alpha Server', 0], ['beta', 'Beta Server', 1]]);
    expect(snap.services).toHaveLength(3);
    expect(snap.hostgroups.map((g) => g.name)).toEqual(['linux', 'empty']);
    expect(snap.comments).toHaveLength(2);
    expect(snap.downtimes).toHaveLength(2);
    expect(snap.stats.activeservicechecks.val1).toBe(10);
    // pid 424242 is not a running Nagios, and the file is years old.
    expect(snap.program).toMatchObject({ process_id: 424242, is_currently_running: 0, program_start_time: 1700000000 });
    expect(source?.engineRunning()).toBe(false);
  });

  it('picks up a replaced status.dat', async () => {
    fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
    writeStatus(statusDat());
    const s = await started();
    writeStatus(statusDat({ created: 1700000200, alphaOutput: 'PING CRITICAL - host gone' }));
    const snap = await waitFor(s, 'the new status.dat', (x) => x.updated === 1700000200);
    expect(snap.hosts[0]?.output).toBe('PING CRITICAL - host gone');
  });

  it('keeps the last good snapshot when status.dat is malformed or missing', async () => {
    fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
    writeStatus(statusDat());
    const s = await started();
    const good = s.snapshot();

    const broken = nextEvent(s, 'error');
    const full = statusDat({ created: 1700000300 });
    writeStatus(full.slice(0, full.indexOf('servicestatus {') + 40));
    expect(await broken).toMatchObject({ message: expect.stringMatching(/partially written.*keeping the last good data/) as string });
    expect(s.snapshot().hosts).toBe(good.hosts);
    expect(s.snapshot().updated).toBe(1700000100);

    writeStatus(statusDat({ created: 1700000400 }));
    await waitFor(s, 'the repaired status.dat', (x) => x.updated === 1700000400);
    expect(s.lastError()).toBeNull();

    const missing = nextEvent(s, 'error');
    fs.unlinkSync(path.join(dir, 'status.dat'));
    expect(await missing).toMatchObject({ message: expect.stringMatching(/does not exist/) as string });
    expect(s.snapshot().hosts).toHaveLength(2);
    expect(s.snapshot().updated).toBe(1700000400);
  });

  describe('refuses a status.dat that is incomplete or inconsistent with objects.cache', () => {
    const full = statusDat({ created: 1700000300 });
    const blockEnd = (text: string, header: string) => text.indexOf('\t}\n', text.indexOf(header)) + 3;
    const cases: [string, string, RegExp][] = [
      ['cut at a block boundary (after the first service)', full.slice(0, blockEnd(full, 'servicestatus {')), /1 services but 3 are configured/],
      ['holding only the info and programstatus blocks', full.slice(0, blockEnd(full, 'programstatus {')), /no service blocks, but 3 services are configured/],
      ['without its service blocks', full.replace(/servicestatus \{[^}]*\}\n/g, ''), /no service blocks/],
      ['without its trailing newline', full.slice(0, -1), /does not end with a newline/],
      ['with its last block cut short', full.slice(0, full.lastIndexOf('\t}')), /ends inside a block/],
      ['with far fewer hosts than objects.cache', full.replace(/hoststatus \{[^}]*host_name=beta[^}]*\}\n/, ''), /1 hosts but 2 are configured/],
    ];
    it.each(cases)('%s: keeps the last good data and says so', async (_name, text, why) => {
      fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
      writeStatus(statusDat());
      const s = await started();
      const good = s.snapshot();
      expect(s.dataProblem()).toBeNull();

      const refused = nextEvent(s, 'error');
      writeStatus(text);
      expect(await refused).toMatchObject({ message: expect.stringMatching(why) as string });
      expect(s.snapshot().services).toBe(good.services);
      expect(s.snapshot().hosts).toBe(good.hosts);
      expect(s.snapshot().updated).toBe(1700000100);
      expect(s.dataProblem()).toMatch(/keeping the last good data/);

      writeStatus(statusDat({ created: 1700000400 }));
      await waitFor(s, 'a complete status.dat', (x) => x.updated === 1700000400);
      expect(s.dataProblem()).toBeNull();
    });

    it('accepts a file that lacks a few objects while Nagios reloads a larger configuration', async () => {
      const manyHosts = (n: number) => Array.from({ length: n }, (_, i) => `define host {\n\thost_name\th${i}\n\t}\n\n`).join('');
      const hostStatus = (n: number) => Array.from({ length: n }, (_, i) => `hoststatus {\n\thost_name=h${i}\n\thas_been_checked=1\n\t}\n\n`).join('');
      fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE + manyHosts(40));
      writeStatus(full + hostStatus(38));
      const s = await started();
      expect(s.dataProblem()).toBeNull();
      expect(s.snapshot().hosts).toHaveLength(40);
    });
  });

  it('lists configured objects as pending before Nagios has written status.dat', async () => {
    fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
    const snap = (await started()).snapshot();
    expect(snap.hosts.map((h) => [h.host_name, h.has_been_checked, h.alias])).toEqual([['alpha', 0, 'Alpha Server'], ['beta', 0, 'Beta Server']]);
    expect(snap.services.map((x) => `${x.host_name};${x.service_description}`)).toEqual(['alpha;HTTP', 'beta;HTTP', 'beta;Disk /']);
    expect(snap.servicegroups).toEqual([{ name: 'web', alias: 'Web Checks', members: ['alpha;HTTP', 'beta;HTTP'] }]);
    expect(snap.program.is_currently_running).toBe(0);
  });

  it('tags its rows with its engine name when one of several, pending ones too, and never otherwise', async () => {
    fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
    source = openNagiosSource(path.join(dir, 'nagios.cfg'), { pollMs: 100, engine: 'berlin' });
    await source.start();
    const pending = source.snapshot();
    expect([...pending.hosts, ...pending.services].map((r) => r.engine)).toEqual(Array(5).fill('berlin'));
    const changed = nextEvent(source, 'snapshot');
    writeStatus(statusDat());
    await changed;
    const live = source.snapshot();
    expect(live.hosts.map((h) => [h.host_name, h.engine])).toEqual([['alpha', 'berlin'], ['beta', 'berlin']]);
    expect(new Set(live.services.map((r) => r.engine))).toEqual(new Set(['berlin']));
    await source.stop();
    expect((await started()).snapshot().hosts.map((h) => h.engine)).toEqual([undefined, undefined]);
  });

  it('starts with an empty snapshot when there are no files at all', async () => {
    const s = await started();
    expect(s.snapshot().hosts).toEqual([]);
    expect(s.lastError()).toMatch(/does not exist/);
    await expect(s.submit({ type: 'schedule_check', host: 'alpha', time: 0, forced: false })).rejects.toThrow("Unknown host 'alpha'.");
  });

  it('is created through the MonitoringSource factory and fails clearly without nagios.cfg', async () => {
    const missing = createNagiosSource(path.join(dir, 'nope.cfg'));
    expect(missing.kind).toBe('nagios');
    await expect(missing.start()).rejects.toThrow(/Cannot read the Nagios main config file/);
  });

  it('refuses commands when nagios.cfg disables external commands', async () => {
    fs.appendFileSync(path.join(dir, 'nagios.cfg'), 'check_external_commands=0\n');
    fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
    const s = await started();
    await expect(s.submit({ type: 'schedule_check', host: 'alpha', time: 0, forced: false })).rejects.toThrow(/check_external_commands=0/);
  });
});
