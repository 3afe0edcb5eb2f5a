import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { UnavailablePanel } from '../../ui/UnavailablePanel';
import { useConnection } from '../connection/model';
import { useFrame } from './model';

/**
 * Stands in for the browser's error page when the frame's page could not be loaded. Offline it says so; the page
 * loads again by itself when the connection comes back, and "Try again" does it now.
 */
export function FrameUnavailable() {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const online = useConnection().online.value;
  return (
    <UnavailablePanel
      className="frame-unavailable"
      lead={t(online ? 'connection.frameFailed' : 'connection.frameOffline')}
      detail={t('connection.frameWillReload')}
      data-testid="frame-unavailable"
    >
      <Button onPress={frame.reloadIfFailed}>{t('connection.tryAgain')}</Button>
    </UnavailablePanel>
  );
}
