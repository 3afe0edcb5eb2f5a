import type { FastifyInstance } from 'fastify';
import { requireCaller, requireWriter, type AppContext } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { fieldRequired, fieldsOf, intField, str, type Fields } from '../http/input.js';
import {
  countTools, createTool, deleteTool, findTool, listTools, MAX_TOOL_NAME, MAX_TOOL_URL, MAX_TOOLS_PER_LIST, toolHref,
  toTool, updateTool, type ToolRow, type ToolScope,
} from '../db/tools.js';

function toolFields(base: string, f: Fields): { name: string; url: string } {
  const name = str(f, 'name', { required: true, max: MAX_TOOL_NAME }).trim();
  if (name === '') throw badRequest(fieldRequired('name'));
  const url = str(f, 'url', { required: true, max: MAX_TOOL_URL }).trim();
  if (url === '') throw badRequest(fieldRequired('url'));
  if (toolHref(base, url) === undefined) {
    throw badRequest(t`The URL must start with http:// or https://, or be a path under ${base}.`);
  }
  return { name, url };
}

/**
 * Personal tools belong to their owner alone (another user's id is simply not found); common tools are everyone's
 * (spec 6).
 */
export async function registerTools(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { store, base } = ctx;
  for (const scope of ['personal', 'common'] as ToolScope[]) {
    const path = `${base}api/v2/tools/${scope}`;
    // One sentence per list: other languages inflect the word for personal or common.
    const missing = (id: number) => notFound(scope === 'personal'
      ? t`There is no personal tool with the id ${id}.`
      : t`There is no common tool with the id ${id}.`);
    const own = async (userId: number, f: Fields): Promise<ToolRow> => {
      const id = intField(f, 'id', { required: true, min: 1 });
      const row = await findTool(store, scope, userId, id);
      if (!row) throw missing(id);
      return row;
    };

    app.get(path, async (req) => {
      const { user } = await requireCaller(ctx, req);
      const f = fieldsOf(req);
      if (f.id !== undefined) return toTool(base, await own(user.id, f));
      return (await listTools(store, scope, user.id)).map((t) => toTool(base, t));
    });

    app.post(path, async (req) => {
      const { user } = await requireWriter(ctx, req);
      const { name, url } = toolFields(base, fieldsOf(req));
      if (await countTools(store, scope, user.id) >= MAX_TOOLS_PER_LIST) {
        throw badRequest(scope === 'personal'
          ? t`There are already ${MAX_TOOLS_PER_LIST} personal tools, the most allowed. Delete one first.`
          : t`There are already ${MAX_TOOLS_PER_LIST} common tools, the most allowed. Delete one first.`);
      }
      return toTool(base, await createTool(store, scope, user.id, name, url));
    });

    app.put(path, async (req) => {
      const { user } = await requireWriter(ctx, req);
      const f = fieldsOf(req);
      const row = await own(user.id, f);
      const { name, url } = toolFields(base, f);
      const updated = await updateTool(store, scope, user.id, row.id, name, url);
      if (!updated) throw missing(row.id);
      return toTool(base, updated);
    });

    app.delete(path, async (req) => {
      const { user } = await requireWriter(ctx, req);
      const row = await own(user.id, fieldsOf(req));
      await deleteTool(store, scope, user.id, row.id);
      return { id: row.id, deleted: true };
    });
  }
}
