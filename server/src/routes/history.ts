import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import { badRequest } from '../http/errors.js';
import { fieldsOf } from '../http/input.js';
import { t } from '../http/language.js';
import { translate } from '../http/language.js';
import { handledKey, handledTimes } from '../pages/handledTime.js';
import { gates } from '../pages/pageRoute.js';
import { percentOf } from '../monitoring/history.js';
import {
  availabilityFilter, availabilityReport, historyEntries, historyFilter, problemSummary, windowOf,
} from '../pages/historyQuery.js';

/** How long a count waits for this process's first comparison of the engines with the recorded history. */
const RECORDED_WAIT_MS = 10_000;

function firstOf(settles: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); });
  return Promise.race([settles, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `api/v2/history` and `api/v2/availability` (issue 37): what happened, and for how long. Pharos has no rights per
 * host or service (users are not the engines' contacts): the monitoring permission, which opens the status and report
 * pages and the history's CSV export, is what lets a user see monitored objects' history; without it, none.
 */
export async function registerHistory(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = `${ctx.base}api/v2/`;
  const nowSeconds = () => Math.floor(ctx.now() / 1000);
  const requireReader = async (req: FastifyRequest) => {
    const caller = await requireCaller(ctx, req);
    if (!gates.monitoring.allows(caller.perms)) throw forbidden(translate(gates.monitoring.message));
  };

  app.get(`${base}history`, async (req) => {
    await requireReader(req);
    const filter = historyFilter(fieldsOf(req), nowSeconds());
    return { since: filter.since, until: filter.until, entries: await historyEntries(ctx, filter) };
  });

  // The wall's "while you were away" line: how many problems started and ended in the window. A wall asks with
  // `ago` (seconds before now), a length its own clock measures right even when it is not set like the server's.
  app.get(`${base}history/summary`, async (req) => {
    await requireReader(req);
    const now = nowSeconds();
    const fields = fieldsOf(req);
    const ago = fields.ago;
    if (ago !== undefined && (typeof ago !== 'string' || !/^\d{1,10}$/.test(ago) || ago === '0')) {
      throw badRequest(t`The parameter ago must be a whole number of seconds from 1.`);
    }
    const asked = ago === undefined ? fields : { since: String(Math.max(0, now - Number(ago))) };
    // A wall asks the moment a restarted server answers, before the server has compared the engines with what it last
    // recorded: the problems that ended meanwhile would be missing from a count made then. Waited for a while only, so
    // a recorder held up (a database slow to answer) never holds the wall's line: it asks again on a failure anyway.
    await firstOf(ctx.historyRecorded, RECORDED_WAIT_MS);
    const { since, until } = windowOf(asked, now);
    return { ...await problemSummary(ctx, since, Math.min(until, now)), now };
  });

  app.get(`${base}availability`, async (req) => {
    await requireReader(req);
    const now = nowSeconds();
    const filter = availabilityFilter(fieldsOf(req), now);
    const report = await availabilityReport(ctx, filter, now);
    // Time in scheduled downtime and acknowledged, counted apart from the states (it overlaps them), as the page does.
    const handled = report.objects.length ? await handledTimes(ctx, report.since, report.end, filter.host) : new Map();
    const span = report.end - report.since;
    const share = (seconds: number) => ({ seconds, percent: percentOf(seconds, span) });
    return {
      since: report.since, until: report.until, end: report.end,
      objects: report.objects.map(({ service, ...o }) => {
        const time = handled.get(handledKey({ ...o, service }));
        return {
          ...o, ...(service !== '' ? { service } : {}),
          downtime: share(time?.downtime ?? 0), acknowledged: share(time?.acknowledged ?? 0),
        };
      }),
    };
  });
}
