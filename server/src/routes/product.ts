import type { FastifyInstance } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { sessionVars } from '../db/sessions.js';
import { getLicense, type LicenseState } from '../db/license.js';
import { getBranding } from '../db/branding.js';
import { getUpdateSettings, isNewerVersion } from '../db/productUpdate.js';
import { PRODUCT_VERSION } from '../settings/product.js';


/** A dismissed licence banner stays dismissed for the rest of the session only (spec 4). */
export function licenseForSession(license: LicenseState, vars: Record<string, unknown>): LicenseState {
  const on = (key: string) => vars[key] === 1;
  const promo = on('ignore_promo_notice');
  return {
    ...license,
    trial_notice_ignore: license.trial_notice_ignore || on('ignore_trial_notice'),
    free_notice_ignored: license.free_notice_ignored || on('ignore_free_notice'),
    promo_notice_ignored: license.promo_notice_ignored || promo,
    core_services_platform_notice_ignored: license.core_services_platform_notice_ignored || promo,
  };
}

export async function registerProduct(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = `${ctx.base}api/v2/product/`;

  app.get(`${api}license`, async (req) => {
    const { session } = await requireCaller(ctx, req);
    return licenseForSession(await getLicense(ctx.store), sessionVars(session));
  });

  app.get(`${api}name`, async (req) => {
    await requireCaller(ctx, req);
    return { display_full_name: (await getLicense(ctx.store)).product_name };
  });

  app.get(`${api}version`, async (req) => {
    await requireCaller(ctx, req);
    return { version: PRODUCT_VERSION };
  });

  app.get(`${api}update`, async (req) => {
    await requireCaller(ctx, req);
    const u = await getUpdateSettings(ctx.store);
    return {
      update_url: u.update_url,
      recordcount: isNewerVersion(u.latest_version, PRODUCT_VERSION) ? 1 : 0,
      hide_updates: u.hide_updates,
      lastUpdateCheckSucceeded: u.last_check_succeeded,
      latest_version: u.latest_version || PRODUCT_VERSION,
    };
  });

  app.get(`${api}branding`, async (req) => {
    await requireCaller(ctx, req);
    return getBranding(ctx.store);
  });
}
