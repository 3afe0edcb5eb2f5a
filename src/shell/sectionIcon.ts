import type { MenuSection } from '../lib/apiTypes';
import type { IconName } from '../ui/Icon';
import { hasIconShape } from '../ui/iconShapes';

/** The rail draws its own icon per section id; a server icon name is used when it is one we know. */
export function sectionIcon(section: Pick<MenuSection, 'id' | 'icon'>): IconName {
  if (hasIconShape(section.id)) return section.id;
  return hasIconShape(section.icon) ? section.icon : 'circle';
}
