import { isIconName, type IconName } from '../../ui/Icon';

/** The menu's default icon names that the app draws under another name. */
const ALIASES: Record<string, IconName> = { dashboard: 'dashboards', favorite: 'star', view: 'views' };

/** The drawn icon for a menu entry's icon name (a chosen one, or the menu's default). */
export function iconFor(name: string): string {
  return isIconName(name) ? name : (ALIASES[name] ?? name);
}
