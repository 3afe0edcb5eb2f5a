import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import type { Fields } from '../http/input.js';
import { mark, t, translate } from '../http/language.js';
import { addBanner, BANNER_COLORS, listBanners, removeBanner } from '../db/banners.js';
import { parseBanner } from '../settings/banners.js';
import { html } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { timeCell, yesNo } from './format.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';

const COLOR_LABELS: Record<string, string> = {
  info: mark('Information'), success: mark('Success'), warning: mark('Warning'), critical: mark('Critical'),
};
const NOTICES: Record<string, string> = {
  added: mark('The banner was added.'), removed: mark('The banner was removed.'),
};
const colorLabel = (color: string) => (COLOR_LABELS[color] ? translate(COLOR_LABELS[color]) : color);

async function bannersPage(env: PageEnv, input?: Fields, error?: string): Promise<PageResult> {
  const { ctx, caller } = env;
  const action = `${ctx.base}admin/banners.php`;
  const nsp = nspField(caller);
  const rows = (await listBanners(ctx.store)).map((b) => html`<tr><td class="output">${b.message}</td>
<td><span class="badge banner-${b.color}">${colorLabel(b.color)}</span></td>\
<td>${yesNo(b.acknowledgeable)}</td><td>${yesNo(b.active)}</td>
<td>${timeCell(Math.floor(b.created_at / 1000))}</td>
<td><form method="post" action="${action}" class="inline">${nsp}<input type="hidden" name="action" value="remove">\
<input type="hidden" name="id" value="${b.id}">
<button type="submit" class="danger" aria-label="${t`Remove banner ${b.id}`}">${t`Remove`}</button></form></td></tr>`);
  const head = tableHead([t`Message`, 'wide'], t`Type`, t`Dismissible`, t`Active`, t`Created`, t`Action`);
  const message = typeof input?.message === 'string' ? input.message : '';
  const color = typeof input?.color === 'string' ? input.color : 'info';
  const ack = input ? input.acknowledgeable === '1' : true;
  const content = html`${dataTable(t`Announcement banners`, head, rows, t`There are no banners.`, 6)}
<section class="card" aria-labelledby="add-title"><h2 id="add-title">${t`Add a banner`}</h2>
<form method="post" action="${action}">${nsp}<input type="hidden" name="action" value="add">
${error ? html`<p class="error" role="alert" id="banner-error">${error}</p>` : ''}
<label for="banner-message">${t`Message`}</label>
<input type="text" id="banner-message" name="message" required maxlength="1000" value="${message}"\
${error ? html` aria-describedby="banner-error"` : ''}>
<label for="banner-color">${t`Type`}</label>
<select id="banner-color" name="color">\
${BANNER_COLORS.map((c) => html`<option value="${c}"${c === color ? ' selected' : ''}>${colorLabel(c)}</option>`)}\
</select>
<div class="check"><input type="checkbox" id="banner-ack" name="acknowledgeable" value="1"${ack ? ' checked' : ''}>\
<label for="banner-ack">${t`Users can dismiss it`}</label></div>
<button type="submit">${t`Add banner`}</button></form></section>`;
  const done = typeof env.fields.done === 'string' ? NOTICES[env.fields.done] : undefined;
  return {
    title: t`Banners`, status: error ? 400 : 200,
    body: pageBody({
      heading: t`Announcement Banners`,
      intro: t`Active banners show at the top of every page until a user dismisses them.`,
      notice: done && translate(done), error: error ? t`The banner was not added.` : undefined, content,
    }),
  };
}

async function bannersPost(env: PageEnv): Promise<PageResult> {
  const { ctx, fields } = env;
  const done = (what: string): PageResult => ({ redirect: `${ctx.base}admin/banners.php?done=${what}` });
  if (fields.action === 'remove') {
    const id = Number(fields.id);
    if (!Number.isSafeInteger(id) || !await removeBanner(ctx.store, id)) {
      throw notFound(t`That banner does not exist any more.`);
    }
    return done('removed');
  }
  try {
    // An unticked checkbox sends nothing, which for a form means "no".
    const b = parseBanner({ ...fields, acknowledgeable: fields.acknowledgeable ?? '0' });
    await addBanner(ctx.store, b.message, b.color, b.acknowledgeable);
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return bannersPage(env, fields, error.message);
    throw error;
  }
  return done('added');
}

export function registerBannersPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'admin/banners.php', gate: gates.admin, get: (env) => bannersPage(env), post: bannersPost,
  });
}
