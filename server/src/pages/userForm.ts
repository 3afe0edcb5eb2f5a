import type { Caller } from '../http/context.js';
import type { Fields } from '../http/input.js';
import { mark, t, translate } from '../http/language.js';
import { PERMISSION_FLAGS, type PermissionFlag, type UserRow } from '../db/users.js';
import { availableLanguages, languageName, themeLabel, THEMES } from '../settings/account.js';
import { html, type SafeHtml } from './html.js';
import { nspField } from './formGuard.js';

/** The permission flags as Manage Users names them, in the order of the spec's auth record. */
export const FLAG_LABELS: readonly (readonly [PermissionFlag, string])[] = [
  ['isAdmin', mark('Administrator')], ['isAuthorizedForMonitoringSystem', mark('Monitoring system')],
  ['canConfigureObjects', mark('Configure objects')], ['canAccessCCM', 'Core Config Manager'],
  ['canAutoDeploy', mark('Auto-deploy')],
];

export const PASSWORD_REPEAT = 'password2';

/** A refused form: the message, and the field it is about (marked invalid and described by the message). */
export interface FormError { message: string; field?: string; status?: number }

/** The form's values as typed (a refused post) or as stored (a user being edited); passwords never come back. */
interface FormValues {
  username: string; flags: Record<PermissionFlag, boolean>; theme: string; language: string; disabled: boolean;
}

function valuesOf(user: UserRow | undefined, input: Fields | undefined): FormValues {
  const flags = {} as Record<PermissionFlag, boolean>;
  for (const [flag, column] of Object.entries(PERMISSION_FLAGS) as [PermissionFlag, keyof UserRow][]) {
    flags[flag] = input ? input[flag] === '1' : user ? user[column] === 1 : flag === 'isAuthorizedForMonitoringSystem';
  }
  const text = (name: string, stored: string) => (input && typeof input[name] === 'string' ? input[name] : stored);
  return {
    username: text('username', user?.username ?? ''), flags,
    theme: text('theme', user?.theme ?? 'neptune'), language: text('language', user?.language ?? 'en_US'),
    disabled: input ? input.disabled === '1' : user?.disabled === 1,
  };
}

/** Add (no `user`) or edit one user. Checkboxes send 1 when ticked and nothing otherwise, which the post reads as 0. */
export function userForm(
  base: string, caller: Caller, user: UserRow | undefined, input?: Fields, error?: FormError,
): SafeHtml {
  const v = valuesOf(user, input);
  const id = (name: string) => `user-${name}`;
  /** aria-invalid on the refused field, and its description: the refusal first, then the field's own hint. */
  const invalid = (name: string, hint = false) => {
    const described = [error?.field === name ? 'user-error' : '', hint ? `${id(name)}-hint` : ''].filter(Boolean);
    return html`${error?.field === name ? html` aria-invalid="true"` : ''}\
${described.length ? html` aria-describedby="${described.join(' ')}"` : ''}`;
  };
  const check = (name: string, label: string, on: boolean, hint?: string) => html`<div class="check">\
<input type="checkbox" id="${id(name)}" name="${name}" value="1"${on ? ' checked' : ''}${invalid(name, !!hint)}>\
<label for="${id(name)}">${label}</label></div>${hint ? html`<p class="hint" id="${id(name)}-hint">${hint}</p>` : ''}`;
  // xi5 leaves the modern app: offered only to someone who has it already, as on My Account.
  const themes = THEMES.filter((th) => th !== 'xi5' || v.theme === 'xi5' || user?.theme === 'xi5');
  const languages = availableLanguages();
  const passwordHint = user ? t`At least 8 characters. Leave both empty to keep the current password.`
    : t`At least 8 characters.`;
  return html`<form method="post" action="${base}admin/users.php" class="card narrow" novalidate>${nspField(caller)}
<input type="hidden" name="action" value="${user ? 'edit' : 'add'}">\
${user ? html`<input type="hidden" name="id" value="${user.id}">` : ''}
${error ? html`<p class="error" role="alert" id="user-error">${error.message}</p>` : ''}
<label for="${id('username')}">${t`Username`}</label>
<input type="text" id="${id('username')}" name="username" maxlength="64" autocomplete="off" required\
 value="${v.username}"${invalid('username', true)}>
<p class="hint" id="${id('username')}-hint">${t`Letters, digits and . _ @ - only.`}</p>
<label for="${id('password')}">${user ? t`New password` : t`Password`}</label>
<input type="password" id="${id('password')}" name="password" autocomplete="new-password" maxlength="1000"\
${user ? '' : ' required'}${invalid('password', true)}>
<p class="hint" id="${id('password')}-hint">${passwordHint}</p>
<label for="${id(PASSWORD_REPEAT)}">${t`Repeat the password`}</label>
<input type="password" id="${id(PASSWORD_REPEAT)}" name="${PASSWORD_REPEAT}" autocomplete="new-password"\
 maxlength="1000"${user ? '' : ' required'}${invalid(PASSWORD_REPEAT)}>
<fieldset><legend>${t`Permissions`}</legend>
${FLAG_LABELS.map(([flag, label]) => check(flag, translate(label), v.flags[flag]))}</fieldset>
<label for="${id('theme')}">${t`Theme`}</label>
<select id="${id('theme')}" name="theme"${invalid('theme')}>${themes.map((th) =>
    html`<option value="${th}"${th === v.theme ? ' selected' : ''}>${themeLabel(th)}</option>`)}</select>
<label for="${id('language')}">${t`Language`}</label>
<select id="${id('language')}" name="language"${invalid('language')}>${languages.map((l) =>
    html`<option value="${l}"${l === v.language ? ' selected' : ''}>${languageName(l)}</option>`)}</select>
${user ? check('disabled', t`Disabled`, v.disabled, t`A disabled user cannot sign in; their sessions end at once. \
Their views, dashboards and settings stay, and displays paired to show their views go on showing them.`) : ''}
<button type="submit">${user ? t`Save changes` : t`Add user`}</button>
<a class="button secondary" href="${base}admin/users.php">${t`Cancel`}</a>
</form>`;
}
