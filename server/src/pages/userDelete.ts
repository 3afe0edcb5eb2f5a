import { formatNumber, t } from '../http/language.js';
import type { UserBelongings, UserRow } from '../db/users.js';
import { html } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import type { PageEnv, PageResult } from './pageRoute.js';

/** Each kind of row the store deletes with a user, counted, in the reader's language. */
function belongingsList(b: UserBelongings): string[] {
  const n = formatNumber;
  return [
    b.views === 1 ? t`1 view in My Views` : t`${n(b.views)} views in My Views`,
    b.dashboards === 1 ? t`1 dashboard, with its dashlets` : t`${n(b.dashboards)} dashboards, with their dashlets`,
    b.favorites === 1 ? t`1 favorite` : t`${n(b.favorites)} favorites`,
    b.tools === 1 ? t`1 personal tool (My Tools)` : t`${n(b.tools)} personal tools (My Tools)`,
    b.schedules === 1 ? t`1 scheduled page report` : t`${n(b.schedules)} scheduled page reports`,
    b.displays === 1 ? t`1 paired display showing their views (it returns to its pairing code)`
      : t`${n(b.displays)} paired displays showing their views (they return to their pairing codes)`,
    b.sessions === 1 ? t`1 open session (signed out at once)` : t`${n(b.sessions)} open sessions (signed out at once)`,
    t`their settings (${n(b.settings)}) and dismissed banners (${n(b.bannerAcks)})`,
  ];
}

/** The confirmation before a delete: what goes with the user, what stays, and a button that says what it does. */
export function deleteConfirmation(env: PageEnv, user: UserRow, belongings: UserBelongings): PageResult {
  const { ctx, caller } = env;
  const url = `${ctx.base}admin/users.php`;
  const own = user.id === caller.user.id;
  const content = html`<section class="card narrow" aria-labelledby="delete-what">
<h2 id="delete-what">${t`These are deleted with the user:`}</h2>
<ul>${belongingsList(belongings).map((item) => html`<li>${item}</li>`)}</ul>
<p>${t`What stays: the audit log's entries, common tools and feedback they sent.`}</p>
${own ? html`<p class="error">${t`This is your own account: you are signed out when it is deleted.`}</p>` : ''}
<p><strong>${t`This cannot be undone.`}</strong>
${t`To keep everything but stop the user signing in, disable them instead.`}</p>
<form method="post" action="${url}" class="inline">${nspField(caller)}\
<input type="hidden" name="action" value="delete">\
<input type="hidden" name="id" value="${user.id}">
<button type="submit" class="danger">${t`Delete user ${user.username}`}</button></form>
<a class="button secondary" href="${url}">${t`Cancel`}</a>
</section>`;
  return { title: t`Users`, body: pageBody({ heading: t`Delete user ${user.username}?`, content }) };
}
