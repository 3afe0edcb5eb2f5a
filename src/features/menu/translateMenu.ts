import type { Menu, MenuEntry, MenuSection } from '../../lib/apiTypes';
import type { Translate } from '../../lib/i18n';

/** Entries named by their user (favourites, views, dashboards, tools): shown as typed, in every language. */
const OWN_NAMES: ReadonlySet<string> = new Set(['favorite', 'view', 'dashboard', 'tool']);

/**
 * The server's menu in the user's language (issue 20: a language is the whole product): the server names its sections,
 * groups and entries by id, and `menu.section.<id>`, `menu.group.<id>` and `menu.entry.<id>` (the entry's id without
 * its `menu-` prefix) translate them. A label
 * with no key (a new entry the translations do not know yet) stays as the server sent it.
 */
export function translateMenu(menu: Menu, t: Translate): Menu {
  const pick = (key: string, label: string) => {
    const translated = t(key);
    return translated && translated !== key ? translated : label;
  };
  const entry = (e: MenuEntry): MenuEntry => (OWN_NAMES.has(e.kind) ? e : { ...e, label: pick(`menu.entry.${e.id.replace(/^menu-/, '')}`, e.label) });
  const out: Menu = {};
  for (const [id, section] of Object.entries(menu) as Array<[keyof Menu, MenuSection | undefined]>) {
    if (!section) continue;
    out[id] = {
      ...section,
      label: pick(`menu.section.${section.id}`, section.label),
      groups: section.groups.map((g) => ({ ...g, label: pick(`menu.group.${g.id}`, g.label), entries: g.entries.map(entry) })),
    };
  }
  return out;
}
