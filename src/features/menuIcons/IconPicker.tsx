import { useId, useMemo, type RefObject } from 'react';
import { useMenu } from '../menu/MenuProvider';
import type { MenuEntry } from '../../lib/apiTypes';
import { useHttp } from '../../lib/http';
import { useI18n, useT } from '../../lib/i18n';
import { IconGrid } from '../../ui/IconGrid';
import { Popover } from '../../ui/Popover';
import { useOpenOverlayState } from '../../ui/useOverlayState';
import { iconFor } from './iconFor';
import { MENU_ICONS } from './menuIcons';
import { useToasts } from '../toast/model';
import { createMenuIconSaver } from './api';
import { chooseIcon } from './model';
import './IconPicker.css';

export interface IconPickerProps {
  entry: MenuEntry;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/**
 * The change-icon picker of a dashboard entry: a popover with an 8-column grid of icons (a listbox, focus on the
 * icon in use); choosing one saves it and closes, Escape or a click outside closes without a change.
 */
export default function IconPicker({ entry, triggerRef, onClose }: IconPickerProps) {
  const t = useT();
  const { refresh } = useMenu();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const titleId = useId();
  const state = useOpenOverlayState(onClose);
  const icons = useMemo(() => MENU_ICONS.map((name) => ({ name, label: t(`menuIcons.icon.${name}`) })), [t]);
  const select = (icon: string) => {
    onClose();
    void chooseIcon(entry.id, icon, { save: createMenuIconSaver(http), refreshMenu: refresh, notify: toast, t: translate });
  };
  const title = t('menuIcons.dialog', { title: entry.label });
  return (
    <Popover state={state} triggerRef={triggerRef} placement="bottom start" className="icon-picker">
      <div className="icon-picker-title" id={titleId}>{title}</div>
      <IconGrid label={title} labelledBy={titleId} icons={icons} selected={iconFor(entry.icon)} onSelect={select} />
    </Popover>
  );
}
