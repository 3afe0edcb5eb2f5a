import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { ToastViewport } from '../../ui/Toast';
import { useToasts } from './model';

const HOTKEY = 'F8';

/** Shows the open toast of the app's store (spec 4: at most one), in the region F8 focuses. */
export function Toaster() {
  useSignals();
  const store = useToasts();
  const t = useT();
  const open = store.toasts.value.filter((entry) => entry.open);
  return (
    <ToastViewport
      toasts={open}
      onDismiss={store.dismiss}
      label={t('toast.region', { hotkey: HOTKEY })}
      closeLabel={t('toast.close')}
      hotkey={HOTKEY}
      swipeThreshold={50}
    />
  );
}
