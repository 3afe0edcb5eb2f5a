import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
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
    <div className="frame-unavailable" role="alert" data-testid="frame-unavailable">
      <p className="lead">{t(online ? 'connection.frameFailed' : 'connection.frameOffline')}</p>
      <p>{t('connection.frameWillReload')}</p>
      <Button onPress={frame.reloadIfFailed}>{t('connection.tryAgain')}</Button>
    </div>
  );
}
