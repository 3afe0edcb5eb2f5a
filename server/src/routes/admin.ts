import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin, requireCaller, requireWriter, type AppContext, type Caller } from '../http/context.js';
import { fieldsOf, intField } from '../http/input.js';
import { notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { listUsers } from '../db/users.js';
import { getLicense, parseLicensePatch, updateLicense } from '../db/license.js';
import { getBranding, parseBrandingPatch, updateBranding } from '../db/branding.js';
import { getUpdateSettings, parseUpdatePatch, updateUpdateSettings } from '../db/productUpdate.js';
import { addBanner, listBanners, removeBanner, type BannerRow } from '../db/banners.js';
import { parseBanner } from '../settings/banners.js';
import {
  createAccount, deleteAccount, FLAGS, onlyFields, PROFILE_FIELDS, updateAccount, userById, userRecord,
  type AuditActor,
} from '../admin/userAdmin.js';

export function bannerRecord(b: BannerRow) {
  return {
    id: b.id, message: b.message, color: b.color, acknowledgeable: b.acknowledgeable === 1, active: b.active === 1,
    created_at: b.created_at,
  };
}

/** Administration API (admins only): users, licence, banners, branding and the recorded update check. */
export async function registerAdmin(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = `${ctx.base}api/v2/admin/`;
  const reader = async (req: FastifyRequest): Promise<Caller> => requireAdmin(await requireCaller(ctx, req));
  const writer = async (req: FastifyRequest): Promise<Caller> => requireAdmin(await requireWriter(ctx, req));

  app.get(`${api}users`, async (req) => {
    await reader(req);
    return (await listUsers(ctx.store)).map(userRecord);
  });
  const actor = (req: FastifyRequest, caller: Caller): AuditActor =>
    ({ username: caller.user.username, address: req.ip });
  app.post(`${api}users`, async (req) => {
    const caller = await writer(req);
    const f = fieldsOf(req);
    onlyFields(f, ['username', 'password', ...FLAGS, ...PROFILE_FIELDS]);
    return createAccount(ctx.store, f, actor(req, caller));
  });
  app.put(`${api}users`, async (req) => {
    const caller = await writer(req);
    const f = fieldsOf(req);
    onlyFields(f, ['id', 'username', 'password', ...FLAGS, ...PROFILE_FIELDS]);
    const target = await userById(ctx.store, intField(f, 'id', { required: true, min: 1 }));
    const own = target.id === caller.session.user_id ? caller.session.id : undefined;
    return updateAccount(ctx.store, target, f, own, actor(req, caller));
  });
  app.delete(`${api}users`, async (req) => {
    const caller = await writer(req);
    const id = intField(fieldsOf(req), 'id', { required: true, min: 1 });
    await deleteAccount(ctx.store, await userById(ctx.store, id), actor(req, caller));
    return { id, deleted: true };
  });

  app.get(`${api}license`, async (req) => {
    await reader(req);
    return getLicense(ctx.store);
  });
  app.put(`${api}license`, async (req) => {
    await writer(req);
    return updateLicense(ctx.store, parseLicensePatch(fieldsOf(req)));
  });

  app.get(`${api}banners`, async (req) => {
    await reader(req);
    return (await listBanners(ctx.store)).map(bannerRecord);
  });
  app.post(`${api}banners`, async (req) => {
    await writer(req);
    const f = fieldsOf(req);
    onlyFields(f, ['message', 'color', 'acknowledgeable']);
    const b = parseBanner(f);
    return bannerRecord(await addBanner(ctx.store, b.message, b.color, b.acknowledgeable));
  });
  app.delete(`${api}banners`, async (req) => {
    await writer(req);
    const id = intField(fieldsOf(req), 'id', { required: true, min: 1 });
    if (!await removeBanner(ctx.store, id)) throw notFound(t`There is no banner with id ${id}.`);
    return { id, deleted: true };
  });

  app.get(`${api}branding`, async (req) => {
    await reader(req);
    return getBranding(ctx.store);
  });
  app.put(`${api}branding`, async (req) => {
    await writer(req);
    return updateBranding(ctx.store, parseBrandingPatch(fieldsOf(req)));
  });

  app.get(`${api}update`, async (req) => {
    await reader(req);
    return getUpdateSettings(ctx.store);
  });
  app.put(`${api}update`, async (req) => {
    await writer(req);
    return updateUpdateSettings(ctx.store, parseUpdatePatch(fieldsOf(req)));
  });
}
