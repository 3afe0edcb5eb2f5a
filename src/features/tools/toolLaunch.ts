import type { Tool } from '../../lib/apiTypes';
import { stripBase } from '../../lib/base';
import { inFrameHref } from '../menu/menuLinks';
import { isSafeFrameTarget } from '../frame/model';

const TOOLS_SECTION = { id: 'tools', path: 'tools/' } as const;

/** How a tool opens: an app route that shows it in the main frame, or (another site) a new tab. */
export type ToolLaunch = { kind: 'frame'; href: string } | { kind: 'newTab'; href: string } | { kind: 'none' };

/** Only same-origin pages under the base may go in the frame (isSafeFrameTarget); http(s) pages elsewhere open in a new tab. */
export function toolLaunch(tool: Pick<Tool, 'href'>): ToolLaunch {
  const href = tool.href.trim();
  if (href === '' || href.startsWith('#')) return { kind: 'none' };
  const safe = isSafeFrameTarget(href);
  if (safe) return { kind: 'frame', href: inFrameHref(TOOLS_SECTION, stripBase(safe)) };
  return /^https?:\/\/[^/]/i.test(href) ? { kind: 'newTab', href } : { kind: 'none' };
}

/**
 * The tool id a tools page is asked to open (spec 2.12: a `go` and an `id` parameter, as the menu's tool entries
 * carry them), or null.
 */
export function requestedToolId(address: string): number | null {
  const query = address.split('#', 1)[0]!.split('?')[1];
  if (!query) return null;
  const params = new URLSearchParams(query);
  const id = params.get('id');
  if (!params.has('go') || id === null || !/^[1-9]\d{0,15}$/.test(id)) return null;
  return Number(id);
}
