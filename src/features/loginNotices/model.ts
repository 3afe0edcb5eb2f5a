import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Resource } from '../../lib/resource';
import { systemCodes } from '../shellData/systemStatus';
import type { LoginAlertSources } from './sources';

/** The conditions of spec 4, plus a failed update check, which is reported but does not open the pop-up by itself. */
export type Notice =
  | { id: 'systemDegraded' }
  | { id: 'hostProblems'; count: number }
  | { id: 'serviceProblems'; count: number }
  | { id: 'updateFailed' }
  | { id: 'updateAvailable'; version: string; updateUrl: string }
  | { id: 'unresolved'; url: string }
  | { id: 'ipMismatch'; url: string; ip: string };

export interface LoginNoticesDeps {
  sources: LoginAlertSources;
  saveShowSetting: (show: boolean) => Promise<unknown>;
  /** The system status is only readable by users who may see it (spec 6); for others that condition is skipped. */
  canSeeSystemStatus: boolean;
  /** After closing: the alerts are not due again on this page. */
  onClosed: () => void;
}

export interface LoginNoticesModel {
  /** The notices that hold, in display order. */
  readonly notices: ReadonlySignal<Notice[]>;
  readonly isOpen: ReadonlySignal<boolean>;
  /** The checkbox 'Show these alerts when I login'; on, since the pop-up only opens with the setting on. */
  readonly showAgain: Signal<boolean>;
  /** Loads the conditions and watches them; returns the matching stop. */
  start(): () => void;
  /** Saves the checkbox to the user setting, then refreshes the alert query; false when the save failed. */
  close(): Promise<boolean>;
}

export function createLoginNoticesModel({ sources, saveShowSetting, canSeeSystemStatus, onClosed }: LoginNoticesDeps): LoginNoticesModel {
  const watched: Resource<unknown>[] = [sources.hostProblems, sources.serviceProblems, sources.update, sources.ip];
  if (canSeeSystemStatus) watched.push(sources.system);
  const showAgain = signal(true);
  const opened = signal(false);
  const closed = signal(false);

  // A condition whose call failed for good does not hold; the others still decide.
  const settled = computed(() => watched.every((r) => r.data.value !== undefined || r.error.value !== undefined));
  const notices = computed<Notice[]>(() => {
    const list: Notice[] = [];
    const system = canSeeSystemStatus ? sources.system.data.value : undefined;
    // Degraded exactly when the top bar says so (a stopped daemon, an engine of several not answering), or while the
    // engine is not known to run. A grapher that is not installed (code 2) is neutral, as in the top bar: a real engine
    // without PNP4Nagios said "System Status Degraded!" at every sign-in next to "System OK".
    if (system) {
      const codes = systemCodes(system);
      if (codes.overall !== 0 || codes.engine !== 0) list.push({ id: 'systemDegraded' });
    }
    const hosts = sources.hostProblems.data.value?.recordcount ?? 0;
    if (hosts > 0) list.push({ id: 'hostProblems', count: hosts });
    const services = sources.serviceProblems.data.value?.recordcount ?? 0;
    if (services > 0) list.push({ id: 'serviceProblems', count: services });
    const update = sources.update.data.value;
    if (update && !update.hide_updates) {
      if (update.lastUpdateCheckSucceeded === false) list.push({ id: 'updateFailed' });
      if (update.recordcount > 0) list.push({ id: 'updateAvailable', version: update.latest_version, updateUrl: update.update_url });
    }
    const ip = sources.ip.data.value;
    if (ip?.could_not_resolve) list.push({ id: 'unresolved', url: ip.internal_url });
    else if (ip?.mismatch_found) list.push({ id: 'ipMismatch', url: ip.internal_url, ip: ip.resolved_ip });
    return list;
  });
  const anyCondition = computed(() => notices.value.some((n) => n.id !== 'updateFailed'));

  return {
    notices,
    showAgain,
    // Once open it stays open until closed, even if a polled condition clears meanwhile.
    isOpen: computed(() => opened.value && !closed.value),
    start() {
      const stops = watched.map((r) => r.watch());
      const latch = effect(() => {
        if (settled.value && anyCondition.value && !closed.peek()) opened.value = true;
      });
      return () => {
        latch();
        stops.forEach((stop) => stop());
      };
    },
    async close() {
      if (closed.peek()) return true;
      closed.value = true;
      let saved = true;
      try {
        await saveShowSetting(showAgain.peek());
      } catch {
        saved = false;
      }
      await Promise.all(watched.map((r) => r.refresh()));
      onClosed();
      return saved;
    },
  };
}
