import type { FastifyInstance } from 'fastify';
import { requireWriter, type AppContext } from '../http/context.js';
import { fieldRequired, fieldsOf, str } from '../http/input.js';
import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';
import { enqueueFeedback } from '../db/feedback.js';

/**
 * `ajaxproxy.php`: the classic product forwards feedback to the vendor. Here it only ever goes to the one
 * configured endpoint (never an arbitrary proxy_url), through the outbox, so a slow or offline vendor never blocks the
 * user.
 */
export async function registerFeedback(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(`${ctx.base}ajaxproxy.php`, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const f = fieldsOf(req);
    const feedback = str(f, 'feedback', { required: true, max: 10_000, multiline: true });
    if (!feedback.trim()) throw badRequest(fieldRequired('feedback'));
    const name = str(f, 'name', { max: 200 }) ?? '';
    const email = str(f, 'email', { max: 200 }) ?? '';
    const proxyUrl = str(f, 'proxy_url', { required: true, max: 2000 });
    if (proxyUrl !== ctx.config.feedbackUrl) {
      throw badRequest(t`Feedback can only be sent to the configured feedback address.`);
    }
    const method = str(f, 'proxy_method', { required: true, max: 10 });
    if (method.toLowerCase() !== 'post') throw badRequest(t`The field 'proxy_method' must be post.`);
    const id = await enqueueFeedback(ctx.store, { userId: user.id, name, email, feedback, targetUrl: proxyUrl });
    return { id, queued: true };
  });
}
