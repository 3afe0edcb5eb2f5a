import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactNode } from 'react';
import type { MenuEntry } from '../../lib/apiTypes';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PRELOAD_OVERLAYS } from '../../ui/overlays';
import { useFrame } from '../frame/model';
import AddDashboardDialog from '../menuIcons/AddDashboardDialog';
import { DashboardEntry } from '../menuIcons/DashboardEntry';
import AddViewDialog from './AddViewDialog';
import { useRotation } from './rotation';
import './SpecialEntry.css';

export interface SpecialEntryProps {
  entry: MenuEntry;
  /** The entry's own link (for dashboards). */
  link: ReactNode;
}

/**
 * The views and dashboards sections' special entries (spec 2.10): Add New View and Add Dashboard open their
 * dialogs, Rotate Views toggles rotation (a pressed button while it runs), and dashboards get the icon picker.
 */
export default function SpecialEntry({ entry, link }: SpecialEntryProps) {
  if (entry.kind === 'dashboard') return <DashboardEntry entry={entry}>{link}</DashboardEntry>;
  return entry.kind === 'rotateViews' ? <RotateViewsEntry entry={entry} /> : <DialogEntry entry={entry} />;
}

function RotateViewsEntry({ entry }: { entry: MenuEntry }) {
  useSignals();
  const rotation = useRotation();
  return (
    <Button variant="quiet" className="nav-entry" onPress={rotation.toggle} domProps={{ 'aria-pressed': rotation.running.value }} data-testid={`nav-entry-${entry.id}`}>
      <Icon name="rotate" size={16} />
      <span>{entry.label}</span>
    </Button>
  );
}

function DialogEntry({ entry }: { entry: MenuEntry }) {
  const [open, setOpen] = useState(false);
  const frame = useFrame();
  const close = () => setOpen(false);
  // Add New View starts from the page on screen (issue 38): its address and title, both editable.
  const location = frame.currentLocation.peek() || frame.src.peek();
  const dialog = entry.kind === 'addDashboard'
    ? <AddDashboardDialog onClose={close} />
    : <AddViewDialog onClose={close} initialUrl={location ? window.location.origin + location : ''} initialTitle={location ? frame.currentTitle.peek() : ''} />;
  return (
    <>
      <Button variant="quiet" className="nav-entry" onPress={() => setOpen(true)} aria-haspopup="dialog" domProps={PRELOAD_OVERLAYS} data-testid={`nav-entry-${entry.id}`}>
        <Icon name="plus" size={16} />
        <span>{entry.label}</span>
      </Button>
      {open && dialog}
    </>
  );
}
