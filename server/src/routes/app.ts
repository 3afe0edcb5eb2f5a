import type { FastifyInstance } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { buildMenu } from '../menu/buildMenu.js';
import { requestSite } from '../menu/ownSite.js';

export async function registerAppRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(`${ctx.base}api/v2/app/menu`, async (req) => {
    const { user, perms } = await requireCaller(ctx, req);
    return buildMenu(ctx.store, user.id, perms, requestSite(ctx.base, req, ctx.config.host));
  });

  app.get(`${ctx.base}api/v2/app/bootstrap`, async (req) => {
    await requireCaller(ctx, req);
    // feedbackUrl: the only proxy_url ajaxproxy.php accepts (PHAROS_FEEDBACK_URL), so the feedback form can name it.
    return {
      ajaxProxyUrl: `${ctx.base}ajaxproxy.php`, backendUrl: `${ctx.base}api/v2`, baseUrl: ctx.base,
      feedbackUrl: ctx.config.feedbackUrl,
    };
  });
}
