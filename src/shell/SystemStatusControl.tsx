import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ApiError } from '../lib/http';
import { useResource } from '../lib/resource';
import { useConnection } from '../features/connection/model';
import { ErrorDialog } from '../features/errors/ErrorDialog';
import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';
import { MenuTrigger, type MenuItemSpec } from '../ui/Menu';
import { inFrameHref } from '../features/menu/menuLinks';
import { clockTime, useStaleness } from '../features/connection/staleness';
import { useKiosk } from './kiosk';
import { useShellData } from '../features/shellData/shellData';
import { daemonTone, engineLines, systemCodes, toggleTones, type EngineLine, type StatusTone } from '../features/shellData/systemStatus';
import './SystemStatusControl.css';

const ADMIN = { id: 'admin' as const, path: 'admin/' };
const SYSSTAT = inFrameHref(ADMIN, 'admin/sysstat.php');
const ENGINE = inFrameHref(ADMIN, 'admin/sysstat.php?pageopt=monitoringengine');

const DAEMON_TEXT: Record<StatusTone, string> = { ok: 'shell.status.running', critical: 'shell.status.stopped', warning: 'shell.status.unknown', unknown: 'shell.status.unknown' };
const ENGINE_TEXT: Record<EngineLine['state'], string> = { ok: 'shell.status.running', failing: 'shell.status.failing', stale: 'shell.status.notAnswering' };
const TOGGLE_TEXT: Record<StatusTone, string> = { ok: 'shell.status.enabled', warning: 'shell.status.disabled', critical: 'shell.status.disabled', unknown: 'shell.status.unknown' };

/** A coloured dot plus the state in words, so colour is never the only signal. */
function ToneBadge({ tone, text }: { tone: StatusTone; text: string }) {
  return <span className="status-badge" data-tone={tone}><span className="status-dot" aria-hidden="true" />{text}</span>;
}

/** Spec 2.7: overall system status in the top bar with links to the system status pages. */
export function SystemStatusControl() {
  const t = useT();
  const shell = useShellData();
  const system = useResource(shell.systemStatus);
  const program = useResource(shell.programStatus);
  const { stale, at } = useStaleness(shell.systemStatus);
  const loaded = system.data !== undefined;
  const codes = systemCodes(system.data);
  const toggles = toggleTones(program.data);
  const overallTone: StatusTone = loaded ? daemonTone(codes.overall) : 'unknown';
  const liveText = !loaded ? t(system.error ? 'shell.status.unavailable' : 'shell.status.loading') : codes.overall === 1 ? t('shell.status.degraded') : t('shell.status.ok');
  // A status the server has not confirmed just now is never shown as live: it carries its age.
  const overallText = loaded && stale && at !== undefined ? t('connection.staleValue', { value: liveText, time: clockTime(at) }) : liveText;
  const item = (key: string, labelKey: string, href: string, tone: StatusTone, textKey: string): MenuItemSpec => ({
    key, label: t(labelKey), href, detail: <ToneBadge tone={tone} text={t(textKey)} />,
  });
  const engineTone = daemonTone(codes.engine);
  const grapherTone = daemonTone(codes.grapher);
  // Several engines: one line each, its state and the age of its data (the reason in the tooltip).
  const engineItems = engineLines(system.data).map((e): MenuItemSpec => {
    const state = t(ENGINE_TEXT[e.state]);
    const text = e.age === null ? state : t('shell.status.engineAge', { state, age: e.age });
    return { key: `engine-${e.name}`, label: t('shell.status.engineNamed', { name: e.name }), href: SYSSTAT, detail: <span title={e.reason ?? undefined}><ToneBadge tone={e.tone} text={text} /></span> };
  });
  return (
    <>
      <StatusFailure failed={!loaded && loadFailed(system.error)} />
      <MenuTrigger
        label={t('shell.status.menu', { status: overallText })}
        className="system-status"
        data-testid="system-status"
        triggerAttributes={{ 'data-tone': stale && loaded ? 'unknown' : overallTone, 'data-stale': stale && loaded ? 'true' : undefined }}
        placement="bottom end"
        items={[
          item('engine', 'shell.status.engine', SYSSTAT, engineTone, DAEMON_TEXT[engineTone]),
          ...engineItems,
          item('grapher', 'shell.status.grapher', SYSSTAT, grapherTone, DAEMON_TEXT[grapherTone]),
          item('notifications', 'shell.status.notifications', ENGINE, toggles.notifications, TOGGLE_TEXT[toggles.notifications]),
          item('hostChecks', 'shell.status.hostChecks', ENGINE, toggles.hostChecks, TOGGLE_TEXT[toggles.hostChecks]),
          item('serviceChecks', 'shell.status.serviceChecks', ENGINE, toggles.serviceChecks, TOGGLE_TEXT[toggles.serviceChecks]),
        ]}
      >
        <Icon name={overallTone === 'critical' ? 'critical' : overallTone === 'ok' ? 'success' : 'status'} />
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
