import { CommandRejectedError, type ExternalCommand } from '../source.js';
import type { Ref, Simulation } from './simulation.js';

function resolve(sim: Simulation, host: string, service?: string): Ref {
  const h = sim.hostIndex.get(host);
  if (h === undefined) throw new CommandRejectedError(`Host '${host}' does not exist.`);
  if (service === undefined) return { kind: 'host', i: h };
  const s = sim.findService(host, service);
  if (s === undefined) throw new CommandRejectedError(`Service '${service}' on host '${host}' does not exist.`);
  return { kind: 'service', i: s };
}

function describe(sim: Simulation, ref: Ref): string {
  const rec = sim.record(ref);
  return ref.kind === 'host' ? `Host '${rec.host_name}'` : `Service '${sim.services[ref.i]!.service_description}' on host '${rec.host_name}'`;
}

/** Applies an external command as Nagios would; invalid ones are rejected with a message fit for the user. */
export function applyCommand(sim: Simulation, cmd: ExternalCommand): void {
  switch (cmd.type) {
    case 'acknowledge': {
      const ref = resolve(sim, cmd.host, cmd.service);
      if (sim.record(ref).current_state === 0) throw new CommandRejectedError(`${describe(sim, ref)} has no problem to acknowledge.`);
      sim.acknowledge(ref, { author: cmd.author, comment: cmd.comment, sticky: cmd.sticky, persistent: cmd.persistent });
      return;
    }
    case 'remove_acknowledgement':
      sim.removeAcknowledgement(resolve(sim, cmd.host, cmd.service));
      return;
    case 'schedule_downtime': {
      const ref = resolve(sim, cmd.host, cmd.service);
      if (!Number.isFinite(cmd.start) || !Number.isFinite(cmd.end) || cmd.end <= cmd.start) throw new CommandRejectedError('The downtime must end after it starts.');
      if (!cmd.fixed && !(cmd.duration > 0)) throw new CommandRejectedError('A flexible downtime needs a duration.');
      sim.addDowntime(ref, {
        author: cmd.author, comment: cmd.comment, start_time: Math.floor(cmd.start), end_time: Math.floor(cmd.end),
        fixed: cmd.fixed ? 1 : 0, duration: cmd.fixed ? Math.floor(cmd.end - cmd.start) : Math.floor(cmd.duration),
      });
      return;
    }
    case 'delete_downtime': {
      const d = sim.downtimes.find((x) => x.id === cmd.id && (x.service_description !== null) === cmd.service);
      if (!d) throw new CommandRejectedError(`${cmd.service ? 'Service' : 'Host'} downtime ${cmd.id} does not exist.`);
      sim.removeDowntime(d.id);
      return;
    }
    case 'schedule_check': {
      const ref = resolve(sim, cmd.host, cmd.service);
      const rec = sim.record(ref);
      // Like Nagios, a check of an object with active checks off only runs when forced.
      const allowed = cmd.forced || rec.active_checks_enabled === 1;
      if (cmd.time <= sim.now && allowed) {
        sim.check(ref, rec.current_state);
        return;
      }
      if (cmd.forced) sim.forcedChecks.add(sim.keyOf(ref));
      sim.patch(ref, { next_check: Math.floor(cmd.time) });
      return;
    }
    case 'set_active_checks':
      sim.patch(resolve(sim, cmd.host, cmd.service), { active_checks_enabled: cmd.enabled ? 1 : 0 });
      return;
    case 'set_notifications':
      sim.patch(resolve(sim, cmd.host, cmd.service), { notifications_enabled: cmd.enabled ? 1 : 0 });
      return;
    case 'add_comment':
      sim.addComment(resolve(sim, cmd.host, cmd.service), { author: cmd.author, text: cmd.comment, persistent: cmd.persistent, entryType: 1 });
      return;
    case 'process_check_result': {
      const ref = resolve(sim, cmd.host, cmd.service);
      // A passive result is hard at once, like a passive check with max_check_attempts 1.
      sim.check(ref, cmd.state, { hard: true });
      sim.patch(ref, { output: cmd.output, long_output: '' });
      return;
    }
  }
}
