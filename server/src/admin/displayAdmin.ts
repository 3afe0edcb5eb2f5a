import type { AppContext } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { fieldRequired, intField, str, type Fields } from '../http/input.js';
import { findUserById, findUserByName } from '../db/users.js';
import { claimPairing, displayInfo, findPairing, normaliseCode, type DisplayRow } from '../db/displays.js';

/** The wallboard's URL parameters (docs/wallboard.md); their values are checked by the wallboard itself. */
export const WALLBOARD_PARAMS = ['views', 'dashboards', 'page', 'speed', 'durations', 'theme', 'strip', 'start', 'reload', 'alerts', 'alertseconds', 'night', 'nightmode', 'sound'];

/** A query string of known wallboard parameters, without its '?', in a normal form. */
export function parseDisplayParams(fields: Fields): string {
  const raw = (str(fields, 'params', { max: 2000 }) ?? '').trim().replace(/^\?/, '');
  const params = new URLSearchParams(raw);
  for (const key of params.keys()) {
    if (!WALLBOARD_PARAMS.includes(key)) {
      throw badRequest(t`Unknown wallboard parameter '${key}'. Known: ${WALLBOARD_PARAMS.join(', ')}.`);
    }
  }
  return params.toString();
}

function parseName(fields: Fields, required: boolean): string | undefined {
  const name = str(fields, 'name', { required, max: 100 })?.trim();
  if (required && !name) throw badRequest(fieldRequired('name'));
  return name || undefined;
}

/** The user whose My Views the display rotates, by id (`userId`) or name (`username`). */
export async function resolveUser(ctx: AppContext, fields: Fields, required: boolean): Promise<number | undefined> {
  const id = intField(fields, 'userId', { min: 1 });
  const username = str(fields, 'username', { max: 200 });
  if (id === undefined && !username) {
    if (required) throw badRequest(t`The field 'userId' is required: the user whose My Views the display shows.`);
    return undefined;
  }
  const user = id !== undefined ? await findUserById(ctx.store, id) : await findUserByName(ctx.store, username!);
  if (!user) throw badRequest(t`That user does not exist.`);
  return user.id;
}

/** An administrator claims the code a screen shows; the screen picks up its token at its next poll. */
export async function claimDisplay(ctx: AppContext, fields: Fields): Promise<DisplayRow> {
  const code = normaliseCode(str(fields, 'code', { required: true, max: 40 }));
  const name = parseName(fields, true)!;
  const userId = (await resolveUser(ctx, fields, true))!;
  const params = parseDisplayParams(fields);
  const pairing = await findPairing(ctx.store, code);
  if (!pairing) throw notFound(t`No screen shows that code. Check the code on the screen; it renews every 10 minutes.`);
  if (pairing.display_id !== null) throw badRequest(t`That code has already been claimed.`);
  if (pairing.expires_at < ctx.now()) {
    throw badRequest(t`That code has expired. The screen shows a new one: enter that.`);
  }
  const display = await claimPairing(ctx.store, code, { name, userId, params }, ctx.now());
  if (!display) throw badRequest(t`That code has already been claimed.`);
  return display;
}

export async function parseDisplayChanges(ctx: AppContext, fields: Fields): Promise<{ name?: string; params?: string; userId?: number }> {
  return {
    name: parseName(fields, false),
    params: fields.params === undefined ? undefined : parseDisplayParams(fields),
    userId: await resolveUser(ctx, fields, false),
  };
}

export function displayRecord(d: DisplayRow & { username?: string }) {
  return {
    id: d.id, name: d.name, userId: d.user_id, username: d.username, params: d.params, paired: d.token_hash !== null, createdAt: d.created_at, lastSeen: d.last_seen,
    ...displayInfo(d),
  };
}
