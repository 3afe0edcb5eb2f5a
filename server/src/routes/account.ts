import type { FastifyInstance } from 'fastify';
import { requireCaller, requireWriter, type AppContext } from '../http/context.js';
import { fieldsOf, str } from '../http/input.js';
import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';
import { setUserLanguage, setUserTheme } from '../db/users.js';
import { availableLanguages, THEMES } from '../settings/account.js';

export async function registerAccount(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = `${ctx.base}api/v2/account/`;

  app.get(`${api}auth`, async (req) => {
    const { session, user, perms } = await requireCaller(ctx, req);
    // The zone the server's pages write times in: the app's clocks show the same (issue 35).
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return { nsp: session.nsp, username: user.username, ...perms, timeZone };
  });

  app.get(`${api}theme`, async (req) => ({ theme: (await requireCaller(ctx, req)).user.theme }));

  app.post(`${api}theme`, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const theme = str(fieldsOf(req), 'theme', { required: true, max: 40 });
    if (!(THEMES as readonly string[]).includes(theme)) {
      throw badRequest(t`The theme must be one of ${THEMES.join(', ')}.`);
    }
    await setUserTheme(ctx.store, user.id, theme);
    return { theme };
  });

  app.get(`${api}language`, async (req) => ({ language: (await requireCaller(ctx, req)).user.language }));

  app.post(`${api}language`, async (req) => {
    const { user } = await requireWriter(ctx, req);
    const language = str(fieldsOf(req), 'language', { required: true, max: 20 });
    const available = availableLanguages();
    if (!available.includes(language)) throw badRequest(t`The language must be one of ${available.join(', ')}.`);
    await setUserLanguage(ctx.store, user.id, language);
    return { language };
  });
}
