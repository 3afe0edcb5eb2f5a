import type { FastifyInstance } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { fieldsOf } from '../http/input.js';
import {
  availabilityFilter, availabilityReport, historyEntries, historyFilter,
} from '../pages/historyQuery.js';

/**
 * `api/v2/history` and `api/v2/availability` (issue 37): what happened, and for how long. Readable by whoever may read
 * the status API, over the same objects.
 */
export async function registerHistory(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = `${ctx.base}api/v2/`;
  const nowSeconds = () => Math.floor(ctx.now() / 1000);

  app.get(`${base}history`, async (req) => {
    await requireCaller(ctx, req);
    const filter = historyFilter(fieldsOf(req), nowSeconds());
    return { since: filter.since, until: filter.until, entries: await historyEntries(ctx, filter) };
  });

  app.get(`${base}availability`, async (req) => {
    await requireCaller(ctx, req);
    const now = nowSeconds();
    const report = await availabilityReport(ctx, availabilityFilter(fieldsOf(req), now), now);
    return {
      since: report.since, until: report.until, end: report.end,
      objects: report.objects.map(({ service, ...o }) => ({ ...o, ...(service !== '' ? { service } : {}) })),
    };
  });
}
