import { Suspense, useId, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import type { MenuEntry } from '../../lib/apiTypes';
import type { DomProps } from '../../ui/mergeDomProps';
import { useContextMenuTrigger } from '../../ui/useContextMenuTrigger';
import type { FavoriteActionsProps, FavoriteMode } from './FavoriteActions';
import './FavoriteEntry.css';

export interface FavoriteEntryProps {
  entry: MenuEntry;
  /** The entry's link, given these extra props (the context-menu trigger). */
  renderLink: (ref: RefObject<HTMLAnchorElement | null>, domProps: DomProps) => ReactNode;
  /** The context menu and rename form, lazily loaded: the shell hands them in from the special entries' chunk. */
  actions: ComponentType<FavoriteActionsProps>;
}

/**
 * A Favorites entry (spec 2.10 and 4): its link has a context menu with Rename and Delete (right click, Shift+F10
 * or the context-menu key, a 700 ms touch), and Rename turns it into an inline form until saved or cancelled.
 * The menu and the form load on first use.
 */
export function FavoriteEntry({ entry, renderLink, actions: FavoriteActions }: FavoriteEntryProps) {
  const [mode, setMode] = useState<FavoriteMode | null>(null);
  const ref = useRef<HTMLAnchorElement>(null);
  const id = useId();
  const trigger = useContextMenuTrigger((source) => {
    // Focus returns to the entry when the menu closes, so it must hold it now.
    ref.current?.focus();
    setMode((current) => current ?? source);
  });
  return (
    <>
      {mode !== 'rename' && renderLink(ref, { ...trigger, id, 'aria-keyshortcuts': 'Shift+F10' })}
      {mode && (
        <Suspense fallback={null}>
          <FavoriteActions entry={entry} mode={mode} onModeChange={setMode} linkRef={ref} linkId={id} />
        </Suspense>
      )}
    </>
  );
}
