import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ApiError } from '../lib/http';
import { useResource } from '../lib/resource';
import { useConnection } from '../features/connection/model';
import { ErrorDialog } from '../features/errors/ErrorDialog';
import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';
import { MenuTrigger } from '../ui/Menu';
import { clockTime, useStaleness } from '../features/connection/staleness';
import { useKiosk } from './kiosk';
import { lazyTopBarItems, preloadTopBarItems } from './loadTopBarItems';
import { useShellData } from '../features/shellData/shellData';
import { daemonTone, systemCodes, type StatusTone } from '../features/shellData/systemStatus';
import './SystemStatusControl.css';

/** The menu's items load with the menu (on the first hover, focus or press of the button). */
const SystemStatusItems = lazyTopBarItems('SystemStatusItems');

/** Spec 2.7: overall system status in the top bar with links to the system status pages. */
export function SystemStatusControl() {
  const t = useT();
  const shell = useShellData();
  const system = useResource(shell.systemStatus);
  const program = useResource(shell.programStatus);
  const { stale, at } = useStaleness(shell.systemStatus);
  const loaded = system.data !== undefined;
  const codes = systemCodes(system.data);
  const overallTone: StatusTone = loaded ? daemonTone(codes.overall) : 'unknown';
  const liveText = !loaded ? t(system.error ? 'shell.status.unavailable' : 'shell.status.loading') : codes.overall === 1 ? t('shell.status.degraded') : t('shell.status.ok');
  // A status the server has not confirmed just now is never shown as live: it carries its age.
  const overallText = loaded && stale && at !== undefined ? t('connection.staleValue', { value: liveText, time: clockTime(at) }) : liveText;
  return (
    <>
      <StatusFailure failed={!loaded && loadFailed(system.error)} />
      <MenuTrigger
        label={t('shell.status.menu', { status: overallText })}
        className="system-status"
        data-testid="system-status"
        triggerAttributes={{ 'data-tone': stale && loaded ? 'unknown' : overallTone, 'data-stale': stale && loaded ? 'true' : undefined }}
        placement="bottom end"
        items={(menuFor) => <SystemStatusItems system={system.data} program={program.data} menuFor={menuFor} />}
        preload={preloadTopBarItems}
      >
        {/* Not a check mark while unconfirmed: on narrow screens the icon is all the bar shows of the status. */}
        <Icon name={stale && loaded ? 'status' : overallTone === 'critical' ? 'critical' : overallTone === 'ok' ? 'success' : 'status'} />
        <span className="system-status-text">{overallText}</span>
        <Icon name="chevron-down" size={16} />
      </MenuTrigger>
    </>
  );
}

/** A refusal (403: the user may not see the system status) is an answer, not a failure to load. */
function loadFailed(error: Error | undefined): boolean {
  return error !== undefined && !(error instanceof ApiError && error.status === 403);
}

/**
 * Spec 8's system-status variant of the error dialog, once per failure: only when the server answered with an error
 * (while it is unreachable the connection indicator already says so, and a stored status is shown with its age).
 */
function StatusFailure({ failed }: { failed: boolean }) {
  useSignals();
  const t = useT();
  const online = useConnection().online.value;
  const name = useResource(useShellData().productName);
  const [dismissed, setDismissed] = useState(false);
  const kiosk = useKiosk();
  if (!failed || !online || dismissed || kiosk) return null;
  return <ErrorDialog product={name.data?.display_full_name} message={t('errors.statusFailed')} onClose={() => setDismissed(true)} />;
}
