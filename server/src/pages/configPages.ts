import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { formatNumber, t } from '../http/language.js';
import { capabilitiesOf, hostKey, type MonitoringSnapshot } from '../monitoring/source.js';
import { html, withMarkup, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { gates, registerPage } from './pageRoute.js';
import { dataTable, factsTable, tableHead } from './table.js';
import { hostUrl, statusUrl } from './urls.js';

const commandName = (checkCommand: string) => checkCommand.split('!')[0] ?? '';
const AGENT_COMMANDS = /^check_(nrpe|ncpa)/;

/** "1 host", "60 hosts": one sentence per number, as a translation may need more than a plural -s. */
const counts = {
  hosts: (n: number) => (n === 1 ? t`${formatNumber(n)} host` : t`${formatNumber(n)} hosts`),
  services: (n: number) => (n === 1 ? t`${formatNumber(n)} service` : t`${formatNumber(n)} services`),
  hostGroups: (n: number) => (n === 1 ? t`${formatNumber(n)} host group` : t`${formatNumber(n)} host groups`),
  serviceGroups: (n: number) =>
    (n === 1 ? t`${formatNumber(n)} service group` : t`${formatNumber(n)} service groups`),
};

/** How often each check command is used, most used first: what this installation already monitors. */
function commandUsage(snap: MonitoringSnapshot): [string, number, number][] {
  const usage = new Map<string, [number, number]>();
  const add = (cmd: string, i: 0 | 1) => {
    const name = commandName(cmd) || '(none)';
    const entry = usage.get(name) ?? [0, 0];
    entry[i]++;
    usage.set(name, entry);
  };
  for (const h of snap.hosts) add(h.check_command, 0);
  for (const s of snap.services) add(s.check_command, 1);
  return [...usage].map(([name, [h, s]]): [string, number, number] => [name, h, s])
    .sort((a, b) => b[1] + b[2] - (a[1] + a[2]) || a[0].localeCompare(b[0]));
}

function howToAdd(ctx: AppContext): SafeHtml {
  if (capabilitiesOf(ctx.monitoring).objects === 'simulated') {
    return html`<p>${t`This server shows a simulated demo fleet.`} \
${withMarkup((hosts, services) => t`Change its size with ${hosts} and ${services}`,
    html`<code>PHAROS_DEMO_HOSTS</code>`, html`<code>PHAROS_DEMO_SERVICES_PER_HOST</code>`)}
${withMarkup((cfg) => t`(1 to 10), or connect a real engine by starting the server with ${cfg}.`,
    html`<code>PHAROS_NAGIOS_CFG=/etc/nagios4/nagios.cfg</code>`)}</p>`;
  }
  return html`<ol><li>${withMarkup((cfg, file, dir) => t`Add host and service definitions to a file that \
${cfg} includes through ${file} or ${dir}, for example:`,
  html`<code>${ctx.config.nagiosCfg ?? 'nagios.cfg'}</code>`, html`<code>cfg_file</code>`, html`<code>cfg_dir</code>`)}
<pre>define host {
    use                 linux-server
    host_name           web01
    alias               Web server 1
    address             192.0.2.10
}
define service {
    use                 generic-service
    host_name           web01
    service_description HTTP
    check_command       check_http
}</pre></li>
<li>${withMarkup((command) => t`Check the configuration: ${command}.`,
    html`<code>nagios -v ${ctx.config.nagiosCfg ?? '/etc/nagios4/nagios.cfg'}</code>`)}</li>
<li>${withMarkup((command) => t`Reload the engine (for example ${command}).`,
    html`<code>systemctl reload nagios4</code>`)} \
${t`The new objects appear here with the next status update.`}</li></ol>`;
}

export function registerConfigPages(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'config/monitoringwizard.php',
    gate: gates.configure,
    get() {
      const snap = ctx.monitoring.snapshot();
      const usage = commandUsage(snap).slice(0, 25);
      const kind = (what: string, how: string) => html`<li><strong>${what}</strong>: ${how}</li>`;
      const content = html`${factsTable(t`Monitored now`, [
        [t`Hosts`, html`<a href="${statusUrl(ctx.base, { show: 'hosts' })}">${counts.hosts(snap.hosts.length)}</a>`],
        [t`Services`, html`<a href="${statusUrl(ctx.base, { show: 'services' })}">\
${counts.services(snap.services.length)}</a>`],
        [t`Host groups`, counts.hostGroups(snap.hostgroups.length)],
        [t`Service groups`, counts.serviceGroups(snap.servicegroups.length)],
      ])}
<h2>${t`What can be monitored`}</h2>
<ul>${kind(t`Network devices`, t`reachability and round-trip time with ping, interfaces and traffic over SNMP.`)}
${kind(t`Servers`, t`CPU load, memory, disks, processes and users, through an agent (see Deploy Agent) or SSH.`)}
${kind(t`Websites and web services`, t`HTTP(S) status, response time, content and certificate expiry.`)}
${kind(t`Network services`, t`SSH, SMTP, IMAP, DNS, NTP and any TCP or UDP port.`)}
${kind(t`Databases and applications`, t`with the matching plugins on the monitoring server.`)}</ul>
<h2>${t`Check commands in use`}</h2>
${dataTable(t`Check commands by number of hosts and services using them`,
    tableHead(t`Command`, [t`Hosts`, 'num'], [t`Services`, 'num']),
    usage.map(([name, h, s]) => html`<tr><th scope="row"><code>${name}</code></th>\
<td class="num">${h}</td><td class="num">${s}</td></tr>`), t`Nothing is monitored yet.`, 3)}
<h2>${t`Adding hosts and services`}</h2>${howToAdd(ctx)}`;
      return {
        title: t`Configuration Wizards`,
        body: pageBody({
          heading: t`Configuration Wizards`,
          intro: t`Start monitoring now: what this server watches and how to add more.`,
          content,
        }),
      };
    },
  });

  // Spec 2.11's Monitoring Agents card opens the deployment index; the menu's Deploy Agent entry the older name.
  for (const path of ['config/deployagent.php', 'config/deployment/index.php']) registerPage(app, ctx, {
    path,
    gate: gates.deploy,
    get() {
      const snap = ctx.monitoring.snapshot();
      // By hostKey: with several engines, the same host name on two engines is two hosts, each linked on its engine.
      const agentHosts = new Map<string, { host_name: string; engine?: string | undefined }>();
      for (const x of [...snap.services, ...snap.hosts]) {
        if (!AGENT_COMMANDS.test(x.check_command)) continue;
        agentHosts.set(hostKey(x), { host_name: x.host_name, engine: x.engine });
      }
      const listed = [...agentHosts.keys()].sort().slice(0, 50).map((k) => agentHosts.get(k)!);
      const content = html`<p>${t`An agent on a monitored machine answers checks \
the monitoring server cannot run remotely: \
CPU, memory, disks, processes and services.`}</p>
<h2>${t`Deploy an agent`}</h2>
<ol><li>${t`Install the agent on the target: NCPA (listens on TCP 5693) or NRPE (TCP 5666) \
from your distribution or the vendor's packages.`}</li>
<li>${withMarkup((token, allowed) => t`Set the agent's token (NCPA ${token}) or allowed hosts (NRPE ${allowed}) \
to this monitoring server, then restart it.`,
    html`<code>community_string</code>`, html`<code>allowed_hosts</code>`)}</li>
<li>${t`Allow the agent port through the target's firewall from the monitoring server only.`}</li>
<li>${withMarkup((ncpa, nrpe) => t`Add a host and services that use ${ncpa} or ${nrpe} (see Configuration Wizards), \
and reload the engine.`, html`<code>check_ncpa</code>`, html`<code>check_nrpe</code>`)}</li></ol>
<h2>${t`Hosts checked through an agent`}</h2>
<p>${t`${counts.hosts(agentHosts.size)} currently use an agent check.`}</p>
${listed.length ? html`<ul class="link-list columns">${listed.map((h) => html`<li>\
<a href="${hostUrl(ctx.base, h.host_name, h.engine)}">${h.host_name}</a>\
${h.engine === undefined ? '' : html` <span class="muted">(${h.engine})</span>`}</li>`)}</ul>` : ''}`;
      return { title: t`Deploy Agent`, body: pageBody({ heading: t`Deploy Agent`, content }) };
    },
  });
}
