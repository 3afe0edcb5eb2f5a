import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { Dashboard } from '../../lib/apiTypes';
import type { Translate } from '../../lib/i18n';
import type { Resource, ResourceRegistry } from '../../lib/resource';
import { createSubmit } from '../../lib/submit';
import type { ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { DashboardForm, DashboardsApi } from './api';
import { downloadText, fileNameFor } from './downloadText';

/** Spec 3 and 9: form defaults and the clone title suffix. */
export const DEFAULT_BACKGROUND = '#131b25';
export const CLONE_SUFFIX = ' (Clone)';
/** Spec 5: the only file type an import accepts. */
export const IMPORT_FILE_TYPE = 'text/plain';

export type DashboardDialog = { mode: 'add' } | { mode: 'edit'; dashboard: Dashboard } | { mode: 'clone'; dashboard: Dashboard };
type Action = 'add' | 'edit' | 'clone' | 'export' | 'delete' | 'import';
const DONE: Record<Action, string> = { add: 'added', edit: 'edited', clone: 'cloned', export: 'exported', delete: 'deleted', import: 'imported' };

function colourOf(background: string): string {
  return /^[0-9a-f]{6}$/i.test(background) ? `#${background.toLowerCase()}` : DEFAULT_BACKGROUND;
}

/** What the add, edit and clone forms start with. */
export function formDefaults(dialog: DashboardDialog): DashboardForm {
  if (dialog.mode === 'add') return { title: '', background: DEFAULT_BACKGROUND, transparent: false };
  const { dashboard } = dialog;
  return {
    title: dialog.mode === 'clone' ? dashboard.title + CLONE_SUFFIX : dashboard.title,
    background: colourOf(dashboard.opts.background),
    transparent: dashboard.opts.transparent === 1,
  };
}

/** Spec 2.14: every dashboard but `screen` can be changed; `home` cannot be deleted. */
export function dashboardActions(dashboard: Pick<Dashboard, 'id'>): Array<'clone' | 'edit' | 'export' | 'delete'> {
  if (dashboard.id === 'screen') return [];
  return dashboard.id === 'home' ? ['clone', 'edit', 'export'] : ['clone', 'edit', 'export', 'delete'];
}

/** Spec 5: null when the file may be imported; otherwise the reason as a translation key. */
export function importFileProblem(file: File | null): string | null {
  if (!file) return null;
  return file.type === IMPORT_FILE_TYPE ? null : 'dashboards.import.invalid';
}

export interface DashboardsModelDeps {
  api: DashboardsApi;
  /** Dashboards are also menu entries (spec 2.10), so every change reloads the menu. */
  refreshMenu: () => Promise<void>;
  notify: (notice: ToastInput) => void;
  download?: (fileName: string, text: string) => void;
  t: Translate;
  /** The app's registry: the list is shared by key with every other reader of it. */
  resources: Pick<ResourceRegistry, 'createResource'>;
  /** Shows a dashboard just added (issue 38: a new dashboard opens after it is added). */
  openDashboard?: (dashboard: Dashboard) => void;
}

export interface DashboardsModel {
  readonly dashboards: Resource<Dashboard[]>;
  readonly dialog: ReadonlySignal<DashboardDialog | null>;
  readonly deleting: ReadonlySignal<Dashboard | null>;
  readonly pending: ReadonlySignal<boolean>;
  readonly importOpen: ReadonlySignal<boolean>;
  readonly importFile: ReadonlySignal<File | null>;
  /** The validation message for the chosen file (spec 5), already translated. */
  readonly importError: ReadonlySignal<string | null>;
  /** Why the server refused the add, edit or clone form: shown in the form, beside the field it names. */
  readonly formError: ReadonlySignal<string | null>;
  openAdd(): void;
  openEdit(dashboard: Dashboard): void;
  openClone(dashboard: Dashboard): void;
  closeDialog(): void;
  submit(form: DashboardForm): Promise<boolean>;
  askDelete(dashboard: Dashboard): void;
  cancelDelete(): void;
  confirmDelete(): Promise<boolean>;
  exportDashboard(dashboard: Dashboard): Promise<boolean>;
  openImport(): void;
  closeImport(): void;
  chooseImportFile(file: File | null): void;
  submitImport(): Promise<boolean>;
}

/** Manage My Dashboards: the list, add/edit/clone forms, export, delete and import, with the notices of spec 8. */
export function createDashboardsModel({ api, refreshMenu, notify, download = downloadText, t, resources, openDashboard }: DashboardsModelDeps): DashboardsModel {
  const dashboards = resources.createResource<Dashboard[]>({ key: 'dashboards', load: (abort) => api.list(abort) });
  const dialog = signal<DashboardDialog | null>(null);
  const deleting = signal<Dashboard | null>(null);
  const importOpen = signal(false);
  const importFile = signal<File | null>(null);
  const importError = signal<string | null>(null);
  const formError = signal<string | null>(null);

  const refreshAll = async () => {
    await Promise.all([refreshMenu(), dashboards.refresh()]);
  };
  /** One write at a time, whichever it is; true when it succeeded. */
  const write = createSubmit({
    write: ({ run }: { action: Action; run: () => Promise<unknown> }) => run(),
    notify,
    done: (_, { action }) => ({ variant: 'success', title: t(`dashboards.notice.${DONE[action]}`), description: t(`dashboards.notice.${DONE[action]}Detail`) }),
    // Spec 8: 'Please try again.', and only the import passes the server's message on; a refused form shows the
    // server's reason (issue 20: the field and the rule) in the form itself.
    failed: (error, { action }) => {
      const reason = serverMessageOf(error);
      if (action === 'add' || action === 'edit' || action === 'clone') formError.value = reason ?? null;
      return { variant: 'error', title: t(`dashboards.notice.${action}Failed`), description: (action === 'import' ? reason : undefined) ?? t('screens.tryAgain') };
    },
  });
  const attempt = (action: Action, run: () => Promise<unknown>) => write.run({ action, run });

  const resetImport = () => {
    importOpen.value = false;
    importFile.value = null;
    importError.value = null;
  };

  return {
    dashboards,
    dialog,
    deleting,
    pending: write.pending,
    importOpen,
    importFile,
    importError,
    formError,
    openAdd: () => { formError.value = null; dialog.value = { mode: 'add' }; },
    openEdit: (dashboard) => { formError.value = null; dialog.value = { mode: 'edit', dashboard }; },
    openClone: (dashboard) => { formError.value = null; dialog.value = { mode: 'clone', dashboard }; },
    closeDialog: () => { formError.value = null; dialog.value = null; },
    async submit(form) {
      const target = dialog.peek();
      if (!target) return false;
      let added: Dashboard | undefined;
      const ok = await attempt(target.mode, async () => (target.mode === 'add' ? (added = await api.add(form))
        : target.mode === 'edit' ? api.edit(target.dashboard.id, form) : api.clone(target.dashboard.id, form)));
      if (!ok) return false;
      dialog.value = null;
      await refreshAll();
      if (added && typeof added.id === 'string') openDashboard?.(added);
      return true;
    },
    askDelete: (dashboard) => { deleting.value = dashboard; },
    cancelDelete: () => { deleting.value = null; },
    async confirmDelete() {
      const dashboard = deleting.peek();
      if (!dashboard || !(await attempt('delete', () => api.remove(dashboard.id)))) return false;
      deleting.value = null;
      await refreshAll();
      return true;
    },
    exportDashboard: (dashboard) => attempt('export', async () => download(fileNameFor(dashboard.title, 'txt'), await api.raw(dashboard.id))),
    openImport: () => {
      resetImport();
      importOpen.value = true;
    },
    closeImport: resetImport,
    chooseImportFile(file) {
      const problem = importFileProblem(file);
      importFile.value = problem ? null : file;
      importError.value = problem ? t(problem) : null;
    },
    async submitImport() {
      const file = importFile.peek();
      if (!file || !(await attempt('import', async () => api.importText(await file.text())))) return false;
      resetImport();
      await refreshAll();
      return true;
    },
  };
}
