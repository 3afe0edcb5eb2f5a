import { describe, expect, it } from 'vitest';
import type { Menu } from '../../lib/apiTypes';
import { translateMenu } from './translateMenu';

const GERMAN: Record<string, string> = {
  'menu.section.views': 'Ansichten',
  'menu.group.myviews': 'Meine Ansichten',
  'menu.entry.views-manage': 'Meine Ansichten verwalten',
  'menu.entry.views-view1': 'never used: a view keeps its own name',
};
const t = (key: string) => GERMAN[key] ?? key;

describe('translateMenu', () => {
  it('translates sections, groups and entries by id; names the user gave and unknown ids stay as sent', () => {
    const menu: Menu = {
      views: {
        id: 'views', label: 'Views', path: 'views/', defaultPath: 'views/main.php', icon: 'views',
        groups: [{ id: 'myviews', label: 'My Views', entries: [
          { id: 'menu-views-manage', label: 'Manage My Views', path: 'views/main.php', target: 'maincontentframe', icon: 'manage', kind: 'link' },
          { id: 'menu-views-view1', label: 'Night shift', path: 'x', target: 'maincontentframe', icon: 'view', kind: 'view' },
          { id: 'menu-views-new', label: 'Something new', path: 'y', target: 'maincontentframe', icon: 'x', kind: 'link' },
        ] }],
      },
    };
    const out = translateMenu(menu, t).views!;
    expect(out.label).toBe('Ansichten');
    expect(out.groups[0]!.label).toBe('Meine Ansichten');
    expect(out.groups[0]!.entries.map((e) => e.label)).toEqual(['Meine Ansichten verwalten', 'Night shift', 'Something new']);
    expect(menu.views!.label).toBe('Views');
  });
});
