import { useState } from 'react';
import { useHttp } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { browserSwitchIo, switchToModern } from './switchToModern';

/** Spec 2.15/8: the two ways out of an error, Reload and Switch to Modern (the server-rendered theme). */
export function ErrorActions({ onReload = () => window.location.reload(), onSwitch }: {
  onReload?: () => void;
  onSwitch?: () => Promise<void>;
}) {
  const t = useT();
  const http = useHttp();
  const [switching, setSwitching] = useState(false);
  const switchTheme = () => {
    setSwitching(true);
    void (onSwitch ?? (() => switchToModern(browserSwitchIo(http))))().finally(() => setSwitching(false));
  };
  return (
    <div className="error-actions">
      <Button variant="primary" onPress={onReload} data-testid="error-reload">{t('errors.reload', { defaultValue: 'Reload' })}</Button>
      <Button onPress={switchTheme} isDisabled={switching} data-testid="error-switch">
        {t('errors.switchToModern', { defaultValue: 'Switch to Modern' })}
      </Button>
    </div>
  );
}
