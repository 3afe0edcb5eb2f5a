import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { gates, registerPage, type Gate } from './pageRoute.js';

interface Unimplemented { path: string; name: string; back: { label: string; path: string }; gate?: Gate }

const ENTERPRISE = { label: 'Back to Enterprise', path: 'enterprise/' };
const CONFIG = { label: 'Back to Configuration Options', path: 'config/' };

/** The spec's pages (2.11, 2.13) this server has no implementation of: each says so plainly, never a fake screen. */
export const UNIMPLEMENTED: readonly Unimplemented[] = [
  {
    path: 'includes/components/autodiscovery/index.php', name: 'Auto-Discovery Tool', back: CONFIG,
    gate: gates.configure,
  },
  { path: 'includes/components/nagiosbpi/index.php', name: 'BPI', back: ENTERPRISE },
  {
    path: 'includes/components/bulkmodifications/bulkmodifications.php',
    name: 'Bulk Modification Tool', back: ENTERPRISE,
    gate: gates.admin,
  },
  {
    path: 'includes/components/renametool/renametool.php', name: 'Bulk Renaming Tool', back: ENTERPRISE,
    gate: gates.admin,
  },
  { path: 'includes/components/capacityplanning/capacityplanning.php', name: 'Capacity Planning', back: ENTERPRISE },
  { path: 'admin/deadpool.php', name: 'Deadpool Settings', back: ENTERPRISE, gate: gates.admin },
  { path: 'admin/notificationmanagement.php', name: 'Notification Management', back: ENTERPRISE, gate: gates.admin },
  { path: 'includes/components/scheduledreporting/schedulereport.php', name: 'Scheduled Reports', back: ENTERPRISE },
  {
    path: 'includes/components/scheduledreporting/reporthistory.php',
    name: 'Scheduled Reports History', back: ENTERPRISE,
    gate: gates.admin,
  },
  { path: 'reports/sla.php', name: 'SLA Report', back: ENTERPRISE },
  { path: 'includes/components/nxti/index.php', name: 'SNMP Trap Interface', back: ENTERPRISE, gate: gates.admin },
];

export function registerUnimplementedPages(app: FastifyInstance, ctx: AppContext): void {
  for (const page of UNIMPLEMENTED) {
    registerPage(app, ctx, {
      path: page.path,
      ...(page.gate ? { gate: page.gate } : {}),
      get: () => ({
        title: page.name,
        body: pageBody({
          heading: page.name,
          content: html`<p>The reference server does not implement ${page.name}.</p>
<p><a href="${ctx.base}${page.back.path}" target="_top">${page.back.label}</a></p>`,
        }),
      }),
    });
  }
}
