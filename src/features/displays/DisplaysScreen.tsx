import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useHttp } from '../../lib/http';
import { useI18n, useT, type Translate } from '../../lib/i18n';
import { useResource, useResources } from '../../lib/resource';
import { Button } from '../../ui/Button';
import { Name } from '../../ui/Name';
import type { TableColumn } from '../../ui/Table';
import { clockTime } from '../connection/staleness';
import { useNow } from '../connection/useNow';
import { REPORT_MS } from '../wallboard/displayLink';
import { Icon } from '../../ui/Icon';
import { useAuth } from '../session/AuthProvider';
import { ConfirmDialog } from '../screens/ConfirmDialog';
import { ListScreen } from '../screens/ListScreen';
import { ScreenSection } from '../screens/ScreenSection';
import { useToasts } from '../toast/model';
import { createDisplaysApi, type DisplayRecord } from './api';
import { DisplayDialog } from './DisplayDialog';
import { readableParams } from '../../lib/readableParams';
import { alertsInWords, createDisplaysModel, type DisplaysModel } from './model';

/** Issue 10, Admin → Displays: every paired screen with what it last reported, and the levers to pair, change, identify, reload or revoke. */
export function DisplaysScreen() {
  useSignals();
  const t = useT();
  const auth = useAuth();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const resources = useResources();
  const [model] = useState(() => createDisplaysModel({ api: createDisplaysApi(http), notify: toast, t: translate, resources }));
  useResource(model.users);
  const dialog = model.dialog.value;
  const now = useNow(REPORT_MS / 2);
  return (
    <ScreenSection screen="displays" title={t('displays.title')}>
      <ListScreen
        intro={t('displays.intro')}
        actions={<Button variant="primary" onPress={model.openClaim}>{t('displays.claim')}</Button>}
        list={model.displays}
        caption={t('displays.title')}
        columns={columns(model, t, now)}
        rowKey={(d) => String(d.id)}
        empty={t('displays.empty')}
        data-testid="displays-table"
      >
        {dialog?.mode === 'claim' && <DisplayDialog model={model} ownUsername={auth.username} />}
        {dialog?.mode === 'edit' && <DisplayDialog key={dialog.display.id} model={model} display={dialog.display} />}
        {dialog?.mode === 'revoke' && (
          <ConfirmDialog
            title={t('displays.revokeTitle', { name: dialog.display.name })}
            message={t('displays.revokeMessage')}
            confirmLabel={t('displays.revoke')}
            onConfirm={() => void model.revoke(dialog.display)}
            onClose={model.close}
            isPending={model.pending.value}
            error={model.error.value}
          />
        )}
      </ListScreen>
    </ScreenSection>
  );
}

/** Three missed reports: the screen is off, offline or gone, and what it said last may no longer be true. */
export const SILENT_AFTER_MS = 3 * REPORT_MS;

/** What the screen last said about itself, in words. */
function reported(d: DisplayRecord, t: Translate): string {
  const parts = [
    d.item && t('displays.showing', { item: d.item }),
    d.connection && t('displays.connection', { state: d.connection }),
    d.version && t('displays.version', { version: d.version }),
    d.screen && t('displays.screen', { size: d.screen }),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '–';
}

/** A time today, or the date too when it was another day: "08:49 PM", "Nov 21, 08:49 PM". */
function seenAt(at: number, now: number): string {
  if (new Date(at).toDateString() === new Date(now).toDateString()) return clockTime(at);
  return new Date(at).toLocaleString(document.documentElement.lang || 'en', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A silent screen never reads as "Connection: online": it says since when nothing came, then what it said last. */
function status(d: DisplayRecord, t: Translate, now: number) {
  if (!d.paired || d.lastSeen === null || now - d.lastSeen <= SILENT_AFTER_MS) return reported(d, t);
  return (
    <span data-state="silent">
      <Icon name="warning" /> {t('displays.silent', { time: seenAt(d.lastSeen, now) })} · {t('displays.lastReport', { report: reported(d, t) })}
    </span>
  );
}

function columns(model: DisplaysModel, t: Translate, now: number): TableColumn<DisplayRecord>[] {
  return [
    { key: 'name', header: t('displays.col.name'), isRowHeader: true, cell: (d) => <Name>{d.name}</Name> },
    { key: 'user', header: t('displays.col.user'), cell: (d) => d.username ?? String(d.userId) },
    {
      key: 'params',
      header: t('displays.col.params'),
      wrap: 'anywhere',
      cell: (d) => <>{readableParams(d.params) || '–'}<br /><span data-testid="display-alerts">{alertsInWords(d.params, t)}</span></>,
    },
    { key: 'seen', header: t('displays.col.seen'), cell: (d) => (!d.paired ? t('displays.notPickedUp') : d.lastSeen ? seenAt(d.lastSeen, now) : '–') },
    { key: 'status', header: t('displays.col.status'), cell: (d) => status(d, t, now) },
    {
      key: 'action',
      header: t('displays.col.action'),
      cell: (d) => (
        <div className="ui-table-actions">
          <Button onPress={() => model.openEdit(d)} aria-label={t('displays.editNamed', { name: d.name })}>{t('displays.action.edit')}</Button>
          <Button onPress={() => void model.command(d, 'identify')} aria-label={t('displays.identifyNamed', { name: d.name })}>{t('displays.action.identify')}</Button>
          <Button onPress={() => void model.command(d, 'reload')} aria-label={t('displays.reloadNamed', { name: d.name })}>{t('displays.action.reload')}</Button>
          <Button onPress={() => model.askRevoke(d)} aria-label={t('displays.revokeNamed', { name: d.name })}>{t('displays.revoke')}</Button>
        </div>
      ),
    },
  ];
}
