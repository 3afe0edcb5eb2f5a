import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { commandPost } from './commandPost.js';
import { commentsPage, downtimesPage } from './handlingPages.js';
import { groupsPage } from './groupsPage.js';
import { hostListPage } from './hostList.js';
import { findTarget, objectDetailPage } from './objectDetail.js';
import { gates, registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { serviceListPage } from './serviceList.js';
import { STATUS_PATH } from './urls.js';

const SHOWS: Record<string, (env: PageEnv) => PageResult | Promise<PageResult>> = {
  hosts: (env) => hostListPage(env, 'hosts'),
  hostproblems: (env) => hostListPage(env, 'hostproblems'),
  services: (env) => serviceListPage(env, 'services'),
  serviceproblems: (env) => serviceListPage(env, 'serviceproblems'),
  hostdetail: (env) => objectDetailPage(env, findTarget(env.ctx.monitoring.snapshot(), env.fields, false)),
  servicedetail: (env) => objectDetailPage(env, findTarget(env.ctx.monitoring.snapshot(), env.fields, true)),
  hostgroups: (env) => groupsPage(env, 'host'),
  servicegroups: (env) => groupsPage(env, 'service'),
  comments: commentsPage,
  downtimes: downtimesPage,
};

/** The classic status page: `show=` picks the view, detail pages post their command forms back here. */
export function registerStatusPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: STATUS_PATH,
    get(env) {
      const show = typeof env.fields.show === 'string' && env.fields.show ? env.fields.show : 'services';
      const view = Object.hasOwn(SHOWS, show) ? SHOWS[show] : undefined;
      if (!view) {
        throw notFound(t`There is no status view named '${show}'. Use one of: ${Object.keys(SHOWS).join(', ')}.`);
      }
      return view(env);
    },
    postGate: gates.commands,
    post: commandPost,
  });
}
