import { badRequest } from '../http/errors.js';
import type { Fields } from '../http/input.js';
import { mark, t } from '../http/language.js';
import {
  CommandRejectedError, EngineUnavailableError, hostKey, type ExternalCommand, type MonitoringSnapshot,
} from '../monitoring/source.js';
import { commandFrom, ObjectStateError, type CommandName, type CommandTarget } from './commandInput.js';
import { indexOf } from './snapshotIndex.js';
import { servicesOf } from './serviceColumns.js';
import { log } from '../log.js';

/** What the action menu of a status list offers for its selection (issue 38), and the command each one sends. */
export const BULK_ACTIONS = {
  acknowledge: { command: 'acknowledge', label: mark('Acknowledge') },
  remove_acknowledgement: { command: 'remove_acknowledgement', label: mark('Remove acknowledgement') },
  schedule_downtime: { command: 'schedule_downtime', label: mark('Schedule downtime') },
  recheck: { command: 'schedule_check', label: mark('Re-check now') },
  disable_notifications: { command: 'set_notifications', label: mark('Disable notifications') },
  enable_notifications: { command: 'set_notifications', label: mark('Enable notifications') },
} as const satisfies Record<string, { command: CommandName; label: string }>;

export type BulkAction = keyof typeof BULK_ACTIONS;

/** One page of the longest list (MAX_RECORDS): "select all on this page" always fits. */
export const MAX_BULK_OBJECTS = 500;

export function isBulkAction(value: unknown): value is BulkAction {
  return typeof value === 'string' && Object.hasOwn(BULK_ACTIONS, value);
}

/** A host or service as a list's checkbox names it: its engine (several engines) and names. */
export interface ObjectRef { host: string; service?: string; engine?: string }

/** A whole host group (its hosts) or service group (its services), as a group page's checkbox names it. */
export interface GroupRef { group: string; kind: 'host' | 'service' }

export type Selected = ObjectRef | GroupRef;

export const isGroupRef = (s: Selected): s is GroupRef => 'group' in s;

/**
 * `h/engine/host` or `s/engine/host/service`, each part percent-encoded, the engine empty with one engine: names may
 * hold any character but a control character, and a slash never appears in an encoded part.
 */
export function refValue(o: { host_name: string; service_description?: string; engine?: string }): string {
  const parts = [o.engine ?? '', o.host_name, ...(o.service_description !== undefined ? [o.service_description] : [])];
  return [o.service_description !== undefined ? 's' : 'h', ...parts.map(encodeURIComponent)].join('/');
}

/** `hg/name` or `sg/name`: a group's row on the group pages. */
export function groupRefValue(kind: 'host' | 'service', name: string): string {
  return `${kind === 'host' ? 'hg' : 'sg'}/${encodeURIComponent(name)}`;
}

function parseRef(value: string): Selected | undefined {
  const parts = value.split('/');
  const [kind, ...names] = parts;
  if ((kind === 'hg' || kind === 'sg') && names.length === 1) {
    try {
      const group = decodeURIComponent(names[0]!);
      return group ? { group, kind: kind === 'hg' ? 'host' : 'service' } : undefined;
    } catch {
      return undefined;
    }
  }
  if (!((kind === 'h' && names.length === 2) || (kind === 's' && names.length === 3))) return undefined;
  let decoded: string[];
  try {
    decoded = names.map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [engine, host, service] = decoded as [string, string, string | undefined];
  if (!host || (kind === 's' && !service)) return undefined;
  return { host, ...(service !== undefined ? { service } : {}), ...(engine ? { engine } : {}) };
}

/** The action a form names; an unknown one is a 400 that lists the known ones. */
export function actionOf(fields: Fields): BulkAction {
  const action = fields.action;
  if (isBulkAction(action)) return action;
  throw badRequest(t`Unknown bulk action. Use one of: ${Object.keys(BULK_ACTIONS).join(', ')}.`);
}

/** The selection a form sends (`o`, once per object or group), without repeats; empty, too long or malformed: 400. */
export function selectionOf(fields: Fields): Selected[] {
  const raw = fields.o;
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (!values.length) throw badRequest(t`Select at least one host or service.`);
  const unique = [...new Set(values.map(String))];
  tooMany(unique.length);
  return unique.map((v) => {
    const ref = parseRef(v);
    if (!ref) throw badRequest(t`'${v}' does not name a host or service.`);
    return ref;
  });
}

function tooMany(count: number): void {
  const most = MAX_BULK_OBJECTS;
  if (count > most) {
    throw badRequest(t`Select at most ${most} hosts or services at a time; ${count} were selected.`);
  }
}

/** A group's members now (its hosts, or its services), in the lists' order. */
export function groupMembers(snap: MonitoringSnapshot, ref: GroupRef): ObjectRef[] {
  const tag = (o: { engine?: string }) => (o.engine === undefined ? {} : { engine: o.engine });
  return ref.kind === 'host'
    ? snap.hosts.filter((h) => h.hostgroups.includes(ref.group)).map((h) => ({ host: h.host_name, ...tag(h) }))
    : snap.services.filter((s) => s.servicegroups.includes(ref.group))
      .map((s) => ({ host: s.host_name, service: s.service_description, ...tag(s) }));
}

/** The objects a selection stands for, groups replaced by their members, without repeats; too many is a 400. */
export function expandSelection(snap: MonitoringSnapshot, selected: Selected[]): ObjectRef[] {
  const seen = new Set<string>();
  const out: ObjectRef[] = [];
  for (const ref of selected.flatMap((s) => (isGroupRef(s) ? groupMembers(snap, s) : [s]))) {
    const key = refValueOf(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ref);
  }
  tooMany(out.length);
  return out;
}

export function refLabel(ref: ObjectRef): string {
  const name = ref.service === undefined ? ref.host : t`${ref.service} on ${ref.host}`;
  return ref.engine === undefined ? name : `${name} (${ref.engine})`;
}

/** The object a reference names in this snapshot, or why it cannot be found. */
export function resolveRef(snap: MonitoringSnapshot, ref: ObjectRef): CommandTarget | string {
  const host = indexOf(snap).hosts.get(hostKey({ host_name: ref.host, engine: ref.engine }));
  if (!host) return t`The host '${ref.host}' was not found.`;
  if (ref.service === undefined) return { host };
  const service = servicesOf(snap, hostKey(host)).find((s) => s.service_description === ref.service);
  return service ? { host, service } : t`The service '${ref.service}' on host '${ref.host}' was not found.`;
}

/** The fields commandFrom reads, from the bulk form's: the actions without a form fill in their own. */
function commandFields(action: BulkAction, fields: Fields): Fields {
  switch (action) {
    case 'recheck': return { check_time: '', forced: '1' };
    case 'disable_notifications': return { enabled: '0' };
    case 'enable_notifications': return { enabled: '1' };
    default: return fields;
  }
}

/** What the object's state rules out beyond commandFrom's own rules: handling a problem twice, or not at all. */
function stateRefusal(action: BulkAction, target: CommandTarget): string | undefined {
  const o = target.service ?? target.host;
  if (action === 'acknowledge' && o.problem_acknowledged) return t`The problem is already acknowledged.`;
  if (action === 'remove_acknowledgement' && !o.problem_acknowledged) return t`The problem is not acknowledged.`;
  return undefined;
}

export interface BulkItem { ref: ObjectRef; command?: ExternalCommand; refused?: string }

/**
 * One command per selected object (for a host's downtime "and all their services", one per service too), or why the
 * object refuses it. A mistake in the form's input is thrown as a CommandInputError before anything is sent: it would
 * be the same for every object.
 */
export function planBulk(
  action: BulkAction, refs: ObjectRef[], fields: Fields, snap: MonitoringSnapshot, author: string, now: number,
): BulkItem[] {
  const name = BULK_ACTIONS[action].command;
  const input = commandFields(action, fields);
  const withServices = action === 'schedule_downtime' && ['1', 'on', 'true'].includes(String(fields.services ?? ''));
  const seen = new Set(refs.map(refValueOf));
  const items: BulkItem[] = [];
  const add = (ref: ObjectRef, target: CommandTarget | string) => {
    if (typeof target === 'string') return items.push({ ref, refused: target });
    const refused = stateRefusal(action, target);
    if (refused) return items.push({ ref, refused });
    try {
      const command = commandFrom(name, input, target, snap, author, now);
      return items.push({ ref, command: ref.engine === undefined ? command : { ...command, engine: ref.engine } });
    } catch (error) {
      if (error instanceof ObjectStateError) return items.push({ ref, refused: error.message });
      throw error;
    }
  };
  for (const ref of refs) {
    const target = resolveRef(snap, ref);
    add(ref, target);
    if (!withServices || typeof target === 'string' || target.service) continue;
    for (const s of servicesOf(snap, hostKey(target.host))) {
      const serviceRef = { ...ref, service: s.service_description };
      if (seen.has(refValueOf(serviceRef))) continue;
      seen.add(refValueOf(serviceRef));
      add(serviceRef, { host: target.host, service: s });
    }
  }
  // With nothing to send, the input is still checked: a refused form says what to change whatever was selected.
  if (!items.some((i) => i.command)) validateInput(name, input, snap, author, now);
  return items;
}

export function refValueOf(ref: ObjectRef): string {
  return refValue({ host_name: ref.host, service_description: ref.service, engine: ref.engine });
}

/** commandFrom's input rules on a stand-in problem, for a selection of which no object takes the command. */
function validateInput(name: CommandName, input: Fields, snap: MonitoringSnapshot, author: string, now: number): void {
  const host = snap.hosts[0];
  if (!host) return;
  try {
    commandFrom(name, input, { host: { ...host, current_state: 1 } }, snap, author, now);
  } catch (error) {
    if (!(error instanceof ObjectStateError)) throw error;
  }
}

/**
 * Sends each planned command to its own engine, one after the other, as a detail page's form does; an engine's refusal
 * or silence is that object's, and the rest go on.
 */
export async function sendBulk(items: BulkItem[], submit: (c: ExternalCommand) => Promise<void>): Promise<BulkItem[]> {
  const done: BulkItem[] = [];
  for (const item of items) {
    if (!item.command) {
      done.push(item);
      continue;
    }
    try {
      await submit(item.command);
      done.push(item);
    } catch (error) {
      if (error instanceof CommandRejectedError || error instanceof EngineUnavailableError) {
        done.push({ ref: item.ref, refused: error.message });
      } else {
        log().error({ err: error }, 'A bulk command failed');
        const refused = t`The monitoring engine did not accept the command. Try again in a moment.`;
        done.push({ ref: item.ref, refused });
      }
    }
  }
  return done;
}

/** The page that takes a list's selection: its form on GET or a list's post, the commands once confirmed. */
export const BULK_PATH = 'includes/components/pharos/bulkcommands.php';
