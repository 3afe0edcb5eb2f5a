import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { intField, type Fields } from '../http/input.js';
import { mark, t, translate } from '../http/language.js';
import { findUserById, listUsers, permissionsOf, userBelongings, type UserRow } from '../db/users.js';
import {
  createAccount, deleteAccount, FieldError, FLAGS, updateAccount, userById, type AuditActor,
} from '../admin/userAdmin.js';
import { languageName, themeLabel } from '../settings/account.js';
import { html } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { tableHead } from './table.js';
import { FLAG_LABELS, PASSWORD_REPEAT, userForm, type FormError } from './userForm.js';
import { deleteConfirmation } from './userDelete.js';

export const USERS_PATH = 'admin/users.php';

const NOTICES: Record<string, string> = {
  added: mark("The user '{0}' was added."), saved: mark("The changes to '{0}' were saved."),
  unchanged: mark("Nothing was changed: '{0}' already had these settings."),
  disabled: mark("'{0}' is disabled: they cannot sign in, and their sessions have ended."),
  enabled: mark("'{0}' is enabled and can sign in again."), deleted: mark("The user '{0}' was deleted."),
};

async function listPage(env: PageEnv, error?: string): Promise<PageResult> {
  const { ctx, caller } = env;
  const url = `${ctx.base}${USERS_PATH}`;
  const users = await listUsers(ctx.store);
  const head = tableHead(
    t`Username`, t`Status`, ...FLAG_LABELS.map(([, label]) => translate(label)), t`Theme`, t`Language`, t`Actions`,
  );
  const yes = html`<span class="badge state-ok">${t`Yes`}</span>`;
  const no = html`<span class="badge state-neutral">${t`No`}</span>`;
  const rows = users.map((u) => {
    const perms = permissionsOf(u);
    const toggle = u.disabled ? t`Enable` : t`Disable`;
    const toggleLabel = u.disabled ? t`Enable ${u.username}` : t`Disable ${u.username}`;
    return html`<tr><th scope="row">${u.username}</th>\
<td>${u.disabled ? html`<span class="badge state-warning">${t`Disabled`}</span>`
    : html`<span class="badge state-ok">${t`Active`}</span>`}</td>\
${FLAG_LABELS.map(([flag, label]) => html`<td data-label="${translate(label)}">${perms[flag] ? yes : no}</td>`)}
<td data-label="${t`Theme`}">${themeLabel(u.theme)}</td><td data-label="${t`Language`}">${languageName(u.language)}</td>
<td class="actions"><a href="${url}?action=edit&amp;id=${u.id}" aria-label="${t`Edit ${u.username}`}">${t`Edit`}</a>
<form method="post" action="${url}" class="inline">${nspField(caller)}\
<input type="hidden" name="action" value="${u.disabled ? 'enable' : 'disable'}">\
<input type="hidden" name="id" value="${u.id}">
<button type="submit" class="secondary" aria-label="${toggleLabel}">${toggle}</button></form>
<a href="${url}?action=delete&amp;id=${u.id}" class="danger" aria-label="${t`Delete ${u.username}`}">${t`Delete`}</a>\
</td></tr>`;
  });
  const name = typeof env.fields.user === 'string' ? env.fields.user : '';
  const done = typeof env.fields.done === 'string' && NOTICES[env.fields.done];
  const content = html`<p><a class="button" href="${url}?action=add">${t`Add user`}</a></p>
<div class="table-wrap"><table class="data user-list"><caption>${t`User accounts and their permissions`}</caption>\
${head}<tbody>${rows}</tbody></table></div>`;
  return {
    title: t`Users`, status: error ? 409 : 200,
    body: pageBody({
      heading: t`Manage Users`, intro: t`Add, change, disable or delete the accounts that can sign in to Pharos.`,
      notice: done ? translate(done, [name]) : undefined, error, content,
    }),
  };
}

function formPage(env: PageEnv, user: UserRow | undefined, input?: Fields, error?: FormError): PageResult {
  const heading = user ? t`Edit user ${user.username}` : t`Add a user`;
  return {
    title: t`Users`, status: error ? error.status ?? 400 : 200,
    body: pageBody({
      heading, error: error ? (user ? t`The user was not changed.` : t`The user was not added.`) : undefined,
      content: userForm(env.ctx.base, env.caller, user, input, error),
    }),
  };
}

async function usersGet(env: PageEnv): Promise<PageResult> {
  const { ctx, fields } = env;
  if (fields.action === 'add') return formPage(env, undefined);
  if (fields.action === 'edit' || fields.action === 'delete') {
    const user = await userById(ctx.store, intField(fields, 'id', { required: true, min: 1 }));
    if (fields.action === 'edit') return formPage(env, user);
    return deleteConfirmation(env, user, await userBelongings(ctx.store, user.id));
  }
  return listPage(env);
}

/** The domain's fields from the form: an unticked box sends nothing, which here means no. */
function accountFields(fields: Fields): Fields {
  const out: Fields = { theme: fields.theme, language: fields.language };
  for (const flag of FLAGS) out[flag] = fields[flag] === '1' ? '1' : '0';
  return out;
}

function checkRepeat(fields: Fields): void {
  const password = typeof fields.password === 'string' ? fields.password : '';
  if (password !== (typeof fields[PASSWORD_REPEAT] === 'string' ? fields[PASSWORD_REPEAT] : '')) {
    throw new FieldError(400, PASSWORD_REPEAT, t`The passwords do not match: type the same password in both fields.`);
  }
}

async function usersPost(env: PageEnv): Promise<PageResult> {
  const { ctx, fields, caller, req } = env;
  const actor: AuditActor = { username: caller.user.username, address: req.ip };
  const done = (what: string, username: string): PageResult =>
    ({ redirect: `${ctx.base}${USERS_PATH}?done=${what}&user=${encodeURIComponent(username)}` });
  const action = fields.action;
  if (action === 'add') {
    try {
      checkRepeat(fields);
      const user = await createAccount(ctx.store, { ...accountFields(fields), username: fields.username,
        password: fields.password }, actor);
      return done('added', user.username);
    } catch (error) {
      if (error instanceof FieldError) return formPage(env, undefined, fields, error);
      throw error;
    }
  }
  const user = await userById(ctx.store, intField(fields, 'id', { required: true, min: 1 }));
  const own = user.id === caller.user.id ? caller.session.id : undefined;
  try {
    if (action === 'edit') {
      checkRepeat(fields);
      const change = {
        ...accountFields(fields), username: fields.username ?? '', disabled: fields.disabled === '1' ? '1' : '0',
        password: fields.password,
      };
      const before = JSON.stringify(await findUserById(ctx.store, user.id));
      const saved = await updateAccount(ctx.store, user, change, own, actor);
      const after = JSON.stringify(await findUserById(ctx.store, user.id));
      return done(before === after && !fields.password ? 'unchanged' : 'saved', saved.username);
    }
    if (action === 'disable' || action === 'enable') {
      await updateAccount(ctx.store, user, { disabled: action === 'disable' ? '1' : '0' }, own, actor);
      return done(action === 'disable' ? 'disabled' : 'enabled', user.username);
    }
    if (action === 'delete') {
      await deleteAccount(ctx.store, user, actor);
      return done('deleted', user.username);
    }
  } catch (error) {
    if (action === 'edit' && error instanceof FieldError) return formPage(env, user, fields, error);
    // The last administrator: nothing changed, said on the list the button was on.
    if (error instanceof HttpError && error.status === 409) return listPage(env, error.message);
    throw error;
  }
  throw new HttpError(400, t`Unknown action: choose add, edit, disable, enable or delete.`);
}

/** Spec's Manage Users (issue 38): administrators add, change, disable and delete users here. */
export function registerUsersPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: USERS_PATH, gate: gates.admin, get: usersGet, post: usersPost });
}
