import { useEffect } from 'react';
import { useFrame } from '../frame/model';
import AddViewDialog from '../views/AddViewDialog';
import { absoluteUrlFor, PAGE_ADD_VIEW, type PageAction } from './model';
import { PermalinkDialog } from './PermalinkDialog';
import { isScheduleRefused, scheduleUrlFor } from './schedule';
import { ScheduleRefusedDialog } from './ScheduleRefusedDialog';

export interface PageActionsDialogProps {
  action: PageAction;
  /** The content frame's page when the action was chosen (an absolute path under the base). */
  location: string;
  onClose: () => void;
}

/** Opens the schedule report page for the frame's page in the frame; nothing to show. */
function SchedulePage({ location, onClose }: { location: string; onClose: () => void }) {
  const frame = useFrame();
  useEffect(() => {
    frame.open(scheduleUrlFor(location));
    onClose();
  }, [frame, location, onClose]);
  return null;
}

/** Spec 4: the page-actions dialog shows the add-to-views form or the permalink view; Schedule Page refuses graph explorer pages (spec 5). */
export function PageActionsDialog({ action, location, onClose }: PageActionsDialogProps) {
  switch (action) {
    case 'addView':
      return <AddViewDialog initialUrl={absoluteUrlFor(location)} texts={PAGE_ADD_VIEW} onClose={onClose} />;
    case 'permalink':
      return <PermalinkDialog location={location} onClose={onClose} />;
    case 'schedule':
      return isScheduleRefused(location) ? <ScheduleRefusedDialog onClose={onClose} /> : <SchedulePage location={location} onClose={onClose} />;
  }
}
