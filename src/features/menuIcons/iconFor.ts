import type { IconName } from '../../ui/Icon';
import { hasIconShape } from '../../ui/iconShapes';

/** The menu's default icon names that the app draws under another name. */
const ALIASES: Record<string, IconName> = { dashboard: 'dashboards', favorite: 'star', view: 'views' };

/** The drawn icon for a menu entry's icon name (a chosen one, or the menu's default). */
export function iconFor(name: string): string {
  return hasIconShape(name) ? name : (ALIASES[name] ?? name);
}
