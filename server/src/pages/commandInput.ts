import type { Fields } from '../http/input.js';
import { mark, t, translate } from '../http/language.js';
import type { ExternalCommand, HostStatus, MonitoringSnapshot, ServiceStatus } from '../monitoring/source.js';

/**
 * The commands detail pages offer; a passive check result is an administrator's lever only
 * (api/v2/admin/checkresult).
 */
export type CommandName = Exclude<ExternalCommand['type'], 'process_check_result'>;

export const COMMAND_NAMES: readonly CommandName[] = [
  'acknowledge', 'remove_acknowledgement', 'schedule_downtime', 'delete_downtime', 'schedule_check',
  'set_active_checks', 'set_notifications', 'add_comment',
];

/** A user mistake in a command form: the form is shown again with this message and the user's input. */
export class CommandInputError extends Error {}

/**
 * A command the object's current state rules out (acknowledging an OK service), whatever was typed: a bulk command
 * lists that object as refused and goes on with the others, where a mistake in the input stops the whole form.
 */
export class ObjectStateError extends CommandInputError {}

export interface CommandTarget { host: HostStatus; service?: ServiceStatus }

const MAX_COMMENT = 1000;
const YEAR = 365 * 86400;

export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && (COMMAND_NAMES as readonly string[]).includes(value);
}

/**
 * `YYYY-MM-DDTHH:MM[:SS]` in the server's time zone, as `datetime-local` inputs send it; undefined when it is not a
 * real time.
 */
export function parseLocalDateTime(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  type Parts = [number, number, number, number, number, number];
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => Number(p ?? 0)) as Parts;
  const date = new Date(y, mo - 1, d, h, mi, s);
  const same = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d
    && date.getHours() === h && date.getMinutes() === mi;
  return same ? Math.floor(date.getTime() / 1000) : undefined;
}

const text = (fields: Fields, name: string): string =>
  (typeof fields[name] === 'string' ? (fields[name] as string) : '');
const checked = (fields: Fields, name: string): boolean => ['1', 'on', 'true'].includes(text(fields, name));

/** A one-line comment: the engine's command file is line-based, so control characters become spaces. */
function comment(fields: Fields, required: boolean): string {
  const value = text(fields, 'comment').replace(/\p{Cc}+/gu, ' ').trim();
  if (required && !value) throw new CommandInputError(t`Enter a comment.`);
  if (value.length > MAX_COMMENT) {
    throw new CommandInputError(t`The comment must be at most ${MAX_COMMENT} characters.`);
  }
  if (value.includes(';')) throw new CommandInputError(t`The comment must not contain a semicolon (;).`);
  return value;
}

/** Per time field, what to say when it is missing and when it is not a time: whole sentences, for translation. */
const TIME_TEXT = {
  start_time: [
    mark('Enter the start time.'), mark('The start time must be a date and time like 2030-01-31T14:30.'),
  ],
  end_time: [mark('Enter the end time.'), mark('The end time must be a date and time like 2030-01-31T14:30.')],
  check_time: [
    mark('Enter the check time.'), mark('The check time must be a date and time like 2030-01-31T14:30.'),
  ],
} as const;

function time(fields: Fields, name: keyof typeof TIME_TEXT, fallback?: number): number {
  const raw = text(fields, name);
  const [missing, invalid] = TIME_TEXT[name];
  if (!raw && fallback !== undefined) return fallback;
  if (!raw) throw new CommandInputError(translate(missing));
  const at = parseLocalDateTime(raw);
  if (at === undefined) throw new CommandInputError(translate(invalid));
  return at;
}

function enabled(fields: Fields): boolean {
  const v = text(fields, 'enabled');
  if (v !== '1' && v !== '0') throw new CommandInputError(t`Choose whether to enable or disable.`);
  return v === '1';
}

function downtimeCommand(
  fields: Fields, where: { host: string; service?: string }, author: string, now: number,
): ExternalCommand {
  const start = time(fields, 'start_time');
  const end = time(fields, 'end_time');
  if (end <= start) throw new CommandInputError(t`The end time must be after the start time.`);
  if (end <= now) throw new CommandInputError(t`The end time must be in the future.`);
  if (end - start > 10 * YEAR) throw new CommandInputError(t`A downtime can last at most ten years.`);
  const type = text(fields, 'type');
  if (type !== 'fixed' && type !== 'flexible') throw new CommandInputError(t`Choose a fixed or flexible downtime.`);
  let duration = end - start;
  if (type === 'flexible') {
    const raw = text(fields, 'duration').trim();
    const minutes = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
    if (!(minutes >= 1) || minutes * 60 > end - start) {
      throw new CommandInputError(
        t`For a flexible downtime, enter a duration in minutes from 1 up to the length of the time window.`);
    }
    duration = minutes * 60;
  }
  return {
    type: 'schedule_downtime', ...where, start, end, fixed: type === 'fixed', duration, author,
    comment: comment(fields, true),
  };
}

/** The external command a detail-page form asks for, validated against the current snapshot. */
export function commandFrom(
  name: CommandName, fields: Fields, target: CommandTarget, snap: MonitoringSnapshot, author: string, now: number,
): ExternalCommand {
  const where = {
    host: target.host.host_name, ...(target.service ? { service: target.service.service_description } : {}),
  };
  const object = target.service ?? target.host;
  switch (name) {
    case 'acknowledge': {
      // The input first: a mistake in it is the form's, the state is the object's (ObjectStateError).
      const text = comment(fields, true);
      if (object.current_state === 0) {
        throw new ObjectStateError(target.service
          ? t`Only a problem can be acknowledged; this service is OK.`
          : t`Only a problem can be acknowledged; this host is UP.`);
      }
      return {
        type: name, ...where, comment: text, author,
        sticky: checked(fields, 'sticky'), notify: checked(fields, 'notify'), persistent: checked(fields, 'persistent'),
      };
    }
    case 'remove_acknowledgement':
      return { type: name, ...where };
    case 'schedule_downtime':
      return downtimeCommand(fields, where, author, now);
    case 'delete_downtime': {
      const id = Number(text(fields, 'downtime_id'));
      const downtime = snap.downtimes.find((d) =>
        d.id === id && d.host_name === where.host && (d.service_description ?? undefined) === where.service);
      if (!downtime) throw new CommandInputError(t`That downtime no longer exists.`);
      return { type: name, id, service: downtime.service_description !== null };
    }
    case 'schedule_check': {
      const at = time(fields, 'check_time', now);
      if (at < now - 86400 || at > now + YEAR) {
        throw new CommandInputError(t`The check time must be between yesterday and a year from now.`);
      }
      return { type: name, ...where, time: at, forced: checked(fields, 'forced') };
    }
    case 'set_active_checks':
    case 'set_notifications':
      return { type: name, ...where, enabled: enabled(fields) };
    case 'add_comment':
      return {
        type: name, ...where, author, comment: comment(fields, true), persistent: checked(fields, 'persistent'),
      };
  }
}
