import { useT } from '../lib/i18n';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Modal } from '../ui/Modal';
import { PRELOAD_OVERLAYS } from '../ui/overlays';
import { useOverlayState } from '../ui/useOverlayState';

/** Spec 2.4/8: the special-edition licence terms, titled with the licence file name, closed with Close. */
export function PromoTermsDialog() {
  const t = useT();
  const state = useOverlayState();
  return (
    <>
      <Button variant="quiet" onPress={state.open} domProps={PRELOAD_OVERLAYS} className="promo-terms-button">{t('shell.license.promoTerms')}</Button>
      {state.isOpen && (
        <Modal state={state}>
          <Dialog title={t('shell.license.promoFile')}>
            <p>{t('shell.license.promoText')}</p>
            <div><Button variant="primary" onPress={state.close}>{t('shell.close')}</Button></div>
          </Dialog>
        </Modal>
      )}
    </>
  );
}
