import type { FastifyInstance } from 'fastify';
import { requireCaller, requireWriter, type AppContext } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { boolField, fieldsOf, str, type Fields } from '../http/input.js';
import {
  countDashboards, createDashboard, DEFAULT_BACKGROUND, deleteDashboard, exportDashboard, findDashboard,
  isBackground, listUserDashboards, MAX_DASHBOARD_TITLE, MAX_DASHBOARDS_PER_USER, MAX_IMPORT_CHARS, toDashboard,
  updateDashboard, type DashboardFields, type DashboardRow,
} from '../db/dashboards.js';
import { ensureDefaultDashboards, parseDashboardExport } from '../dashlets/dashboards.js';
import type { Db } from '../db/database.js';

const INVALID_FILE = 'File Is Not a Valid Dashboard File!';
const PROTECTED: Record<string, string> = {
  home: 'The Home Dashboard cannot be deleted.',
  screen: 'The Screen Dashboard cannot be deleted.',
};

function title(f: Fields, required: boolean): string | undefined {
  const raw = str(f, 'title', { max: MAX_DASHBOARD_TITLE });
  if (raw === undefined && !required) return undefined;
  const t = (raw ?? '').trim();
  if (t === '') throw badRequest("The field 'title' is required.");
  return t;
}

function background(f: Fields): string | undefined {
  const raw = str(f, 'background', { max: 20 });
  if (raw === undefined || raw === '') return undefined;
  // Colour inputs send '#rrggbb'; the stored form has no hash (spec 3).
  const hex = raw.trim().replace(/^#/, '');
  if (!isBackground(hex)) throw badRequest("The field 'background' must be a colour of six hexadecimal digits, such as 131b25.");
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

const fieldsOfRow = (row: DashboardRow): DashboardFields => ({ title: row.title, background: row.background, transparent: row.transparent === 1 });

function ownDashboard(db: Db, userId: number, f: Fields): DashboardRow {
  const id = str(f, 'id', { required: true, max: 100 });
  const row = findDashboard(db, userId, id);
  if (!row) throw notFound(`You have no dashboard with the id '${id}'.`);
  return row;
}

function roomForOneMore(db: Db, userId: number): void {
  if (countDashboards(db, userId) >= MAX_DASHBOARDS_PER_USER) throw badRequest(`You already have ${MAX_DASHBOARDS_PER_USER} dashboards, the most allowed. Delete one first.`);
}

export async function registerDashboards(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const path = `${ctx.base}api/v2/dashboards`;
  const { db } = ctx;

  app.get(path, async (req) => {
    const { user } = requireCaller(ctx, req);
    ensureDefaultDashboards(db, user.id);
    const f = fieldsOf(req);
    if (f.id !== undefined) return toDashboard(ownDashboard(db, user.id, f));
    return listUserDashboards(db, user.id).map(toDashboard);
  });

  app.post(path, async (req) => {
    const { user } = requireWriter(ctx, req);
    const fields = formFields(fieldsOf(req));
    ensureDefaultDashboards(db, user.id);
    roomForOneMore(db, user.id);
    return toDashboard(createDashboard(db, user.id, fields));
  });

  app.put(path, async (req) => {
    const { user } = requireWriter(ctx, req);
    ensureDefaultDashboards(db, user.id);
    const f = fieldsOf(req);
    const row = ownDashboard(db, user.id, f);
    return toDashboard(updateDashboard(db, user.id, row.id, formFields(f, fieldsOfRow(row)))!);
  });

  app.delete(path, async (req) => {
    const { user } = requireWriter(ctx, req);
    ensureDefaultDashboards(db, user.id);
    const row = ownDashboard(db, user.id, fieldsOf(req));
    const refusal = PROTECTED[row.id];
    if (refusal) throw badRequest(refusal);
    deleteDashboard(db, user.id, row.id);
    return { id: row.id, deleted: true };
  });

  app.get(`${path}/raw`, async (req) => {
    const { user } = requireCaller(ctx, req);
    ensureDefaultDashboards(db, user.id);
    return { dashboard: exportDashboard(ownDashboard(db, user.id, fieldsOf(req))) };
  });

  app.post(`${path}/copy`, async (req) => {
    const { user } = requireWriter(ctx, req);
    ensureDefaultDashboards(db, user.id);
    const f = fieldsOf(req);
    const row = ownDashboard(db, user.id, f);
    const defaults = { ...fieldsOfRow(row), title: `${row.title} (Clone)`.slice(0, MAX_DASHBOARD_TITLE) };
    const fields = formFields(f, defaults);
    roomForOneMore(db, user.id);
    return toDashboard(createDashboard(db, user.id, fields, row.dashlets));
  });

  app.post(`${path}/import`, async (req) => {
    const { user } = requireWriter(ctx, req);
    const text = str(fieldsOf(req), 'import', { required: true, max: MAX_IMPORT_CHARS, multiline: true });
    const parsed = parseDashboardExport(text, ctx.base);
    if (!parsed) throw badRequest(INVALID_FILE);
    if ('dashletErrors' in parsed) throw badRequest(`${INVALID_FILE} ${parsed.dashletErrors.join(' ')}`);
    ensureDefaultDashboards(db, user.id);
    roomForOneMore(db, user.id);
    return toDashboard(createDashboard(db, user.id, parsed.fields, parsed.dashlets));
  });
}
