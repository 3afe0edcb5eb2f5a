import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireWriter, type AppContext } from '../http/context.js';
import { fieldsOf, intField, str } from '../http/input.js';
import { badRequest } from '../http/errors.js';
import { CommandRejectedError, EngineUnavailableError } from '../monitoring/source.js';
import { HttpError } from '../http/errors.js';

/**
 * `POST api/v2/admin/checkresult` (administrators): submits a passive check result, so a test or a demo can force a
 * state now, for example a new critical problem for the wallboard's alert interrupt. The demo fleet applies it at
 * once as a hard state; Nagios Core gets PROCESS_HOST_CHECK_RESULT / PROCESS_SERVICE_CHECK_RESULT.
 */
export async function registerCheckResult(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(`${ctx.base}api/v2/admin/checkresult`, async (req) => {
    requireAdmin(await requireWriter(ctx, req));
    const f = fieldsOf(req);
    const host = str(f, 'host', { required: true, max: 255 });
    const service = str(f, 'service', { max: 255 }) || undefined;
    const state = intField(f, 'state', { required: true, min: 0, max: service ? 3 : 2 });
    const output = str(f, 'output', { required: true, max: 4000 });
    // With several engines: the engine that owns the host (needed when the host name is on more than one).
    const engine = str(f, 'engine', { max: 32 }) || undefined;
    try {
      await ctx.monitoring.submit({
        type: 'process_check_result', host, ...(service ? { service } : {}), state, output,
        ...(engine ? { engine } : {}),
      });
    } catch (error) {
      if (error instanceof CommandRejectedError) throw badRequest(error.message);
      if (error instanceof EngineUnavailableError) throw new HttpError(503, error.message);
      throw error;
    }
    return { submitted: true };
  });
}
