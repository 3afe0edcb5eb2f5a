/**
 * A fake Livestatus peer serving a generated fleet (`ls-host-00001`, its services `svc-01`…), for the three-engine bench
 * and the e2e spec. It answers the source's GET and Stats queries in the columns asked for; each distinct request's
 * answer is built once and kept, so a poll measures Pharos's side (transfer, parse, snapshot) rather than the peer.
 */
import { answer, fakePeer, json, type FakePeer, type OnRequest } from './fakePeer.js';

type Row = Record<string, unknown>;

export interface GeneratedFleet { hosts: number; servicesPerHost: number }

/** One host in 50 DOWN; per host one service in 20 CRITICAL and one in 10 WARNING, the rest OK. Deterministic. */
export function generatedTables({ hosts, servicesPerHost }: GeneratedFleet, now = Math.floor(Date.now() / 1000)): Record<string, Row[]> {
  const checked = (state: number, i: number) => ({
    state, state_type: 1, has_been_checked: 1, plugin_output: state === 0 ? 'OK - all fine' : state === 1 ? 'WARNING - slow answer' : 'CRITICAL - no answer',
    long_plugin_output: '', perf_data: `time=${(i % 997) / 1000}s;1;2;0`, last_check: now - (i % 60), next_check: now + 60 - (i % 60), last_state_change: now - 3600 - (i % 86_400),
    current_attempt: 1, max_check_attempts: 3, acknowledged: 0, acknowledgement_type: 0, scheduled_downtime_depth: 0, active_checks_enabled: 1,
    accept_passive_checks: 1, notifications_enabled: 1, is_flapping: 0, check_command: 'check_dummy', check_interval: 60, check_type: 0, latency: 0.01, execution_time: 0.02,
  });
  const hostRows: Row[] = [];
  const serviceRows: Row[] = [];
  for (let h = 1; h <= hosts; h++) {
    const name = `ls-host-${String(h).padStart(5, '0')}`;
    hostRows.push({ ...checked(h % 50 === 0 ? 1 : 0, h), name, display_name: name, alias: `Livestatus host ${h}`, address: `10.${(h >> 16) & 255}.${(h >> 8) & 255}.${h & 255}`, groups: [`ls-group-${h % 10}`] });
    for (let s = 1; s <= servicesPerHost; s++) {
      const i = h * servicesPerHost + s;
      const state = i % 20 === 0 ? 2 : i % 10 === 0 ? 1 : 0;
      const description = `svc-${String(s).padStart(2, '0')}`;
      serviceRows.push({ ...checked(state, i), host_name: name, description, display_name: description, groups: [] });
    }
  }
  return {
    status: [{ program_start: now - 86_400, nagios_pid: 4242, program_version: 'fake-peer', enable_notifications: 1, execute_service_checks: 1, execute_host_checks: 1,
      accept_passive_service_checks: 1, accept_passive_host_checks: 1, enable_event_handlers: 1, enable_flap_detection: 0, process_performance_data: 1,
      obsess_over_services: 0, obsess_over_hosts: 0, last_command_check: now, last_log_rotation: 0 }],
    hosts: hostRows,
    services: serviceRows,
    hostgroups: Array.from({ length: Math.min(10, hosts) }, (_, g) => ({ name: `ls-group-${g}`, alias: `Group ${g}`, members: hostRows.filter((r) => (r.groups as string[])[0] === `ls-group-${g}`).map((r) => r.name) })),
    servicegroups: [],
    comments: [],
    downtimes: [],
  };
}

/** Serves `fleet` on 127.0.0.1 (any free port, or `port`); COMMANDs are taken without a reply, as Livestatus does. */
export async function generatedPeer(fleet: GeneratedFleet, options: { port?: number } = {}): Promise<FakePeer> {
  return fakePeer(generatedAnswers(fleet), options);
}

/** The request handler of a peer serving `fleet`, to give a fake peer that misbehaves its good behaviour back. */
export function generatedAnswers(fleet: GeneratedFleet): OnRequest {
  const tables = generatedTables(fleet);
  const answers = new Map<string, Buffer>();
  const answerFor = (request: string): Buffer => {
    const table = /^GET (\w+)/.exec(request)?.[1] ?? '';
    const rows = tables[table];
    if (!rows) return answer(`Table '${table}' does not exist.`, 404);
    if (request.includes('\nStats: ')) return json([[rows.length]]);
    const columns = /\nColumns: ([^\n]+)/.exec(request)?.[1]?.split(' ') ?? [];
    return json(rows.map((row) => columns.map((c) => row[c] ?? null)));
  };
  return (socket, request) => {
    if (request.startsWith('COMMAND ')) {
      // A passive result changes the row at once (as Icinga does for a service without active checks): tests force
      // a state that every Pharos reading this peer then sees.
      const m = /^COMMAND \[\d+\] PROCESS_SERVICE_CHECK_RESULT;([^;]+);([^;]+);(\d);([^\n]*)/.exec(request);
      const row = m && tables.services!.find((r) => r.host_name === m[1] && r.description === m[2]);
      if (m && row) {
        const now = Math.floor(Date.now() / 1000);
        if (row.state !== Number(m[3])) row.last_state_change = now;
        Object.assign(row, { state: Number(m[3]), plugin_output: m[4], last_check: now });
        answers.clear();
      }
      return;
    }
    let reply = answers.get(request);
    if (!reply) answers.set(request, (reply = answerFor(request)));
    socket.write(reply);
  };
}
