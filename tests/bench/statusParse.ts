/**
 * Parse-time bench for the Nagios source: a synthetic Nagios Core 4.4 status.dat + objects.cache
 * (10,000 hosts / 100,000 services by default) in a temp dir, read and parsed a few times.
 * Prints medians: statusParseMedianMs / objectsParseMedianMs are the source's streamed path (read + parse),
 * statusWholeBufferMedianMs reads the file into one buffer first, longestChunkParseMs is the longest the
 * streamed parse holds the event loop at once.
 * Run: `npx tsx tests/bench/statusParse.ts [hosts] [servicesPerHost]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ObjectsCacheParser } from '../../server/src/monitoring/nagios/objectsParser.js';
import { parseStatusFile, StatusFileParser } from '../../server/src/monitoring/nagios/statusParser.js';
import { streamLines } from '../../server/src/monitoring/nagios/scan.js';

const SERVICE_NAMES = ['Ping', 'CPU Load', 'Memory Usage', 'Disk Usage /', 'Swap Usage', 'SSH', 'HTTP', 'Total Processes', 'Current Users', 'NTP Time'];

function checkedLines(kind: 'host' | 'service', state: number, t: number, i: number): string {
  const output = state === 0 ? `OK - all good <b>#${i}</b>, load=0.${i % 10}` : `CRITICAL - failed check #${i}`;
  const common = [
    `\tmodified_attributes=0`, `\tcheck_command=check_${kind}_${i % 7}!80%!90%`, `\tcheck_period=24x7`, `\tnotification_period=24x7`, `\timportance=0`,
    `\tcheck_interval=5.000000`, `\tretry_interval=1.000000`, `\tevent_handler=`, `\thas_been_checked=1`, `\tshould_be_scheduled=1`,
    `\tcheck_execution_time=0.${(i % 900) + 100}`, `\tcheck_latency=0.00${i % 10}`, `\tcheck_type=${i % 13 === 0 ? 1 : 0}`, `\tcurrent_state=${state}`,
    `\tlast_hard_state=${state}`, `\tlast_event_id=0`, `\tcurrent_event_id=${i}`, `\tcurrent_problem_id=0`, `\tlast_problem_id=0`,
  ];
  const outputLines = [`\tplugin_output=${output}`, `\tlong_plugin_output=line one\\nline two = ${i}`, `\tperformance_data=rta=0.${i % 100}ms;100;200;0 pl=0%;20;60;0`];
  const tail = [
    `\tlast_check=${t - 30}`, `\tnext_check=${t + 270}`, `\tcheck_options=0`, `\tcurrent_notification_number=0`, `\tcurrent_notification_id=0`,
    `\tlast_notification=0`, `\tnext_notification=0`, `\tno_more_notifications=0`, `\tnotifications_enabled=1`, `\tactive_checks_enabled=1`,
    `\tpassive_checks_enabled=1`, `\tevent_handler_enabled=1`, `\tproblem_has_been_acknowledged=0`, `\tacknowledgement_type=0`,
    `\tflap_detection_enabled=1`, `\tprocess_performance_data=1`, `\tobsess=1`, `\tlast_update=${t}`, `\tis_flapping=0`,
    `\tpercent_state_change=0.00`, `\tscheduled_downtime_depth=0`,
  ];
  const middle = kind === 'host'
    ? [...outputLines, `\tlast_check=${t - 30}`, `\tnext_check=${t + 270}`, `\tcheck_options=0`, `\tcurrent_attempt=1`, `\tmax_attempts=3`, `\tstate_type=1`,
      `\tlast_state_change=${t - 3600}`, `\tlast_hard_state_change=${t - 3600}`, `\tlast_time_up=${t}`, `\tlast_time_down=0`, `\tlast_time_unreachable=0`]
    : [`\tcurrent_attempt=1`, `\tmax_attempts=3`, `\tstate_type=1`, `\tlast_state_change=${t - 3600}`, `\tlast_hard_state_change=${t - 3600}`,
      `\tlast_time_ok=${t}`, `\tlast_time_warning=0`, `\tlast_time_unknown=0`, `\tlast_time_critical=0`, ...outputLines];
  return [...common, ...middle, ...tail.slice(kind === 'host' ? 3 : 0)].join('\n');
}

function objectLines(lines: string[]): string {
  return lines.map((l) => `\t${l}`).join('\n');
}

const objectSettings = [
  'check_period\t24x7', 'contact_groups\tadmins', 'notification_period\t24x7', 'initial_state\to', 'importance\t0', 'check_interval\t5.000000',
  'retry_interval\t1.000000', 'max_check_attempts\t3', 'active_checks_enabled\t1', 'passive_checks_enabled\t1', 'obsess\t1',
  'event_handler_enabled\t1', 'low_flap_threshold\t0.000000', 'high_flap_threshold\t0.000000', 'flap_detection_enabled\t1',
  'flap_detection_options\ta', 'freshness_threshold\t0', 'check_freshness\t0', 'notification_options\ta', 'notifications_enabled\t1',
  'notification_interval\t30.000000', 'first_notification_delay\t0.000000', 'stalking_options\tn', 'process_perf_data\t1',
  'retain_status_information\t1', 'retain_nonstatus_information\t1',
];

/**
 * Writes status.dat and objects.cache shaped like Nagios Core 4.4.6's for `hosts` hosts with `servicesPerHost` services
 * each, plus a nagios.cfg naming them (usable as PHAROS_NAGIOS_CFG; no engine runs, so the program shows as stopped).
 */
export async function writeSyntheticNagiosFiles(dir: string, hosts: number, servicesPerHost: number): Promise<{ cfgPath: string; statusFile: string; objectCacheFile: string }> {
  const t = Math.floor(Date.now() / 1000);
  const cfgPath = path.join(dir, 'nagios.cfg');
  const statusFile = path.join(dir, 'status.dat');
  const objectCacheFile = path.join(dir, 'objects.cache');
  fs.writeFileSync(cfgPath, 'status_file=status.dat\nobject_cache_file=objects.cache\ncommand_file=nagios.cmd\nlock_file=nagios.lock\nstatus_update_interval=10\n');
  const hostName = (h: number) => `host-${String(h).padStart(5, '0')}`;
  const status = fs.createWriteStream(statusFile);
  const objects = fs.createWriteStream(objectCacheFile);
  const write = (stream: fs.WriteStream, text: string) => (stream.write(text) ? Promise.resolve() : new Promise<void>((r) => stream.once('drain', () => r())));

  await write(status, `########################################\n#          NAGIOS STATUS FILE\n########################################\n\ninfo {\n\tcreated=${t}\n\tversion=4.4.6\n\tlast_update_check=0\n\tupdate_available=0\n\tlast_version=\n\tnew_version=\n\t}\n\n`);
  const stats = ['active_scheduled_host_check_stats=120,600,1800', 'active_ondemand_host_check_stats=3,10,25', 'passive_host_check_stats=0,0,0',
    'active_scheduled_service_check_stats=1200,6000,18000', 'active_ondemand_service_check_stats=0,0,0', 'passive_service_check_stats=5,25,75'];
  await write(status, `programstatus {\n\tmodified_host_attributes=0\n\tmodified_service_attributes=0\n\tnagios_pid=999999\n\tdaemon_mode=1\n\tprogram_start=${t - 86400}\n\tlast_log_rotation=0\n\tenable_notifications=1\n\tactive_service_checks_enabled=1\n\tpassive_service_checks_enabled=1\n\tactive_host_checks_enabled=1\n\tpassive_host_checks_enabled=1\n\tenable_event_handlers=1\n\tobsess_over_services=0\n\tobsess_over_hosts=0\n\tcheck_service_freshness=1\n\tcheck_host_freshness=0\n\tenable_flap_detection=1\n\tprocess_performance_data=0\n\tglobal_host_event_handler=\n\tglobal_service_event_handler=\n${stats.map((l) => `\t${l}\n`).join('')}\t}\n\n`);
  await write(objects, `########################################\n#       NAGIOS OBJECT CACHE FILE\n########################################\n\n`);
  const groups = 20;
  for (let g = 0; g < groups; g++) {
    const members: string[] = [];
    for (let h = g; h < hosts; h += groups) members.push(hostName(h));
    await write(objects, `define hostgroup {\n\thostgroup_name\tgroup-${g}\n\talias\tGroup ${g}\n\tmembers\t${members.join(',')}\n\t}\n\n`);
  }
  for (let g = 0; g < servicesPerHost && g < SERVICE_NAMES.length; g++) {
    const members: string[] = [];
    for (let h = 0; h < hosts; h++) members.push(`${hostName(h)},${SERVICE_NAMES[g]}`);
    await write(objects, `define servicegroup {\n\tservicegroup_name\tsg-${g}\n\talias\t${SERVICE_NAMES[g]} checks\n\tmembers\t${members.join(',')}\n\t}\n\n`);
  }
  const serviceName = (i: number) => (i < SERVICE_NAMES.length ? SERVICE_NAMES[i] : `Service ${i}`);
  for (let h = 0; h < hosts; h++) {
    const name = hostName(h);
    let hostBlock = `hoststatus {\n\thost_name=${name}\n${checkedLines('host', h % 17 === 0 ? 1 : 0, t, h)}\n\t}\n\n`;
    let objectBlock = `define host {\n\thost_name\t${name}\n\talias\tHost ${h}\n\taddress\t10.${(h >> 16) & 255}.${(h >> 8) & 255}.${h & 255}\n\tcheck_command\tcheck_host_${h % 7}!80%!90%\n${objectLines(objectSettings)}\n\t}\n\n`;
    for (let k = 0; k < servicesPerHost; k++) {
      const i = h * servicesPerHost + k;
      hostBlock += `servicestatus {\n\thost_name=${name}\n\tservice_description=${serviceName(k)}\n${checkedLines('service', i % 11 === 0 ? 2 : i % 7 === 0 ? 1 : 0, t, i)}\n\t}\n\n`;
      objectBlock += `define service {\n\thost_name\t${name}\n\tservice_description\t${serviceName(k)}\n\tcheck_command\tcheck_service_${i % 7}!80%!90%\n${objectLines(objectSettings)}\n\t}\n\n`;
    }
    await write(status, hostBlock);
    await write(objects, objectBlock);
  }
  await write(status, `hostcomment {\n\thost_name=${hostName(0)}\n\tentry_type=1\n\tcomment_id=1\n\tsource=1\n\tpersistent=1\n\tentry_time=${t}\n\texpires=0\n\texpire_time=0\n\tauthor=admin\n\tcomment_data=Synthetic comment\n\t}\n\n`);
  await Promise.all([new Promise<void>((r) => status.end(r)), new Promise<void>((r) => objects.end(r))]);
  return { cfgPath, statusFile, objectCacheFile };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Reads and parses `file` the way the source does: streamed in 4 MB chunks, parsed between event-loop turns. */
async function streamParse<T>(file: string, parser: { feed(chunk: Buffer): void; finish(): T }, onChunkMs: (ms: number) => void): Promise<T> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await streamLines(handle, (chunk) => {
      const start = performance.now();
      parser.feed(chunk);
      onChunkMs(performance.now() - start);
    });
    return parser.finish();
  } finally {
    await handle.close();
  }
}

async function timed<T>(times: number[], work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const result = await work();
  times.push(performance.now() - start);
  return result;
}

/** Median wall time (ms) to read + parse status.dat and objects.cache, as the source does it and as one whole-file buffer. */
export async function run(hosts = 10000, servicesPerHost = 10, runs = 5): Promise<Record<string, string | number>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-status-bench-'));
  try {
    const { statusFile, objectCacheFile } = await writeSyntheticNagiosFiles(dir, hosts, servicesPerHost);
    const status: number[] = [];
    const objects: number[] = [];
    const statusWhole: number[] = [];
    let longestChunk = 0;
    let services = 0;
    const chunk = (ms: number) => (longestChunk = Math.max(longestChunk, ms));
    for (let r = 0; r < runs; r++) {
      const model = await timed(objects, () => streamParse(objectCacheFile, new ObjectsCacheParser(), () => {}));
      const parsed = await timed(status, () => streamParse(statusFile, new StatusFileParser(model), chunk));
      services = parsed.services.length;
      await timed(statusWhole, () => parseStatusFile(fs.readFileSync(statusFile), model));
    }
    return {
      hosts, services,
      statusFileMB: Math.round(fs.statSync(statusFile).size / 1e5) / 10,
      objectsCacheMB: Math.round(fs.statSync(objectCacheFile).size / 1e5) / 10,
      statusParseMedianMs: Math.round(median(status)),
      objectsParseMedianMs: Math.round(median(objects)),
      statusWholeBufferMedianMs: Math.round(median(statusWhole)),
      longestChunkParseMs: Math.round(longestChunk),
      runs,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [hosts, perHost] = process.argv.slice(2).map(Number);
  run(hosts || undefined, perHost || undefined).then((result) => console.log(JSON.stringify(result, null, 2)), (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
