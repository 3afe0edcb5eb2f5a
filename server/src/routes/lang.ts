import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';

export const LANG_DIR = path.resolve(import.meta.dirname, '..', '..', 'static', 'lang', 'json');
const CODE = /^[a-z]{2}_[A-Z]{2}$/;

/** Every translation shipped in server/static/lang/json, e.g. ['de_DE', 'en_US']. */
export function availableLanguages(dir = LANG_DIR): string[] {
  let files: string[];
  try {
    files = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).filter((code) => CODE.test(code)).sort();
}

/**
 * `includes/lang/json/{language}.json`: i18next resources. Registered ahead of the static folder so an unknown
 * language answers a JSON 404 (the app's loader retries and then falls back) instead of whatever the static handler sends.
 */
export async function registerLang(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { file: string } }>(`${ctx.base}includes/lang/json/:file`, async (req, reply) => {
    const match = /^([a-z]{2}_[A-Z]{2})\.json$/.exec(req.params.file);
    if (!match || !availableLanguages().includes(match[1]!)) throw notFound('There is no translation for this language.');
    const text = await fs.promises.readFile(path.join(LANG_DIR, `${match[1]}.json`), 'utf8');
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(text);
  });
}
