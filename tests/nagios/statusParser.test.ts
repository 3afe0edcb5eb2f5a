import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseObjectsCache, emptyObjectModel, ObjectsCacheParser } from '../../server/src/monitoring/nagios/objectsParser.js';
import { parseStatusFile, StatusFileParser } from '../../server/src/monitoring/nagios/statusParser.js';
import { streamLines } from '../../server/src/monitoring/nagios/scan.js';
import { parseMainConfig } from '../../server/src/monitoring/nagios/mainConfig.js';
import { engineStatsOf, programStatusOf } from '../../server/src/monitoring/nagios/programStatus.js';
import { OBJECTS_CACHE, statusDat } from './fixtures.js';
import { writeSyntheticNagiosFiles } from '../bench/statusParse.js';

const model = () => parseObjectsCache(Buffer.from(OBJECTS_CACHE));
const parse = (text = statusDat()) => parseStatusFile(Buffer.from(text), model());

describe('objects.cache parser', () => {
  it('reads hosts, services and group membership', () => {
    const m = model();
    expect(m.hosts.get('alpha')).toMatchObject({ alias: 'Alpha Server', display_name: 'Alpha (primary)', address: '10.0.0.1', max_check_attempts: 3, check_interval: 5, hostgroups: ['linux'] });
    expect(m.hosts.get('beta')).toMatchObject({ display_name: 'beta', active_checks_enabled: 0, hostgroups: ['linux'] });
    expect(m.services.get('alpha')?.get('HTTP')).toMatchObject({ display_name: 'Web site', check_command: 'check_http!-u /', servicegroups: ['web'] });
    expect(m.services.get('beta')?.get('Disk /')?.servicegroups).toEqual([]);
    expect(m.hostgroups).toEqual([
      { name: 'linux', alias: 'Linux Servers', members: ['alpha', 'beta'] },
      { name: 'empty', alias: 'Nothing Here', members: [] },
    ]);
    expect(m.servicegroups).toEqual([{ name: 'web', alias: 'Web Checks', members: ['alpha;HTTP', 'beta;HTTP'] }]);
  });

  it('refuses a file cut off inside a definition', () => {
    expect(() => parseObjectsCache(Buffer.from(OBJECTS_CACHE.slice(0, OBJECTS_CACHE.lastIndexOf('\t}'))))).toThrow(/partially written/);
  });
});

describe('status.dat parser', () => {
  it('maps host records, filling alias, address, display name and groups from objects.cache', () => {
    const { hosts } = parse();
    expect(hosts.map((h) => h.host_name)).toEqual(['alpha', 'beta']);
    expect(hosts[0]).toEqual({
      host_name: 'alpha', display_name: 'Alpha (primary)', alias: 'Alpha Server', address: '10.0.0.1', current_state: 0, state_type: 1,
      has_been_checked: 1, output: 'PING OK - Packet loss = 0%, RTA = 0.05 ms', long_output: '', perfdata: 'rta=0.05ms;100;500;0 pl=0%;20;60;0',
      last_check: 1700000090, next_check: 1700000390, last_state_change: 1699000000, current_check_attempt: 1, max_check_attempts: 3,
      problem_acknowledged: 0, acknowledgement_type: 0, scheduled_downtime_depth: 0, active_checks_enabled: 1, passive_checks_enabled: 1,
      notifications_enabled: 1, is_flapping: 0, check_command: 'check-host-alive', check_interval: 5, hostgroups: ['linux'],
    });
    expect(hosts[1]).toMatchObject({
      current_state: 1, state_type: 0, output: '', perfdata: '', current_check_attempt: 2, problem_acknowledged: 1, acknowledgement_type: 2,
      scheduled_downtime_depth: 1, active_checks_enabled: 0, notifications_enabled: 0, is_flapping: 1,
    });
  });

  it('gives check intervals in minutes whatever interval_length Nagios counts in', () => {
    // interval_length=1: status.dat's "check_interval=5" means 5 seconds.
    const seconds = new StatusFileParser(model(), undefined, 1 / 60);
    seconds.feed(Buffer.from(statusDat()));
    const { hosts } = seconds.finish();
    expect(hosts[0]!.check_interval).toBeCloseTo(5 / 60);
    expect(parse().hosts[0]!.check_interval).toBe(5);
  });

  it('keeps plugin output verbatim: HTML, "=" signs, UTF-8, and restores escaped long output', () => {
    const { services } = parse();
    const alphaHttp = services.find((s) => s.host_name === 'alpha');
    expect(alphaHttp).toMatchObject({
      service_description: 'HTTP', display_name: 'Web site', current_state: 2, current_check_attempt: 4, max_check_attempts: 4,
      output: '<a href="http://alpha/">HTTP CRITICAL</a> - a=b=c',
      long_output: 'first line\nsecond line with \\ backslash\n<b>third</b>',
      perfdata: 'time=0.1s;;;0 size=10B', problem_acknowledged: 1, acknowledgement_type: 1, scheduled_downtime_depth: 2, servicegroups: ['web'],
    });
    expect(services.find((s) => s.host_name === 'beta' && s.service_description === 'HTTP')?.output).toBe('Passive result: café ✓');
    expect(services.find((s) => s.service_description === 'Disk /')).toMatchObject({ has_been_checked: 0, output: '', last_check: 0, display_name: 'Disk /', servicegroups: [] });
  });

  it('maps comments and downtimes', () => {
    const { comments, downtimes } = parse();
    expect(comments).toEqual([
      { id: 7, host_name: 'beta', service_description: null, author: 'Jane Admin', text: 'Disk swap; ticket #12 = open', entry_time: 1700000085, persistent: 1, entry_type: 4 },
      { id: 8, host_name: 'alpha', service_description: 'HTTP', author: 'bob', text: '', entry_time: 1700000090, persistent: 0, entry_type: 1 },
    ]);
    expect(downtimes).toEqual([
      { id: 3, host_name: 'beta', service_description: null, author: 'Jane Admin', comment: 'Maintenance', start_time: 1700000000, end_time: 1700003600, fixed: 1, duration: 3600 },
      { id: 4, host_name: 'alpha', service_description: 'HTTP', author: 'bob', comment: 'Flexible window', start_time: 1700000000, end_time: 1700007200, fixed: 0, duration: 1800 },
    ]);
  });

  it('derives program status and engine statistics', () => {
    const parsed = parse();
    expect(parsed.created).toBe(1700000100);
    const program = programStatusOf(parsed, { running: true, endTime: 0, lockFilePid: 0 }, 1700000160);
    expect(program).toEqual({
      active_host_checks_enabled: 1, active_service_checks_enabled: 1, passive_host_checks_enabled: 1, passive_service_checks_enabled: 0,
      notifications_enabled: 1, daemon_mode: 1, event_handlers_enabled: 0, flap_detection_enabled: 1,
      global_host_event_handler: 'host-handler', global_service_event_handler: '', modified_host_attributes: 1, modified_service_attributes: 2,
      instance_id: 1, instance_name: 'localhost', is_currently_running: 1, process_id: 424242, process_performance_data: 1,
      last_command_check: 0, last_log_rotation: 1699990000, obsess_over_hosts: 0, obsess_over_services: 1,
      program_end_time: 0, program_run_time: 160, program_start_time: 1700000000, status_update_time: 1700000100,
    });
    const stopped = programStatusOf(parsed, { running: false, endTime: 1700000150, lockFilePid: 0 }, 1700009999);
    expect(stopped).toMatchObject({ is_currently_running: 0, program_end_time: 1700000150, program_run_time: 150 });

    expect(engineStatsOf(parsed)).toEqual({
      activehostchecks: { val1: 5, val5: 22, val15: 63 },
      passivehostchecks: { val1: 0, val5: 1, val15: 2 },
      activeservicechecks: { val1: 10, val5: 50, val15: 151 },
      passiveservicechecks: { val1: 7, val5: 8, val15: 9 },
      // Hosts: both active. Services: only alpha/HTTP (beta/HTTP is passive, Disk / never checked).
      activehostcheckperf: { min_latency: 0.01, max_latency: 0.03, avg_latency: 0.02, min_execution_time: 0.2, max_execution_time: 0.4, avg_execution_time: 0.3 },
      activeservicecheckperf: { min_latency: 0.001, max_latency: 0.001, avg_latency: 0.001, min_execution_time: 0.1, max_execution_time: 0.1, avg_execution_time: 0.1 },
    });
  });

  it('works without objects.cache, using names as aliases', () => {
    const parsed = parseStatusFile(Buffer.from(statusDat()), emptyObjectModel());
    expect(parsed.hosts[0]).toMatchObject({ host_name: 'alpha', alias: 'alpha', display_name: 'alpha', address: '', hostgroups: [] });
    expect(parsed.services[0]).toMatchObject({ display_name: 'HTTP', servicegroups: [] });
  });

  it('accepts CRLF line endings', () => {
    const parsed = parse(statusDat().replaceAll('\n', '\r\n'));
    expect(parsed.hosts[0]?.output).toBe('PING OK - Packet loss = 0%, RTA = 0.05 ms');
    expect(parsed.services).toHaveLength(3);
  });

  it('rejects partially written or foreign files', () => {
    const full = statusDat();
    expect(() => parse(full.slice(0, full.indexOf('servicestatus {') + 60))).toThrow(/partially written/);
    expect(() => parse('')).toThrow(/no info or programstatus/);
    expect(() => parse('hello world\n')).toThrow();
  });
});

describe('chunked parsing', () => {
  it('gives the same result whether a file is fed whole, line by line, or streamed through a tiny buffer', async () => {
    const text = statusDat({ alphaOutput: `long ${'x'.repeat(300)} output` });
    const whole = parse(text);

    const byLine = new StatusFileParser(model());
    for (const l of text.split(/(?<=\n)/)) byLine.feed(Buffer.from(l));
    expect(byLine.finish()).toEqual(whole);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-stream-'));
    try {
      fs.writeFileSync(path.join(dir, 'status.dat'), text);
      fs.writeFileSync(path.join(dir, 'objects.cache'), OBJECTS_CACHE);
      const objects = new ObjectsCacheParser();
      const objectsHandle = await fs.promises.open(path.join(dir, 'objects.cache'), 'r');
      await streamLines(objectsHandle, (chunk) => objects.feed(chunk), 64);
      await objectsHandle.close();
      const streamedModel = objects.finish();
      expect(streamedModel).toEqual(model());

      // 64-byte chunks: every block spans chunks and the 300-character output line is longer than the buffer.
      const status = new StatusFileParser(streamedModel);
      const handle = await fs.promises.open(path.join(dir, 'status.dat'), 'r');
      await streamLines(handle, (chunk) => status.feed(chunk), 64);
      await handle.close();
      expect(status.finish()).toEqual(whole);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('line streaming', () => {
  it.each([
    ['an empty file', ''],
    ['a file without a final newline', 'a=1\nb=2'],
    ['lines longer than the buffer', `short\n${'y'.repeat(100)}\n${'z'.repeat(40)}\nend\n`],
  ])('hands over %s as whole lines, in order', async (_name, text) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-lines-'));
    try {
      const file = path.join(dir, 'f');
      fs.writeFileSync(file, text);
      const chunks: string[] = [];
      const handle = await fs.promises.open(file, 'r');
      await streamLines(handle, (chunk) => chunks.push(chunk.toString()), 16);
      await handle.close();
      expect(chunks.join('')).toBe(text);
      expect(chunks.slice(0, -1).every((c) => c.endsWith('\n'))).toBe(true);
      expect(chunks.every((c) => c.length > 0)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('streamed parsing of a generated fleet', () => {
  it('matches whole-file parsing when many similar names pass through a small reused buffer', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-stream-'));
    try {
      const { statusFile, objectCacheFile } = await writeSyntheticNagiosFiles(dir, 120, 4);
      const wholeModel = parseObjectsCache(fs.readFileSync(objectCacheFile));
      const whole = parseStatusFile(fs.readFileSync(statusFile), wholeModel);
      expect(whole.services).toHaveLength(480);

      const stream = async <T>(file: string, parser: { feed(chunk: Buffer): void; finish(): T }) => {
        const handle = await fs.promises.open(file, 'r');
        await streamLines(handle, (chunk) => parser.feed(chunk), 1000);
        await handle.close();
        return parser.finish();
      };
      const model = await stream(objectCacheFile, new ObjectsCacheParser());
      expect(model).toEqual(wholeModel);
      expect(await stream(statusFile, new StatusFileParser(model))).toEqual(whole);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('nagios.cfg reader', () => {
  it('resolves relative paths against the config directory and applies Nagios defaults', () => {
    const cfg = parseMainConfig('# comment\nstatus_file=var/status.dat\ncommand_file = /run/nagios.cmd\ninterval_length=1\n;old comment\ncheck_external_commands=0\n', '/etc/nagios/nagios.cfg');
    expect(cfg).toMatchObject({
      statusFile: '/etc/nagios/var/status.dat', commandFile: '/run/nagios.cmd', objectCacheFile: '/usr/local/nagios/var/objects.cache',
      intervalLength: 1, statusUpdateInterval: 60, checkExternalCommands: false,
    });
  });
});
