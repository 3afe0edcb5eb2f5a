import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { Dashboard } from '../../lib/apiTypes';
import { translate, type Translate } from '../../lib/i18n';
import { createMutation, createResource, type Resource } from '../../lib/resource';
import { toast, type ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { DashboardForm, DashboardsApi } from './api';
import { downloadText, fileNameFor } from './downloadText';

/** Spec 3 and 9: form defaults and the clone title suffix. */
export const DEFAULT_BACKGROUND = '#131b25';
export const CLONE_SUFFIX = ' (Clone)';
/** Spec 5: the only file type an import accepts. */
export const IMPORT_FILE_TYPE = 'text/plain';

export type DashboardDialog = { mode: 'add' } | { mode: 'edit'; dashboard: Dashboard } | { mode: 'clone'; dashboard: Dashboard };
type Action = 'add' | 'edit' | 'clone' | 'export' | 'delete';
const DONE: Record<Action, string> = { add: 'added', edit: 'edited', clone: 'cloned', export: 'exported', delete: 'deleted' };

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
  notify?: (notice: ToastInput) => void;
  download?: (fileName: string, text: string) => void;
  t?: Translate;
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
export function createDashboardsModel({ api, refreshMenu, notify = toast, download = downloadText, t = translate }: DashboardsModelDeps): DashboardsModel {
  const dashboards = createResource<Dashboard[]>({ key: 'dashboards', load: (abort) => api.list(abort) });
  const dialog = signal<DashboardDialog | null>(null);
  const deleting = signal<Dashboard | null>(null);
  const importOpen = signal(false);
  const importFile = signal<File | null>(null);
  const importError = signal<string | null>(null);
  const write = createMutation((run: () => Promise<unknown>) => run());

  const refreshAll = async () => {
    await Promise.all([refreshMenu(), dashboards.refresh()]);
  };
  // Spec 8: dashboard failures say 'Please try again.'; only the import passes the server's message on.
  const failed = (action: Action) => notify({ variant: 'error', title: t(`dashboards.notice.${action}Failed`), description: t('screens.tryAgain') });
  const done = (action: Action) => notify({ variant: 'success', title: t(`dashboards.notice.${DONE[action]}`), description: t(`dashboards.notice.${DONE[action]}Detail`) });

  /** Runs one write at a time; true when it succeeded. */
  const attempt = async (action: Action, run: () => Promise<unknown>): Promise<boolean> => {
    if (write.pending.peek()) return false;
    try {
      await write.run(run);
      return true;
    } catch {
      failed(action);
      return false;
    }
  };

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
    openAdd: () => { dialog.value = { mode: 'add' }; },
    openEdit: (dashboard) => { dialog.value = { mode: 'edit', dashboard }; },
    openClone: (dashboard) => { dialog.value = { mode: 'clone', dashboard }; },
    closeDialog: () => { dialog.value = null; },
    async submit(form) {
      const target = dialog.peek();
      if (!target) return false;
      const ok = await attempt(target.mode, () => (target.mode === 'add' ? api.add(form)
        : target.mode === 'edit' ? api.edit(target.dashboard.id, form) : api.clone(target.dashboard.id, form)));
      if (!ok) return false;
      dialog.value = null;
      done(target.mode);
      await refreshAll();
      return true;
    },
    askDelete: (dashboard) => { deleting.value = dashboard; },
    cancelDelete: () => { deleting.value = null; },
    async confirmDelete() {
      const dashboard = deleting.peek();
      if (!dashboard || !(await attempt('delete', () => api.remove(dashboard.id)))) return false;
      deleting.value = null;
      done('delete');
      await refreshAll();
      return true;
    },
    async exportDashboard(dashboard) {
      const ok = await attempt('export', async () => download(fileNameFor(dashboard.title, 'txt'), await api.raw(dashboard.id)));
      if (ok) done('export');
      return ok;
    },
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
      if (!file || write.pending.peek()) return false;
      try {
        const text = await file.text();
        await write.run(() => api.importText(text));
      } catch (error) {
        notify({ variant: 'error', title: t('dashboards.notice.importFailed'), description: serverMessageOf(error) ?? t('screens.tryAgain') });
        return false;
      }
      resetImport();
      notify({ variant: 'success', title: t('dashboards.notice.imported'), description: t('dashboards.notice.importedDetail') });
      await refreshAll();
      return true;
    },
  };
}
