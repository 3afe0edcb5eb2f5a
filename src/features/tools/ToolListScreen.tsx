import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Tool } from '../../lib/apiTypes';
import { useMenu } from '../menu/MenuProvider';
import { useHttp } from '../../lib/http';
import { useI18n, useT, type Translate } from '../../lib/i18n';
import { useResources } from '../../lib/resource';
import { Button } from '../../ui/Button';
import { Name } from '../../ui/Name';
import { Link } from '../../ui/Link';
import type { TableColumn } from '../../ui/Table';
import { useFrame } from '../frame/model';
import { ConfirmDialog } from '../screens/ConfirmDialog';
import { ListScreen } from '../screens/ListScreen';
import { ScreenSection } from '../screens/ScreenSection';
import { useToasts } from '../toast/model';
import { createToolsApi, type ToolScope } from './api';
import { createToolsModel, type ToolsModel } from './model';
import { ToolDialog } from './ToolDialog';
import { ToolLauncher } from './ToolLauncher';
import { requestedToolId, toolLaunch } from './toolLaunch';

const SCREEN_ID = { personal: 'myTools', common: 'commonTools' } as const;

/** My Tools and Common Tools (spec 2.12): the table of tools with Edit, Delete and View, and Add Tool. */
export function ToolListScreen({ scope }: { scope: ToolScope }) {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const { refresh } = useMenu();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const resources = useResources();
  const [api] = useState(() => createToolsApi(scope, http));
  const [model] = useState(() => createToolsModel({ scope, api, refreshMenu: refresh, notify: toast, t: translate, resources }));
  const screen = SCREEN_ID[scope];
  const goId = requestedToolId(frame.src.value) ?? requestedToolId(window.location.search);
  return (
    <ScreenSection screen={screen} title={t(`screens.${screen}`)}>
      {goId !== null ? <ToolLauncher scope={scope} id={goId} api={api} /> : <ToolList model={model} t={t} />}
    </ScreenSection>
  );
}

function ToolList({ model, t }: { model: ToolsModel; t: Translate }) {
  useSignals();
  const { scope } = model;
  const dialog = model.dialog.value;
  const deleting = model.deleting.value;
  return (
    <ListScreen
      intro={t(`tools.intro.${scope}`)}
      actions={<Button variant="primary" onPress={model.openAdd}>{t('tools.add')}</Button>}
      list={model.tools}
      caption={t(`screens.${SCREEN_ID[scope]}`)}
      columns={columns(model, t)}
      rowKey={(tool) => String(tool.id)}
      empty={t(`tools.empty.${scope}`)}
      data-testid="tools-table"
    >
      {dialog && <ToolDialog key={dialog.mode === 'edit' ? dialog.tool.id : 'add'} dialog={dialog} isPending={model.saving.value} onSubmit={(fields) => void model.submit(fields)} onClose={model.closeDialog} />}
      {deleting && (
        <ConfirmDialog
          title={t('tools.confirmDelete.title')}
          message={t('tools.confirmDelete.message', { name: deleting.name })}
          onConfirm={() => void model.confirmDelete()}
          onClose={model.cancelDelete}
          isPending={model.removing.value}
        />
      )}
    </ListScreen>
  );
}

function columns(model: ToolsModel, t: Translate): TableColumn<Tool>[] {
  const common = model.scope === 'common';
  return [
    { key: 'name', header: t('tools.col.name'), isRowHeader: true, cell: (tool) => <Name>{tool.name}</Name> },
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
