import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Tool } from '../../lib/apiTypes';
import { useMenu } from '../menu/MenuProvider';
import { useT, type Translate } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { Button } from '../../ui/Button';
import { FormDialog } from '../../ui/FormDialog';
import { Link } from '../../ui/Link';
import { Table, type TableColumn } from '../../ui/Table';
import { useFrame } from '../frame/model';
import { createToolsApi, type ToolScope } from './api';
import { createToolsModel, type ToolsModel } from './model';
import { ToolDialog } from './ToolDialog';
import { ToolLauncher } from './ToolLauncher';
import { requestedToolId, toolLaunch } from './toolLaunch';
import '../screens/screens.css';

const SCREEN_ID = { personal: 'myTools', common: 'commonTools' } as const;

/** My Tools and Common Tools (spec 2.12): the table of tools with Edit, Delete and View, and Add Tool. */
export function ToolListScreen({ scope }: { scope: ToolScope }) {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const { refresh } = useMenu();
  const [api] = useState(() => createToolsApi(scope));
  const [model] = useState(() => createToolsModel({ scope, api, refreshMenu: refresh }));
  const screen = SCREEN_ID[scope];
  const goId = requestedToolId(frame.src.value) ?? requestedToolId(window.location.search);
  return (
    <section className="native-screen" data-screen={screen} aria-labelledby={`screen-${screen}`}>
      <h1 id={`screen-${screen}`}>{t(`screens.${screen}`)}</h1>
      {goId !== null ? <ToolLauncher scope={scope} id={goId} api={api} /> : <ToolList model={model} t={t} />}
    </section>
  );
}

function ToolList({ model, t }: { model: ToolsModel; t: Translate }) {
  useSignals();
  const { scope } = model;
  const list = useResource(model.tools);
  const rows = list.data ?? [];
  const dialog = model.dialog.value;
  const deleting = model.deleting.value;
  return (
    <>
      <p className="native-screen-intro">{t(`tools.intro.${scope}`)}</p>
      <div className="native-screen-toolbar">
        <Button variant="primary" onPress={model.openAdd}>{t('tools.add')}</Button>
      </div>
      {list.error && !list.data ? (
        <p role="alert">{t('screens.loadFailed')} <Button onPress={() => void list.refresh()}>{t('screens.retry')}</Button></p>
      ) : (
        <Table
          caption={t(`screens.${SCREEN_ID[scope]}`)}
          hideCaption
          columns={columns(model, t)}
          rows={rows}
          rowKey={(tool) => String(tool.id)}
          empty={list.loading && !list.data ? t('screens.loading') : t(`tools.empty.${scope}`)}
          isBusy={list.loading}
          data-testid="tools-table"
        />
      )}
      {dialog && <ToolDialog key={dialog.mode === 'edit' ? dialog.tool.id : 'add'} dialog={dialog} isPending={model.saving.value} onSubmit={(fields) => void model.submit(fields)} onClose={model.closeDialog} />}
      {deleting && (
        <FormDialog
          title={t('tools.confirmDelete.title')}
          tone="destructive"
          submitLabel={t('screens.delete')}
          cancelLabel={t('screens.cancel')}
          onSubmit={() => void model.confirmDelete()}
          onClose={model.cancelDelete}
          isPending={model.removing.value}
        >
          <p className="ui-form-dialog-message">{t('tools.confirmDelete.message', { name: deleting.name })}</p>
        </FormDialog>
      )}
    </>
  );
}

function columns(model: ToolsModel, t: Translate): TableColumn<Tool>[] {
  const common = model.scope === 'common';
  return [
    { key: 'name', header: t('tools.col.name'), isRowHeader: true, cell: (tool) => tool.name },
    {
      key: 'url',
      header: t('tools.col.url'),
      wrap: 'anywhere',
      // Common tools open in a new tab (spec 2.12).
      cell: (tool) => (common && tool.href !== '#' ? <Link href={tool.href} target="_blank">{tool.url}</Link> : tool.url),
    },
    {
      key: 'action',
      header: t('tools.col.action'),
      cell: (tool) => (
        <div className="ui-table-actions">
          <Button onPress={() => model.openEdit(tool)} aria-label={t('tools.editNamed', { name: tool.name })}>{t('screens.edit')}</Button>
          <Button onPress={() => model.askDelete(tool)} aria-label={t('tools.deleteNamed', { name: tool.name })}>{t('screens.delete')}</Button>
          <ViewLink tool={tool} newTab={common} t={t} />
        </div>
      ),
    },
  ];
}

/** My Tools shows a tool of this site in the main frame; other sites, and all common tools, open in a new tab. */
function ViewLink({ tool, newTab, t }: { tool: Tool; newTab: boolean; t: Translate }) {
  const launch = toolLaunch(tool);
  if (launch.kind === 'none') return null;
  const label = t('tools.viewNamed', { name: tool.name });
  if (newTab || launch.kind === 'newTab') {
    return <Link href={newTab ? tool.href : launch.href} target="_blank" rel="noopener noreferrer" className="ui-button" aria-label={label}>{t('tools.view')}</Link>;
  }
  return <Link href={launch.href} className="ui-button" aria-label={label}>{t('tools.view')}</Link>;
}
