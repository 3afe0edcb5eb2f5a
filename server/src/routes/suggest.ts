import type { FastifyInstance } from 'fastify';
import { requireCaller, type AppContext } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';
import { fieldRequired, fieldsOf, str } from '../http/input.js';

/**
 * Spec 3's search suggestion; `engine` names the host's engine once several engines are configured (issue 21), and its
 * link carries it, so the same host name on two engines gives two suggestions leading to two hosts.
 */
export interface Suggestion {
  category: 'Hosts' | 'Services' | 'Host Groups' | 'Service Groups';
  url: string;
  value: string;
  label: string;
  engine?: string;
}

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
  found.sort((a, b) => a.rank - b.rank || cmp(a.name, b.name) || cmp(a.suggestion.label, b.suggestion.label)
    || cmp(a.suggestion.engine ?? '', b.suggestion.engine ?? ''));
  return found.slice(0, SUGGESTIONS_PER_CATEGORY).map((f) => f.suggestion);
}

function statusUrl(base: string, params: Record<string, string | undefined>): string {
  const query = Object.entries(params).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&');
  return `${base}includes/components/xicore/status.php?${query}`;
}

/** The row's engine as a field of its suggestion, only when rows are tagged (several engines). */
const engineOf = (row: { engine?: string }): { engine?: string } =>
  (row.engine === undefined ? {} : { engine: row.engine });

export async function registerSuggest(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(`${ctx.base}suggest.php`, async (req) => {
    await requireCaller(ctx, req);
    const f = fieldsOf(req);
    if (str(f, 'type', { required: true, max: 20 }) !== 'multi') throw badRequest(t`The field 'type' must be 'multi'.`);
    const needle = str(f, 'term', { required: true, max: MAX_TERM_LENGTH }).trim().toLowerCase();
    if (needle === '') throw badRequest(fieldRequired('term'));
    const snap = ctx.monitoring.snapshot();
    const base = ctx.base;

    // Generators keep the 100,000-service case from building a candidate object per service.
    function* hosts(): Generator<Candidate> {
      for (const h of snap.hosts) {
        if (![h.host_name, h.alias, h.display_name, h.address].some((t) => t.toLowerCase().includes(needle))) continue;
        yield { name: h.host_name, texts: [h.host_name, h.alias, h.display_name, h.address], suggestion: {
          category: 'Hosts', value: h.host_name,
          label: h.alias && h.alias !== h.host_name ? `${h.host_name} (${h.alias})` : h.host_name,
          url: statusUrl(base, { show: 'hostdetail', host: h.host_name, engine: h.engine }), ...engineOf(h),
        } };
      }
    }
    function* services(): Generator<Candidate> {
      for (const s of snap.services) {
        const name = s.display_name || s.service_description;
        if (!name.toLowerCase().includes(needle) && !s.service_description.toLowerCase().includes(needle)) continue;
        yield { name, texts: [name, s.service_description], suggestion: {
          category: 'Services', value: s.service_description, label: `${s.host_name} / ${name}`,
          url: statusUrl(base, {
            show: 'servicedetail', host: s.host_name, service: s.service_description, engine: s.engine,
          }),
          ...engineOf(s),
        } };
      }
    }
    const groups = (
      category: 'Host Groups' | 'Service Groups', list: typeof snap.hostgroups, show: string, param: string,
    ): Candidate[] =>
      list.map((g) => ({ name: g.name, texts: [g.name, g.alias], suggestion: {
        category, value: g.name, label: g.alias && g.alias !== g.name ? `${g.alias} (${g.name})` : g.name,
        url: statusUrl(base, { show, [param]: g.name }),
      } }));

    return [
      ...best(hosts(), needle),
      ...best(services(), needle),
      ...best(groups('Host Groups', snap.hostgroups, 'hostgroups', 'hostgroup'), needle),
      ...best(groups('Service Groups', snap.servicegroups, 'servicegroups', 'servicegroup'), needle),
    ];
  });
}
