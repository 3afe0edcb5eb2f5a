import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { t } from '../http/language.js';
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
      const asOf = snap.updated ? dateTimeText(snap.updated) : t`no status update yet`;
      const content = html`<p class="intro">\
${t`Data as of ${asOf}.`} ${t`Every count links to the matching status list.`}</p>
<h2>${t`Host groups`}</h2>
${groupStatsTable(ctx.base, 'host', hostgroupStats(snap), t`Hosts and services per host group`)}
<h2>${t`Service groups`}</h2>
${groupStatsTable(ctx.base, 'service', servicegroupStats(snap), t`Hosts and services per service group`)}`;
      return { title: t`Status Summary`, body: pageBody({ heading: t`Status Summary Report`, content }) };
    },
  });
}
