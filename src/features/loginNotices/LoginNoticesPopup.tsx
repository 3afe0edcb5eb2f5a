import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { AuthRecord } from '../../lib/apiTypes';
import { useHttp } from '../../lib/http';
import { useResources } from '../../lib/resource';
import { useLoginNoticesDue } from './gate';
import { LoginNoticesDialog } from './LoginNoticesDialog';
import { createLoginNoticesModel } from './model';
import { useShellData } from '../shellData/shellData';
import { createLoginAlertSources, createShowSettingSaver } from './sources';

/** Loaded once the alerts are due: reads the conditions and opens the dialog when at least one holds (spec 4). */
export function LoginNoticesPopup({ auth }: { auth: AuthRecord }) {
  useSignals();
  const shell = useShellData();
  const http = useHttp();
  const resources = useResources();
  const due = useLoginNoticesDue();
  const [model] = useState(() => createLoginNoticesModel({
    sources: createLoginAlertSources(shell, http, resources),
    saveShowSetting: createShowSettingSaver(http),
    // The same rule as the server's: administrators and users authorised for the monitoring system.
    canSeeSystemStatus: auth.isAdmin || auth.isAuthorizedForMonitoringSystem,
    onClosed: () => due.set(false),
  }));
  useEffect(() => model.start(), [model]);
  return model.isOpen.value ? <LoginNoticesDialog model={model} isAdmin={auth.isAdmin} /> : null;
}
