import type { Comment, Downtime, HostStatus, ServiceStatus, CheckPerformance } from '../source.js';
import type { ObjectModel } from './objectsParser.js';
import { NO_GROUPS } from '../shared.js';
import {
  KeyTable, KeyPredictor, Interner, intAt, floatAt, flagAt, textAt, unescapeNewlines, viewOf, lineEnd, skipBlanks, valueEnd, bytesStartWith,
  HASH, CLOSE_BRACE, CR, EQUALS, NL,
} from './scan.js';

/** Latency and execution time over active checks, accumulated while parsing. */
export class PerfAccumulator {
  count = 0;
  minLatency = Infinity;
  maxLatency = 0;
  sumLatency = 0;
  minExec = Infinity;
  maxExec = 0;
  sumExec = 0;

  add(latency: number, exec: number): void {
    this.count++;
    if (latency < this.minLatency) this.minLatency = latency;
    if (latency > this.maxLatency) this.maxLatency = latency;
    this.sumLatency += latency;
    if (exec < this.minExec) this.minExec = exec;
    if (exec > this.maxExec) this.maxExec = exec;
    this.sumExec += exec;
  }

  result(): CheckPerformance {
    if (this.count === 0) return { min_latency: 0, max_latency: 0, avg_latency: 0, min_execution_time: 0, max_execution_time: 0, avg_execution_time: 0 };
    const round = (n: number) => Math.round(n * 1000) / 1000;
    return {
      min_latency: round(this.minLatency), max_latency: round(this.maxLatency), avg_latency: round(this.sumLatency / this.count),
      min_execution_time: round(this.minExec), max_execution_time: round(this.maxExec), avg_execution_time: round(this.sumExec / this.count),
    };
  }
}

export interface ParsedStatus {
  /** `info.created`: when Nagios wrote the file. */
  created: number;
  info: Record<string, string>;
  programstatus: Record<string, string>;
  hosts: HostStatus[];
  services: ServiceStatus[];
  comments: Comment[];
  downtimes: Downtime[];
  hostPerf: PerfAccumulator;
  servicePerf: PerfAccumulator;
}

const KEYS = [
  'host_name', 'service_description', 'check_command', 'check_interval', 'has_been_checked', 'check_execution_time', 'check_latency',
  'check_type', 'current_state', 'current_attempt', 'max_attempts', 'state_type', 'last_state_change', 'plugin_output',
  'long_plugin_output', 'performance_data', 'last_check', 'next_check', 'notifications_enabled', 'active_checks_enabled',
  'passive_checks_enabled', 'problem_has_been_acknowledged', 'acknowledgement_type', 'is_flapping', 'scheduled_downtime_depth',
] as const;
const K = Object.fromEntries(KEYS.map((k, i) => [k, i])) as { [P in (typeof KEYS)[number]]: number };
const table = new KeyTable(KEYS);

const NONE = 0;
const HOST = 1;
const SERVICE = 2;
const INFO = 3;
const PROGRAM = 4;
const HOSTCOMMENT = 5;
const SERVICECOMMENT = 6;
const HOSTDOWNTIME = 7;
const SERVICEDOWNTIME = 8;
const OTHER = 9;

const BLOCKS: [string, number][] = [
  ['servicestatus ', SERVICE], ['hoststatus ', HOST], ['info ', INFO], ['programstatus ', PROGRAM], ['hostcomment ', HOSTCOMMENT],
  ['servicecomment ', SERVICECOMMENT], ['hostdowntime ', HOSTDOWNTIME], ['servicedowntime ', SERVICEDOWNTIME],
];

function blockKind(buf: Buffer, start: number): number {
  for (const [header, kind] of BLOCKS) {
    if (bytesStartWith(buf, start, header)) return kind;
  }
  return OTHER;
}


/** `engine` is in the literal even when undefined: a tag added later gives every record a separate property store. */
function blankChecked(engine: string | undefined): ServiceStatus {
  return {
    host_name: '', service_description: '', display_name: '', current_state: 0, state_type: 0, has_been_checked: 0,
    output: '', long_output: '', perfdata: '', last_check: 0, next_check: 0, last_state_change: 0,
    current_check_attempt: 0, max_check_attempts: 0, problem_acknowledged: 0, acknowledgement_type: 0, scheduled_downtime_depth: 0,
    active_checks_enabled: 0, passive_checks_enabled: 0, notifications_enabled: 0, is_flapping: 0, check_command: '', check_interval: 0,
    servicegroups: NO_GROUPS, engine,
  };
}

function clampState<T extends number>(n: number, max: T): T {
  return (n >= 0 && n <= max ? n : max) as T;
}

const num = (r: Record<string, string>, key: string): number => {
  const n = Number(r[key] ?? 0);
  return Number.isFinite(n) ? n : 0;
};
const bit = (r: Record<string, string>, key: string): 0 | 1 => (num(r, key) ? 1 : 0);

function toComment(r: Record<string, string>, service: boolean): Comment {
  return {
    id: num(r, 'comment_id'), host_name: r.host_name ?? '', service_description: service ? (r.service_description ?? '') : null,
    author: r.author ?? '', text: r.comment_data ?? '', entry_time: num(r, 'entry_time'), persistent: bit(r, 'persistent'), entry_type: num(r, 'entry_type'),
  };
}

function toDowntime(r: Record<string, string>, service: boolean): Downtime {
  return {
    id: num(r, 'downtime_id'), host_name: r.host_name ?? '', service_description: service ? (r.service_description ?? '') : null,
    author: r.author ?? '', comment: r.comment ?? '', start_time: num(r, 'start_time'), end_time: num(r, 'end_time'),
    fixed: bit(r, 'fixed'), duration: num(r, 'duration'),
  };
}

/**
 * Parses Nagios Core 4's status.dat (`TYPE {` blocks of `\tkey=value` lines), filling in what only objects.cache
 * knows (alias, address, display names, group membership) from `model`.
 * The file can be fed in chunks of whole lines (see `streamLines`), so a large file is never held in memory at once
 * and the event loop runs between chunks.
 */
export class StatusFileParser {
  private readonly names = new Interner();
  private readonly hostKeys = new KeyPredictor(table, 'equals');
  private readonly serviceKeys = new KeyPredictor(table, 'equals');
  private readonly out: ParsedStatus = {
    created: 0, info: {}, programstatus: {}, hosts: [], services: [], comments: [], downtimes: [],
    hostPerf: new PerfAccumulator(), servicePerf: new PerfAccumulator(),
  };
  private sawInfo = false;
  private sawProgram = false;
  private lastByte = -1;
  // The block in progress, carried from one chunk to the next.
  private kind = NONE;
  private line = 0;
  private rec: ServiceStatus;
  private generic: Record<string, string> = {};
  private checkType = 0;
  private latency = 0;
  private exec = 0;

  /**
   * `engine`: the name every record is tagged with (several engines), or undefined. `minutesPerUnit`: nagios.cfg's
   * interval_length over 60, as status.dat gives check intervals in those units and the snapshot in minutes.
   */
  constructor(private readonly model: ObjectModel, private readonly engine?: string, private readonly minutesPerUnit = 1) {
    this.rec = blankChecked(engine);
  }

  /** Parses `buf`, which must hold whole lines (the file's last line may lack its newline). */
  feed(buf: Buffer): void {
    const { model, out, names } = this;
    const view = viewOf(buf);
    const n = buf.length;
    if (n > 0) this.lastByte = buf[n - 1]!;
    let { kind, line, rec, generic, checkType, latency, exec } = this;
    let keys = kind === SERVICE ? this.serviceKeys : this.hostKeys;
    let pos = 0;
    while (pos < n) {
      const nl = lineEnd(buf, pos);
      const i = skipBlanks(buf, pos, nl);
      const c = buf[i];
      if (i === nl || c === HASH || c === CR) {
        // blank line or comment
      } else if (kind === NONE) {
        kind = blockKind(buf, i);
        line = 0;
        if (kind === HOST || kind === SERVICE) {
          rec = blankChecked(this.engine);
          keys = kind === SERVICE ? this.serviceKeys : this.hostKeys;
          checkType = 0;
          latency = 0;
          exec = 0;
        } else {
          // Keys come from the file: no prototype, so a key like __proto__ is just a key.
          generic = Object.create(null) as Record<string, string>;
        }
      } else if (c === CLOSE_BRACE && (i + 1 === nl || buf[i + 1] === CR)) {
        switch (kind) {
          case HOST: {
            out.hosts.push(toHost(rec, model));
            if (checkType === 0 && rec.has_been_checked) out.hostPerf.add(latency, exec);
            break;
          }
          case SERVICE: {
            const def = model.services.get(rec.host_name)?.get(rec.service_description);
            rec.display_name = def?.display_name ?? rec.service_description;
            rec.servicegroups = def?.servicegroups ?? NO_GROUPS;
            out.services.push(rec);
            if (checkType === 0 && rec.has_been_checked) out.servicePerf.add(latency, exec);
            break;
          }
          case INFO: out.info = generic; this.sawInfo = true; break;
          case PROGRAM: out.programstatus = generic; this.sawProgram = true; break;
          case HOSTCOMMENT: out.comments.push(toComment(generic, false)); break;
          case SERVICECOMMENT: out.comments.push(toComment(generic, true)); break;
          case HOSTDOWNTIME: out.downtimes.push(toDowntime(generic, false)); break;
          case SERVICEDOWNTIME: out.downtimes.push(toDowntime(generic, true)); break;
        }
        kind = NONE;
      } else if (kind === HOST || kind === SERVICE) {
        const id = keys.match(buf, view, i, nl, line++);
        if (id >= 0) {
          const v = keys.keyEnd + 1;
          const end = valueEnd(buf, v, nl);
          switch (id) {
            case K.host_name: rec.host_name = names.text(buf, view, v, end); break;
            case K.service_description: rec.service_description = names.text(buf, view, v, end); break;
            case K.check_command: rec.check_command = names.text(buf, view, v, end); break;
            case K.check_interval: rec.check_interval = floatAt(buf, v, end) * this.minutesPerUnit; break;
            case K.has_been_checked: rec.has_been_checked = flagAt(buf, v, end); break;
            case K.check_execution_time: exec = floatAt(buf, v, end); break;
            case K.check_latency: latency = floatAt(buf, v, end); break;
            case K.check_type: checkType = intAt(buf, v, end); break;
            case K.current_state: rec.current_state = clampState(intAt(buf, v, end), 3); break;
            case K.current_attempt: rec.current_check_attempt = intAt(buf, v, end); break;
            case K.max_attempts: rec.max_check_attempts = intAt(buf, v, end); break;
            case K.state_type: rec.state_type = flagAt(buf, v, end); break;
            case K.last_state_change: rec.last_state_change = intAt(buf, v, end); break;
            case K.plugin_output: rec.output = textAt(buf, v, end); break;
            case K.long_plugin_output: rec.long_output = unescapeNewlines(textAt(buf, v, end)); break;
            case K.performance_data: rec.perfdata = textAt(buf, v, end); break;
            case K.last_check: rec.last_check = intAt(buf, v, end); break;
            case K.next_check: rec.next_check = intAt(buf, v, end); break;
            case K.notifications_enabled: rec.notifications_enabled = flagAt(buf, v, end); break;
            case K.active_checks_enabled: rec.active_checks_enabled = flagAt(buf, v, end); break;
            case K.passive_checks_enabled: rec.passive_checks_enabled = flagAt(buf, v, end); break;
            case K.problem_has_been_acknowledged: rec.problem_acknowledged = flagAt(buf, v, end); break;
            case K.acknowledgement_type: rec.acknowledgement_type = clampState(intAt(buf, v, end), 2); break;
            case K.is_flapping: rec.is_flapping = flagAt(buf, v, end); break;
            case K.scheduled_downtime_depth: rec.scheduled_downtime_depth = intAt(buf, v, end); break;
          }
        }
      } else if (kind !== OTHER) {
        const eq = buf.indexOf(EQUALS, i);
        if (eq >= 0 && eq < nl) generic[buf.toString('latin1', i, eq)] = textAt(buf, eq + 1, valueEnd(buf, eq + 1, nl));
      }
      pos = nl + 1;
    }
    this.kind = kind;
    this.line = line;
    this.rec = rec;
    this.generic = generic;
    this.checkType = checkType;
    this.latency = latency;
    this.exec = exec;
  }

  /** The parsed file; throws when it is not a complete status file, so callers can keep their last good data. */
  finish(): ParsedStatus {
    if (this.kind !== NONE) throw new Error('status file ends inside a block (partially written?)');
    if (!this.sawInfo || !this.sawProgram) throw new Error('status file has no info or programstatus block');
    // Nagios ends the file with a newline: without it, the last block may have lost lines (a truncated copy).
    if (this.lastByte !== NL) throw new Error('status file does not end with a newline (partially written?)');
    this.out.created = Number(this.out.info.created) || 0;
    return this.out;
  }
}

export function parseStatusFile(buf: Buffer, model: ObjectModel): ParsedStatus {
  const parser = new StatusFileParser(model);
  parser.feed(buf);
  return parser.finish();
}

function toHost(rec: ServiceStatus, model: ObjectModel): HostStatus {
  const def = model.hosts.get(rec.host_name);
  return {
    host_name: rec.host_name, display_name: def?.display_name ?? rec.host_name, alias: def?.alias ?? rec.host_name, address: def?.address ?? '',
    current_state: clampState(rec.current_state, 2), state_type: rec.state_type, has_been_checked: rec.has_been_checked,
    output: rec.output, long_output: rec.long_output, perfdata: rec.perfdata, last_check: rec.last_check, next_check: rec.next_check,
    last_state_change: rec.last_state_change, current_check_attempt: rec.current_check_attempt, max_check_attempts: rec.max_check_attempts,
    problem_acknowledged: rec.problem_acknowledged, acknowledgement_type: rec.acknowledgement_type, scheduled_downtime_depth: rec.scheduled_downtime_depth,
    active_checks_enabled: rec.active_checks_enabled, passive_checks_enabled: rec.passive_checks_enabled, notifications_enabled: rec.notifications_enabled,
    is_flapping: rec.is_flapping, check_command: rec.check_command, check_interval: rec.check_interval, hostgroups: def?.hostgroups ?? NO_GROUPS,
    engine: rec.engine,
  };
}
