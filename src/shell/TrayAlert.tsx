import { useRef } from 'react';
import { useAuth } from '../features/session/AuthProvider';
import { useT } from '../lib/i18n';
import { useResource } from '../lib/resource';
import { Dialog } from '../ui/Dialog';
import { IconButton } from '../ui/IconButton';
import { Link } from '../ui/Link';
import { PRELOAD_OVERLAYS } from '../ui/overlays';
import { Popover } from '../ui/Popover';
import { useOverlayState } from '../ui/useOverlayState';
import { inFrameHref } from '../features/menu/menuLinks';
import { clockTime, useStaleness } from '../features/connection/staleness';
import { useShellData } from '../features/shellData/shellData';
import { trayAlertText, trayAlertTitle, trayHasProblems } from './trayAlert';

const HOME = { id: 'home' as const, path: '' };

/** The call carries nsp, so it only runs for a live session (spec 7). */
export function TrayAlert() {
  const { nsp } = useAuth();
  return nsp ? <TrayAlertIcon /> : null;
}

/** Spec 2.8: a warning icon when the tray alert title lacks "No Problems Detected"; it opens a 250×150 px popover. */
function TrayAlertIcon() {
  const t = useT();
  const tray = useShellData().trayAlert;
  const { data } = useResource(tray);
  const { stale, at } = useStaleness(tray);
  const state = useOverlayState();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Nothing until the fragment has arrived; then a fragment without a title warns too (spec 2.8).
  if (data === undefined) return null;
  const sent = trayAlertTitle(data);
  if (!trayHasProblems(sent)) return null;
  const title = trayAlertText(sent, t);
  const label = title ? `${t('shell.tray.title')}: ${title}` : t('shell.tray.title');
  return (
    <>
      <IconButton ref={triggerRef} icon="warning" label={stale && at !== undefined ? t('connection.staleValue', { value: label, time: clockTime(at) }) : label} onPress={state.toggle} domProps={PRELOAD_OVERLAYS} className="tray-alert-button" data-testid="tray-alert" />
      {state.isOpen && (
        <Popover state={state} triggerRef={triggerRef} placement="top end" width={250} height={150} className="tray-alert-popover">
          <Dialog title={t('shell.tray.title')}>
            <p className="tray-alert-text">{title}</p>
            <ul className="tray-alert-links">
              <li><Link href={inFrameHref(HOME, 'includes/components/xicore/status.php?show=hostproblems')}>{t('shell.tray.hostProblems')}</Link></li>
              <li><Link href={inFrameHref(HOME, 'includes/components/xicore/status.php?show=serviceproblems')}>{t('shell.tray.serviceProblems')}</Link></li>
            </ul>
          </Dialog>
        </Popover>
      )}
    </>
  );
}
