import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Dashboard } from '../../lib/apiTypes';
import { useMenu } from '../menu/MenuProvider';
import { useT, type Translate } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { inFrameHref } from '../menu/menuLinks';
import { Button } from '../../ui/Button';
import { FormDialog } from '../../ui/FormDialog';
import { Link } from '../../ui/Link';
import { Table, type TableColumn } from '../../ui/Table';
import { createDashboardsApi } from './api';
import { DashboardDialog } from './DashboardDialog';
import { ImportDialog } from './ImportDialog';
import { createDashboardsModel, dashboardActions, type DashboardsModel } from './model';
import '../screens/screens.css';

const DASHBOARDS_SECTION = { id: 'dashboards', path: 'dashboards/' } as const;

/** Manage My Dashboards (spec 2.14): Title and Action columns, Add Dashboard and Import. */
export function ManageDashboardsScreen() {
  useSignals();
  const t = useT();
  const { refresh } = useMenu();
  const [model] = useState(() => createDashboardsModel({ api: createDashboardsApi(), refreshMenu: refresh }));
  const list = useResource(model.dashboards);
  const dialog = model.dialog.value;
  const deleting = model.deleting.value;
  return (
    <section className="native-screen" data-screen="manageDashboards" aria-labelledby="screen-manageDashboards">
      <h1 id="screen-manageDashboards">{t('screens.manageDashboards')}</h1>
      <p className="native-screen-intro">{t('dashboards.intro')}</p>
      <div className="native-screen-toolbar">
        <Button variant="primary" onPress={model.openAdd}>{t('dashboards.add')}</Button>
        <Button onPress={model.openImport}>{t('dashboards.import')}</Button>
      </div>
      {list.error && !list.data ? (
        <p role="alert">{t('screens.loadFailed')} <Button onPress={() => void list.refresh()}>{t('screens.retry')}</Button></p>
      ) : (
        <Table
          caption={t('screens.manageDashboards')}
          hideCaption
          columns={columns(model, t)}
          rows={list.data ?? []}
          rowKey={(d) => d.id}
          empty={list.loading ? t('screens.loading') : t('dashboards.empty')}
          isBusy={list.loading}
          data-testid="dashboards-table"
        />
      )}
      {dialog && (
        <DashboardDialog
          key={dialog.mode === 'add' ? 'add' : `${dialog.mode}-${dialog.dashboard.id}`}
          dialog={dialog}
          isPending={model.pending.value}
          onSubmit={(form) => void model.submit(form)}
          onClose={model.closeDialog}
        />
      )}
      {deleting && (
        <FormDialog
          title={t('dashboards.confirmDelete.title')}
          tone="destructive"
          submitLabel={t('screens.delete')}
          cancelLabel={t('screens.cancel')}
          onSubmit={() => void model.confirmDelete()}
          onClose={model.cancelDelete}
          isPending={model.pending.value}
        >
          <p className="ui-form-dialog-message">{t('dashboards.confirmDelete.message', { title: deleting.title })}</p>
        </FormDialog>
      )}
      {model.importOpen.value && <ImportDialog model={model} />}
    </section>
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
      cell: (d) => <Link href={inFrameHref(DASHBOARDS_SECTION, `dashboards/dashboard.php?id=${encodeURIComponent(d.id)}`)}>{d.title}</Link>,
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
