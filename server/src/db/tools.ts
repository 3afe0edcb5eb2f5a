import type { Db } from './database.js';

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

/** Personal tools of `userId`, or all common tools; by name like the menu. */
export function listTools(db: Db, scope: ToolScope, userId: number): ToolRow[] {
  return (scope === 'personal'
    ? db.prepare("SELECT * FROM tools WHERE scope = 'personal' AND owner_id = ? ORDER BY name COLLATE NOCASE, id").all(userId)
    : db.prepare("SELECT * FROM tools WHERE scope = 'common' ORDER BY name COLLATE NOCASE, id").all()) as ToolRow[];
}

/** A tool the user may see and change: their own personal tool, or any common tool. */
export function findTool(db: Db, scope: ToolScope, userId: number, id: number): ToolRow | undefined {
  return (scope === 'personal'
    ? db.prepare("SELECT * FROM tools WHERE id = ? AND scope = 'personal' AND owner_id = ?").get(id, userId)
    : db.prepare("SELECT * FROM tools WHERE id = ? AND scope = 'common'").get(id)) as ToolRow | undefined;
}

export function countTools(db: Db, scope: ToolScope, userId: number): number {
  const row = scope === 'personal'
    ? db.prepare("SELECT COUNT(*) AS n FROM tools WHERE scope = 'personal' AND owner_id = ?").get(userId)
    : db.prepare("SELECT COUNT(*) AS n FROM tools WHERE scope = 'common'").get();
  return (row as { n: number }).n;
}

export function createTool(db: Db, scope: ToolScope, userId: number, name: string, url: string, now = Date.now()): ToolRow {
  const info = db.prepare('INSERT INTO tools (scope, owner_id, name, url, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(scope, scope === 'personal' ? userId : null, name, url, now);
  return findTool(db, scope, userId, Number(info.lastInsertRowid))!;
}

export function updateTool(db: Db, scope: ToolScope, userId: number, id: number, name: string, url: string): ToolRow | undefined {
  if (!findTool(db, scope, userId, id)) return undefined;
  db.prepare('UPDATE tools SET name = ?, url = ? WHERE id = ?').run(name, url, id);
  return findTool(db, scope, userId, id);
}

export function deleteTool(db: Db, scope: ToolScope, userId: number, id: number): boolean {
  if (!findTool(db, scope, userId, id)) return false;
  return db.prepare('DELETE FROM tools WHERE id = ?').run(id).changes > 0;
}
