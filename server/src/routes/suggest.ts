import type { FastifyInstance } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { fieldsOf, str } from '../http/input.js';

export interface Suggestion { category: 'Hosts' | 'Services' | 'Host Groups' | 'Service Groups'; url: string; value: string; label: string }

/** Four categories of at most ten: about 40 suggestions, enough for a palette that shows about 300 px. */
export const SUGGESTIONS_PER_CATEGORY = 10;
export const MAX_TERM_LENGTH = 200;

interface Candidate { name: string; texts: string[]; suggestion: Suggestion }

/** Prefix matches of the name first, then other substring matches, each alphabetically (then by label). */
function best(candidates: Iterable<Candidate>, needle: string): Suggestion[] {
  const found: { rank: number; name: string; suggestion: Suggestion }[] = [];
  for (const c of candidates) {
    if (!c.texts.some((t) => t.toLowerCase().includes(needle))) continue;
    found.push({ rank: c.name.toLowerCase().startsWith(needle) ? 0 : 1, name: c.name, suggestion: c.suggestion });
  }
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  found.sort((a, b) => a.rank - b.rank || cmp(a.name, b.name) || cmp(a.suggestion.label, b.suggestion.label));
  return found.slice(0, SUGGESTIONS_PER_CATEGORY).map((f) => f.suggestion);
}

function statusUrl(base: string, params: Record<string, string>): string {
  const query = Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${base}includes/components/xicore/status.php?${query}`;
}

export async function registerSuggest(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(`${ctx.base}suggest.php`, async (req) => {
    requireCaller(ctx, req);
    const f = fieldsOf(req);
    if (str(f, 'type', { required: true, max: 20 }) !== 'multi') throw badRequest("The field 'type' must be 'multi'.");
    const needle = str(f, 'term', { required: true, max: MAX_TERM_LENGTH }).trim().toLowerCase();
    if (needle === '') throw badRequest("The field 'term' is required.");
    const snap = ctx.monitoring.snapshot();
    const base = ctx.base;

    // Generators keep the 100,000-service case from building a candidate object per service.
    function* hosts(): Generator<Candidate> {
      for (const h of snap.hosts) {
        if (![h.host_name, h.alias, h.display_name, h.address].some((t) => t.toLowerCase().includes(needle))) continue;
        yield { name: h.host_name, texts: [h.host_name, h.alias, h.display_name, h.address], suggestion: {
          category: 'Hosts', value: h.host_name, label: h.alias && h.alias !== h.host_name ? `${h.host_name} (${h.alias})` : h.host_name,
          url: statusUrl(base, { show: 'hostdetail', host: h.host_name }),
        } };
      }
    }
    function* services(): Generator<Candidate> {
      for (const s of snap.services) {
        const name = s.display_name || s.service_description;
        if (!name.toLowerCase().includes(needle) && !s.service_description.toLowerCase().includes(needle)) continue;
        yield { name, texts: [name, s.service_description], suggestion: {
          category: 'Services', value: s.service_description, label: `${s.host_name} / ${name}`,
          url: statusUrl(base, { show: 'servicedetail', host: s.host_name, service: s.service_description }),
        } };
      }
    }
    const groups = (category: 'Host Groups' | 'Service Groups', list: typeof snap.hostgroups, show: string, param: string): Candidate[] =>
      list.map((g) => ({ name: g.name, texts: [g.name, g.alias], suggestion: {
        category, value: g.name, label: g.alias && g.alias !== g.name ? `${g.alias} (${g.name})` : g.name, url: statusUrl(base, { show, [param]: g.name }),
      } }));

    return [
      ...best(hosts(), needle),
      ...best(services(), needle),
      ...best(groups('Host Groups', snap.hostgroups, 'hostgroups', 'hostgroup'), needle),
      ...best(groups('Service Groups', snap.servicegroups, 'servicegroups', 'servicegroup'), needle),
    ];
  });
}
