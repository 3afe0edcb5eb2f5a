import type { Group, HostStatus, ServiceStatus } from '../source.js';
import { HOST_CHECK_COMMAND, SERVICE_TEMPLATES, renderHost, type ServiceTemplate } from './checks.js';
import type { Rng } from './random.js';
import { flat, sharedList } from '../shared.js';

interface Role {
  prefix: string;
  alias: string;
  /** Second octet of the role's subnet. */
  net: number;
  groups: string[];
  /** At least ten, so any servicesPerHost up to the limit is served. */
  services: string[];
}

const LINUX_TAIL = ['CPU Load', 'Memory', 'Disk Usage', 'Swap', 'Current Users', 'Total Processes'];

const ROLES: Record<string, Role> = {
  web: { prefix: 'web', alias: 'Web Server', net: 10, groups: ['linux-servers', 'web-servers'], services: ['PING', 'HTTP', 'HTTPS', 'SSH', ...LINUX_TAIL] },
  app: { prefix: 'app', alias: 'Application Server', net: 11, groups: ['linux-servers', 'app-servers'], services: ['PING', 'SSH', 'HTTP', 'Java Heap', ...LINUX_TAIL] },
  db: { prefix: 'db', alias: 'Database Server', net: 12, groups: ['linux-servers', 'databases'], services: ['PING', 'SSH', 'MySQL', 'MySQL Replication', ...LINUX_TAIL] },
  mail: { prefix: 'mail', alias: 'Mail Server', net: 13, groups: ['linux-servers', 'mail-servers'], services: ['PING', 'SMTP', 'IMAP', 'Mail Queue', 'SSH', 'CPU Load', 'Memory', 'Disk Usage', 'Swap', 'Current Users'] },
  dir: { prefix: 'dir', alias: 'Directory Server', net: 14, groups: ['linux-servers', 'infrastructure'], services: ['PING', 'DNS', 'LDAP', 'NTP Time', 'SSH', 'CPU Load', 'Memory', 'Disk Usage', 'Swap', 'Current Users'] },
  win: { prefix: 'win', alias: 'Windows Server', net: 15, groups: ['windows-servers'], services: ['PING', 'CPU Load', 'Memory', 'Drive C: Disk Usage', 'Explorer', 'IIS Web Server', 'Windows Update', 'Print Spooler', 'Uptime', 'Current Users'] },
  nas: { prefix: 'nas', alias: 'Storage Server', net: 16, groups: ['linux-servers', 'storage'], services: ['PING', 'SSH', 'Data Volume', 'Disk Usage', 'CPU Load', 'Memory', 'Swap', 'NTP Time', 'Current Users', 'Total Processes'] },
  sw: { prefix: 'sw', alias: 'Access Switch', net: 20, groups: ['network', 'switches'], services: ['PING', 'Uptime', 'Port 1 Status', 'Port 2 Status', 'Port 3 Status', 'Port 1 Bandwidth', 'Temperature', 'CPU Load', 'Memory Usage', 'SSH'] },
  rtr: { prefix: 'rtr', alias: 'Edge Router', net: 21, groups: ['network', 'routers'], services: ['PING', 'Uptime', 'BGP Peer', 'Interface WAN', 'Interface LAN', 'WAN Bandwidth', 'LAN Bandwidth', 'Temperature', 'CPU Load', 'Memory Usage'] },
  fw: { prefix: 'fw', alias: 'Firewall', net: 22, groups: ['network', 'firewalls'], services: ['PING', 'Uptime', 'Active Sessions', 'Interface WAN', 'Interface LAN', 'WAN Bandwidth', 'Temperature', 'CPU Load', 'Memory Usage', 'SSH'] },
};

/** The monitoring server itself, first as in a fresh Nagios XI install, with its stock services. */
const LOCALHOST_SERVICES = ['Current Load', 'Current Users', 'HTTP', 'PING', 'Root Partition', 'SSH', 'Swap Usage', 'Total Processes', 'Memory Usage', 'NTP Time'];

/** Roles in a repeating order that gives a plausible mix: many web and app servers, few firewalls. */
const ROLE_PATTERN = ['web', 'app', 'db', 'web', 'win', 'sw', 'app', 'web', 'db', 'nas', 'web', 'rtr', 'win', 'app', 'mail', 'dir', 'web', 'fw', 'sw', 'win'];

const HOSTGROUP_ALIASES: Record<string, string> = {
  'linux-servers': 'Linux Servers', 'windows-servers': 'Windows Servers', 'web-servers': 'Web Servers', 'app-servers': 'Application Servers',
  databases: 'Database Servers', 'mail-servers': 'Mail Servers', infrastructure: 'Infrastructure Services', storage: 'Storage',
  network: 'Network Devices', switches: 'Switches', routers: 'Routers', firewalls: 'Firewalls',
};

const SERVICEGROUPS: { name: string; alias: string; services: string[] }[] = [
  { name: 'connectivity', alias: 'Connectivity', services: ['PING', 'SSH'] },
  { name: 'web-checks', alias: 'Web Checks', services: ['HTTP', 'HTTPS', 'IIS Web Server'] },
  { name: 'database-checks', alias: 'Database Checks', services: ['MySQL', 'MySQL Replication'] },
  { name: 'mail-checks', alias: 'Mail Checks', services: ['SMTP', 'IMAP', 'Mail Queue'] },
  { name: 'system-resources', alias: 'System Resources',
    services: ['CPU Load', 'Current Load', 'Memory', 'Memory Usage', 'Disk Usage', 'Root Partition', 'Drive C: Disk Usage', 'Data Volume', 'Swap', 'Swap Usage'] },
  { name: 'network-interfaces', alias: 'Network Interfaces',
    services: ['Port 1 Status', 'Port 2 Status', 'Port 3 Status', 'Interface WAN', 'Interface LAN', 'Port 1 Bandwidth', 'WAN Bandwidth', 'LAN Bandwidth'] },
];

const SERVICEGROUP_OF = new Map<string, string>(SERVICEGROUPS.flatMap((g) => g.services.map((s) => [s, g.name] as [string, string])));

export const HOST_CHECK_INTERVAL = 5;
export const HOST_MAX_ATTEMPTS = 5;
export const SERVICE_MAX_ATTEMPTS = 3;

/** The fleet's fixed structure plus every object in its initial healthy state. */
export interface Fleet {
  hosts: HostStatus[];
  services: ServiceStatus[];
  hostgroups: Group[];
  servicegroups: Group[];
  /** Host index of each service. */
  serviceHost: Int32Array;
  /** Services of host i are [serviceStart[i], serviceStart[i + 1]). */
  serviceStart: Int32Array;
  templates: ServiceTemplate[];
}

interface HostPlan { name: string; alias: string; address: string; groups: string[]; services: string[] }

function planHosts(count: number): HostPlan[] {
  const plans: HostPlan[] = [{ name: 'localhost', alias: 'localhost', address: '127.0.0.1', groups: ['linux-servers'], services: LOCALHOST_SERVICES }];
  const roleTotals = new Map<string, number>();
  for (let i = 1; i < count; i++) {
    const role = ROLE_PATTERN[(i - 1) % ROLE_PATTERN.length]!;
    roleTotals.set(role, (roleTotals.get(role) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  for (let i = 1; i < count; i++) {
    const role = ROLES[ROLE_PATTERN[(i - 1) % ROLE_PATTERN.length]!]!;
    const k = (seen.get(role.prefix) ?? 0) + 1;
    seen.set(role.prefix, k);
    const width = Math.max(2, String(roleTotals.get(role.prefix)).length);
    const num = String(k).padStart(width, '0');
    const address = `10.${role.net}.${Math.floor((k - 1) / 250)}.${((k - 1) % 250) + 2}`;
    plans.push({ name: `${role.prefix}${num}`, alias: flat(`${role.alias} ${num}`), address, groups: role.groups, services: role.services });
  }
  return plans;
}

export function buildFleet(hostCount: number, servicesPerHost: number, rng: Rng, now: number, engine?: string): Fleet {
  const plans = planHosts(hostCount);
  const hosts: HostStatus[] = [];
  const services: ServiceStatus[] = [];
  const templates: ServiceTemplate[] = [];
  const serviceHostList: number[] = [];
  const serviceStart = new Int32Array(plans.length + 1);
  const hostgroupMembers = new Map<string, string[]>();
  const servicegroupMembers = new Map<string, string[]>(SERVICEGROUPS.map((g) => [g.name, []]));

  plans.forEach((p, i) => {
    const h = renderHost(0, rng, p.address);
    const lastCheck = now - rng.int(HOST_CHECK_INTERVAL * 60);
    hosts.push({
      host_name: p.name, display_name: p.name, alias: p.alias, address: p.address, current_state: 0, hostgroups: sharedList(p.groups),
      state_type: 1, has_been_checked: 1, output: h.output, long_output: h.long_output, perfdata: h.perfdata,
      last_check: lastCheck, next_check: lastCheck + HOST_CHECK_INTERVAL * 60, last_state_change: now - 86400 * (1 + rng.int(60)) - rng.int(86400),
      current_check_attempt: 1, max_check_attempts: HOST_MAX_ATTEMPTS, problem_acknowledged: 0, acknowledgement_type: 0,
      scheduled_downtime_depth: 0, active_checks_enabled: 1, passive_checks_enabled: 1, notifications_enabled: 1, is_flapping: 0,
      check_command: HOST_CHECK_COMMAND, check_interval: HOST_CHECK_INTERVAL, engine,
    });
    for (const g of p.groups) {
      const list = hostgroupMembers.get(g) ?? [];
      list.push(p.name);
      hostgroupMembers.set(g, list);
    }
    serviceStart[i] = services.length;
    const target = { host: p.name, address: p.address };
    const count = Math.min(servicesPerHost, p.services.length);
    for (let k = 0; k < count; k++) {
      const name = p.services[k]!;
      const t = SERVICE_TEMPLATES[name]!;
      const r = t.render(0, rng, target);
      const sg = SERVICEGROUP_OF.get(name);
      if (sg) servicegroupMembers.get(sg)!.push(flat(`${p.name};${name}`));
      const svcLastCheck = now - rng.int(t.interval * 60);
      services.push({
        host_name: p.name, service_description: name, display_name: name, current_state: 0, servicegroups: sharedList(sg ? [sg] : []),
        state_type: 1, has_been_checked: 1, output: r.output, long_output: r.long_output, perfdata: r.perfdata,
        last_check: svcLastCheck, next_check: svcLastCheck + t.interval * 60, last_state_change: now - 86400 * (1 + rng.int(60)) - rng.int(86400),
        current_check_attempt: 1, max_check_attempts: SERVICE_MAX_ATTEMPTS, problem_acknowledged: 0, acknowledgement_type: 0,
        scheduled_downtime_depth: 0, active_checks_enabled: 1, passive_checks_enabled: 1, notifications_enabled: 1, is_flapping: 0,
        check_command: t.command, check_interval: t.interval, engine,
      });
      templates.push(t);
      serviceHostList.push(i);
    }
  });
  serviceStart[plans.length] = services.length;

  const hostgroups: Group[] = [...hostgroupMembers].map(([name, members]) => ({ name, alias: HOSTGROUP_ALIASES[name] ?? name, members }));
  const servicegroups: Group[] = SERVICEGROUPS.filter((g) => servicegroupMembers.get(g.name)!.length > 0)
    .map((g) => ({ name: g.name, alias: g.alias, members: servicegroupMembers.get(g.name)! }));
  return { hosts, services, hostgroups, servicegroups, serviceHost: Int32Array.from(serviceHostList), serviceStart, templates };
}
