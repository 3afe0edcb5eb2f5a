import type { ProductUpdate, SystemStatus, Totals } from '../../lib/apiTypes';
import { http } from '../../lib/http';
import { createResource, type Resource } from '../../lib/resource';
import { UNHANDLED_HOSTS, UNHANDLED_SERVICES, type ShellData } from '../shellData/shellData';
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
