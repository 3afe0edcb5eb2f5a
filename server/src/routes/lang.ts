import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { availableLanguages, LANG_DIR } from '../settings/account.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One translation file in each encoding, with a validator per encoding (they are different bytes). */
interface Packed { mtimeMs: number; size: number; tag: string; bodies: Record<Encoding, Buffer> }
type Encoding = 'br' | 'gzip' | 'identity';

/** Compressed once per file version: two small files, and compressing at the highest level takes tens of ms. */
const packed = new Map<string, Promise<Packed>>();

async function pack(file: string): Promise<Packed> {
  const stat = await fs.promises.stat(file);
  const known = await packed.get(file)?.catch(() => undefined);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
  const next = (async () => {
    const identity = await fs.promises.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
      gzip(identity, { level: 9 }),
    ]);
    const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
    return { mtimeMs: stat.mtimeMs, size: stat.size, tag, bodies: { br, gzip: gz, identity } };
  })();
  packed.set(file, next);
  return next;
}

/** The best encoding the request accepts: Brotli, then gzip, else none (a q of 0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : 'identity';
}

/**
 * `includes/lang/json/{language}.json`: i18next resources. Registered ahead of the static folder so an unknown
 * language answers a JSON 404 (the app's loader retries and then falls back) instead of whatever the static handler
 * sends. Issue 19: the app paints nothing before its translations, so they are sent compressed (35 KB are 7 KB in
 * Brotli) and with a validator, so a revalidation that finds them unchanged costs no body.
 */
export async function registerLang(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { file: string } }>(`${ctx.base}includes/lang/json/:file`, async (req, reply) => {
    const match = /^([a-z]{2}_[A-Z]{2})\.json$/.exec(req.params.file);
    if (!match || !availableLanguages().includes(match[1]!)) {
      throw notFound('There is no translation for this language.');
    }
    const file = await pack(path.join(LANG_DIR, `${match[1]}.json`));
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const etag = `"${file.tag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
    const asked = req.headers['if-none-match'];
    if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(file.bodies[encoding]);
  });
}
