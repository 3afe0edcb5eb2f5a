import type { FastifyInstance } from 'fastify';
import { requireCaller, requireWriter, type AppContext } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { fieldsOf, intField, str, type Fields } from '../http/input.js';
import { MAX_DASHLETS, translatedCatalogue, type Dashlet } from '../dashlets/catalogue.js';
import { editDashlets, ownDashboard } from '../dashlets/dashboards.js';
import { isBroken, readDashlets, storedForm, type BrokenDashlet } from '../dashlets/storage.js';
import { dashletFromFields, knownGroups } from '../dashlets/validation.js';

const dashboardOf = (f: Fields): string => str(f, 'dashboard', { required: true, max: 100 });

function dashletOf(list: (Dashlet | BrokenDashlet)[], f: Fields): number {
  const id = str(f, 'dashlet', { required: true, max: 40 });
  const i = list.findIndex((d) => d.id === id);
  if (i < 0) throw notFound(t`The dashboard has no dashlet with the id '${id}'.`);
  return i;
}

/** Dashlets of one dashboard (issue 9): the same validation as the classic forms; every refusal changes nothing. */
export async function registerDashlets(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const path = `${ctx.base}api/v2/dashboards/dashlets`;
  const { store, base } = ctx;

  app.get(`${path}/catalogue`, async (req) => {
    await requireCaller(ctx, req);
    return translatedCatalogue();
  });

  app.get(path, async (req) => {
    const { user } = await requireCaller(ctx, req);
    return { dashlets: readDashlets(base, (await ownDashboard(store, user.id, dashboardOf(fieldsOf(req)))).dashlets) };
  });

  app.post(path, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const f = fieldsOf(req);
    return editDashlets(store, user.id, dashboardOf(f), (row) => {
      const list = readDashlets(base, row.dashlets);
      if (list.length >= MAX_DASHLETS) {
        throw badRequest(t`A dashboard holds at most ${MAX_DASHLETS} dashlets. Remove one first.`);
      }
      const taken = new Set(list.map((d) => d.id));
      const added = dashletFromFields(base, f, undefined, taken, knownGroups(ctx.monitoring.snapshot()));
      return { dashlets: storedForm(base, row.dashlets, [...list, added]), result: added };
    });
  });

  app.put(path, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const f = fieldsOf(req);
    return editDashlets(store, user.id, dashboardOf(f), (row) => {
      const list = readDashlets(base, row.dashlets);
      const i = dashletOf(list, f);
      const current = list[i]!;
      if (isBroken(current)) throw badRequest(t`This dashlet cannot be shown (${current.broken}); remove it instead.`);
      const changed = dashletFromFields(base, f, current, undefined, knownGroups(ctx.monitoring.snapshot()));
      const position = intField(f, 'position', { min: 0, max: list.length - 1 }) ?? i;
      const next = list.filter((_d, k) => k !== i);
      next.splice(position, 0, changed);
      return { dashlets: storedForm(base, row.dashlets, next), result: changed };
    });
  });

  app.delete(path, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const f = fieldsOf(req);
    return editDashlets(store, user.id, dashboardOf(f), (row) => {
      const list = readDashlets(base, row.dashlets);
      const i = dashletOf(list, f);
      return {
        dashlets: storedForm(base, row.dashlets, list.filter((_d, k) => k !== i)),
        result: { id: list[i]!.id, deleted: true },
      };
    });
  });
}
