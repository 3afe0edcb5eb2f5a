import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  answerVisitor, requireAdmin, requireCaller, requireWriter,
  cookieSecure, setDeviceCookies, type AppContext, type Caller,
} from '../http/context.js';
import { str } from '../http/input.js';
import { fieldsOf, intField } from '../http/input.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { mark, t } from '../http/language.js';
import {
  createPairing, DISPLAY_COMMANDS, equalHashes, findPairing, hashToken, issueDeviceToken, listDisplays, PAIRING_MS,
  queueDisplayCommand, reportDisplay, revokeDisplay, updateDisplay, findDisplay, type DisplayCommand,
} from '../db/displays.js';
import { claimDisplay, displayRecord, parseDisplayChanges } from '../admin/displayAdmin.js';
import { countRateEvent, dropRateEvent } from '../db/limits.js';
import { lookupOrUnavailable } from '../db/unavailable.js';

/** English here, translated as it is sent (the error handler), in the administrator's language. */
const GONE = mark('That display does not exist any more.');

/** The screen's own proof that it asked for the code: an administrator's claim is picked up only with it. */
export const PAIRING_COOKIE = 'pharos_pairing';
/** A screen asks for one code per 10 minutes; this leaves room for reloads and many screens behind one address. */
export const PAIR_LIMIT = { count: 20, windowMs: PAIRING_MS };

/**
 * Code requests per client address in a sliding window, counted in the database so every process of a cluster
 * shares one allowance. 0 when allowed (and counted), else the milliseconds until the next request would be.
 */
async function takePairingTurn(ctx: AppContext, address: string): Promise<number> {
  const now = ctx.now();
  const { count, oldest } = await countRateEvent(ctx.store, 'pairing', address, now, PAIR_LIMIT.windowMs);
  if (count <= PAIR_LIMIT.count) return 0;
  // A refused request does not count, so waiting out the window is enough.
  await dropRateEvent(ctx.store, 'pairing', address, now);
  return Math.max(1, oldest + PAIR_LIMIT.windowMs - now);
}

/** In the visitor's language (the screen's browser, or the last user's on it). */
export function pairingRateMessage(retryMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return minutes === 1 ? t`Too many pairing codes were asked for from this address. Try again in 1 minute.`
    : t`Too many pairing codes were asked for from this address. Try again in ${minutes} minutes.`;
}

/** Issue 10: pairing a screen with a code, and the administrators' list of paired displays. */
export async function registerDisplays(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const pair = `${ctx.base}api/v2/displays/pair`;
  const api = `${ctx.base}api/v2/admin/displays`;
  const cookieOpts = (req: FastifyRequest) =>
    ({ path: ctx.base, sameSite: 'strict', secure: cookieSecure(ctx, req), httpOnly: true } as const);

  // Unauthenticated by design: a screen nobody signed in on asks for a code to show.
  app.post(pair, async (req, reply) => {
    answerVisitor(req);
    const retryMs = await takePairingTurn(ctx, req.ip);
    if (retryMs > 0) {
      reply.header('retry-after', String(Math.ceil(retryMs / 1000)));
      throw new HttpError(429, pairingRateMessage(retryMs));
    }
    const { code, secret, expiresAt } = await createPairing(ctx.store, ctx.now());
    reply.setCookie(PAIRING_COOKIE, `${code}.${secret}`, { ...cookieOpts(req), maxAge: PAIRING_MS / 1000 });
    return { code, expiresAt };
  });

  // The screen's poll: waiting, expired (ask for a new code), or paired (the device token comes with this answer).
  app.get(pair, async (req: FastifyRequest, reply: FastifyReply) => {
    const [code, secret] = (req.cookies[PAIRING_COOKIE] ?? '').split('.');
    const pairing = code ? await lookupOrUnavailable(() => findPairing(ctx.store, code)) : undefined;
    if (!pairing || !secret || !equalHashes(hashToken(secret), pairing.secret_hash)) return { state: 'expired' };
    if (pairing.display_id === null) {
      return pairing.expires_at < ctx.now()
        ? { state: 'expired' }
        : { state: 'waiting', code: pairing.code, expiresAt: pairing.expires_at };
    }
    const issued = await issueDeviceToken(ctx.store, pairing);
    if (!issued) return { state: 'expired' };
    const { token, display } = issued;
    setDeviceCookies(ctx, req, reply, token, display);
    reply.clearCookie(PAIRING_COOKIE, cookieOpts(req));
    const url = `${ctx.base}wallboard${display.params ? `?${display.params}` : ''}`;
    return { state: 'paired', name: display.name, url };
  });

  // The paired screen's report every 30 s: what it shows, its connection and screen size; answers its name, its
  // parameters (a change is applied at the next rotation boundary) and any remote command waiting for it.
  app.get(`${ctx.base}api/v2/displays/me`, async (req) => {
    const { device } = await requireCaller(ctx, req);
    if (!device) throw notFound(t`This browser is not a paired display.`);
    const f = fieldsOf(req);
    const info = Object.fromEntries(['version', 'item', 'connection', 'screen'].flatMap((k) => {
      const v = str(f, k, { max: 200 });
      return v ? [[k, v]] : [];
    }));
    const commands = await reportDisplay(ctx.store, device.id, info, ctx.now());
    return { name: device.name, params: device.params, commands };
  });

  const reader = async (req: FastifyRequest): Promise<Caller> => requireAdmin(await requireCaller(ctx, req));
  const writer = async (req: FastifyRequest): Promise<Caller> => requireAdmin(await requireWriter(ctx, req));
  const idOf = (req: FastifyRequest) => intField(fieldsOf(req), 'id', { required: true, min: 1 });

  app.get(api, async (req) => {
    await reader(req);
    return (await listDisplays(ctx.store)).map(displayRecord);
  });
  app.post(api, async (req) => {
    await writer(req);
    return displayRecord(await claimDisplay(ctx, fieldsOf(req)));
  });
  app.put(api, async (req) => {
    await writer(req);
    const id = idOf(req);
    const changed = await updateDisplay(ctx.store, id, await parseDisplayChanges(ctx, fieldsOf(req)));
    const display = changed ? await findDisplay(ctx.store, id) : undefined;
    if (!display) throw notFound(GONE);
    return displayRecord(display);
  });
  app.post(`${api}/command`, async (req) => {
    await writer(req);
    const command = str(fieldsOf(req), 'command', { required: true, max: 20 });
    if (!(DISPLAY_COMMANDS as readonly string[]).includes(command)) {
      throw badRequest(t`The field 'command' must be one of ${DISPLAY_COMMANDS.join(', ')}.`);
    }
    if (!await queueDisplayCommand(ctx.store, idOf(req), command as DisplayCommand)) {
      throw notFound(GONE);
    }
    return { queued: command };
  });
  app.delete(api, async (req) => {
    await writer(req);
    if (!await revokeDisplay(ctx.store, idOf(req))) throw notFound(GONE);
    return { revoked: true };
  });
}
