import type { FastifyInstance } from 'fastify';
import type { BannerMessage } from '../../../src/lib/apiTypes.js';
import { requireCaller, requireWriter, type AppContext } from '../http/context.js';
import { fieldsOf, intField, str } from '../http/input.js';
import { badRequest, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { acknowledgeBanner, findBanner, listActiveBannersFor, type BannerRow } from '../db/banners.js';

export function bannerMessage(b: BannerRow): BannerMessage {
  return {
    msg_id: String(b.id), message: b.message, banner_color: `banner_message_banner_${b.color}`,
    acknowledgeable: b.acknowledgeable ? '1' : '0',
  };
}

/** The classic banner helper: `action` picks retrieve (GET) or acknowledge (POST). */
export async function registerBanners(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const path = `${ctx.base}admin/banner_message-ajaxhelper.php`;

  app.get(path, async (req) => {
    const { user } = await requireCaller(ctx, req);
    const action = str(fieldsOf(req), 'action', { required: true, max: 100 });
    if (action === 'acknowledge_banner_message') throw badRequest(t`Acknowledging a banner needs a POST request.`);
    if (action !== 'retrieve_active_banner_messages') throw badRequest(t`Unknown action '${action}'.`);
    return (await listActiveBannersFor(ctx.store, user.id)).map(bannerMessage);
  });

  app.post(path, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const fields = fieldsOf(req);
    const action = str(fields, 'action', { required: true, max: 100 });
    if (action !== 'acknowledge_banner_message') throw badRequest(t`Unknown action '${action}'.`);
    const id = intField(fields, 'id', { required: true, min: 1 });
    const banner = await findBanner(ctx.store, id);
    if (!banner || !banner.active) throw notFound(t`There is no such banner message.`);
    if (!banner.acknowledgeable) throw badRequest(t`This banner message cannot be dismissed.`);
    await acknowledgeBanner(ctx.store, id, user.id);
    return { msg_id: String(id), acknowledged: true };
  });
}
