import { describe, expect, it } from 'vitest';
import type { ExternalCommand, MonitoringSnapshot } from '../../server/src/monitoring/source.js';
import { formatExternalCommand, CommandRejectedError } from '../../server/src/monitoring/nagios/externalCommands.js';
import { parseObjectsCache } from '../../server/src/monitoring/nagios/objectsParser.js';
import { parseStatusFile } from '../../server/src/monitoring/nagios/statusParser.js';
import { emptySnapshot } from '../../server/src/monitoring/empty.js';
import { OBJECTS_CACHE, statusDat } from './fixtures.js';

const parsed = parseStatusFile(Buffer.from(statusDat()), parseObjectsCache(Buffer.from(OBJECTS_CACHE)));
const snap: MonitoringSnapshot = { ...emptySnapshot(), hosts: parsed.hosts, services: parsed.services, downtimes: parsed.downtimes };
const T = 1700000500;
const line = (cmd: ExternalCommand) => formatExternalCommand(cmd, snap, T);

describe('external command lines', () => {
  it.each<[string, ExternalCommand, string]>([
    ['sticky host acknowledgement', { type: 'acknowledge', host: 'beta', comment: 'On it', author: 'Jane Admin', sticky: true, notify: true, persistent: false }, 'ACKNOWLEDGE_HOST_PROBLEM;beta;2;1;0;Jane Admin;On it'],
    ['normal service acknowledgement', { type: 'acknowledge', host: 'alpha', service: 'HTTP', comment: 'Known', author: 'bob', sticky: false, notify: false, persistent: true }, 'ACKNOWLEDGE_SVC_PROBLEM;alpha;HTTP;1;0;1;bob;Known'],
    ['host unacknowledgement', { type: 'remove_acknowledgement', host: 'beta' }, 'REMOVE_HOST_ACKNOWLEDGEMENT;beta'],
    ['service unacknowledgement', { type: 'remove_acknowledgement', host: 'alpha', service: 'HTTP' }, 'REMOVE_SVC_ACKNOWLEDGEMENT;alpha;HTTP'],
    ['fixed host downtime', { type: 'schedule_downtime', host: 'alpha', start: 1700000000, end: 1700003600, fixed: true, duration: 3600, author: 'a', comment: 'Patch' }, 'SCHEDULE_HOST_DOWNTIME;alpha;1700000000;1700003600;1;0;3600;a;Patch'],
    ['flexible service downtime', { type: 'schedule_downtime', host: 'beta', service: 'Disk /', start: 1700000000, end: 1700086400, fixed: false, duration: 1800, author: 'a', comment: 'Swap' }, 'SCHEDULE_SVC_DOWNTIME;beta;Disk /;1700000000;1700086400;0;0;1800;a;Swap'],
    ['host downtime deletion', { type: 'delete_downtime', id: 3, service: false }, 'DEL_HOST_DOWNTIME;3'],
    ['service downtime deletion', { type: 'delete_downtime', id: 4, service: true }, 'DEL_SVC_DOWNTIME;4'],
    ['forced host check', { type: 'schedule_check', host: 'alpha', time: 1700000600, forced: true }, 'SCHEDULE_FORCED_HOST_CHECK;alpha;1700000600'],
    ['host check', { type: 'schedule_check', host: 'alpha', time: 1700000600, forced: false }, 'SCHEDULE_HOST_CHECK;alpha;1700000600'],
    ['forced service check', { type: 'schedule_check', host: 'alpha', service: 'HTTP', time: 1700000600, forced: true }, 'SCHEDULE_FORCED_SVC_CHECK;alpha;HTTP;1700000600'],
    ['service check', { type: 'schedule_check', host: 'alpha', service: 'HTTP', time: 1700000600, forced: false }, 'SCHEDULE_SVC_CHECK;alpha;HTTP;1700000600'],
    ['enable host checks', { type: 'set_active_checks', host: 'beta', enabled: true }, 'ENABLE_HOST_CHECK;beta'],
    ['disable service checks', { type: 'set_active_checks', host: 'beta', service: 'HTTP', enabled: false }, 'DISABLE_SVC_CHECK;beta;HTTP'],
    ['disable host notifications', { type: 'set_notifications', host: 'alpha', enabled: false }, 'DISABLE_HOST_NOTIFICATIONS;alpha'],
    ['enable service notifications', { type: 'set_notifications', host: 'alpha', service: 'HTTP', enabled: true }, 'ENABLE_SVC_NOTIFICATIONS;alpha;HTTP'],
    ['host comment', { type: 'add_comment', host: 'alpha', author: 'a', comment: 'Rack 4 <b>', persistent: true }, 'ADD_HOST_COMMENT;alpha;1;a;Rack 4 <b>'],
    ['service comment', { type: 'add_comment', host: 'alpha', service: 'HTTP', author: 'a', comment: 'Ticket 9', persistent: false }, 'ADD_SVC_COMMENT;alpha;HTTP;0;a;Ticket 9'],
    ['host check result', { type: 'process_check_result', host: 'beta', state: 1, output: 'PING CRITICAL' }, 'PROCESS_HOST_CHECK_RESULT;beta;1;PING CRITICAL'],
    ['service check result', { type: 'process_check_result', host: 'alpha', service: 'HTTP', state: 2, output: 'HTTP CRITICAL' }, 'PROCESS_SERVICE_CHECK_RESULT;alpha;HTTP;2;HTTP CRITICAL'],
  ])('%s', (_name, cmd, expected) => {
    expect(line(cmd)).toBe(`[${T}] ${expected}\n`);
  });
});

describe('external command validation', () => {
  it.each<[string, ExternalCommand, string | RegExp]>([
    ['a semicolon in a comment', { type: 'add_comment', host: 'alpha', author: 'a', comment: 'x;SHUTDOWN_PROGRAM', persistent: false }, "Comment must not contain ';' or line breaks."],
    ['a newline in an author', { type: 'acknowledge', host: 'beta', author: 'a\n[1] SHUTDOWN_PROGRAM', comment: 'c', sticky: false, notify: false, persistent: false }, "Author must not contain ';' or line breaks."],
    ['a carriage return in a host name', { type: 'schedule_check', host: 'alpha\r', time: 1, forced: false }, "Host name must not contain ';' or line breaks."],
    ['a semicolon in a service name', { type: 'remove_acknowledgement', host: 'alpha', service: 'HTTP;x' }, "Service description must not contain ';' or line breaks."],
    ['a control character', { type: 'add_comment', host: 'alpha', author: 'a', comment: 'bell\u0007', persistent: false }, 'Comment must not contain control characters.'],
    ['an unknown host', { type: 'set_notifications', host: 'gamma', enabled: true }, "Unknown host 'gamma'."],
    ['an unknown service', { type: 'set_active_checks', host: 'alpha', service: 'Disk /', enabled: true }, "Unknown service 'Disk /' on host 'alpha'."],
    ['an empty comment', { type: 'acknowledge', host: 'beta', author: 'a', comment: '  ', sticky: false, notify: false, persistent: false }, 'Comment is required.'],
    ['a downtime ending before it starts', { type: 'schedule_downtime', host: 'alpha', start: 10, end: 5, fixed: true, duration: 0, author: 'a', comment: 'c' }, 'End time must be after the start time.'],
    ['a flexible downtime without duration', { type: 'schedule_downtime', host: 'alpha', start: 10, end: 50, fixed: false, duration: 0, author: 'a', comment: 'c' }, /duration/],
    ['a fractional time', { type: 'schedule_check', host: 'alpha', time: 1.5, forced: false }, 'Check time must be a whole number of seconds, 0 or more.'],
    ['an unknown downtime', { type: 'delete_downtime', id: 99, service: false }, 'Unknown host downtime 99.'],
    ['a host downtime deleted as a service downtime', { type: 'delete_downtime', id: 3, service: true }, 'Unknown service downtime 3.'],
    ['a very long comment', { type: 'add_comment', host: 'alpha', author: 'a', comment: 'x'.repeat(5000), persistent: false }, /too long/],
  ])('rejects %s', (_name, cmd, message) => {
    expect(() => line(cmd)).toThrow(message);
    expect(() => line(cmd)).toThrow(CommandRejectedError);
  });
});
