import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { AUDIT_ACTIONS, listAudit, type AuditAction, type AuditFilter } from '../db/auditLog.js';
import { mark, t, translate } from '../http/language.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { gates, registerPage } from './pageRoute.js';
import { dataTable, pager, tableHead } from './table.js';
import { withQuery, type QueryValues } from './urls.js';

export const AUDIT_LOG_PATH = 'admin/auditlog.php';
const RECORDS = 50;
/** The actions as a reader names them; the filter's values stay the stored ones. */
const ACTION_LABELS: Record<AuditAction, string> = {
  login: mark('login'), logout: mark('logout'), 'failed login': mark('failed login'), write: mark('write'),
};

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** Spec 2.13's Audit Log: who logged in, out, failed to, or wrote what, from where and when; admins only. */
export function registerAuditLogPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: AUDIT_LOG_PATH,
    gate: gates.admin,
    async get(env) {
      const f = env.fields;
      const action = text(f.action, 20);
      const filter: AuditFilter = {
        username: text(f.user, 200) || undefined,
        action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : undefined,
        object: text(f.object, 200) || undefined,
      };
      const requested = Number.parseInt(text(f.page, 9), 10);
      const first = await listAudit(ctx.store, filter, 0, 0);
      const pages = Math.max(1, Math.ceil(first.total / RECORDS));
      const page = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
      const { rows, total } = await listAudit(ctx.store, filter, (page - 1) * RECORDS, RECORDS);
      const keep: QueryValues = { user: filter.username, action: filter.action, object: filter.object };
      const link = (params: QueryValues) => withQuery(`${ctx.base}${AUDIT_LOG_PATH}`, { ...keep, ...params });
      const form = html`<form method="get" action="${ctx.base}${AUDIT_LOG_PATH}" class="filters">
<label>${t`User`} <input name="user" value="${filter.username ?? ''}"></label>
<label>${t`Action`} <select name="action"><option value="">${t`Any`}</option>${AUDIT_ACTIONS.map((a) =>
    html`<option value="${a}"${a === filter.action ? html` selected` : ''}>${translate(ACTION_LABELS[a])}</option>`)}\
</select></label>
<label>${t`Object contains`} <input name="object" value="${filter.object ?? ''}"></label>
<button type="submit" class="button">${t`Filter`}</button>
</form>`;
      const head = tableHead(t`Time`, t`User`, t`Address`, t`Action`, t`Object`);
      const body = rows.map((r) => html`<tr><td><time datetime="${new Date(r.at).toISOString()}">\
${new Date(r.at).toISOString().replace('T', ' ').slice(0, 19)} UTC</time></td>\
<td>${r.username}</td><td>${r.address}</td><td>${translate(ACTION_LABELS[r.action] ?? r.action)}</td>\
<td><code>${r.object}</code></td></tr>`);
      const content = html`${form}
${dataTable(t`Audit log entries`, head, body, t`No entries match.`, 5)}
${pager({ rows, total, page, pages, records: RECORDS }, t`entries`, link)}`;
      return {
        title: t`Audit Log`,
        body: pageBody({
          heading: t`Audit Log`,
          intro: t`Every login, logout, failed login and write on this server, newest first.`,
          content,
        }),
      };
    },
  });
}
