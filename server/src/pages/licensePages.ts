import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { getLicense, updateLicense, LICENSE_FIELDS, type LicenseField } from '../db/license.js';
import { getSetting, setSetting } from '../db/settings.js';
import { mark, t, translate } from '../http/language.js';
import { html, withMarkup, type SafeHtml } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { timeCell, yesNo } from './format.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { factsTable } from './table.js';

const LABELS: Record<LicenseField, string> = {
  product_name: mark('Product name'), is_license_activated: mark('Licence activated'),
  has_activation_key: mark('Activation key entered'),
  is_invalid_license: mark('Invalid licence'), is_license_exceeded: mark('Licence limits exceeded'),
  is_trial_license: mark('Trial licence'), trial_days_left: mark('Trial days left'),
  trial_notice_ignore: mark('Trial notice dismissed'),
  is_free_license: mark('Free licence'), free_notice_ignored: mark('Free licence notice dismissed'),
  is_enterprise_license: mark('Enterprise licence'), is_enterprise_trial: mark('Enterprise trial running'),
  enterprise_days_left: mark('Enterprise trial days left'),
  has_trialed_enterprise_features: mark('Enterprise features already trialled'),
  is_enterprise_maintenance_expired: mark('Enterprise maintenance expired'),
  is_25_year_celebration_license: mark('25-year special edition licence'),
  promo_notice_ignored: mark('Special edition notice dismissed'),
  is_core_services_platform_license: mark('Core services platform licence'),
  core_services_platform_notice_ignored: mark('Core services platform notice dismissed'),
  is_custom_branding: mark('Custom branding'),
};

/** Kept apart from the licence state, which the product API returns as a whole: the key itself is never sent out. */
interface Activation { key: string; entered_at: number; entered_by: string }
const ACTIVATION = 'license.activation';
const KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

async function activationForm(env: PageEnv, action: string, value: string, error?: string): Promise<SafeHtml> {
  const a = await getSetting<Activation | null>(env.ctx.store, ACTIVATION, null);
  const nsp = nspField(env.caller);
  const entered = a && withMarkup(
    (key, user, time) => t`A key ending in ${key} was entered by ${user} on ${time}.`,
    html`<strong>${a.key.slice(-4)}</strong>`, html`${a.entered_by}`,
    html`${timeCell(Math.floor(a.entered_at / 1000))}`,
  );
  return html`<section class="card" aria-labelledby="activation-title">\
<h2 id="activation-title">${t`Activation key`}</h2>
${entered ? html`<p>${entered}</p>` : html`<p>${t`No activation key has been entered.`}</p>`}
<form method="post" action="${action}">${nsp}<input type="hidden" name="action" value="activate">
${error ? html`<p class="error" role="alert" id="key-error">${error}</p>` : ''}
<label for="activation-key">${t`Activation key`}</label>
<input type="text" id="activation-key" name="key" required autocomplete="off" maxlength="64" value="${value}"\
${error ? html` aria-invalid="true" aria-describedby="key-error"` : ''}>
<button type="submit">${t`Activate`}</button></form>
${a ? html`<form method="post" action="${action}">${nsp}<input type="hidden" name="action" value="clear">\
<button type="submit" class="danger">${t`Clear activation key`}</button></form>` : ''}
</section>`;
}

function activationNotice(env: PageEnv): string | undefined {
  const done = env.fields.done;
  return done === 'saved' ? t`The activation key was saved and the licence is activated.`
    : done === 'cleared' ? t`The activation key was cleared.` : undefined;
}

async function licenseFacts(env: PageEnv): Promise<SafeHtml> {
  const license = await getLicense(env.ctx.store);
  return factsTable(t`Licence state`, LICENSE_FIELDS.map((f): [string, string] => {
    const v = license[f];
    return [translate(LABELS[f]), typeof v === 'boolean' ? yesNo(v) : String(v)];
  }));
}

async function licensePage(env: PageEnv, input = '', error?: string): Promise<PageResult> {
  const action = `${env.ctx.base}admin/license.php`;
  const content = html`${await licenseFacts(env)}${await activationForm(env, action, input, error)}`;
  return {
    title: t`License`, status: error ? 400 : 200,
    body: pageBody({ heading: t`License Information`, notice: activationNotice(env), content }),
  };
}

async function activatePage(env: PageEnv, input = '', error?: string): Promise<PageResult> {
  const license = await getLicense(env.ctx.store);
  const action = `${env.ctx.base}admin/activate.php`;
  const product = license.product_name;
  const status = license.is_license_activated ? t`Your licence is activated.` : license.has_activation_key
    ? t`Your license needs to be re-activated in order to access certain features of ${product}.`
    : t`Your license has not yet been activated. Access to certain features of ${product} are restricted or limited.`;
  const content = html`<p class="${license.is_license_activated ? 'notice' : 'error'}">${status}</p>
${gates.admin.allows(env.caller.perms)
    ? await activationForm(env, action, input, error)
    : html`<p>${t`Ask an administrator to enter the activation key.`}</p>`}`;
  return {
    title: t`Activate`, status: error ? 400 : 200,
    body: pageBody({ heading: t`Activate License`, notice: activationNotice(env), content }),
  };
}

async function activationPost(
  env: PageEnv, path: string, render: (env: PageEnv, input: string, error?: string) => Promise<PageResult>,
): Promise<PageResult> {
  const { ctx, fields } = env;
  if (fields.action === 'clear') {
    await setSetting(ctx.store, ACTIVATION, null);
    await updateLicense(ctx.store, { has_activation_key: false, is_license_activated: false });
    return { redirect: `${ctx.base}${path}?done=cleared` };
  }
  const key = typeof fields.key === 'string' ? fields.key.trim() : '';
  if (!KEY_PATTERN.test(key)) {
    return render(env, key.slice(0, 200), t`An activation key is 8 to 64 letters, digits or dashes.`);
  }
  const activation: Activation = { key, entered_at: Date.now(), entered_by: env.caller.user.username };
  await setSetting(ctx.store, ACTIVATION, activation);
  await updateLicense(ctx.store, { has_activation_key: true, is_license_activated: true });
  return { redirect: `${ctx.base}${path}?done=saved` };
}

export function registerLicensePages(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'admin/license.php', gate: gates.admin,
    get: (env) => licensePage(env), post: (env) => activationPost(env, 'admin/license.php', licensePage),
  });
  registerPage(app, ctx, {
    path: 'admin/activate.php', postGate: gates.admin,
    get: (env) => activatePage(env), post: (env) => activationPost(env, 'admin/activate.php', activatePage),
  });
}
