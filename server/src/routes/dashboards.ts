import type { FastifyInstance } from 'fastify';
import { requireCaller, requireWriter, type AppContext } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { mark, t, translate } from '../http/language.js';
import { boolField, fieldRequired, fieldsOf, str, type Fields } from '../http/input.js';
import {
  countDashboards, createDashboard, DEFAULT_BACKGROUND, deleteDashboard, exportDashboard, isBackground,
  listUserDashboards, MAX_DASHBOARD_TITLE, MAX_DASHBOARDS_PER_USER, MAX_IMPORT_CHARS, shownDashboardTitle, toDashboard,
  updateDashboard,
  type DashboardFields, type DashboardRow,
} from '../db/dashboards.js';
import { ensureDefaultDashboards, ownDashboard, parseDashboardExport } from '../dashlets/dashboards.js';
import type { Store } from '../db/store.js';

const INVALID_FILE = mark('File Is Not a Valid Dashboard File!');
const PROTECTED: Record<string, string> = {
  home: mark('The Home Dashboard cannot be deleted.'),
  screen: mark('The Screen Dashboard cannot be deleted.'),
};

function title(f: Fields, required: boolean): string | undefined {
  const raw = str(f, 'title', { max: MAX_DASHBOARD_TITLE });
  if (raw === undefined && !required) return undefined;
  const text = (raw ?? '').trim();
  if (text === '') throw badRequest(fieldRequired('title'));
  return text;
}

function background(f: Fields): string | undefined {
  const raw = str(f, 'background', { max: 20 });
  if (raw === undefined || raw === '') return undefined;
  // Colour inputs send '#rrggbb'; the stored form has no hash (spec 3).
  const hex = raw.trim().replace(/^#/, '');
  if (!isBackground(hex)) {
    throw badRequest(t`The field 'background' must be a colour of six hexadecimal digits, such as 131b25.`);
  }
  return hex.toLowerCase();
}

/** The form fields over `current` (defaults: background 131b25, not transparent). */
function formFields(f: Fields, current?: DashboardFields): DashboardFields {
  return {
    title: title(f, current === undefined) ?? current!.title,
    background: background(f) ?? current?.background ?? DEFAULT_BACKGROUND,
    transparent: boolField(f, 'transparent', current?.transparent ?? false),
  };
}

const fieldsOfRow = (row: DashboardRow): DashboardFields =>
  ({ title: row.title, background: row.background, transparent: row.transparent === 1 });

/** The dashboard named by the `id` field (the defaults made first), or a 404. */
const dashboardIn = (store: Store, userId: number, f: Fields): Promise<DashboardRow> =>
  ownDashboard(store, userId, str(f, 'id', { required: true, max: 100 }));

async function roomForOneMore(store: Store, userId: number): Promise<void> {
  if (await countDashboards(store, userId) >= MAX_DASHBOARDS_PER_USER) {
    throw badRequest(t`You already have ${MAX_DASHBOARDS_PER_USER} dashboards, the most allowed. Delete one first.`);
  }
}

export async function registerDashboards(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const path = `${ctx.base}api/v2/dashboards`;
  const { store } = ctx;

  app.get(path, async (req) => {
    const { user } = await requireCaller(ctx, req);
    await ensureDefaultDashboards(store, user.id);
    const f = fieldsOf(req);
    if (f.id !== undefined) return toDashboard(await dashboardIn(store, user.id, f));
    return (await listUserDashboards(store, user.id)).map(toDashboard);
  });

  app.post(path, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const fields = formFields(fieldsOf(req));
    await ensureDefaultDashboards(store, user.id);
    await roomForOneMore(store, user.id);
    return toDashboard(await createDashboard(store, user.id, fields));
  });

  app.put(path, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const f = fieldsOf(req);
    const row = await dashboardIn(store, user.id, f);
    const updated = await updateDashboard(store, user.id, row.id, formFields(f, fieldsOfRow(row)));
    if (!updated) throw notFound(t`You have no dashboard with the id '${row.id}'.`);
    return toDashboard(updated);
  });

  app.delete(path, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const row = await dashboardIn(store, user.id, fieldsOf(req));
    const refusal = PROTECTED[row.id];
    if (refusal) throw badRequest(translate(refusal));
    await deleteDashboard(store, user.id, row.id);
    return { id: row.id, deleted: true };
  });

  app.get(`${path}/raw`, async (req) => {
    const { user } = await requireCaller(ctx, req);
    return { dashboard: exportDashboard(await dashboardIn(store, user.id, fieldsOf(req))) };
  });

  app.post(`${path}/copy`, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const f = fieldsOf(req);
    const row = await dashboardIn(store, user.id, f);
    const title = `${shownDashboardTitle(row)} (Clone)`.slice(0, MAX_DASHBOARD_TITLE);
    const defaults = { ...fieldsOfRow(row), title };
    const fields = formFields(f, defaults);
    await roomForOneMore(store, user.id);
    return toDashboard(await createDashboard(store, user.id, fields, row.dashlets));
  });

  app.post(`${path}/import`, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const text = str(fieldsOf(req), 'import', { required: true, max: MAX_IMPORT_CHARS, multiline: true });
    const parsed = parseDashboardExport(text, ctx.base);
    if (!parsed) throw badRequest(translate(INVALID_FILE));
    if ('dashletErrors' in parsed) throw badRequest(`${translate(INVALID_FILE)} ${parsed.dashletErrors.join(' ')}`);
    await ensureDefaultDashboards(store, user.id);
    await roomForOneMore(store, user.id);
    return toDashboard(await createDashboard(store, user.id, parsed.fields, parsed.dashlets));
  });
}
