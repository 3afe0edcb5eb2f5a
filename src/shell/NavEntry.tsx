import type { MenuEntry, MenuSection } from '../lib/apiTypes';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Link } from '../ui/Link';
import { entryLink } from './menuLinks';

export interface NavEntryProps {
  section: MenuSection;
  entry: MenuEntry;
  current: boolean;
}

/**
 * One secondary-menu entry. Links follow their target (spec 2.10); entries without a page ('#': add view,
 * rotate views, add dashboard) are buttons whose dialogs and toggles come with their own features.
 */
export function NavEntry({ section, entry, current }: NavEntryProps) {
  const link = entryLink(section, entry);
  if (link.type === 'action') {
    return (
      <Button variant="quiet" isDisabled className="nav-entry nav-entry-action" data-testid={`nav-entry-${entry.id}`}>
        <Icon name={entry.kind === 'rotateViews' ? 'rotate' : 'plus'} size={16} />
        <span>{entry.label}</span>
      </Button>
    );
  }
  const target = link.type === 'top' ? '_top' : link.type === 'link' ? link.target : undefined;
  const rel = link.type === 'link' ? link.rel : undefined;
  return (
    <Link
      href={link.href}
      target={target}
      rel={rel}
      className="nav-entry"
      aria-current={current ? 'page' : undefined}
      data-testid={`nav-entry-${entry.id}`}
    >
      {entry.kind === 'favorite' && <Icon name="star" size={16} />}
      <span>{entry.label}</span>
      {target === '_blank' && <Icon name="external" size={14} className="nav-entry-external" />}
    </Link>
  );
}
