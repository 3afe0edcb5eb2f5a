import type { ProductUpdate, SystemStatus, Totals } from '../../lib/apiTypes';
import { http } from '../../lib/http';
import { createResource, type Resource } from '../../lib/resource';
import type { ShellData } from '../../shell/shellData';
import { SHOW_SETTING } from './gate';

/** `GET api/v2/status/ip` (docs/api.md): whether the internal Program URL resolves, and to this machine. */
export interface IpCheck { could_not_resolve: boolean; mismatch_found: boolean; internal_url: string; resolved_ip: string }

/** Everything the alert conditions read; the system status and update info are the shell's own resources. */
export interface LoginAlertSources {
  system: Resource<SystemStatus>;
  update: Resource<ProductUpdate>;
  hostProblems: Resource<Totals>;
  serviceProblems: Resource<Totals>;
  ip: Resource<IpCheck>;
}

// Spec 7 and 9: totals over all records (no paging), read once: these queries never refetch by themselves.
const UNHANDLED_HOSTS = { limitrecords: false, totals: 1, current_state: 'in:1,2', problem_acknowledged: 0, scheduled_downtime_depth: 0 };
const UNHANDLED_SERVICES = {
  limitrecords: false, combinedhost: 1, totals: 1, host_current_state: 0, host_problem_acknowledged: 0, host_scheduled_downtime_depth: 0,
  current_state: 'in:1,2,3', problem_acknowledged: 0, scheduled_downtime_depth: 0,
};

/** The alert conditions' sources; the system status and update info are the shell's own resources. */
export function createLoginAlertSources(shell: Pick<ShellData, 'systemStatus' | 'productUpdate'>): LoginAlertSources {
  return {
  system: shell.systemStatus,
  update: shell.productUpdate,
  hostProblems: createResource<Totals>({
    key: 'status.host.unhandled',
    load: (signal) => http.get<Totals>('api/v2/status/host', { params: UNHANDLED_HOSTS, signal }),
    staleTime: Infinity,
  }),
  serviceProblems: createResource<Totals>({
    key: 'status.service.unhandled',
    load: (signal) => http.get<Totals>('api/v2/status/service', { params: UNHANDLED_SERVICES, signal }),
    staleTime: Infinity,
  }),
  ip: createResource<IpCheck>({ key: 'status.ip', load: (signal) => http.get<IpCheck>('api/v2/status/ip', { signal }), staleTime: Infinity }),
  };
}

/** Spec 7: setusermeta with `{keyname, keyvalue}` and nsp. */
export function saveShowSetting(show: boolean): Promise<unknown> {
  return http.get('ajaxhelper.php', { params: { cmd: 'setusermeta', opts: JSON.stringify({ keyname: SHOW_SETTING, keyvalue: show ? 1 : 0 }) }, write: true });
}
