import type { FastifyInstance } from 'fastify';
import { requireWriter, type AppContext } from '../http/context.js';
import { fieldRequired, fieldsOf, str, type Fields } from '../http/input.js';
import { badRequest, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import {
  addFavorite, countFavorites, deleteFavorite, findFavorite, MAX_FAVORITES_PER_USER, renameFavorite,
} from '../db/favorites.js';
import { normaliseLink } from '../menu/normaliseLink.js';

export const DELETED = '*DELETED*';
const TARGETS = ['maincontentframe', '_top', '_blank'];

function title(value: unknown, field: string): string {
  const text = str({ [field]: value }, field, { required: true, max: 255 }).trim();
  if (!text) throw badRequest(fieldRequired(field));
  return text;
}

/** `item[KEY]` fields of an edit: every key must be the user's, every title valid, before anything changes. */
function editsOf(fields: Fields): { key: string; title: string | null }[] {
  const edits = Object.entries(fields).flatMap(([name, value]) => {
    const m = /^item\[([^\]]+)\]$/.exec(name);
    if (!m) return [];
    return [{ key: m[1]!, title: value === DELETED ? null : title(value, name) }];
  });
  if (!edits.length) throw badRequest(t`Name at least one favorite as item[KEY].`);
  return edits;
}

/** The favorites component's ajax endpoint: mode=edit renames or deletes, mode=add creates. */
export async function registerFavorites(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(`${ctx.base}includes/components/favorites/ajax.php`, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const fields = fieldsOf(req);
    const mode = str(fields, 'mode', { required: true, max: 20 });
    if (mode === 'add') {
      const name = title(fields.title, 'title');
      const path = normaliseLink(ctx.base, str(fields, 'url', { required: true, max: 2000 }), 'url');
      const target = str(fields, 'target', { max: 40 }) || 'maincontentframe';
      if (!TARGETS.includes(target)) throw badRequest(t`The field 'target' must be one of ${TARGETS.join(', ')}.`);
      if (await countFavorites(ctx.store, user.id) >= MAX_FAVORITES_PER_USER) {
        throw badRequest(t`You already have ${MAX_FAVORITES_PER_USER} favorites, the most allowed. Delete one first.`);
      }
      const fav = await addFavorite(ctx.store, user.id, name, path, target);
      return { key: fav.item_key, title: fav.title, url: fav.path, target: fav.target };
    }
    if (mode !== 'edit') throw badRequest(t`Unknown mode '${mode}'.`);
    const edits = editsOf(fields);
    for (const e of edits) {
      if (!await findFavorite(ctx.store, user.id, e.key)) throw notFound(t`There is no favorite '${e.key}'.`);
    }
    await ctx.store.transaction().execute(async (trx) => {
      for (const e of edits) {
        if (e.title === null) await deleteFavorite(trx, user.id, e.key);
        else await renameFavorite(trx, user.id, e.key, e.title);
      }
    });
    return {
      updated: edits.filter((e) => e.title !== null).length, deleted: edits.filter((e) => e.title === null).length,
    };
  });
}
