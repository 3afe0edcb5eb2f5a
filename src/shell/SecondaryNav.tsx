import { useSignals } from '@preact/signals-react/runtime';
import { Suspense } from 'react';
import type { MenuEntry, MenuGroup, MenuSection, SectionId } from '../lib/apiTypes';
import { useAuth } from '../features/session/AuthProvider';
import { useMenu } from '../features/menu/MenuProvider';
import { useT } from '../lib/i18n';
import { useFrame } from '../features/frame/model';
import { lazySpecial } from './loadMenuSpecials';
import { Disclosure } from '../ui/Disclosure';
import { NavEntry } from './NavEntry';
import { useGroupExpansion } from './useGroupExpansion';
import './SecondaryNav.css';

/** Spec 2.10: the views section has the rotation control bar above its menu; it loads with that section. */
const RotationBar = lazySpecial('RotationBar');
/** The bar's height and margin (RotationBar.css, WallboardLinks.css), kept free while it loads so the menu does not jump under the pointer. */
const ROTATION_BAR_SPACE = { height: '9.9rem' };

/** Spec 2.10: the section title and its collapsible groups of entries. */
export function SecondaryNav({ section }: { section: SectionId }) {
  useSignals();
  const t = useT();
  const { menu, error } = useMenu();
  const { username } = useAuth();
  const { isExpanded, setExpanded } = useGroupExpansion(username);
  const frame = useFrame();
  const current = menu[section];
  if (!current) {
    if (error) throw error;
    return <nav className="secondary-nav" aria-label={t('shell.nav.secondary')} aria-busy="true" />;
  }
  const location = frame.srcNoBase.value;
  return (
    <nav className="secondary-nav" aria-label={t('shell.nav.secondary')} data-section={section}>
      {section === 'views' && <Suspense fallback={<div style={ROTATION_BAR_SPACE} />}><RotationBar /></Suspense>}
      <h2 className="secondary-nav-title">{current.label}</h2>
      {current.groups.map((group) => (
        <Disclosure
          key={group.id}
          title={group.label}
          isExpanded={isExpanded(section, group.id)}
          onExpandedChange={(open) => setExpanded(section, group.id, open)}
          className="secondary-nav-group"
          data-testid={`nav-group-${group.id}`}
        >
          <GroupEntries section={current} group={group} location={location} />
        </Disclosure>
      ))}
    </nav>
  );
}

function GroupEntries({ section, group, location }: { section: MenuSection; group: MenuGroup; location: string }) {
  const t = useT();
  if (group.entries.length === 0) return <p className="secondary-nav-empty">{t('shell.nav.empty')}</p>;
  return (
    <ul className="secondary-nav-entries">
      {group.entries.map((entry: MenuEntry) => (
        <li key={entry.id}>
          <NavEntry section={section} entry={entry} current={entry.path !== '#' && entry.path === location} />
        </li>
      ))}
    </ul>
  );
}
