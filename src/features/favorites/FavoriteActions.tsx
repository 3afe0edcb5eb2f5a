import { useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useMenu } from '../menu/MenuProvider';
import type { MenuEntry } from '../../lib/apiTypes';
import { useHttp } from '../../lib/http';
import { useI18n, useT } from '../../lib/i18n';
import { ContextMenu } from '../../ui/ContextMenu';
import type { ContextMenuSource } from '../../ui/useContextMenuTrigger';
import { createFavoritesApi } from './api';
import { FavoriteRename } from './FavoriteRename';
import { createFavoritesModel } from './model';
import { useToasts } from '../toast/model';

/** The context menu is open (asked for by pointer or keyboard), or the entry is in rename mode. */
export type FavoriteMode = ContextMenuSource | 'rename';

export interface FavoriteActionsProps {
  entry: MenuEntry;
  mode: FavoriteMode;
  onModeChange: Dispatch<SetStateAction<FavoriteMode | null>>;
  linkRef: RefObject<HTMLAnchorElement | null>;
  linkId: string;
}

/** What a Favorites entry shows once asked: its context menu (Rename, Delete) or the inline rename form. */
export default function FavoriteActions({ entry, mode, onModeChange, linkRef, linkId }: FavoriteActionsProps) {
  const t = useT();
  const { refresh } = useMenu();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const [model] = useState(() => createFavoritesModel({ api: createFavoritesApi(http), refreshMenu: refresh, notify: toast, t: translate }));
  if (mode === 'rename') return <FavoriteRename entry={entry} model={model} linkRef={linkRef} onDone={() => onModeChange(null)} />;
  return (
    <ContextMenu
      triggerRef={linkRef}
      triggerId={linkId}
      label={t('favorites.menu', { title: entry.label })}
      autoFocus={mode === 'keyboard' ? 'first' : true}
      // The menu also closes after its Rename action, which has already switched to the form.
      onClose={() => onModeChange((current) => (current === 'rename' ? current : null))}
      items={[
        { key: 'rename', label: t('favorites.rename'), onAction: () => onModeChange('rename') },
        { key: 'delete', label: t('favorites.delete'), onAction: () => void model.remove(entry) },
      ]}
    />
  );
}
