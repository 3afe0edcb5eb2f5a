import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { Tool } from '../../lib/apiTypes';
import type { Translate } from '../../lib/i18n';
import type { Resource, ResourceRegistry } from '../../lib/resource';
import { createSubmit } from '../../lib/submit';
import type { ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { ToolFields, ToolScope, ToolsApi } from './api';

export type ToolDialog = { mode: 'add' } | { mode: 'edit'; tool: Tool };

export interface ToolsModelDeps {
  scope: ToolScope;
  api: ToolsApi;
  /** Tools are also menu entries (spec 2.10), so every change reloads the menu. */
  refreshMenu: () => Promise<void>;
  notify: (notice: ToastInput) => void;
  t: Translate;
  /** The app's registry: each scope's list is shared by key with every other reader of it. */
  resources: Pick<ResourceRegistry, 'createResource'>;
}

export interface ToolsModel {
  readonly scope: ToolScope;
  readonly tools: Resource<Tool[]>;
  /** The add or edit form that is open, if any. */
  readonly dialog: ReadonlySignal<ToolDialog | null>;
  /** The tool whose deletion waits for confirmation. */
  readonly deleting: ReadonlySignal<Tool | null>;
  readonly saving: ReadonlySignal<boolean>;
  readonly removing: ReadonlySignal<boolean>;
  openAdd(): void;
  openEdit(tool: Tool): void;
  closeDialog(): void;
  /** Saves the open form; true when saved (the form then closes). */
  submit(fields: ToolFields): Promise<boolean>;
  askDelete(tool: Tool): void;
  cancelDelete(): void;
  confirmDelete(): Promise<boolean>;
}

/** My Tools or Common Tools: the list, the add/edit form and delete confirmation, with the notices of spec 8. */
export function createToolsModel({ scope, api, refreshMenu, notify, t, resources }: ToolsModelDeps): ToolsModel {
  const tools = resources.createResource<Tool[]>({ key: `tools.${scope}`, load: (abort) => api.list(abort) });
  const dialog = signal<ToolDialog | null>(null);
  const deleting = signal<Tool | null>(null);
  // Spec 8: the failure's description is the server's message.
  const failed = (action: 'add' | 'edit' | 'delete', error: unknown) => ({
    variant: 'error' as const,
    title: t(`tools.notice.${action}Failed`),
    description: serverMessageOf(error) ?? t('screens.tryAgain'),
  });
  const save = createSubmit({
    write: ({ target, fields }: { target: ToolDialog; fields: ToolFields }) => (target.mode === 'add' ? api.add(fields) : api.edit(target.tool.id, fields)),
    notify,
    done: (_, { target }) => ({ variant: 'success', title: t(target.mode === 'add' ? 'tools.notice.added' : 'tools.notice.edited'), description: t(`tools.notice.where.${scope}`) }),
    failed: (error, { target }) => failed(target.mode, error),
  });
  const remove = createSubmit({
    write: (tool: Tool) => api.remove(tool.id),
    notify,
    done: () => ({ variant: 'success', title: t('tools.notice.deleted'), description: t(`tools.notice.gone.${scope}`) }),
    failed: (error) => failed('delete', error),
  });

  const refreshAll = async () => {
    await Promise.all([refreshMenu(), tools.refresh()]);
  };

  return {
    scope,
    tools,
    dialog,
    deleting,
    saving: save.pending,
    removing: remove.pending,
    openAdd: () => { dialog.value = { mode: 'add' }; },
    openEdit: (tool) => { dialog.value = { mode: 'edit', tool }; },
    closeDialog: () => { dialog.value = null; },
    async submit(fields) {
      const target = dialog.peek();
      if (!target || !(await save.run({ target, fields }))) return false;
      dialog.value = null;
      await refreshAll();
      return true;
    },
    askDelete: (tool) => { deleting.value = tool; },
    cancelDelete: () => { deleting.value = null; },
    async confirmDelete() {
      const tool = deleting.peek();
      if (!tool || !(await remove.run(tool))) return false;
      deleting.value = null;
      await refreshAll();
      return true;
    },
  };
}
