import { useRef, useState, type ReactNode } from 'react';
import type { MenuEntry } from '../../lib/apiTypes';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PRELOAD_OVERLAYS } from '../../ui/overlays';
import { iconFor } from './iconFor';
import IconPicker from './IconPicker';
import './DashboardEntry.css';

/** A My Dashboards entry (spec 2.10): its icon is a button that opens the change-icon picker; the link follows. Part of the lazily loaded special entries. */
export function DashboardEntry({ entry, children }: { entry: MenuEntry; children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <div className="dashboard-entry">
      <Button
        ref={ref}
        variant="quiet"
        className="dashboard-entry-icon"
        aria-label={t('menuIcons.change', { title: entry.label })}
        aria-expanded={open}
        onPress={() => setOpen(true)}
        domProps={{ ...PRELOAD_OVERLAYS, 'aria-haspopup': 'listbox' }}
      >
        <Icon name={iconFor(entry.icon)} size={16} />
      </Button>
      {children}
      {open && <IconPicker entry={entry} triggerRef={ref} onClose={() => setOpen(false)} />}
    </div>
  );
}
