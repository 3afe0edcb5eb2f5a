import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { capabilitiesOf, hostKey, type MonitoringSnapshot } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { plural } from './format.js';
import { gates, registerPage } from './pageRoute.js';
import { dataTable, factsTable, tableHead } from './table.js';
import { hostUrl, statusUrl } from './urls.js';

const commandName = (checkCommand: string) => checkCommand.split('!')[0] ?? '';
const AGENT_COMMANDS = /^check_(nrpe|ncpa)/;

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
    return html`<p>This server shows a simulated demo fleet. \
Change its size with <code>PHAROS_DEMO_HOSTS</code> and <code>PHAROS_DEMO_SERVICES_PER_HOST</code>
(1 to 10), or connect a real engine by starting the server with \
<code>PHAROS_NAGIOS_CFG=/etc/nagios4/nagios.cfg</code>.</p>`;
  }
  return html`<ol><li>Add host and service definitions to a file that \
<code>${ctx.config.nagiosCfg ?? 'nagios.cfg'}</code> includes through <code>cfg_file</code> or <code>cfg_dir</code>, \
for example:
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
<li>Check the configuration: <code>nagios -v ${ctx.config.nagiosCfg ?? '/etc/nagios4/nagios.cfg'}</code>.</li>
<li>Reload the engine (for example <code>systemctl reload nagios4</code>). \
The new objects appear here with the next status update.</li></ol>`;
}

export function registerConfigPages(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'config/monitoringwizard.php',
    gate: gates.configure,
    get() {
      const snap = ctx.monitoring.snapshot();
      const usage = commandUsage(snap).slice(0, 25);
      const content = html`${factsTable('Monitored now', [
        ['Hosts', html`<a href="${statusUrl(ctx.base, { show: 'hosts' })}">${plural(snap.hosts.length, 'host')}</a>`],
        ['Services', html`<a href="${statusUrl(ctx.base, { show: 'services' })}">\
${plural(snap.services.length, 'service')}</a>`],
        ['Host groups', plural(snap.hostgroups.length, 'host group')],
        ['Service groups', plural(snap.servicegroups.length, 'service group')],
      ])}
<h2>What can be monitored</h2>
<ul><li><strong>Network devices</strong>: reachability and round-trip time with ping, \
interfaces and traffic over SNMP.</li>
<li><strong>Servers</strong>: CPU load, memory, disks, processes and users, \
through an agent (see Deploy Agent) or SSH.</li>
<li><strong>Websites and web services</strong>: HTTP(S) status, response time, content and certificate expiry.</li>
<li><strong>Network services</strong>: SSH, SMTP, IMAP, DNS, NTP and any TCP or UDP port.</li>
<li><strong>Databases and applications</strong>: with the matching plugins on the monitoring server.</li></ul>
<h2>Check commands in use</h2>
${dataTable('Check commands by number of hosts and services using them',
    tableHead('Command', ['Hosts', 'num'], ['Services', 'num']),
    usage.map(([name, h, s]) => html`<tr><th scope="row"><code>${name}</code></th>\
<td class="num">${h}</td><td class="num">${s}</td></tr>`), 'Nothing is monitored yet.', 3)}
<h2>Adding hosts and services</h2>${howToAdd(ctx)}`;
      return {
        title: 'Configuration Wizards',
        body: pageBody({
          heading: 'Configuration Wizards',
          intro: 'Start monitoring now: what this server watches and how to add more.',
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
      const content = html`<p>An agent on a monitored machine answers checks \
the monitoring server cannot run remotely: \
CPU, memory, disks, processes and services.</p>
<h2>Deploy an agent</h2>
<ol><li>Install the agent on the target: NCPA (listens on TCP 5693) or NRPE (TCP 5666) \
from your distribution or the vendor's packages.</li>
<li>Set the agent's token (NCPA <code>community_string</code>) or allowed hosts (NRPE <code>allowed_hosts</code>) \
to this monitoring server, then restart it.</li>
<li>Allow the agent port through the target's firewall from the monitoring server only.</li>
<li>Add a host and services that use <code>check_ncpa</code> or <code>check_nrpe</code> (see Configuration Wizards), \
and reload the engine.</li></ol>
<h2>Hosts checked through an agent</h2>
<p>${plural(agentHosts.size, 'host')} currently use an agent check.</p>
${listed.length ? html`<ul class="link-list columns">${listed.map((h) => html`<li>\
<a href="${hostUrl(ctx.base, h.host_name, h.engine)}">${h.host_name}</a>\
${h.engine === undefined ? '' : html` <span class="muted">(${h.engine})</span>`}</li>`)}</ul>` : ''}`;
      return { title: 'Deploy Agent', body: pageBody({ heading: 'Deploy Agent', content }) };
    },
  });
}
