import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { formatNumber, t } from '../http/language.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { dateTimeText } from './format.js';
import { gates, registerPage } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';
import { hostUrl, serviceUrl } from './urls.js';
import { availabilityReport } from './historyQuery.js';
import { monthWindow } from './reportWindow.js';

export const SLA_PATH = 'reports/sla.php';

const field = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, 200) : '');
/**
 * `reports/sla.php` (issue 37): for a host group or service group and a month, each object's availability (time UP,
 * or OK, in the month so far) against a target, met or missed. Time without data counts against it.
 */
export function registerSlaPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: SLA_PATH,
    gate: gates.monitoring,
    async get(env) {
      const now = Math.floor(ctx.now() / 1000);
      const f = env.fields;
      const hostgroup = field(f.hostgroup);
      const servicegroup = field(f.servicegroup);
      const targetText = field(f.target) || '99.9';
      const target = Number(targetText);
      if (!/^\d{1,3}(\.\d{1,3})?$/.test(targetText) || target > 100) {
        throw badRequest(t`The target must be a percentage from 0 to 100.`);
      }
      const window = monthWindow(field(f.month), now);
      const snap = ctx.monitoring.snapshot();
      const form = html`<form method="get" action="${ctx.base}${SLA_PATH}" class="filters">
<label>${t`Host group`} <select name="hostgroup"><option value="">${t`None`}</option>\
${snap.hostgroups.map((g) =>
    html`<option value="${g.name}"${g.name === hostgroup ? html` selected` : ''}>${g.alias || g.name}</option>`)}\
</select></label>
<label>${t`Service group`} <select name="servicegroup"><option value="">${t`None`}</option>\
${snap.servicegroups.map((g) =>
    html`<option value="${g.name}"${g.name === servicegroup ? html` selected` : ''}>${g.alias || g.name}</option>`)}\
</select></label>
<label>${t`Month`} <input type="month" name="month" value="${window.month}"></label>
<label>${t`Target (%)`} <input name="target" inputmode="decimal" value="${targetText}"></label>
<button type="submit" class="button">${t`Show`}</button>
</form>`;
      if (!hostgroup && !servicegroup) {
        return {
          title: t`SLA Report`,
          body: pageBody({
            heading: t`SLA Report`, content: form,
            intro: t`Choose a host group or a service group, a month and a target.`,
          }),
        };
      }
      const report = await availabilityReport(ctx, {
        since: window.since, until: window.until,
        hostgroup: hostgroup || undefined, servicegroup: hostgroup ? undefined : servicegroup || undefined,
      }, now);
      let met = 0;
      const rows = report.objects.map((o) => {
        const available = o.service === '' ? o.percent.UP ?? 0 : o.percent.OK ?? 0;
        const ok = available >= target;
        if (ok) met += 1;
        const name = o.service === ''
          ? html`<a href="${hostUrl(ctx.base, o.host)}">${o.host}</a>`
          : html`<a href="${hostUrl(ctx.base, o.host)}">${o.host}</a> / \
<a href="${serviceUrl(ctx.base, o.host, o.service)}">${o.service}</a>`;
        return html`<tr><th scope="row">${name}</th><td class="num">${formatNumber(available)} %</td>\
<td class="num">${formatNumber(o.percent.NODATA ?? 0)} %</td>\
<td><span class="badge state-${ok ? 'ok' : 'critical'}">${ok ? t`Met` : t`Missed`}</span></td></tr>`;
      });
      const content = html`${form}
<p class="intro">${t`${formatNumber(met)} of ${formatNumber(report.objects.length)} objects met the target of \
${formatNumber(target)} %.`}</p>
${dataTable(t`Availability against the target per object`, tableHead(t`Object`, [t`Availability`, 'num'],
    [t`No data`, 'num'], t`Target`), rows, t`No host or service matches.`, 4)}`;
      return {
        title: t`SLA Report`,
        body: pageBody({
          heading: t`SLA Report`,
          intro: t`Time UP (hosts) or OK (services) from ${dateTimeText(report.since)} to ${dateTimeText(report.end)}. \
Time without data counts as not available.`,
          content,
        }),
      };
    },
  });
}
