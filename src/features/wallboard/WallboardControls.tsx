import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { RotationIcon } from '../views/RotationIcon';
import type { RotationClock } from '../views/rotationClock';
import { toggleFullscreen } from './useTv';

/** On-screen controls: shown on pointer move or tap, and whenever focus is inside them (keyboard and remote). */
export function WallboardControls({ rotation, visible, onLeave }: { rotation: RotationClock; visible: boolean; onLeave: () => void }) {
  useSignals();
  const t = useT();
  const running = rotation.running.value;
  return (
    <div role="group" aria-label={t('wallboard.controls.label')} className="wallboard-controls" data-visible={visible || undefined} data-testid="wallboard-controls">
      <Button variant="quiet" aria-label={t('wallboard.controls.previous')} onPress={rotation.rewind}><RotationIcon name="rewind" /></Button>
      <Button variant="quiet" aria-label={t(running ? 'wallboard.controls.pause' : 'wallboard.controls.resume')} onPress={rotation.toggle}>
        <RotationIcon name={running ? 'pause' : 'start'} />
      </Button>
      <Button variant="quiet" aria-label={t('wallboard.controls.next')} onPress={rotation.skip}><RotationIcon name="skip" /></Button>
      <Button variant="quiet" onPress={toggleFullscreen}>{t('wallboard.fullscreen')}</Button>
      <Button variant="quiet" onPress={onLeave}>{t('wallboard.controls.exit')}</Button>
    </div>
  );
}
