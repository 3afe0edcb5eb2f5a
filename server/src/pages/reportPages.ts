import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { dateTimeText } from './format.js';
import { groupStatsTable, hostgroupStats, servicegroupStats } from './groupStats.js';
import { registerPage } from './pageRoute.js';

/** `reports/statussummary.php`: per host group, hosts by state and their services by state; service groups below. */
export function registerReportPages(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'reports/statussummary.php',
    get() {
      const snap = ctx.monitoring.snapshot();
      const content = html`<p class="intro">\
Data as of ${snap.updated ? dateTimeText(snap.updated) : 'no status update yet'}. \
Every count links to the matching status list.</p>
<h2>Host groups</h2>
${groupStatsTable(ctx.base, 'host', hostgroupStats(snap), 'Hosts and services per host group')}
<h2>Service groups</h2>
${groupStatsTable(ctx.base, 'service', servicegroupStats(snap), 'Hosts and services per service group')}`;
      return { title: 'Status Summary', body: pageBody({ heading: 'Status Summary Report', content }) };
    },
  });
}
