import type { HostStateCode, ServiceStateCode } from '../source.js';
import type { Rng } from './random.js';
import { flat } from '../shared.js';

/** What a simulated plugin prints: the first line, further lines and performance data. */
export interface CheckResult { output: string; long_output: string; perfdata: string }

export interface CheckTarget { host: string; address: string }

export interface ServiceTemplate {
  name: string;
  command: string;
  /** Minutes between regular checks. */
  interval: number;
  /** Typical plugin run time in seconds. */
  exec: number;
  render(state: ServiceStateCode, rng: Rng, target: CheckTarget): CheckResult;
}

const WORD = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'] as const;

const UNKNOWN_OUTPUTS = [
  'UNKNOWN - Plugin timed out after 10 seconds',
  'NRPE: Unable to read output',
  'UNKNOWN - Return code of 127 is out of bounds - plugin may be missing',
];

const result = (output: string, perfdata = '', long_output = ''): CheckResult => ({ output: flat(output), perfdata: flat(perfdata), long_output: flat(long_output) });
const fixed = (n: number, d: number): string => n.toFixed(d);

/** A value inside the band the state implies, so output, perfdata thresholds and state always agree. */
function valueFor(state: ServiceStateCode, rng: Rng, okMax: number, warn: number, crit: number, max: number): number {
  if (state === 0) return rng.between(okMax * 0.1, okMax);
  if (state === 1) return rng.between(warn, crit);
  return rng.between(crit, max);
}

interface MetricSpec {
  name: string;
  command: string;
  label: string;
  unit: string;
  warn: number;
  crit: number;
  max: number;
  decimals?: number;
  interval?: number;
  exec?: number;
  /** Builds the first line from the state word and the value. */
  text?: (word: string, value: string, unit: string) => string;
}

function metric(spec: MetricSpec): ServiceTemplate {
  const d = spec.decimals ?? 0;
  const key = spec.label.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const thresholds = `;${spec.warn};${spec.crit};0;${spec.max}`;
  return {
    name: spec.name, command: spec.command, interval: spec.interval ?? 5, exec: spec.exec ?? 0.05,
    render(state, rng) {
      if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
      const v = valueFor(state, rng, spec.warn * 0.8, spec.warn, spec.crit, spec.max);
      const shown = fixed(v, d);
      const line = spec.text ? spec.text(WORD[state], shown, spec.unit) : `${WORD[state]} - ${spec.label} is ${shown}${spec.unit}`;
      return result(line, `${key}=${shown}${spec.unit}${thresholds}`);
    },
  };
}

interface ResponseSpec {
  name: string;
  command: string;
  port: number;
  ok: (time: string, rng: Rng, target: CheckTarget) => string;
  slowWord?: string;
  interval?: number;
}

/** Network services: OK answers fast, WARNING answers slowly, CRITICAL refuses the connection. */
function response(spec: ResponseSpec): ServiceTemplate {
  return {
    name: spec.name, command: spec.command, interval: spec.interval ?? 5, exec: 0.02,
    render(state, rng, target) {
      if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
      if (state === 2) return result(`connect to address ${target.address} and port ${spec.port}: Connection refused`);
      const t = state === 0 ? rng.between(0.002, 0.3) : rng.between(2, 9);
      const time = fixed(t, 3);
      const line = state === 0 ? spec.ok(time, rng, target) : `${spec.slowWord ?? spec.name} WARNING - ${time} second response time on ${target.address} port ${spec.port}`;
      return result(line, `time=${time}s;2.000;10.000;0.000;10.000`);
    },
  };
}

const ping: ServiceTemplate = {
  name: 'PING', command: 'check_xi_service_ping!3000.0!80%!5000.0!100%', interval: 5, exec: 4.0,
  render(state, rng) {
    if (state === 3) return result('PING UNKNOWN - Invalid hostname/address');
    const loss = state === 0 ? 0 : state === 1 ? rng.pick([20, 30, 40]) : 100;
    const rta = state === 2 ? 0 : state === 0 ? rng.between(0.2, 40) : rng.between(150, 900);
    const line = state === 2 ? 'PING CRITICAL - Packet loss = 100%' : `PING ${WORD[state]} - Packet loss = ${loss}%, RTA = ${fixed(rta, 2)} ms`;
    return result(line, `rta=${fixed(rta, 3)}ms;3000.000;5000.000;0; pl=${loss}%;80;100;0;`);
  },
};

const load = (name: string): ServiceTemplate => ({
  name, command: 'check_xi_service_nrpe!check_load!-a \'-w 5,4,4 -c 10,6,6\'', interval: 5, exec: 0.08,
  render(state, rng) {
    if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
    const l1 = valueFor(state, rng, 3, 5, 10, 24);
    const l5 = Math.max(0, l1 * rng.between(0.7, 1.05));
    const l15 = Math.max(0, l5 * rng.between(0.7, 1.05));
    const [a, b, c] = [fixed(l1, 2), fixed(l5, 2), fixed(l15, 2)];
    return result(`${WORD[state]} - load average: ${a}, ${b}, ${c}`, `load1=${a};5.000;10.000;0; load5=${b};4.000;6.000;0; load15=${c};4.000;6.000;0;`);
  },
});

const disk = (name: string, mount: string, sizeMb: number): ServiceTemplate => ({
  name, command: `check_xi_service_nrpe!check_disk!-a '-w 20% -c 10% -p ${mount}'`, interval: 5, exec: 0.05,
  render(state, rng) {
    if (state === 3) return result(`DISK UNKNOWN - ${mount} not found`);
    const usedPct = valueFor(state, rng, 78, 80, 90, 99.5);
    const used = Math.round((sizeMb * usedPct) / 100);
    const free = sizeMb - used;
    const freePct = Math.round(100 - usedPct);
    return result(`DISK ${WORD[state]} - free space: ${mount} ${free} MB (${freePct}% inode=${90 + rng.int(9)}%):`,
      `${mount}=${used}MB;${Math.round(sizeMb * 0.8)};${Math.round(sizeMb * 0.9)};0;${sizeMb}`);
  },
});

const memory = (name: string, totalMb: number): ServiceTemplate => ({
  name, command: 'check_xi_service_nrpe!check_mem!-a \'-w 80 -c 90\'', interval: 5, exec: 0.04,
  render(state, rng) {
    if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
    const pct = valueFor(state, rng, 75, 80, 90, 99);
    const used = Math.round((totalMb * pct) / 100);
    return result(`${WORD[state]} - ${fixed(pct, 1)}% (${used} MB) of ${totalMb} MB used`,
      `memory=${used}MB;${Math.round(totalMb * 0.8)};${Math.round(totalMb * 0.9)};0;${totalMb}`);
  },
});

const swap = (name: string): ServiceTemplate => ({
  name, command: 'check_xi_service_nrpe!check_swap!-a \'-w 20% -c 10%\'', interval: 5, exec: 0.03,
  render(state, rng) {
    if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
    const total = 2047;
    const freePct = state === 0 ? rng.between(60, 100) : state === 1 ? rng.between(10, 20) : rng.between(0, 10);
    const free = Math.round((total * freePct) / 100);
    return result(`SWAP ${WORD[state]} - ${Math.round(freePct)}% free (${free} MB out of ${total} MB)`, `swap=${free}MB;409;204;0;${total}`);
  },
});

const users = (name: string): ServiceTemplate => ({
  name, command: 'check_xi_service_nrpe!check_users!-a \'-w 5 -c 10\'', interval: 5, exec: 0.02,
  render(state, rng) {
    if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
    const n = state === 0 ? rng.int(5) : state === 1 ? 5 + rng.int(5) : 10 + rng.int(20);
    return result(`USERS ${WORD[state]} - ${n} users currently logged in`, `users=${n};5;10;0`);
  },
});

const procs = (name: string): ServiceTemplate => ({
  name, command: 'check_xi_service_nrpe!check_procs!-a \'-w 250 -c 400\'', interval: 5, exec: 0.06,
  render(state, rng) {
    if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
    const n = Math.round(valueFor(state, rng, 240, 250, 400, 900));
    return result(`PROCS ${WORD[state]}: ${n} processes`, `procs=${n};250;400;0;`);
  },
});

const iface = (name: string, ifName: string): ServiceTemplate => ({
  name, command: `check_xi_service_ifoperstatus!public!${ifName}`, interval: 5, exec: 0.3,
  render(state, rng) {
    if (state === 3) return result('UNKNOWN - Unable to connect to the SNMP agent');
    if (state === 0) return result(`OK: Interface ${ifName} is up`);
    if (state === 1) return result(`WARNING: Interface ${ifName} is dormant`);
    return result(`CRITICAL: Interface ${ifName} is down (last change ${rng.int(59) + 1} minutes ago)`);
  },
});

const bandwidth = (name: string, capacity: number): ServiceTemplate => ({
  name, command: `check_xi_service_mrtgtraf!${capacity}!80!90`, interval: 5, exec: 0.2,
  render(state, rng) {
    if (state === 3) return result('UNKNOWN - Unable to read MRTG log file');
    const inPct = valueFor(state, rng, 60, 80, 90, 100);
    const inMb = (capacity * inPct) / 100;
    const outMb = inMb * rng.between(0.1, 0.6);
    const [i, o] = [fixed(inMb, 2), fixed(outMb, 2)];
    return result(`Traffic ${WORD[state]} - Avg. In = ${i} Mb/s, Avg. Out = ${o} Mb/s`,
      `in=${i}Mb/s;${capacity * 0.8};${capacity * 0.9};0;${capacity} out=${o}Mb/s;${capacity * 0.8};${capacity * 0.9};0;${capacity}`);
  },
});

const uptime = (name: string): ServiceTemplate => ({
  name, command: 'check_xi_service_snmp!public!-o sysUpTime.0', interval: 5, exec: 0.2,
  render(state, rng) {
    if (state === 3) return result('UNKNOWN - Unable to connect to the SNMP agent');
    const days = state === 0 ? 3 + rng.int(400) : 0;
    const hours = rng.int(24);
    const mins = rng.int(60);
    const ticks = ((days * 24 + hours) * 60 + mins) * 6000;
    const text = state === 0 ? `SNMP OK - Timeticks: (${ticks}) ${days} days, ${hours}:${String(mins).padStart(2, '0')}:00.00`
      : `SNMP ${WORD[state]} - Device restarted ${mins} minutes ago - Timeticks: (${mins * 6000})`;
    return result(text, `uptime=${Math.round(ticks / 100)}s;;;0;`);
  },
});

const winService = (name: string, svc: string): ServiceTemplate => ({
  name, command: `check_xi_ncpa_agent!-t 'token' -M 'services' -q 'service=${svc},status=running'`, interval: 5, exec: 0.12,
  render(state, rng) {
    if (state === 3) return result(rng.pick(UNKNOWN_OUTPUTS));
    if (state === 0) return result(`OK: ${svc} is running`);
    if (state === 1) return result(`WARNING: ${svc} is starting`);
    return result(`CRITICAL: ${svc} is stopped`);
  },
});

const http = (name: string, tls: boolean): ServiceTemplate => ({
  name, command: tls ? 'check_xi_service_http!-S -p 443' : 'check_xi_service_http', interval: 5, exec: 0.05,
  render(state, rng, target) {
    if (state === 3) return result(`HTTP UNKNOWN - Could not resolve hostname ${target.host}.example.com`);
    if (state === 2 && rng.chance(0.5)) return result(`connect to address ${target.address} and port ${tls ? 443 : 80}: Connection refused`);
    const size = 1000 + rng.int(60000);
    const t = state === 0 ? rng.between(0.005, 0.4) : rng.between(1, 9);
    const status = state === 0 ? 'HTTP/1.1 200 OK' : state === 1 ? 'HTTP/1.1 404 Not Found' : 'HTTP/1.1 503 Service Unavailable';
    return result(`HTTP ${WORD[state]}: ${status} - ${size} bytes in ${fixed(t, 3)} second response time`,
      `time=${fixed(t, 6)}s;;;0.000000 size=${size}B;;;0`);
  },
});

const ssh = response({ name: 'SSH', command: 'check_xi_service_ssh', port: 22, ok: (t, rng) => `SSH OK - OpenSSH_${rng.pick(['8.9p1', '9.2p1', '9.6p1'])} (protocol 2.0)` });
const smtp = response({ name: 'SMTP', command: 'check_xi_service_smtp', port: 25, ok: (t) => `SMTP OK - ${t} sec. response time` });
const imap = response({ name: 'IMAP', command: 'check_xi_service_imap', port: 143, ok: (t, _r, x) => `IMAP OK - ${t} second response time on ${x.address} port 143 [* OK IMAP4rev1 Service Ready]` });
const dns = response({ name: 'DNS', command: 'check_xi_service_dns!-H www.example.com', port: 53, ok: (t) => `DNS OK: ${t} seconds response time. www.example.com returns 10.20.0.10` });
const mysql = response({ name: 'MySQL', command: 'check_xi_mysql_health!--mode=connection-time', port: 3306, slowWord: 'MYSQL',
  ok: (t, rng) => `OK - ${t} seconds to connect as nagios, ${20 + rng.int(200)} threads connected` });
const ldap = response({ name: 'LDAP', command: 'check_xi_service_ldap', port: 389, ok: (t) => `LDAP OK - ${t} seconds response time` });

const ntp = metric({ name: 'NTP Time', command: 'check_xi_service_ntp!-w 0.5 -c 1', label: 'Offset', unit: 's', warn: 0.5, crit: 1, max: 5, decimals: 4,
  text: (w, v) => `NTP ${w}: Offset ${v} secs` });
const replication = metric({ name: 'MySQL Replication', command: 'check_xi_mysql_health!--mode=slave-lag', label: 'Lag', unit: 's', warn: 60, crit: 300, max: 3600,
  text: (w, v) => `${w} - Slave is running, ${v} seconds behind master` });
const heap = metric({ name: 'Java Heap', command: 'check_xi_jmx!HeapMemoryUsage', label: 'Heap', unit: '%', warn: 85, crit: 95, max: 100, text: (w, v) => `JMX ${w} - Heap usage ${v}%` });
const queue = metric({ name: 'Mail Queue', command: 'check_xi_service_nrpe!check_mailq', label: 'Queue', unit: '', warn: 100, crit: 500, max: 5000,
  text: (w, v) => `${w}: mailq is ${v}` });
const temperature = metric({ name: 'Temperature', command: 'check_xi_service_snmp!public!-o entSensorValue.1', label: 'Temperature', unit: 'C', warn: 55, crit: 70, max: 95,
  text: (w, v) => `SNMP ${w} - Chassis temperature ${v} C` });
const sessions = metric({ name: 'Active Sessions', command: 'check_xi_service_snmp!public!-o fwNumConn.0', label: 'Sessions', unit: '', warn: 40000, crit: 60000, max: 100000,
  text: (w, v) => `SNMP ${w} - ${v} active connections` });
const bgp: ServiceTemplate = {
  name: 'BGP Peer', command: 'check_xi_service_snmp!public!-o bgpPeerState', interval: 5, exec: 0.2,
  render(state, rng) {
    if (state === 3) return result('UNKNOWN - Unable to connect to the SNMP agent');
    const peer = `198.51.100.${1 + rng.int(250)}`;
    return result(state === 0 ? `OK - BGP peer ${peer} established` : state === 1 ? `WARNING - BGP peer ${peer} is in state active` : `CRITICAL - BGP peer ${peer} is idle`);
  },
};

export const SERVICE_TEMPLATES: Record<string, ServiceTemplate> = Object.fromEntries([
  ping, ssh, smtp, imap, dns, mysql, ldap, ntp, replication, heap, queue, temperature, sessions, bgp,
  http('HTTP', false), http('HTTPS', true),
  load('CPU Load'), load('Current Load'),
  memory('Memory', 16384), memory('Memory Usage', 8192),
  disk('Disk Usage', '/var', 102400), disk('Root Partition', '/', 51200), disk('Drive C: Disk Usage', 'C:', 122880), disk('Data Volume', '/data', 4194304),
  swap('Swap'), swap('Swap Usage'), users('Current Users'), procs('Total Processes'),
  iface('Port 1 Status', 'GigabitEthernet0/1'), iface('Port 2 Status', 'GigabitEthernet0/2'), iface('Port 3 Status', 'GigabitEthernet0/3'),
  iface('Interface WAN', 'ge-0/0/0'), iface('Interface LAN', 'ge-0/0/1'),
  bandwidth('Port 1 Bandwidth', 1000), bandwidth('WAN Bandwidth', 500), bandwidth('LAN Bandwidth', 1000),
  uptime('Uptime'),
  winService('Explorer', 'explorer'), winService('IIS Web Server', 'W3SVC'), winService('Windows Update', 'wuauserv'), winService('Print Spooler', 'Spooler'),
].map((t) => [t.name, t]));

export const HOST_CHECK_COMMAND = 'check_xi_host_ping!3000.0!80%!5000.0!100%';

export function renderHost(state: HostStateCode, rng: Rng, address: string): CheckResult {
  if (state === 1) return result(`CRITICAL - ${address}: rta nan, lost 100%`, 'rta=0.000ms;3000.000;5000.000;0; pl=100%;80;100;0;');
  if (state === 2) return result(`CRITICAL - Host Unreachable (${address})`, '');
  const rta = fixed(rng.between(0.1, 30), 3);
  return result(`OK - ${address} rta ${rta}ms lost 0%`, `rta=${rta}ms;3000.000;5000.000;0; pl=0%;80;100;0;`);
}
