import type { Group } from '../source.js';
import {
  KeyTable, KeyPredictor, Interner, intAt, floatAt, flagAt, textAt, viewOf, lineEnd, skipBlanks, valueEnd, bytesStartWith, HASH, CLOSE_BRACE, CR,
} from './scan.js';

export interface ObjectDefinition {
  display_name: string;
  check_command: string;
  check_interval: number;
  max_check_attempts: number;
  active_checks_enabled: 0 | 1;
  passive_checks_enabled: 0 | 1;
  notifications_enabled: 0 | 1;
}

export interface HostDefinition extends ObjectDefinition {
  host_name: string;
  alias: string;
  address: string;
  hostgroups: string[];
}

export interface ServiceDefinition extends ObjectDefinition {
  host_name: string;
  service_description: string;
  servicegroups: string[];
}

/** The configured objects from objects.cache: what status.dat does not carry (alias, address, display names, groups). */
export interface ObjectModel {
  hosts: Map<string, HostDefinition>;
  /** host name → service description → definition. */
  services: Map<string, Map<string, ServiceDefinition>>;
  hostgroups: Group[];
  servicegroups: Group[];
}

export function emptyObjectModel(): ObjectModel {
  return { hosts: new Map(), services: new Map(), hostgroups: [], servicegroups: [] };
}

const KEYS = [
  'host_name', 'service_description', 'display_name', 'alias', 'address', 'check_command', 'check_interval', 'max_check_attempts',
  'active_checks_enabled', 'passive_checks_enabled', 'notifications_enabled', 'hostgroup_name', 'servicegroup_name', 'members',
] as const;
const K = Object.fromEntries(KEYS.map((k, i) => [k, i])) as { [P in (typeof KEYS)[number]]: number };
const table = new KeyTable(KEYS);

const NONE = 0;
const HOST = 1;
const SERVICE = 2;
const HOSTGROUP = 3;
const SERVICEGROUP = 4;
const OTHER = 5;

const BLOCKS: [string, number][] = [['service', SERVICE], ['host', HOST], ['hostgroup', HOSTGROUP], ['servicegroup', SERVICEGROUP]];

function blockKind(buf: Buffer, start: number, end: number): number {
  if (!bytesStartWith(buf, start, 'define ')) return OTHER;
  const at = skipBlanks(buf, start + 7, end);
  for (const [type, kind] of BLOCKS) {
    if (bytesStartWith(buf, at, type)) {
      const next = buf[at + type.length];
      if (next === 32 || next === 9 || next === 123) return kind;
    }
  }
  return OTHER;
}

interface Fields {
  host_name: string; service_description: string; display_name: string; alias: string; address: string; check_command: string;
  check_interval: number; max_check_attempts: number; active: 0 | 1; passive: 0 | 1; notifications: 0 | 1; group_name: string; members: string;
}

function blankFields(): Fields {
  return {
    host_name: '', service_description: '', display_name: '', alias: '', address: '', check_command: '',
    check_interval: 0, max_check_attempts: 0, active: 1, passive: 1, notifications: 1, group_name: '', members: '',
  };
}

function splitList(value: string): string[] {
  if (!value) return [];
  const parts = value.split(',');
  return value.includes(' ') || value.includes(',,') ? parts.map((v) => v.trim()).filter(Boolean) : parts;
}

/** Parses Nagios' object cache (`define TYPE {` blocks of `\tkey\tvalue` lines), fed in chunks of whole lines. */
export class ObjectsCacheParser {
  private readonly names = new Interner();
  private readonly predictors = [NONE, HOST, SERVICE, HOSTGROUP, SERVICEGROUP, OTHER].map(() => new KeyPredictor(table, 'whitespace'));
  private readonly model = emptyObjectModel();
  private readonly serviceMembers: { group: string; parts: string[] }[] = [];
  // The definition in progress, carried from one chunk to the next.
  private kind = NONE;
  private line = 0;
  private fields = blankFields();

  /** Parses `buf`, which must hold whole lines (the file's last line may lack its newline). */
  feed(buf: Buffer): void {
    const { names, model } = this;
    const view = viewOf(buf);
    const n = buf.length;
    let { kind, line, fields: f } = this;
    let keys = this.predictors[kind] as KeyPredictor;
    let pos = 0;
    while (pos < n) {
      const nl = lineEnd(buf, pos);
      const i = skipBlanks(buf, pos, nl);
      const c = buf[i];
      if (i === nl || c === HASH || c === CR) {
        // blank line or comment
      } else if (kind === NONE) {
        kind = blockKind(buf, i, nl);
        keys = this.predictors[kind] as KeyPredictor;
        line = 0;
        f = blankFields();
      } else if (c === CLOSE_BRACE && (i + 1 === nl || buf[i + 1] === CR)) {
        finishBlock(model, kind, f, this.serviceMembers);
        kind = NONE;
      } else if (kind !== OTHER) {
        const id = keys.match(buf, view, i, nl, line++);
        if (id >= 0) {
          const v = skipBlanks(buf, keys.keyEnd, nl);
          const end = valueEnd(buf, v, nl);
          switch (id) {
            case K.host_name: f.host_name = names.text(buf, view, v, end); break;
            case K.service_description: f.service_description = names.text(buf, view, v, end); break;
            case K.display_name: f.display_name = textAt(buf, v, end); break;
            case K.alias: f.alias = textAt(buf, v, end); break;
            case K.address: f.address = textAt(buf, v, end); break;
            case K.check_command: f.check_command = names.text(buf, view, v, end); break;
            case K.check_interval: f.check_interval = floatAt(buf, v, end); break;
            case K.max_check_attempts: f.max_check_attempts = intAt(buf, v, end); break;
            case K.active_checks_enabled: f.active = flagAt(buf, v, end); break;
            case K.passive_checks_enabled: f.passive = flagAt(buf, v, end); break;
            case K.notifications_enabled: f.notifications = flagAt(buf, v, end); break;
            case K.hostgroup_name:
            case K.servicegroup_name: f.group_name = textAt(buf, v, end); break;
            case K.members: f.members = textAt(buf, v, end); break;
          }
        }
      }
      pos = nl + 1;
    }
    this.kind = kind;
    this.line = line;
    this.fields = f;
  }

  finish(): ObjectModel {
    if (this.kind !== NONE) throw new Error('objects.cache ends inside a definition (partially written?)');
    assignMemberships(this.model, this.serviceMembers);
    return this.model;
  }
}

export function parseObjectsCache(buf: Buffer): ObjectModel {
  const parser = new ObjectsCacheParser();
  parser.feed(buf);
  return parser.finish();
}

function definition(f: Fields, fallbackName: string): ObjectDefinition {
  return {
    display_name: f.display_name || fallbackName, check_command: f.check_command, check_interval: f.check_interval,
    max_check_attempts: f.max_check_attempts, active_checks_enabled: f.active, passive_checks_enabled: f.passive, notifications_enabled: f.notifications,
  };
}

function finishBlock(model: ObjectModel, kind: number, f: Fields, serviceMembers: { group: string; parts: string[] }[]): void {
  if (kind === HOST && f.host_name) {
    model.hosts.set(f.host_name, { host_name: f.host_name, alias: f.alias || f.host_name, address: f.address, ...definition(f, f.host_name), hostgroups: [] });
  } else if (kind === SERVICE && f.host_name && f.service_description) {
    let perHost = model.services.get(f.host_name);
    if (!perHost) model.services.set(f.host_name, (perHost = new Map()));
    perHost.set(f.service_description, { host_name: f.host_name, service_description: f.service_description, ...definition(f, f.service_description), servicegroups: [] });
  } else if (kind === HOSTGROUP && f.group_name) {
    model.hostgroups.push({ name: f.group_name, alias: f.alias || f.group_name, members: splitList(f.members) });
  } else if (kind === SERVICEGROUP && f.group_name) {
    const parts = splitList(f.members);
    const members: string[] = [];
    for (let i = 0; i + 1 < parts.length; i += 2) members.push(`${parts[i]};${parts[i + 1]}`);
    model.servicegroups.push({ name: f.group_name, alias: f.alias || f.group_name, members });
    serviceMembers.push({ group: f.group_name, parts });
  }
}

/** Group blocks come before hosts and services in objects.cache, so membership is resolved once everything is read. */
function assignMemberships(model: ObjectModel, serviceMembers: { group: string; parts: string[] }[]): void {
  for (const group of model.hostgroups) {
    for (const member of group.members) model.hosts.get(member)?.hostgroups.push(group.name);
  }
  for (const { group, parts } of serviceMembers) {
    for (let i = 0; i + 1 < parts.length; i += 2) model.services.get(parts[i] as string)?.get(parts[i + 1] as string)?.servicegroups.push(group);
  }
}
