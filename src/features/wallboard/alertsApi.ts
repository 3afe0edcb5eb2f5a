import { http } from '../../lib/http';
import type { Problem } from './alerts';

interface StatusRecord { host_name: string; service_description?: string; current_state: number; output: string; last_state_change: number }

/** Hard, unhandled: a host down or unreachable; a service critical on an up, unhandled host. */
const HOSTS = { limitrecords: 'false', current_state: 'in:1,2', state_type: '1', problem_acknowledged: '0', scheduled_downtime_depth: '0' };
const SERVICES = {
  limitrecords: 'false', combinedhost: '1', current_state: '2', state_type: '1', problem_acknowledged: '0', scheduled_downtime_depth: '0',
  host_current_state: '0', host_problem_acknowledged: '0', host_scheduled_downtime_depth: '0',
};

const toProblem = (r: StatusRecord): Problem => ({
  host: r.host_name,
  ...(r.service_description ? { service: r.service_description } : {}),
  state: r.current_state,
  output: r.output,
  since: r.last_state_change * 1000,
});

/** The unhandled critical problems right now, hosts first. */
export async function loadCriticalProblems(): Promise<Problem[]> {
  const [hosts, services] = await Promise.all([
    http.get<{ hoststatus?: StatusRecord[] }>('api/v2/status/host', { params: HOSTS }),
    http.get<{ servicestatus?: StatusRecord[] }>('api/v2/status/service', { params: SERVICES }),
  ]);
  return [...(hosts.hoststatus ?? []).map(toProblem), ...(services.servicestatus ?? []).map(toProblem)];
}
