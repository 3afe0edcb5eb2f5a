import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useHttp } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { useResources } from '../../lib/resource';
import { useMenu } from '../menu/MenuProvider';
import { useToasts } from '../toast/model';
import { createDashboardsApi } from '../dashboards/api';
import { DashboardDialog } from '../dashboards/DashboardDialog';
import { createDashboardsModel } from '../dashboards/model';
import { useOpenDashboard } from '../dashboards/useOpenDashboard';

/**
 * The Add Dashboard menu entry's dialog: the dashboards feature's own add form and model, so the notices and the
 * refresh of the menu (My Dashboards) and of the dashboards list are the same as on Manage My Dashboards.
 */
export default function AddDashboardDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { refresh } = useMenu();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const resources = useResources();
  const openDashboard = useOpenDashboard();
  const [model] = useState(() => {
    const created = createDashboardsModel({ api: createDashboardsApi(http), refreshMenu: refresh, notify: toast, t: translate, resources, openDashboard });
    created.openAdd();
    return created;
  });
  const dialog = model.dialog.value;
  // The model closes its dialog after a successful add (and on cancel).
  useEffect(() => {
    if (!dialog) onClose();
  }, [dialog, onClose]);
  if (!dialog) return null;
  // The server's reason for a refusal is shown in the form, at its field (issue 38), as on Manage My Dashboards.
  return (
    <DashboardDialog dialog={dialog} isPending={model.pending.value} error={model.formError.value} onSubmit={(form) => void model.submit(form)} onClose={model.closeDialog} />
  );
}
