import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactNode } from 'react';
import { useI18n, useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Slider } from '../../ui/Slider';
import { useRotation } from './rotation';
import { RotationIcon } from './RotationIcon';
import { SPEED } from './rotationModel';
import './RotationBar.css';

const SECONDS: Intl.NumberFormatOptions = { style: 'unit', unit: 'second', unitDisplay: 'long' };

/**
 * Spec 2.10 and 4: the view-rotation control bar above the views menu: start/pause, rewind, skip, the per-second
 * countdown while running, and the speed, then `children` (the shell puts the wallboard's links there). Rotation
 * pauses when the views section (and so this bar) goes away.
 */
export default function RotationBar({ children }: { children?: ReactNode }) {
  useSignals();
  const model = useRotation();
  const t = useT();
  const { instance: i18n } = useI18n();
  useEffect(() => {
    void model.load();
    return model.attach();
  }, [model]);
  const running = model.running.value;
  return (
    <div role="group" aria-label={t('views.rotation.label')} className="rotation-bar" data-running={running || undefined} data-testid="rotation-bar">
      <div className="rotation-bar-controls">
        <Button variant="quiet" className="rotation-bar-button" aria-label={t('views.rotation.rewind')} onPress={model.rewind}>
          <RotationIcon name="rewind" />
        </Button>
        <Button variant="quiet" className="rotation-bar-button" aria-label={t(running ? 'views.rotation.pause' : 'views.rotation.start')} onPress={model.toggle}>
          <RotationIcon name={running ? 'pause' : 'start'} />
        </Button>
        <Button variant="quiet" className="rotation-bar-button" aria-label={t('views.rotation.skip')} onPress={model.skip}>
          <RotationIcon name="skip" />
        </Button>
        {/* A timer is not announced every second; its text is there to read. */}
        <span role="timer" className="rotation-bar-countdown" data-testid="rotation-countdown">
          {running ? t('views.rotation.countdown', { seconds: model.countdown.value }) : t('views.rotation.paused')}
        </span>
      </div>
      <Slider
        label={t('views.rotation.speed')}
        value={model.speed.value}
        minValue={SPEED.min}
        maxValue={SPEED.max}
        step={SPEED.step}
        onChange={model.setSpeed}
        onChangeEnd={() => void model.saveSpeed()}
        formatOptions={SECONDS}
        locale={i18n.language ? i18n.language.replace('_', '-') : undefined}
      />
      {children}
    </div>
  );
}
