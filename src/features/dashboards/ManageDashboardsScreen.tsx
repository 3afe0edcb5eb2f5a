import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Dashboard } from '../../lib/apiTypes';
import { useMenu } from '../menu/MenuProvider';
import { useHttp } from '../../lib/http';
import { useI18n, useT, type Translate } from '../../lib/i18n';
import { useResources } from '../../lib/resource';
import { useToasts } from '../toast/model';
import { Button } from '../../ui/Button';
import { Name } from '../../ui/Name';
import { Link } from '../../ui/Link';
import type { TableColumn } from '../../ui/Table';
import { ConfirmDialog } from '../screens/ConfirmDialog';
import { ListScreen } from '../screens/ListScreen';
import { ScreenSection } from '../screens/ScreenSection';
import { createDashboardsApi } from './api';
import { DashboardDialog } from './DashboardDialog';
import { ImportDialog } from './ImportDialog';
import { createDashboardsModel, dashboardActions, type DashboardsModel } from './model';
import { dashboardHref } from './useOpenDashboard';

/** Manage My Dashboards (spec 2.14): Title and Action columns, Add Dashboard and Import. */
export function ManageDashboardsScreen() {
  useSignals();
  const t = useT();
  const { refresh } = useMenu();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const resources = useResources();
  const [model] = useState(() => createDashboardsModel({ api: createDashboardsApi(http), refreshMenu: refresh, notify: toast, t: translate, resources }));
  const dialog = model.dialog.value;
  const deleting = model.deleting.value;
  const actions = (
    <>
      <Button variant="primary" onPress={model.openAdd}>{t('dashboards.add')}</Button>
      <Button onPress={model.openImport}>{t('dashboards.import')}</Button>
    </>
  );
  return (
    <ScreenSection screen="manageDashboards" title={t('screens.manageDashboards')}>
      <ListScreen
        intro={t('dashboards.intro')}
        actions={actions}
        list={model.dashboards}
        caption={t('screens.manageDashboards')}
        columns={columns(model, t)}
        rowKey={(d) => d.id}
        empty={t('dashboards.empty')}
        data-testid="dashboards-table"
      >
        {dialog && (
          <DashboardDialog
            key={dialog.mode === 'add' ? 'add' : `${dialog.mode}-${dialog.dashboard.id}`}
            dialog={dialog}
            isPending={model.pending.value}
            error={model.formError.value}
            onSubmit={(form) => void model.submit(form)}
            onClose={model.closeDialog}
          />
        )}
        {deleting && (
          <ConfirmDialog
            title={t('dashboards.confirmDelete.title')}
            message={t('dashboards.confirmDelete.message', { title: deleting.title })}
            onConfirm={() => void model.confirmDelete()}
            onClose={model.cancelDelete}
            isPending={model.pending.value}
          />
        )}
        {model.importOpen.value && <ImportDialog model={model} />}
      </ListScreen>
    </ScreenSection>
  );
}

function columns(model: DashboardsModel, t: Translate): TableColumn<Dashboard>[] {
  const handlers = {
    clone: model.openClone,
    edit: model.openEdit,
    export: (d: Dashboard) => void model.exportDashboard(d),
    delete: model.askDelete,
  } as const;
  return [
    {
      key: 'title',
      header: t('dashboards.col.title'),
      isRowHeader: true,
      cell: (d) => <Link href={dashboardHref(d.id)}><Name>{d.title}</Name></Link>,
    },
    {
      key: 'action',
      header: t('dashboards.col.action'),
      cell: (d) => (
        <div className="ui-table-actions">
          {dashboardActions(d).map((action) => (
            <Button key={action} onPress={() => handlers[action](d)} aria-label={t(`dashboards.${action}Named`, { title: d.title })}>
              {t(`dashboards.action.${action}`)}
            </Button>
          ))}
        </div>
      ),
    },
  ];
}
