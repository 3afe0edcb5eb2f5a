import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { formatNumber, t, translate } from '../http/language.js';
import { capabilitiesOf, hostKey, type MonitoringSnapshot, type SourceCapabilities } from '../monitoring/source.js';
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

const NAGIOS_EXAMPLE = `define host {
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
}`;

const ICINGA_EXAMPLE = `object Host "web01" {
  import "generic-host"
  address = "192.0.2.10"
  check_command = "hostalive"
}
object Service "http" {
  import "generic-service"
  host_name = "web01"
  check_command = "http"
}`;

/** One engine to add objects to: its name with several engines, where its objects come from, where it is read. */
interface EngineGuide {
  name: string | undefined;
  label: string;
  objects: SourceCapabilities['objects'];
  address: string | undefined;
}

function engineGuides(ctx: AppContext): EngineGuide[] {
  const { monitoring, config } = ctx;
  if (!monitoring.members) {
    const { label, objects } = capabilitiesOf(monitoring);
    return [{ name: undefined, label, objects, address: config.nagiosCfg ?? config.livestatus }];
  }
  const addresses = new Map(monitoring.engines?.().map((e) => [e.name, e.address]));
  return monitoring.members.map(({ name, source }) => {
    const { label, objects } = capabilitiesOf(source);
    return { name, label, objects, address: addresses.get(name) };
  });
}

const code = (text: string) => html`<code>${text}</code>`;

function simulatedSteps(alone: boolean): SafeHtml {
  const size = withMarkup((hosts, services) => t`Change its size with ${hosts} and ${services}`,
    code('PHAROS_DEMO_HOSTS'), code('PHAROS_DEMO_SERVICES_PER_HOST'));
  if (!alone) return html`<p>${t`A simulated fleet.`} ${size} ${t`(1 to 10).`}</p>`;
  const connect = withMarkup((nagios, livestatus, engines) => t`(1 to 10), or connect real engines by starting \
the server with ${nagios} for Nagios Core, ${livestatus} for Icinga 2, Naemon or another engine that speaks \
Livestatus, or ${engines} for several.`,
  code('PHAROS_NAGIOS_CFG=/etc/nagios4/nagios.cfg'), code('PHAROS_LIVESTATUS=host:port'),
  code('PHAROS_ENGINES=engines.json'));
  return html`<p>${t`This server shows a simulated demo fleet.`} ${size}
${connect}</p>`;
}

function nagiosSteps(cfg: string | undefined): SafeHtml {
  const add = withMarkup((file, cfgFile, dir) => t`Add host and service definitions to a file that \
${file} includes through ${cfgFile} or ${dir}, for example:`,
  code(cfg ?? 'nagios.cfg'), code('cfg_file'), code('cfg_dir'));
  return html`<ol><li>${add}
<pre>${NAGIOS_EXAMPLE}</pre></li>
<li>${withMarkup((command) => t`Check the configuration: ${command}.`,
    code(`nagios -v ${cfg ?? '/etc/nagios4/nagios.cfg'}`))}</li>
<li>${withMarkup((command) => t`Reload the engine (for example ${command}).`, code('systemctl reload nagios4'))} \
${t`The new objects appear here with the next status update.`}</li></ol>`;
}

/** A Livestatus engine keeps its objects in its own configuration, on its own machine: Pharos only queries them. */
function livestatusSteps(address: string | undefined): SafeHtml {
  const where = withMarkup((at) => t`This engine keeps its hosts and services in its own configuration; \
Pharos reads them over Livestatus at ${at}.`, code(address ?? 'host:port'));
  const naemon = withMarkup((command) => t`Naemon and other engines with Nagios-style configuration take the same \
host and service definitions as Nagios Core; check them with ${command} before reloading.`,
  code('naemon -v /etc/naemon/naemon.cfg'));
  return html`<p>${where}</p>
<ol><li>${withMarkup((dir) => t`On Icinga 2, add objects to a file in ${dir}, for example:`,
    code('/etc/icinga2/conf.d/'))}
<pre>${ICINGA_EXAMPLE}</pre></li>
<li>${withMarkup((command) => t`Check the configuration: ${command}.`, code('icinga2 daemon -C'))}</li>
<li>${withMarkup((command) => t`Reload the engine (for example ${command}).`, code('systemctl reload icinga2'))} \
${t`The new objects appear here within a few seconds.`}</li></ol>
<p>${naemon}</p>`;
}

/** What to do to monitor more, for the engine this server watches, or for each of several, under its name. */
function howToAdd(ctx: AppContext): SafeHtml {
  const guides = engineGuides(ctx);
  const steps = (g: EngineGuide) => (g.objects === 'simulated' ? simulatedSteps(guides.length === 1)
    : g.objects === 'engine-config' ? livestatusSteps(g.address) : nagiosSteps(g.address));
  if (guides.length === 1) return steps(guides[0]!);
  return html`${guides.map((g) => html`<h3>${t`Engine ${g.name ?? ''} (${translate(g.label)})`}</h3>${steps(g)}`)}`;
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
