import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import type { Fields } from '../http/input.js';
import { getUserMeta, setUserLanguage, setUserMeta, setUserTheme } from '../db/users.js';
import { t } from '../http/language.js';
import { THEMES, availableLanguages, languageName, themeLabel } from '../settings/account.js';
import { html, withMarkup } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';

const ALERTS_KEY = 'show_login_alert_screen';

function languages(): string[] {
  const found = availableLanguages();
  return found.length ? found : ['en_US'];
}

async function accountPage(env: PageEnv, input?: Fields, error?: string): Promise<PageResult> {
  const { ctx, caller } = env;
  const user = caller.user;
  const pick = (name: string, current: string) =>
    (input && typeof input[name] === 'string' ? (input[name] as string) : current);
  const theme = pick('theme', user.theme);
  const language = pick('language', user.language);
  const alerts = input ? input.show_login_alerts === '1' : (await getUserMeta(ctx.store, user.id, ALERTS_KEY)) !== '0';
  // xi5 is offered only to someone who has it already, so saving never changes a theme silently.
  const themes = THEMES.filter((th) => th !== 'xi5' || user.theme === 'xi5');
  const signedIn = withMarkup((name) => t`Signed in as ${name}.`, html`<strong>${user.username}</strong>`);
  const content = html`<form method="post" action="${ctx.base}account/main.php" class="card narrow">
${nspField(caller)}
<p>${signedIn}</p>
<label for="account-theme">${t`Theme`}</label>
<select id="account-theme" name="theme">\
${themes.map((th) => html`<option value="${th}"${th === theme ? ' selected' : ''}>${themeLabel(th)}</option>`)}\
</select>
<label for="account-language">${t`Language`}</label>
<select id="account-language" name="language">${languages().map((l) =>
    html`<option value="${l}"${l === language ? ' selected' : ''}>${languageName(l)} (${l})</option>`)}</select>
<div class="check">\
<input type="checkbox" id="account-alerts" name="show_login_alerts" value="1"${alerts ? ' checked' : ''}>\
<label for="account-alerts">${t`Show login alerts (problems, updates and system status) when I log in`}</label></div>
<button type="submit">${t`Save settings`}</button>
<p class="hint">${t`The app, its frame and open wallboards switch to the new theme and language \
as soon as you save.`}</p>
</form>`;
  return {
    title: t`My Account`,
    status: error ? 400 : 200,
    body: pageBody({
      heading: t`My Account Settings`, notice: env.fields.done === 'saved' ? t`Your settings were saved.` : undefined,
      error, content,
    }),
  };
}

async function accountPost(env: PageEnv): Promise<PageResult> {
  const { ctx, fields, caller } = env;
  const theme = typeof fields.theme === 'string' ? fields.theme : '';
  const language = typeof fields.language === 'string' ? fields.language : '';
  const allowed = THEMES.filter((th) => th !== 'xi5' || caller.user.theme === 'xi5') as readonly string[];
  if (!allowed.includes(theme)) return accountPage(env, fields, t`Choose one of the listed themes.`);
  if (!languages().includes(language)) return accountPage(env, fields, t`Choose one of the listed languages.`);
  await ctx.store.transaction().execute(async (trx) => {
    await setUserTheme(trx, caller.user.id, theme);
    await setUserLanguage(trx, caller.user.id, language);
    await setUserMeta(trx, caller.user.id, ALERTS_KEY, fields.show_login_alerts === '1' ? '1' : '0');
  });
  return { redirect: `${ctx.base}account/main.php?done=saved` };
}

export function registerAccountPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: 'account/main.php', get: (env) => accountPage(env), post: accountPost });
}
