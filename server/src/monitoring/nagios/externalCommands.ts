import { CommandRejectedError, type ExternalCommand, type MonitoringSnapshot } from '../source.js';

export { CommandRejectedError };

/** Pipe writes up to PIPE_BUF (4096 bytes on Linux) are atomic, so one command never interleaves with another writer's. */
export const MAX_COMMAND_BYTES = 4096;

interface SnapshotIndex {
  hosts: Set<string>;
  services: Set<string>;
}

/** Keyed by the hosts array, which a source replaces on every data reload (not on every program-status refresh). */
const indexes = new WeakMap<readonly unknown[], SnapshotIndex>();

function indexOf(snap: MonitoringSnapshot): SnapshotIndex {
  let index = indexes.get(snap.hosts);
  if (!index) {
    index = {
      hosts: new Set(snap.hosts.map((h) => h.host_name)),
      services: new Set(snap.services.map((s) => `${s.host_name}\n${s.service_description}`)),
    };
    indexes.set(snap.hosts, index);
  }
  return index;
}

/** Nagios splits command arguments on ';' and commands on newlines, so either would let a value smuggle in another command. */
function arg(label: string, value: string, required = true): string {
  if (typeof value !== 'string') throw new CommandRejectedError(`${label} must be text.`);
  if (/[;\n\r]/.test(value)) throw new CommandRejectedError(`${label} must not contain ';' or line breaks.`);
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\x00-\x1f\x7f]/.test(value)) throw new CommandRejectedError(`${label} must not contain control characters.`);
  if (required && !value.trim()) throw new CommandRejectedError(`${label} is required.`);
  return value;
}

function time(label: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new CommandRejectedError(`${label} must be a whole number of seconds, 0 or more.`);
  return value;
}

const bit = (b: boolean) => (b ? '1' : '0');

function target(index: SnapshotIndex, host: string, service: string | undefined): string[] {
  arg('Host name', host);
  if (service === undefined) {
    if (!index.hosts.has(host)) throw new CommandRejectedError(`Unknown host '${host}'.`);
    return [host];
  }
  arg('Service description', service);
  if (!index.services.has(`${host}\n${service}`)) throw new CommandRejectedError(`Unknown service '${service}' on host '${host}'.`);
  return [host, service];
}

/** Nagios command name and arguments for `cmd`, checked against the objects in `snap`. */
export function commandParts(cmd: ExternalCommand, snap: MonitoringSnapshot): [string, ...string[]] {
  const index = indexOf(snap);
  switch (cmd.type) {
    case 'acknowledge': {
      const t = target(index, cmd.host, cmd.service);
      const name = cmd.service === undefined ? 'ACKNOWLEDGE_HOST_PROBLEM' : 'ACKNOWLEDGE_SVC_PROBLEM';
      return [name, ...t, cmd.sticky ? '2' : '1', bit(cmd.notify), bit(cmd.persistent), arg('Author', cmd.author), arg('Comment', cmd.comment)];
    }
    case 'remove_acknowledgement':
      return [cmd.service === undefined ? 'REMOVE_HOST_ACKNOWLEDGEMENT' : 'REMOVE_SVC_ACKNOWLEDGEMENT', ...target(index, cmd.host, cmd.service)];
    case 'schedule_downtime': {
      const t = target(index, cmd.host, cmd.service);
      const start = time('Start time', cmd.start);
      const end = time('End time', cmd.end);
      if (end <= start) throw new CommandRejectedError('End time must be after the start time.');
      const duration = time('Duration', cmd.duration);
      if (!cmd.fixed && duration === 0) throw new CommandRejectedError('Flexible downtime needs a duration of at least one second.');
      const name = cmd.service === undefined ? 'SCHEDULE_HOST_DOWNTIME' : 'SCHEDULE_SVC_DOWNTIME';
      return [name, ...t, String(start), String(end), bit(cmd.fixed), '0', String(duration), arg('Author', cmd.author), arg('Comment', cmd.comment)];
    }
    case 'delete_downtime': {
      if (!Number.isSafeInteger(cmd.id) || cmd.id <= 0) throw new CommandRejectedError('Downtime id must be a positive whole number.');
      const downtime = snap.downtimes.find((d) => d.id === cmd.id);
      if (!downtime || (downtime.service_description !== null) !== cmd.service) throw new CommandRejectedError(`Unknown ${cmd.service ? 'service' : 'host'} downtime ${cmd.id}.`);
      return [cmd.service ? 'DEL_SVC_DOWNTIME' : 'DEL_HOST_DOWNTIME', String(cmd.id)];
    }
    case 'schedule_check': {
      const t = target(index, cmd.host, cmd.service);
      const kind = cmd.service === undefined ? 'HOST' : 'SVC';
      return [cmd.forced ? `SCHEDULE_FORCED_${kind}_CHECK` : `SCHEDULE_${kind}_CHECK`, ...t, String(time('Check time', cmd.time))];
    }
    case 'set_active_checks': {
      const t = target(index, cmd.host, cmd.service);
      return [`${cmd.enabled ? 'ENABLE' : 'DISABLE'}_${cmd.service === undefined ? 'HOST' : 'SVC'}_CHECK`, ...t];
    }
    case 'set_notifications': {
      const t = target(index, cmd.host, cmd.service);
      return [`${cmd.enabled ? 'ENABLE' : 'DISABLE'}_${cmd.service === undefined ? 'HOST' : 'SVC'}_NOTIFICATIONS`, ...t];
    }
    case 'add_comment': {
      const t = target(index, cmd.host, cmd.service);
      return [cmd.service === undefined ? 'ADD_HOST_COMMENT' : 'ADD_SVC_COMMENT', ...t, bit(cmd.persistent), arg('Author', cmd.author), arg('Comment', cmd.comment)];
    }
    case 'process_check_result': {
      const t = target(index, cmd.host, cmd.service);
      return [cmd.service === undefined ? 'PROCESS_HOST_CHECK_RESULT' : 'PROCESS_SERVICE_CHECK_RESULT', ...t, String(cmd.state), arg('Output', cmd.output)];
    }
    default: {
      const unknown: never = cmd;
      throw new CommandRejectedError(`Unknown command type '${(unknown as { type?: unknown }).type}'.`);
    }
  }
}

/** The command-file line for `cmd` (`[epoch] NAME;args\n`); throws with a user-facing message when it is not acceptable. */
export function formatExternalCommand(cmd: ExternalCommand, snap: MonitoringSnapshot, now = Math.floor(Date.now() / 1000)): string {
  const line = `[${now}] ${commandParts(cmd, snap).join(';')}\n`;
  if (Buffer.byteLength(line) > MAX_COMMAND_BYTES) throw new CommandRejectedError(`The command is too long (at most ${MAX_COMMAND_BYTES} bytes).`);
  return line;
}
