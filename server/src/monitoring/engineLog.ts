/**
 * An engine's own log of what happened (issue 37): Nagios Core's nagios.log and its archives, a Livestatus engine's
 * `log` table. Both carry the same lines (`[time] SERVICE ALERT: host;service;CRITICAL;HARD;3;output`), parsed here
 * into history entries at the engine's own times, so Pharos can fill in what happened before it started watching an
 * engine and while it was not running.
 */

export type EngineLogType = 'state' | 'acknowledgement' | 'downtime' | 'flapping';

export interface EngineLogEntry {
  /** UNIX seconds, the engine's clock. */
  time: number;
  host: string;
  /** '' for a host. */
  service: string;
  type: EngineLogType;
  /** '' for a state; whether an acknowledgement, downtime or flapping started or ended. */
  phase: '' | 'start' | 'end';
  /** State entries only: the state code (0 UP/OK, 1 DOWN/WARNING, ...) and 1 hard, 0 soft. */
  state?: number;
  stateType?: 0 | 1;
  output: string;
  /**
   * A state the engine wrote down at a log rotation or its start (CURRENT/INITIAL STATE): it says what the state was
   * then, not that it changed then. It sets an object's state only where nothing earlier is known.
   */
  snapshot?: true;
}

/** Reads an engine's log for a time range, oldest first, a batch of entries at a time. */
export interface EngineLog {
  /** Where it is read from, for messages. */
  readonly where: string;
  read(since: number, until: number): AsyncIterable<EngineLogEntry[]>;
}

const HOST_STATES: Record<string, number> = { UP: 0, DOWN: 1, UNREACHABLE: 2 };
const SERVICE_STATES: Record<string, number> = { OK: 0, WARNING: 1, CRITICAL: 2, UNKNOWN: 3 };
const PHASES: Record<string, 'start' | 'end'> = { STARTED: 'start', STOPPED: 'end', CANCELLED: 'end', DISABLED: 'end' };

/** `[1700000000] KIND: a;b;c` into its time, kind and fields; null for any other line. */
function split(line: string): { time: number; kind: string; fields: string[] } | null {
  const m = /^\[(\d{1,12})\] ([A-Z][A-Z _]*?): (.*)$/.exec(line.trimEnd());
  if (!m) return null;
  return { time: Number(m[1]), kind: m[2]!, fields: m[3]!.split(';') };
}

/** Output may itself hold semicolons: everything from field `from` on. */
const rest = (fields: string[], from: number) => fields.slice(from).join(';');

function stateEntry(time: number, host: string, service: string, fields: string[], snapshot: boolean): EngineLogEntry | null {
  const [word, type, , ...output] = fields;
  const state = (service ? SERVICE_STATES : HOST_STATES)[word ?? ''];
  if (state === undefined || (type !== 'HARD' && type !== 'SOFT')) return null;
  const text = output.join(';');
  // An object never checked is written down as a soft state with no output at a rotation (Icinga 2 does): pending.
  if (snapshot && text === '') return null;
  return { time, host, service, type: 'state', phase: '', state, stateType: type === 'HARD' ? 1 : 0, output: text, ...(snapshot ? { snapshot: true as const } : {}) };
}

/**
 * One log line as a history entry, or null for lines that are no state change, acknowledgement, downtime or flapping.
 * Acknowledgements are read from the external commands the engine logs (ACKNOWLEDGE_..., REMOVE_..._ACKNOWLEDGEMENT)
 * and from acknowledgement notifications.
 */
export function parseLogLine(line: string): EngineLogEntry | null {
  const p = split(line);
  if (!p) return null;
  const { time, kind, fields: f } = p;
  switch (kind) {
    case 'HOST ALERT': return stateEntry(time, f[0] ?? '', '', f.slice(1), false);
    case 'SERVICE ALERT': return stateEntry(time, f[0] ?? '', f[1] ?? '', f.slice(2), false);
    case 'CURRENT HOST STATE': case 'INITIAL HOST STATE': return stateEntry(time, f[0] ?? '', '', f.slice(1), true);
    case 'CURRENT SERVICE STATE': case 'INITIAL SERVICE STATE': return stateEntry(time, f[0] ?? '', f[1] ?? '', f.slice(2), true);
    case 'HOST DOWNTIME ALERT': case 'HOST FLAPPING ALERT': case 'SERVICE DOWNTIME ALERT': case 'SERVICE FLAPPING ALERT': {
      const isService = kind.startsWith('SERVICE');
      const phase = PHASES[f[isService ? 2 : 1] ?? ''];
      if (!phase) return null;
      return {
        time, host: f[0] ?? '', service: isService ? f[1] ?? '' : '', type: kind.includes('DOWNTIME') ? 'downtime' : 'flapping',
        phase, output: rest(f, isService ? 3 : 2).trim(),
      };
    }
    case 'HOST NOTIFICATION': case 'SERVICE NOTIFICATION': {
      // contact;host;[service;]ACKNOWLEDGEMENT (DOWN);command;output;author;comment
      const isService = kind.startsWith('SERVICE');
      const what = f[isService ? 3 : 2] ?? '';
      if (!what.startsWith('ACKNOWLEDGEMENT')) return null;
      return { time, host: f[1] ?? '', service: isService ? f[2] ?? '' : '', type: 'acknowledgement', phase: 'start', output: rest(f, isService ? 7 : 6) };
    }
    case 'EXTERNAL COMMAND': {
      const [name, host = '', ...args] = f;
      switch (name) {
        case 'ACKNOWLEDGE_HOST_PROBLEM': return { time, host, service: '', type: 'acknowledgement', phase: 'start', output: args.slice(4).join(';') };
        case 'ACKNOWLEDGE_SVC_PROBLEM': return { time, host, service: args[0] ?? '', type: 'acknowledgement', phase: 'start', output: args.slice(5).join(';') };
        case 'REMOVE_HOST_ACKNOWLEDGEMENT': return { time, host, service: '', type: 'acknowledgement', phase: 'end', output: '' };
        case 'REMOVE_SVC_ACKNOWLEDGEMENT': return { time, host, service: args[0] ?? '', type: 'acknowledgement', phase: 'end', output: '' };
        default: return null;
      }
    }
    default: return null;
  }
}

/** Whether an acknowledgement command asked for a sticky one (2), which lasts until the object is OK or UP again. */
function stickyAck(line: string): boolean {
  const p = split(line);
  if (!p || p.kind !== 'EXTERNAL COMMAND') return false;
  const at = p.fields[0] === 'ACKNOWLEDGE_SVC_PROBLEM' ? 3 : 2;
  return p.fields[at] === '2';
}

/**
 * Turns an engine's log lines, in order, into entries, adding the ends of acknowledgements the engine does not log:
 * a normal acknowledgement ends at the next state change, a sticky one when the object is OK or UP again.
 */
export class LogInterpreter {
  private readonly acks = new Map<string, { sticky: boolean; state: number | undefined }>();
  private readonly states = new Map<string, number>();

  entries(line: string): EngineLogEntry[] {
    const e = parseLogLine(line);
    if (!e) return [];
    const key = `${e.host}\u0001${e.service}`;
    if (e.type === 'acknowledgement') {
      if (e.phase === 'start') {
        // An acknowledgement notification after its command says nothing new.
        if (this.acks.has(key)) return [];
        this.acks.set(key, { sticky: stickyAck(line), state: this.states.get(key) });
      } else {
        if (!this.acks.has(key)) return [];
        this.acks.delete(key);
      }
      return [e];
    }
    if (e.type !== 'state' || e.snapshot) return [e];
    const before = this.states.get(key);
    this.states.set(key, e.state!);
    const ack = this.acks.get(key);
    if (!ack || e.state === before) return [e];
    if (e.state === 0 || !ack.sticky) {
      this.acks.delete(key);
      return [e, { time: e.time, host: e.host, service: e.service, type: 'acknowledgement', phase: 'end', output: '' }];
    }
    return [e];
  }
}
