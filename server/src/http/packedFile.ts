import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip' | 'identity';

/** One file in each encoding, with a validator per encoding (they are different bytes). */
interface Packed { mtimeMs: number; size: number; tag: string; bodies: Record<Encoding, Buffer> }

/** Compressed once per file version: a few small files, and compressing at the highest level takes tens of ms. */
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
function chooseEncoding(acceptEncoding: string | undefined): Encoding {
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
 * Sends a public text file of the server's own (never anything per user: compressed secrets beside reflected input
 * leak) compressed as the browser accepts, revalidated on every use (no-cache) with an ETag per encoding, so an
 * unchanged file costs no body. The caller has checked that `file` is one it serves.
 */
export async function sendPacked(req: FastifyRequest, reply: FastifyReply, file: string, type: string): Promise<FastifyReply> {
  const { tag, bodies } = await pack(file);
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const etag = `"${tag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
  const asked = req.headers['if-none-match'];
  if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(type).send(bodies[encoding]);
}
