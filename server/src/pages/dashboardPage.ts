import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { ensureDefaultDashboards, listUserDashboards } from '../db/dashboards.js';
import { html, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { textOf } from './listQuery.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';

const HEX = /^[0-9a-fA-F]{6}$/;
const DEFAULT_BACKGROUND = '131b25';

/** Light backgrounds get dark text so a dashboard stays readable whatever colour its owner picked. */
function isLight(hex: string): boolean {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55;
}

function dashletTitle(d: unknown, i: number): string {
  if (d && typeof d === 'object') {
    const o = d as Record<string, unknown>;
    for (const key of ['title', 'name', 'id']) if (typeof o[key] === 'string' && o[key]) return o[key] as string;
  }
  return `Dashlet ${i + 1}`;
}

function dashletDetails(d: unknown): SafeHtml | string {
  if (!d || typeof d !== 'object') return String(d);
  const facts = Object.entries(d as Record<string, unknown>).filter(([k, v]) => !['title', 'name'].includes(k) && ['string', 'number', 'boolean'].includes(typeof v));
  return facts.length ? html`<dl>${facts.map(([k, v]) => html`<dt>${k}</dt><dd>${String(v)}</dd>`)}</dl>` : '';
}

function parseDashlets(text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function dashboardPage(env: PageEnv): PageResult {
  const { ctx, caller, fields } = env;
  const id = textOf(fields, 'id') || 'home';
  ensureDefaultDashboards(ctx.db, caller.user.id);
  const dashboard = listUserDashboards(ctx.db, caller.user.id).find((d) => d.id === id);
  if (!dashboard) throw notFound(`You have no dashboard with the id '${id}'.`);
  const background = HEX.test(dashboard.background) ? dashboard.background : DEFAULT_BACKGROUND;
  const dashlets = parseDashlets(dashboard.dashlets);
  const style = dashboard.transparent ? '' : `background-color: #${background}`;
  const tone = dashboard.transparent ? '' : isLight(background) ? ' on-light' : ' on-dark';
  const content = html`<div class="dashboard${tone}"${style ? html` style="${style}"` : ''} data-background="${background}">
${dashlets.length
    ? html`<ul class="dashlets">${dashlets.map((d, i) => html`<li class="dashlet card"><h2>${dashletTitle(d, i)}</h2>${dashletDetails(d)}</li>`)}</ul>`
    : html`<p class="empty-state">This dashboard has no dashlets yet. Add dashlets from the Dashlets menu, or manage your dashboards under Manage My Dashboards.</p>`}
</div>`;
  return { title: dashboard.title, body: pageBody({ heading: dashboard.title, content }) };
}

export function registerDashboardPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: 'dashboards/dashboard.php', get: dashboardPage });
}
