import { signal } from '@preact/signals-react';
import type { Translate } from '../../lib/i18n';
import type { ResourceRegistry } from '../../lib/resource';
import { createSubmit } from '../../lib/submit';
import { serverMessageOf } from '../toast/serverMessage';
import { ALERT_SHARE_PERCENT } from '../wallboard/paramDefaults';
import { parseWallboardParams } from '../wallboard/params';
import type { ToastInput } from '../toast/model';
import type { DisplayCommand, DisplayForm, DisplayRecord, DisplaysApi } from './api';

/** What the open dialog is for: pairing a code, changing a display, or confirming a revoke. */
export type DisplayDialog = { mode: 'claim' } | { mode: 'edit'; display: DisplayRecord } | { mode: 'revoke'; display: DisplayRecord };

export interface DisplaysModelDeps {
  api: DisplaysApi;
  notify: (notice: ToastInput) => void;
  t: Translate;
  /** The app's registry: the lists are shared by key with every other reader of them. */
  resources: Pick<ResourceRegistry, 'createResource'>;
}

/** How often the list refreshes while it is open: a display reports every 30 s. */
export const REFRESH_MS = 10_000;

/**
 * Issue 17: how the display's alerts behave, in words, so nobody has to know that alerts are on by default for a
 * paired display or what alertseconds= means.
 */
export function alertsInWords(params: string, t: Translate): string {
  const config = parseWallboardParams(params);
  if (config.alerts === false) return t('displays.alerts.off');
  return t(config.alerts ? 'displays.alerts.on' : 'displays.alerts.onDefault', { seconds: config.alertSeconds, share: config.alertShare ?? ALERT_SHARE_PERCENT.default });
}

/** Issue 10, Admin → Displays: the list (refreshed while open), pairing, changes, remote commands and revoking. */
export function createDisplaysModel({ api, notify, t, resources: { createResource } }: DisplaysModelDeps) {
  const displays = createResource<DisplayRecord[]>({ key: 'admin.displays', load: (s) => api.list(s), pollInterval: REFRESH_MS });
  const users = createResource({ key: 'admin.displays.users', load: (s) => api.users(s), staleTime: 60_000 });
  const dialog = signal<DisplayDialog | null>(null);
  /** The server's reason a form was refused; the dialog keeps what was typed. */
  const error = signal<string | undefined>(undefined);

  const open = (next: DisplayDialog | null) => {
    error.value = undefined;
    dialog.value = next;
  };

  /** One write at a time. A refusal stays in the open dialog (or a toast when none is open). */
  const submit = createSubmit({
    write: ({ run }: { run: () => Promise<unknown>; done: string; inDialog: boolean }) => run(),
    notify,
    done: (_, { done }) => ({ variant: 'success', title: done }),
    failed: (e, { inDialog }) => {
      const message = serverMessageOf(e) ?? t('screens.tryAgain');
      if (!inDialog) return { variant: 'error', title: t('displays.failed'), description: message };
      error.value = message;
      return undefined;
    },
  });

  /** Runs a write; true when done, and the list then shows the change. */
  const write = async (run: () => Promise<unknown>, done: string, inDialog: boolean): Promise<boolean> => {
    if (!(await submit.run({ run, done, inDialog }))) return false;
    void displays.refresh();
    return true;
  };

  return {
    displays, users, dialog, pending: submit.pending, error,
    openClaim: () => open({ mode: 'claim' }),
    openEdit: (display: DisplayRecord) => open({ mode: 'edit', display }),
    askRevoke: (display: DisplayRecord) => open({ mode: 'revoke', display }),
    close: () => open(null),
    async claim(code: string, form: DisplayForm) {
      if (await write(() => api.claim(code, form), t('displays.notice.claimed'), true)) open(null);
    },
    async save(display: DisplayRecord, form: DisplayForm) {
      if (await write(() => api.update(display.id, form), t('displays.notice.saved'), true)) open(null);
    },
    async revoke(display: DisplayRecord) {
      if (await write(() => api.revoke(display.id), t('displays.notice.revoked'), true)) open(null);
    },
    command: (display: DisplayRecord, command: DisplayCommand) => write(() => api.command(display.id, command), t(`displays.notice.${command}`, { name: display.name }), false),
  };
}

export type DisplaysModel = ReturnType<typeof createDisplaysModel>;
