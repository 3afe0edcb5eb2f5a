import type { MenuSection } from '../lib/apiTypes';
import { isIconName, type IconName } from '../ui/Icon';

/** The rail draws its own icon per section id; a server icon name is used when it is one we know. */
export function sectionIcon(section: Pick<MenuSection, 'id' | 'icon'>): IconName {
  if (isIconName(section.id)) return section.id;
  return isIconName(section.icon) ? section.icon : 'circle';
}
