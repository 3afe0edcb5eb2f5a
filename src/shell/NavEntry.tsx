import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, type Ref } from 'react';
import type { MenuEntry, MenuSection } from '../lib/apiTypes';
import { FavoriteEntry } from '../features/favorites/FavoriteEntry';
import { lazySpecial } from './loadMenuSpecials';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Link } from '../ui/Link';
import { Name } from '../ui/Name';
import type { DomProps } from '../ui/mergeDomProps';
import { entryLink } from '../features/menu/menuLinks';
import { dashletEntryPath, isDashletEntry } from '../features/dashboards/dashletEntry';
import { useFrame } from '../features/frame/model';

export interface NavEntryProps {
  section: MenuSection;
  entry: MenuEntry;
  current: boolean;
}

/** The views and dashboards sections' special entries; they load with those sections, never on the home page. */
const SpecialEntry = lazySpecial('SpecialEntry');
/** A favourite's context menu and rename form, from the same chunk, loaded on first use. */
const FavoriteActions = lazySpecial('FavoriteActions');
const SPECIAL_KINDS: ReadonlySet<string> = new Set(['addView', 'rotateViews', 'addDashboard', 'dashboard']);

/**
 * One secondary-menu entry. Links follow their target (spec 2.10); the special entries add their own behaviour:
 * Favorites have a context menu, and Add New View, Rotate Views, Add Dashboard and dashboards come from
 * SpecialEntry, shown as they are (buttons still inert) until it arrives.
 */
export function NavEntry(props: NavEntryProps) {
  return props.section.id === 'dashboards' && isDashletEntry(props.entry.path) ? <DashletNavEntry {...props} /> : <PlainNavEntry {...props} />;
}

/** A Dashlets entry follows the frame: its add form starts on the dashboard on screen (issue 38), not on Home. */
function DashletNavEntry({ entry, current, ...props }: NavEntryProps) {
  useSignals();
  const frame = useFrame();
  const path = dashletEntryPath(entry.path, frame.currentLocation.value || frame.src.value);
  if (path === entry.path) return <PlainNavEntry {...props} entry={entry} current={current} />;
  return <PlainNavEntry {...props} entry={{ ...entry, path }} current={current || path === frame.srcNoBase.value} />;
}

function PlainNavEntry({ section, entry, current }: NavEntryProps) {
  const link = entryLink(section, entry);
  const target = link.type === 'top' ? '_top' : link.type === 'link' ? link.target : undefined;
  const plain = (ref?: Ref<HTMLAnchorElement>, domProps?: DomProps) => link.type === 'action' ? (
    <Button variant="quiet" isDisabled className="nav-entry" data-testid={`nav-entry-${entry.id}`}>
      <Icon name={entry.kind === 'rotateViews' ? 'rotate' : 'plus'} size={16} />
      <span>{entry.label}</span>
    </Button>
  ) : (
    <Link
      href={link.href}
      target={target}
      rel={link.type === 'link' ? link.rel : undefined}
      ref={ref}
      domProps={domProps}
      className="nav-entry"
      aria-current={current ? 'page' : undefined}
      data-testid={`nav-entry-${entry.id}`}
    >
      {entry.kind === 'favorite' && <Icon name="star" size={16} />}
      <Name lines={2}>{entry.label}</Name>
      {target === '_blank' && <Icon name="external" size={14} className="nav-entry-external" />}
    </Link>
  );
  if (entry.kind === 'favorite' && link.type !== 'action') return <FavoriteEntry entry={entry} renderLink={plain} actions={FavoriteActions} />;
  if (!SPECIAL_KINDS.has(entry.kind)) return plain();
  return <Suspense fallback={plain()}><SpecialEntry entry={entry} link={plain()} /></Suspense>;
}
