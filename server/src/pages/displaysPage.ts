import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import { intField, type Fields } from '../http/input.js';
import { mark, t, translate } from '../http/language.js';
import {
  displayInfo, listDisplays, type DisplayInfo, queueDisplayCommand, revokeDisplay, updateDisplay,
} from '../db/displays.js';
import { listUsers } from '../db/users.js';
import { claimDisplay, parseDisplayChanges } from '../admin/displayAdmin.js';
import { readableParams } from '../../../src/lib/readableParams.js';
import { html, type SafeHtml } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { nowSeconds, timeCell } from './format.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';

/** The screens report every 30 s (last seen, what they show): the page takes that in at the same pace. */
const REFRESH_SECONDS = 30;

const NOTICES: Record<string, string> = {
  claimed: mark('The display is paired. It starts its wallboard within a few seconds.'),
  saved: mark('The display was changed. It shows the change the next time it loads the wallboard.'),
  revoked: mark('The display was revoked. It returns to its pairing code by itself.'),
  identify: mark('The display shows its name for 10 seconds at its next report (within 30 seconds).'),
  reload: mark('The display reloads at its next report (within 30 seconds).'),
};

/** What the screen last reported: showing what, connection, version and screen size. */
function status(info: DisplayInfo): SafeHtml | string {
  const parts = [
    info.item && t`Showing ${info.item}`, info.connection && t`Connection: ${info.connection}`,
    info.version && t`Version ${info.version}`, info.screen && t`Screen ${info.screen}`,
  ].filter(Boolean);
  return parts.length ? html`${parts.map((p, i) => html`${i ? html`<br>` : ''}${p}`)}` : '–';
}

/** Admin → Displays (issue 10): claim a screen's code, and list, change or revoke paired screens. */
async function displaysPage(env: PageEnv, input?: Fields, error?: string): Promise<PageResult> {
  const { ctx, caller } = env;
  const action = `${ctx.base}admin/displays.php`;
  const nsp = nspField(caller);
  const users = await listUsers(ctx.store);
  const userOptions = (selected: number) =>
    users.map((u) => html`<option value="${u.id}"${u.id === selected ? ' selected' : ''}>${u.username}</option>`);
  const rows = (await listDisplays(ctx.store)).map((d) => html`<tr>
<td><form method="post" action="${action}" id="display-${d.id}">${nsp}<input type="hidden" name="action" value="save">\
<input type="hidden" name="id" value="${d.id}"></form>
<input form="display-${d.id}" type="text" name="name" value="${d.name}" maxlength="100"\
 aria-label="${t`Name of display ${d.name}`}"></td>
<td><select form="display-${d.id}" name="userId" aria-label="${t`User of display ${d.name}`}">\
${userOptions(d.user_id)}</select></td>
<td><input form="display-${d.id}" type="text" name="params" value="${readableParams(d.params)}" maxlength="2000"\
 aria-label="${t`Wallboard parameters of display ${d.name}`}"></td>
<td>${d.token_hash ? timeCell(Math.floor((d.last_seen ?? 0) / 1000)) : t`Not picked up yet`}</td>
<td>${status(displayInfo(d))}</td>
<td><button form="display-${d.id}" type="submit">${t`Save`}</button>
${(['identify', 'reload'] as const).map((c) => html`<form method="post" action="${action}" class="inline">${nsp}\
<input type="hidden" name="action" value="${c}"><input type="hidden" name="id" value="${d.id}">
<button type="submit" aria-label="${c === 'identify' ? t`Identify ${d.name}` : t`Reload ${d.name}`}">\
${c === 'identify' ? t`Identify` : t`Reload`}</button></form>`)}
<form method="post" action="${action}" class="inline">${nsp}<input type="hidden" name="action" value="revoke">\
<input type="hidden" name="id" value="${d.id}">
<button type="submit" class="danger" aria-label="${t`Revoke ${d.name}`}">${t`Revoke`}</button></form></td></tr>`);
  const head = tableHead(
    t`Name`, t`Shows My Views of`, [t`Wallboard parameters`, 'wide'], t`Last seen`, t`Status`, t`Action`,
  );
  const value = (k: string) => (typeof input?.[k] === 'string' ? input[k] : '');
  const selectedUser = Number(value('userId')) || caller.user.id;
  const content = html`${dataTable(t`Paired displays`, head, rows, t`No display is paired yet.`, 6)}
<section class="card" aria-labelledby="claim-title"><h2 id="claim-title">${t`Pair a display`}</h2>
<p>${t`Open the wallboard address on the screen (for example in Chromium's kiosk mode); \
it shows an eight-character code. Enter it here.`}</p>
<form method="post" action="${action}">${nsp}<input type="hidden" name="action" value="claim">
${error ? html`<p class="error" role="alert" id="claim-error">${error}</p>` : ''}
<label for="claim-code">${t`Code on the screen`}</label>
<input type="text" id="claim-code" name="code" required maxlength="40" autocomplete="off" value="${value('code')}"\
${error ? html` aria-describedby="claim-error"` : ''}>
<label for="claim-name">${t`Name`}</label>
<input type="text" id="claim-name" name="name" required maxlength="100" value="${value('name')}"\
 placeholder="${t`NOC wall left`}">
<label for="claim-user">${t`Shows My Views of`}</label>
<select id="claim-user" name="userId">${userOptions(selectedUser)}</select>
<label for="claim-params">${t`Wallboard parameters (optional)`}</label>
<input type="text" id="claim-params" name="params" maxlength="2000" value="${value('params')}"\
 placeholder="views=0,1&amp;speed=30&amp;night=22:00-06:00">
<button type="submit">${t`Pair display`}</button></form></section>`;
  const done = typeof env.fields.done === 'string' ? NOTICES[env.fields.done] : undefined;
  return {
    title: t`Displays`,
    status: error ? 400 : 200,
    body: pageBody({
      heading: t`Displays`,
      intro: t`Screens paired with a code show a wallboard without anyone signing in on them. They can only read.`,
      notice: done && translate(done), error: error ? t`The display was not paired.` : undefined, content,
      // Opened by its address (the classic UI links it) it is left open like a status list: it loads itself again in
      // place, unless someone is typing in it (livepage.js), and says how old what it shows is.
      live: { updated: nowSeconds(), base: ctx.base, refresh: REFRESH_SECONDS },
    }),
  };
}

async function displaysPost(env: PageEnv): Promise<PageResult> {
  const { ctx, fields } = env;
  const done = (what: string): PageResult => ({ redirect: `${ctx.base}admin/displays.php?done=${what}` });
  const action = fields.action;
  if (action === 'revoke' || action === 'save' || action === 'identify' || action === 'reload') {
    const id = intField(fields, 'id', { required: true, min: 1 });
    const found = action === 'revoke' ? await revokeDisplay(ctx.store, id)
      : action === 'save' ? await updateDisplay(ctx.store, id, await parseDisplayChanges(ctx, fields))
        : await queueDisplayCommand(ctx.store, id, action);
    if (!found) throw notFound(t`That display does not exist any more.`);
    return done(action === 'revoke' ? 'revoked' : action === 'save' ? 'saved' : action);
  }
  try {
    await claimDisplay(ctx, fields);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 400 || error.status === 404)) {
      return displaysPage(env, fields, error.message);
    }
    throw error;
  }
  return done('claimed');
}

export function registerDisplaysPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'admin/displays.php', gate: gates.admin, get: (env) => displaysPage(env), post: displaysPost,
  });
}
