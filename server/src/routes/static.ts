import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { answerVisitor, optionalCaller, type AppContext } from '../http/context.js';
import { sendPacked } from '../http/packedFile.js';
import { HTML_SECURITY_HEADERS } from '../http/securityHeaders.js';
import { pairingPage } from '../pages/pairingPage.js';
import { CLASSIC_UI_THEME, classicShell } from '../pages/classicShell.js';
import { requestSite } from '../menu/ownSite.js';

/** Routes the single-page app answers (spec 2.1 plus the wallboard); every other unknown path is a 404. */
export const APP_ROUTES = [
  '', 'index.php',
  ...['views', 'dashboards', 'reports', 'config', 'help', 'admin', 'tools', 'account', 'enterprise', 'about']
    .flatMap((s) => [s, `${s}/`, `${s}/index.php`]),
  'includes/components/ccm/xi-index.php',
  'config/main.php', 'tools/main.php', 'tools/mytools.php', 'tools/commontools.php', 'enterprise/enterprise.php',
  'dashboards/manage.php',
  'wallboard', 'wallboard/',
];

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerStatic(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dist = ctx.config.distDir;
  const built = fs.existsSync(path.join(dist, 'index.html'));
  const serverStatic = path.resolve(import.meta.dirname, '..', '..', 'static');

  // The classic pages' stylesheet and scripts go compressed (issue 19: classic.css is 30 KB raw, 6 KB in Brotli, on
  // every classic page of the frame and the wall); anything else there is left to the static folder below.
  const classic = [['css', 'text/css; charset=utf-8'], ['js', 'text/javascript; charset=utf-8']] as const;
  for (const [folder, type] of classic) {
    const dir = path.join(serverStatic, folder);
    const name = new RegExp(`^[a-z0-9_-]+\\.${folder}$`);
    app.get<{ Params: { file: string } }>(`${ctx.base}includes/${folder}/:file`, async (req, reply) => {
      const { file } = req.params;
      if (!name.test(file) || !fs.existsSync(path.join(dir, file))) return reply.callNotFound();
      return sendPacked(req, reply, path.join(dir, file), type);
    });
  }

  await app.register(fastifyStatic, {
    root: serverStatic,
    prefix: `${ctx.base}includes/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: ctx.base,
      index: false,
      wildcard: true,
      // The build writes a .br and a .gz beside each JS and CSS asset (issue 19): sent to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed file names change with their content, so browsers may keep them forever; everything else revalidates.
        const asset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', asset ? IMMUTABLE : 'no-cache');
        if (asset) res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  // The wallboard has its own document, whose first load carries none of the shell's navigation code.
  const sendApp = (req: FastifyRequest, reply: FastifyReply, document: 'index.html' | 'wallboard.html') => {
    if (!built) return reply.status(503).type('text/plain').send('The app is not built: run `npm run build`.');
    // Compressed from the file itself (a document with its static first screen is a quarter of its size in Brotli):
    // a copy written beside it at build time would be sent stale once the document is edited after the build.
    return sendPacked(req, reply.headers(HTML_SECURITY_HEADERS), path.join(dist, document), 'text/html; charset=utf-8');
  };

  const appRoutes: ReadonlySet<string> = new Set(APP_ROUTES);
  for (const route of APP_ROUTES) {
    app.get(`${ctx.base}${route}`, async (req, reply) => {
      const caller = await optionalCaller(ctx, req);
      // A screen nobody signed in on is paired with a code rather than sent to a login form (issue 10).
      if (route.startsWith('wallboard') && !caller) {
        answerVisitor(req);
        return reply.headers(HTML_SECURITY_HEADERS).header('cache-control', 'no-store').type('text/html; charset=utf-8')
          .send(pairingPage(ctx.base, req.url));
      }
      // Unauthenticated visitors go to the classic login page, like the product's own server does.
      if (!caller) return reply.redirect(`${ctx.base}login.php?redirect=${encodeURIComponent(req.url)}`);
      // The classic theme (spec 7, Switch to Modern) is this server's own pages: no app code for that user at all
      // (the wallboard, which nobody operates, keeps the app).
      if (caller.user.theme === CLASSIC_UI_THEME && !route.startsWith('wallboard')) {
        const { xiwindow } = req.query as Record<string, unknown>;
        const site = requestSite(ctx.base, req, ctx.config.host);
        return reply.headers(HTML_SECURITY_HEADERS).header('cache-control', 'no-store').type('text/html; charset=utf-8')
          .send(await classicShell(ctx, caller, route, xiwindow, appRoutes, site));
      }
      return sendApp(req, reply, route.startsWith('wallboard') ? 'wallboard.html' : 'index.html');
    });
  }
  if (ctx.base !== '/') app.get(ctx.base.slice(0, -1), async (_req, reply) => reply.redirect(ctx.base));
}
