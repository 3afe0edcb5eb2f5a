import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { Config } from './config.js';
import { openStorage } from './db/openStorage.js';
import type { AppContext } from './http/context.js';
import { t, translate, withRequestLanguage } from './http/language.js';
import { HttpError } from './http/errors.js';
import { QueryError } from './monitoring/errors.js';
import { isStorageUnavailable, STORAGE_UNAVAILABLE } from './db/unavailable.js';
import { parseUrlEncoded, registerInputGuards } from './http/input.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerClosing } from './http/closing.js';
import { isPageRequest, sendClassicError } from './pages/classicErrorPage.js';
import { createMonitoringSource } from './monitoring/create.js';
import { capabilitiesOf, type MonitoringSource } from './monitoring/source.js';
import { ensureAdmin } from './auth/bootstrap.js';
import { startHousekeeping } from './housekeeping.js';
import { LoginThrottle } from './auth/loginThrottle.js';
import { registerLogin } from './routes/login.js';
import { registerAccount } from './routes/account.js';
import { registerAppRoutes } from './routes/app.js';
import { registerProduct } from './routes/product.js';
import { registerLang } from './routes/lang.js';
import { registerBanners } from './routes/banners.js';
import { registerAjaxHelper } from './routes/ajaxhelper.js';
import { registerSuggest } from './routes/suggest.js';
import { registerFeedback } from './routes/feedback.js';
import { registerFavorites } from './routes/favorites.js';
import { registerDashboards } from './routes/dashboards.js';
import { registerDashlets } from './routes/dashlets.js';
import { registerTools } from './routes/tools.js';
import { pluginTextBytes, registerStatus, shellProblemTotals } from './routes/status.js';
import { startSnapshotWarmer } from './monitoring/warmSnapshot.js';
import { createGrapherWatch } from './monitoring/grapher.js';
import { alertProblems, createChangeFeed } from './monitoring/changeFeed.js';
import { createHistoryRecorder, type HistoryRecorder } from './monitoring/history.js';
import { registerHistory } from './routes/history.js';
import { countUnhandledProblems } from './monitoring/problems.js';
import { allProblems } from './monitoring/problemList.js';
import { serviceColumns } from './pages/serviceColumns.js';
import { indexOf } from './pages/snapshotIndex.js';
import { serviceListSelections } from './pages/serviceSelect.js';
import { hostListSelections } from './pages/hostList.js';
import { tacticalTotals } from './pages/homePage.js';
import { trayAlertCounts } from './ajax/trayAlertHtml.js';
import { registerAdmin } from './routes/admin.js';
import { registerPages } from './pages/index.js';
import { registerStatic } from './routes/static.js';
import { registerDisplays } from './routes/displays.js';
import { registerCheckResult } from './routes/checkResult.js';
import { registerDeviceScope } from './http/deviceScope.js';
import { registerHealth } from './routes/health.js';
import { registerMetrics } from './routes/metrics.js';
import { NagiosConfigUnreadableError } from './monitoring/nagios/mainConfig.js';
import { StartupError } from './db/startupError.js';
import { watchEngines } from './monitoring/engineWatch.js';
import { log, safeUrl } from './log.js';

/** Files the request log leaves out: the app's assets, the classic pages' styles and scripts, icons, translations. */
const STATIC_FILE = /\.(js|css|map|png|svg|ico|webp|woff2?|webmanifest|json|txt)$/;

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route registered, as Fastify saw it: the security suite walks them all. */
  routes: { method: string; url: string }[];
  /** Printed once on first start when the admin password was generated. */
  generatedAdminPassword: string | undefined;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** A ready-made source (tests, benchmarks); otherwise chosen from the config. */
  monitoring?: MonitoringSource;
  /** The clock for login throttling (tests); Date.now otherwise. */
  now?: () => number;
}

export async function buildServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const storage = await openStorage(config);
  const generatedAdminPassword = await ensureAdmin(storage.store, config);
  const monitoring = options.monitoring ?? createMonitoringSource(config);
  await monitoring.start().catch((err: unknown) => {
    // One Nagios engine whose nagios.cfg cannot be read: one line and its own exit code, never a stack (issue 36).
    if (!(err instanceof NagiosConfigUnreadableError) || !config.nagiosCfg) throw err;
    throw new StartupError('engine-config-unreadable', config.nagiosCfg,
      `Pharos cannot start: ${err.message}. Check the path in PHAROS_NAGIOS_CFG and that the user running Pharos may read it.`, { cause: err });
  });
  const now = options.now ?? Date.now;
  let historyRecordedOnce = (): void => undefined;
  const historyRecorded = new Promise<void>((resolve) => { historyRecordedOnce = resolve; });
  const ctx: AppContext = { config, historyRecorded, store: storage.store, storage, monitoring, base: config.base, now, throttle: new LoginThrottle(storage.store, config.loginLockMs, now), changes: createChangeFeed(storage, { resumes: capabilitiesOf(monitoring).sharedData }), grapher: createGrapherWatch(monitoring) };

  // Closing: idle keep-alive connections are dropped at once, and registerClosing answers what still arrives (an HTML
  // page, never Fastify's JSON 503, which a frame would show) and cuts what is left after a grace period.
  const app = Fastify({
    // Fastify's own logger (issue 36); the request lines are ours (below), one per request with nothing secret in them.
    // (pino's own Logger type, one version apart from the one Fastify's types name; the same object at run time).
    loggerInstance: log() as unknown as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }), bodyLimit: config.bodyLimit, trustProxy: config.trustProxy,
    forceCloseConnections: 'idle', return503OnClosing: false,
  });
  // Before anything else, so every hook and handler of the request sees its own language holder.
  app.addHook('onRequest', (_req, _reply, done) => withRequestLanguage(done));
  registerClosing(app);
  // One line per request: method, address without secrets, status and time. Static files are left out.
  app.addHook('onResponse', (req, reply, done) => {
    if (!STATIC_FILE.test(req.url.split('?')[0]!)) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      const url = safeUrl(req.url);
      log().info({ method: req.method, url, status: reply.statusCode, ms }, `${req.method} ${url} ${reply.statusCode} ${ms} ms`);
    }
    done();
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: config.bodyLimit, parser: (text) => parseUrlEncoded(text) });
  registerInputGuards(app);
  registerSecurityHeaders(app);
  registerDeviceScope(app, ctx);

  // Issue 17: a page opened in a frame gets a page that explains the error, never a JSON document; API calls keep JSON.
  // Messages kept as English constants are translated here; t`…` ones already are, and pass through unchanged.
  const answer = async (req: FastifyRequest, reply: FastifyReply, status: number, english: string, unavailable?: string) => {
    const message = translate(english);
    return isPageRequest(req)
      ? sendClassicError(ctx, req, reply, status, message, unavailable)
      : reply.status(status).send({ message });
  };
  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof HttpError) return answer(req, reply, error.status, error.message);
    // monitoring/ knows nothing of HTTP: a status query the caller got wrong is their fault.
    if (error instanceof QueryError) return answer(req, reply, 400, error.message);
    // A database restart or a lost connection: the app shows its connection state and retries, nobody is logged out.
    // A frame counts its page as a failed load (the unavailable marker), like the restart page: a wall holds what it
    // showed instead of putting this page on screen.
    if (isStorageUnavailable(error)) return answer(req, reply.header('retry-after', '2'), 503, STORAGE_UNAVAILABLE, 'database');
    const e = error as { statusCode?: number; message?: string; code?: string };
    // Fastify's own client errors (bad JSON, too large, unsupported type) are the caller's fault: keep them 4xx.
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      const message = e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? t`The request is too large.` : (e.message ?? t`Bad request.`);
      return answer(req, reply, e.statusCode, message);
    }
    log().error({ err: error, method: req.method, url: safeUrl(req.url) }, 'A request failed');
    return answer(req, reply, 500, t`The server failed to handle this request.`);
  });
  app.setNotFoundHandler((req, reply) => answer(req, reply, 404, isPageRequest(req)
    ? t`This page does not exist.`
    : `Route ${req.method}:${req.url.split('?')[0]} not found`));

  const registered: Server['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });

  const routes = [registerHealth, registerMetrics, registerLogin, registerAccount, registerAppRoutes, registerProduct, registerLang, registerBanners,
    registerAjaxHelper, registerSuggest, registerFeedback, registerFavorites, registerDashboards, registerDashlets, registerTools,
    registerStatus, registerHistory, registerAdmin, registerDisplays, registerCheckResult, registerPages, registerStatic];
  for (const register of routes) await register(app, ctx);

  const stopHousekeeping = startHousekeeping(ctx);
  // Each engine with the log it keeps, if any (issue 37): several engines are the merged source's members.
  // PHAROS_HISTORY_RECORD=0: another process of the cluster records, or none (the bench measures what recording costs).
  const history: HistoryRecorder = config.historyRecord ? createHistoryRecorder(storage, () => monitoring.kind, {
    retentionDays: config.historyDays,
    engines: () => (monitoring.members ?? [{ name: monitoring.kind, source: monitoring }]).map((m) => ({ name: m.name, log: m.source.engineLog?.() })),
  }) : { observe: () => Promise.resolve(), stop: () => Promise.resolve() };
  const stopEngineWatch = watchEngines(monitoring);
  const stopWarmer = startSnapshotWarmer(monitoring, [
    // First: the feed compares each snapshot with the list recorded before, so none may be skipped for the others'
    // work. A failure (the database not answering) is retried with the next snapshot, and a read reports it.
    (snap) => ctx.changes.observe(snap).catch(() => undefined),
    // The state history (issue 37), not waited for: its comparison is sliced, its writes leave the other steps alone.
    // A failure is retried with the next snapshot; the database going away is logged elsewhere.
    (snap) => {
      history.observe(snap).catch((e: unknown) => {
        if (!isStorageUnavailable(e)) log().warn({ err: e }, 'Recording the state history failed');
      }).finally(historyRecordedOnce);
    },
    // The rest in slices (several engines: before the snapshot is handed out, so no request computes them at all).
    alertProblems, serviceColumns, tacticalTotals, pluginTextBytes, trayAlertCounts, shellProblemTotals, indexOf,
    // The lists wall displays rotate through, and the problems board's counts and lists.
    serviceListSelections, hostListSelections, countUnhandledProblems, allProblems,
  ]);
  return {
    app, ctx, generatedAdminPassword, routes: registered,
    async close() {
      stopHousekeeping();
      stopEngineWatch();
      stopWarmer();
      await history.stop();
      await app.close();
      await monitoring.stop();
      await storage.close();
    },
  };
}
