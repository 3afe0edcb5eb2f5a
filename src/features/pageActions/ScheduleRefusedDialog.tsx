import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Modal } from '../../ui/Modal';
import { useOpenOverlayState } from '../../ui/useOverlayState';
import './pageActions.css';

/** Spec 5: the alert for a page that cannot be scheduled (graph explorer pages), both sentences exactly. */
export function ScheduleRefusedDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const state = useOpenOverlayState(onClose);
  return (
    <Modal state={state} className="page-actions-dialog">
      <Dialog title={t('pageActions.schedule.refused')} role="alertdialog">
        <p className="page-actions-text">{t('pageActions.schedule.refusedReason')}</p>
        <div className="page-actions-buttons">
          <Button variant="primary" onPress={onClose}>{t('shell.close')}</Button>
        </div>
      </Dialog>
    </Modal>
  );
}
