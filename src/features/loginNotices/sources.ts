import type { ProductUpdate, SystemStatus, Totals } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';
import type { Resource, ResourceRegistry } from '../../lib/resource';
import type { ShellData } from '../shellData/shellData';
import { SHOW_SETTING } from './gate';

/** `GET api/v2/status/ip` (docs/api.md): whether the internal Program URL resolves, and to this machine. */
export interface IpCheck { could_not_resolve: boolean; mismatch_found: boolean; internal_url: string; resolved_ip: string }

/** Everything the alert conditions read. */
export interface LoginAlertSources {
  system: Resource<SystemStatus>;
  update: Resource<ProductUpdate>;
  hostProblems: Resource<Totals>;
  serviceProblems: Resource<Totals>;
  ip: Resource<IpCheck>;
}

/** The alert conditions' sources; the system status, update info and problem totals are the shell's own resources. */
export function createLoginAlertSources(
  shell: Pick<ShellData, 'systemStatus' | 'productUpdate' | 'hostProblems' | 'serviceProblems'>,
  http: Pick<HttpClient, 'get'>,
  { createResource }: Pick<ResourceRegistry, 'createResource'>,
): LoginAlertSources {
  return {
    system: shell.systemStatus,
    update: shell.productUpdate,
    hostProblems: shell.hostProblems,
    serviceProblems: shell.serviceProblems,
    ip: createResource<IpCheck>({ key: 'status.ip', load: (signal) => http.get<IpCheck>('api/v2/status/ip', { signal }), staleTime: Infinity }),
  };
}

/** Spec 7: setusermeta with `{keyname, keyvalue}` and nsp. */
export function createShowSettingSaver(http: Pick<HttpClient, 'get'>): (show: boolean) => Promise<unknown> {
  return (show) => http.get('ajaxhelper.php', {
    params: { cmd: 'setusermeta', opts: JSON.stringify({ keyname: SHOW_SETTING, keyvalue: show ? 1 : 0 }) },
    write: true,
  });
}
