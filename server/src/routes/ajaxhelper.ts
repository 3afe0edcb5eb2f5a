import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireCaller, requireWriter, type AppContext } from '../http/context.js';
import { fieldRequired, fieldsOf, jsonField, str, type Fields } from '../http/input.js';
import { badRequest, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { sessionVars, setSessionVars } from '../db/sessions.js';
import { getUserMeta, setUserMeta } from '../db/users.js';
import { addView, countViews, MAX_VIEWS_PER_USER, shownTitle, viewByIndex } from '../db/views.js';
import { normaliseLink } from '../menu/normaliseLink.js';
import { relativeToSite, requestSite } from '../menu/ownSite.js';
import { trayAlertHtml } from '../ajax/trayAlertHtml.js';
import { parseUserMeta, readUserMeta } from '../ajax/userMeta.js';

const SESSION_FLAGS = ['ignore_trial_notice', 'ignore_free_notice', 'ignore_promo_notice', 'has_seen_login_alerts'];

type Handler = (ctx: AppContext, req: FastifyRequest, fields: Fields, reply: FastifyReply) => Promise<unknown>;

const sendJson = (reply: FastifyReply, value: unknown) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

const commands: Record<string, Handler> = {
  async setsessionvars(ctx, req, fields) {
    const { session } = await requireWriter(ctx, req);
    const opts = jsonField(fields, 'opts');
    const keys = Object.keys(opts);
    if (!keys.length) throw badRequest(t`The field 'opts' must name at least one session flag.`);
    for (const key of keys) {
      if (!SESSION_FLAGS.includes(key)) throw badRequest(t`Unknown session flag '${key}'.`);
      if (opts[key] !== 1 && opts[key] !== '1') throw badRequest(t`The session flag '${key}' can only be set to 1.`);
    }
    const vars = { ...sessionVars(session), ...Object.fromEntries(keys.map((k) => [k, 1])) };
    await setSessionVars(ctx.store, session.id, vars);
    return vars;
  },

  async getsessionvars(ctx, req, fields) {
    const vars = sessionVars((await requireCaller(ctx, req)).session);
    const needle = str(fields, 'needle', { max: 100 });
    return needle ? { [needle]: vars[needle] ?? null } : vars;
  },

  async keepalive(ctx, req) {
    await requireWriter(ctx, req);
    return { alive: true };
  },

  async getusermeta(ctx, req, fields, reply) {
    const { user } = await requireCaller(ctx, req);
    const key = str(fields, 'opts', { required: true, max: 250 });
    return sendJson(reply, readUserMeta(key, await getUserMeta(ctx.store, user.id, key)));
  },

  async setusermeta(ctx, req, fields) {
    const { user } = await requireWriter(ctx, req);
    const { keyname, stored, value } = parseUserMeta(jsonField(fields, 'opts'));
    await setUserMeta(ctx.store, user.id, keyname, stored);
    return { keyname, keyvalue: value };
  },

  async getviewbynum(ctx, req, fields) {
    const { user } = await requireCaller(ctx, req);
    const raw = str(fields, 'opts', { required: true, max: 20 });
    if (!/^-?\d+$/.test(raw.trim())) throw badRequest(t`The field 'opts' must be a view number.`);
    const view = await viewByIndex(ctx.store, user.id, Number(raw));
    if (!view) throw notFound(t`There are no views in My Views.`);
    return { url: relativeToSite(view.url, requestSite(ctx.base, req, ctx.config.host)), title: shownTitle(view) };
  },

  async getxicoreajax(ctx, req, fields, reply) {
    await requireCaller(ctx, req);
    const opts = jsonField(fields, 'opts');
    if (opts.func !== 'get_tray_alert_html') throw badRequest(t`Unknown function in opts.func.`);
    return reply.type('text/html; charset=utf-8').send(trayAlertHtml(ctx.base, ctx.monitoring.snapshot()));
  },

  async addview(ctx, req, fields) {
    const { user } = await requireWriter(ctx, req);
    if (req.method !== 'POST') throw badRequest(t`Adding a view needs a POST request.`);
    const title = str(fields, 'title', { required: true, max: 255 }).trim();
    if (!title) throw badRequest(fieldRequired('title'));
    // A page of this server is stored relative to the base, whatever name it was added under (issue 36).
    const link = normaliseLink(ctx.base, str(fields, 'url', { required: true, max: 2000 }), 'url');
    const url = relativeToSite(link, requestSite(ctx.base, req, ctx.config.host));
    if (await countViews(ctx.store, user.id) >= MAX_VIEWS_PER_USER) {
      throw badRequest(t`You already have ${MAX_VIEWS_PER_USER} views, the most allowed. Remove one first.`);
    }
    const view = await addView(ctx.store, user.id, title, url);
    return { id: view.id, title: view.title, url: view.url };
  },
};

export const AJAX_COMMANDS = Object.keys(commands);

/** `ajaxhelper.php?cmd=…` (spec 7): one endpoint, many small commands; the same handler answers GET and POST. */
export async function registerAjaxHelper(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: `${ctx.base}ajaxhelper.php`,
    handler: async (req, reply) => {
      const fields = fieldsOf(req);
      const cmd = str(fields, 'cmd', { required: true, max: 100 });
      const handler = Object.hasOwn(commands, cmd) ? commands[cmd] : undefined;
      if (!handler) throw badRequest(`Unknown command '${cmd}'.`);
      reply.header('cache-control', 'no-store');
      return handler(ctx, req, fields, reply);
    },
  });
}
