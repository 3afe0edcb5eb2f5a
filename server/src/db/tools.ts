import { sql } from 'kysely';
import type { Store } from './store.js';

export type ToolScope = 'personal' | 'common';

export interface ToolRow {
  id: number;
  scope: ToolScope;
  /** The owner of a personal tool; null for common tools, which outlive whoever added them. */
  owner_id: number | null;
  name: string;
  url: string;
  created_at: number;
}

/** The API's view of a tool (spec 3): `href` is the launch link. */
export interface Tool { id: number; name: string; url: string; href: string }

export const MAX_TOOL_NAME = 255;
export const MAX_TOOL_URL = 2048;
export const MAX_TOOLS_PER_LIST = 500;

/**
 * The launch link of a tool URL, or undefined when the URL is not allowed: absolute http(s) URLs are used as they are,
 * paths under the base as they are, and other relative paths are taken relative to the base. Other schemes
 * (javascript:, data:, …), protocol-relative URLs and paths that escape the base are refused.
 */
export function toolHref(base: string, url: string): string | undefined {
  const u = url.trim();
  // Browsers drop control characters and read backslashes as slashes: both are ways to smuggle in another scheme or host.
  if (u === '' || u.includes('\\') || [...u].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return undefined;
  if (/^https?:\/\//i.test(u)) {
    try {
      const parsed = new URL(u);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '' ? u : undefined;
    } catch {
      return undefined;
    }
  }
  if (u.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(u)) return undefined;
  const href = u.startsWith('/') ? u : base + u;
  const resolved = new URL(href, 'http://pharos.invalid');
  if (resolved.origin !== 'http://pharos.invalid' || !resolved.pathname.startsWith(base)) return undefined;
  return resolved.pathname + resolved.search + resolved.hash;
}

export function toTool(base: string, row: ToolRow): Tool {
  return { id: row.id, name: row.name, url: row.url, href: toolHref(base, row.url) ?? '#' };
}

/** The tools of one list: the personal tools of `userId`, or all common tools (which have no owner). */
function inScope(store: Store, scope: ToolScope, userId: number) {
  const q = store.selectFrom('tools').selectAll().where('scope', '=', scope);
  return scope === 'personal' ? q.where('owner_id', '=', userId) : q;
}

/** Personal tools of `userId`, or all common tools; by name like the menu. */
export function listTools(store: Store, scope: ToolScope, userId: number): Promise<ToolRow[]> {
  return inScope(store, scope, userId).orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** A tool the user may see and change: their own personal tool, or any common tool. */
export function findTool(store: Store, scope: ToolScope, userId: number, id: number): Promise<ToolRow | undefined> {
  return inScope(store, scope, userId).where('id', '=', id).executeTakeFirst();
}

export async function countTools(store: Store, scope: ToolScope, userId: number): Promise<number> {
  const q = store.selectFrom('tools').select((eb) => eb.fn.countAll<number>().as('n')).where('scope', '=', scope);
  const row = await (scope === 'personal' ? q.where('owner_id', '=', userId) : q).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function createTool(store: Store, scope: ToolScope, userId: number, name: string, url: string, now = Date.now()): Promise<ToolRow> {
  return store.insertInto('tools').values({ scope, owner_id: scope === 'personal' ? userId : null, name, url, created_at: now })
    .returningAll().executeTakeFirstOrThrow();
}

export function updateTool(store: Store, scope: ToolScope, userId: number, id: number, name: string, url: string): Promise<ToolRow | undefined> {
  const q = store.updateTable('tools').set({ name, url }).where('id', '=', id).where('scope', '=', scope);
  return (scope === 'personal' ? q.where('owner_id', '=', userId) : q).returningAll().executeTakeFirst();
}

export async function deleteTool(store: Store, scope: ToolScope, userId: number, id: number): Promise<boolean> {
  const q = store.deleteFrom('tools').where('id', '=', id).where('scope', '=', scope);
  const result = await (scope === 'personal' ? q.where('owner_id', '=', userId) : q).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
