import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogInterpreter, parseLogLine, type EngineLogEntry } from './engineLog.js';
import { nagiosLog } from './nagios/logFiles.js';
import { fromEngineLog, NO_DATA } from './history.js';
import { withGaps } from '../db/history.js';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

const all = async (it: AsyncIterable<EngineLogEntry[]>) => {
  const out: EngineLogEntry[] = [];
  for await (const batch of it) out.push(...batch);
  return out;
};

describe('an engine log line as a history entry (issue 37)', () => {
  it('reads alerts, states at rotation, downtimes, flapping and acknowledgements; output keeps its semicolons', () => {
    expect(parseLogLine('[1700000000] SERVICE ALERT: web1;HTTP;CRITICAL;SOFT;1;CRITICAL - refused; port 80')).toEqual({
      time: 1700000000, host: 'web1', service: 'HTTP', type: 'state', phase: '', state: 2, stateType: 0, output: 'CRITICAL - refused; port 80',
    });
    expect(parseLogLine('[1700000001] HOST ALERT: db1;DOWN;HARD;3;PING CRITICAL')).toMatchObject({ host: 'db1', service: '', state: 1, stateType: 1 });
    expect(parseLogLine('[1700000002] CURRENT SERVICE STATE: web1;HTTP;OK;HARD;1;HTTP OK')).toMatchObject({ state: 0, snapshot: true });
    // An object never checked is written down with no output: not a state.
    expect(parseLogLine('[1700000002] CURRENT SERVICE STATE: web1;payments;UNKNOWN;SOFT;1;')).toBeNull();
    expect(parseLogLine('[1700000003] SERVICE DOWNTIME ALERT: web1;HTTP;STARTED; Service has entered a period of scheduled downtime'))
      .toMatchObject({ type: 'downtime', phase: 'start', service: 'HTTP' });
    expect(parseLogLine('[1700000004] HOST DOWNTIME ALERT: db1;CANCELLED; Scheduled downtime for host has been cancelled.')).toMatchObject({ type: 'downtime', phase: 'end', service: '' });
    expect(parseLogLine('[1700000005] HOST FLAPPING ALERT: db1;STARTED; Host appears to have started flapping')).toMatchObject({ type: 'flapping', phase: 'start' });
    expect(parseLogLine('[1700000006] EXTERNAL COMMAND: ACKNOWLEDGE_SVC_PROBLEM;web1;HTTP;2;1;1;ops;on it; really')).toMatchObject({
      type: 'acknowledgement', phase: 'start', host: 'web1', service: 'HTTP', output: 'on it; really',
    });
    expect(parseLogLine('[1700000007] EXTERNAL COMMAND: REMOVE_HOST_ACKNOWLEDGEMENT;db1')).toMatchObject({ type: 'acknowledgement', phase: 'end', service: '' });
    expect(parseLogLine('[1700000008] SERVICE NOTIFICATION: pharos;web1;HTTP;ACKNOWLEDGEMENT (CRITICAL);notify;out;ops;seen')).toMatchObject({ type: 'acknowledgement', phase: 'start', output: 'seen' });
    for (const other of ['[1700000009] SERVICE NOTIFICATION: pharos;web1;HTTP;CRITICAL;notify;out', '[1700000009] EXTERNAL COMMAND: PROCESS_SERVICE_CHECK_RESULT;web1;HTTP;0;ok',
      '[1700000009] LOG ROTATION: DAILY', '[1700000009] SERVICE ALERT: web1;HTTP;PURPLE;HARD;1;x', 'garbage', '']) {
      expect(parseLogLine(other)).toBeNull();
    }
  });

  it("reads downtimes and flapping as Nagios Core 4 and Icinga 2's compat log write them (downtime.c, flapping.c, compatlogger.cpp)", () => {
    const read = (line: string) => {
      const e = parseLogLine(line);
      return e && [e.time, e.host, e.service, e.type, e.phase, e.output];
    };
    const lines: [string, unknown[]][] = [
      // Nagios Core 4: a downtime starts, stops at its end, or is cancelled (some lines end in a newline of their own).
      ['[1700000010] HOST DOWNTIME ALERT: db1;STARTED; Host has entered a period of scheduled downtime',
        [1700000010, 'db1', '', 'downtime', 'start', 'Host has entered a period of scheduled downtime']],
      ['[1700000011] HOST DOWNTIME ALERT: db1;STOPPED; Host has exited from a period of scheduled downtime',
        [1700000011, 'db1', '', 'downtime', 'end', 'Host has exited from a period of scheduled downtime']],
      ['[1700000012] SERVICE DOWNTIME ALERT: web1;HTTP;CANCELLED; Scheduled downtime for service has been cancelled.\n',
        [1700000012, 'web1', 'HTTP', 'downtime', 'end', 'Scheduled downtime for service has been cancelled.']],
      ['[1700000013] SERVICE FLAPPING ALERT: web1;HTTP;STARTED; Service appears to have started flapping (24.3% change >= 20.0% threshold)',
        [1700000013, 'web1', 'HTTP', 'flapping', 'start', 'Service appears to have started flapping (24.3% change >= 20.0% threshold)']],
      ['[1700000014] SERVICE FLAPPING ALERT: web1;HTTP;STOPPED; Service appears to have stopped flapping (3.8% change < 5.0% threshold)',
        [1700000014, 'web1', 'HTTP', 'flapping', 'end', 'Service appears to have stopped flapping (3.8% change < 5.0% threshold)']],
      ['[1700000015] HOST FLAPPING ALERT: db1;DISABLED; Flap detection has been disabled\n',
        [1700000015, 'db1', '', 'flapping', 'end', 'Flap detection has been disabled']],
      // Icinga 2's compat log: the same lines, its own words after them.
      ['[1700000016] SERVICE DOWNTIME ALERT: web1;payments;STARTED; Checkable has entered a period of scheduled downtime.',
        [1700000016, 'web1', 'payments', 'downtime', 'start', 'Checkable has entered a period of scheduled downtime.']],
      ['[1700000017] HOST FLAPPING ALERT: web1;STOPPED; Checkable appears to have stopped flapping (12% change < 25% threshold)',
        [1700000017, 'web1', '', 'flapping', 'end', 'Checkable appears to have stopped flapping (12% change < 25% threshold)']],
    ];
    for (const [line, entry] of lines) expect(read(line), line).toEqual(entry);
    // A phase neither engine writes is no entry.
    expect(parseLogLine('[1700000018] SERVICE DOWNTIME ALERT: web1;HTTP;PAUSED; whatever')).toBeNull();
    // The interpreter passes them on as they are.
    expect(new LogInterpreter().entries('[1700000019] HOST DOWNTIME ALERT: db1;STARTED; x')).toMatchObject([{ type: 'downtime', phase: 'start' }]);
  });

  it('ends an acknowledgement the engine does not log the end of: a normal one at the next change, a sticky one at OK', () => {
    const run = (lines: string[]) => {
      const i = new LogInterpreter();
      return lines.flatMap((l) => i.entries(l)).map((e) => `${e.time} ${e.type} ${e.phase || e.state}`);
    };
    expect(run([
      '[10] SERVICE ALERT: h;s;CRITICAL;HARD;1;x', '[11] EXTERNAL COMMAND: ACKNOWLEDGE_SVC_PROBLEM;h;s;1;0;0;a;c',
      '[12] SERVICE NOTIFICATION: c;h;s;ACKNOWLEDGEMENT (CRITICAL);n;x;a;c', '[13] SERVICE ALERT: h;s;WARNING;HARD;1;x',
    ])).toEqual(['10 state 2', '11 acknowledgement start', '13 state 1', '13 acknowledgement end']);
    expect(run([
      '[10] SERVICE ALERT: h;s;CRITICAL;HARD;1;x', '[11] EXTERNAL COMMAND: ACKNOWLEDGE_SVC_PROBLEM;h;s;2;0;0;a;c',
      '[13] SERVICE ALERT: h;s;WARNING;HARD;1;x', '[14] SERVICE ALERT: h;s;OK;HARD;1;x',
    ])).toEqual(['10 state 2', '11 acknowledgement start', '13 state 1', '14 state 0', '14 acknowledgement end']);
  });
});

describe("Nagios Core's log files", () => {
  it('reads the archives that may hold the range, oldest first, then the current log, within [since, until)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-enginelog-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'archives'));
    const at = (y: number, mo: number, d: number, h: number) => new Date(y, mo - 1, d, h).getTime() / 1000;
    const day1 = at(2026, 3, 1, 0);
    const day2 = at(2026, 3, 2, 0);
    fs.writeFileSync(path.join(dir, 'archives', 'nagios-03-02-2026-00.log'), `[${day1 + 10}] HOST ALERT: h;DOWN;HARD;1;down\n[${day1 + 20}] HOST ALERT: h;UP;HARD;1;up\n`);
    fs.writeFileSync(path.join(dir, 'archives', 'nagios-01-01-2020-00.log'), '[1577836000] HOST ALERT: old;DOWN;HARD;1;long ago\n');
    fs.writeFileSync(path.join(dir, 'archives', 'notes.txt'), 'not a log');
    fs.writeFileSync(path.join(dir, 'nagios.log'), `[${day2}] LOG ROTATION: DAILY\n[${day2}] CURRENT HOST STATE: h;UP;HARD;1;up\n[${day2 + 5}] SERVICE ALERT: h;s;WARNING;SOFT;1;w\n[${day2 + 50}] SERVICE ALERT: h;s;OK;SOFT;1;fine\n`);
    const log = nagiosLog({ logFile: path.join(dir, 'nagios.log'), logArchivePath: path.join(dir, 'archives') });
    const entries = await all(log.read(day1 + 15, day2 + 50));
    expect(entries.map((e) => [e.time, e.host, e.service, e.state])).toEqual([[day1 + 20, 'h', '', 0], [day2, 'h', '', 0], [day2 + 5, 'h', 's', 1]]);
    // No archive directory: the current log alone.
    const bare = nagiosLog({ logFile: path.join(dir, 'nagios.log'), logArchivePath: path.join(dir, 'none') });
    expect(await all(bare.read(0, day2 + 100))).toHaveLength(3);
    await expect(all(nagiosLog({ logFile: path.join(dir, 'missing.log'), logArchivePath: dir }).read(0, 1))).rejects.toThrow(/ENOENT/);
  });
});

describe('log entries into the history', () => {
  const e = (time: number, state: number, extra: Partial<EngineLogEntry> = {}): EngineLogEntry => ({ time, host: 'h', service: 's', type: 'state', phase: '', state, stateType: 1, output: `s${state}`, ...extra });

  it('adds what is not known yet, once: an entry older than what is known, or saying the same, adds nothing', () => {
    const known = new Map();
    const first = fromEngineLog([e(100, 0, { snapshot: true }), e(110, 2, { stateType: 0 }), e(120, 2), e(130, 2),
      { time: 140, host: 'h', service: 's', type: 'acknowledgement', phase: 'start', output: 'ack' }, e(150, 0)], 'n', known);
    expect(first.map((r) => [r.time, r.type, r.state, r.state_type, r.phase])).toEqual([
      [100, 'state', 0, 1, ''], [110, 'state', 2, 0, ''], [120, 'state', 2, 1, ''], [140, 'acknowledgement', 2, 1, 'start'], [150, 'state', 0, 1, ''],
    ]);
    // The same range again (a restart that reads it twice), and a state at a rotation: nothing.
    expect(fromEngineLog([e(110, 2), e(150, 0), e(160, 2, { snapshot: true })], 'n', known)).toEqual([]);
    // Another engine's object of the same name is another object.
    expect(fromEngineLog([e(150, 0)], 'other', known)).toHaveLength(1);
  });

  it('adds downtimes and flapping once, with the state known then: a start logged again, or an end of none, adds nothing', () => {
    const flag = (time: number, type: 'downtime' | 'flapping', phase: 'start' | 'end', service = 's'): EngineLogEntry => ({ time, host: 'h', service, type, phase, output: `${type} ${phase}` });
    const known = new Map();
    const rows = fromEngineLog([
      e(100, 2), flag(110, 'downtime', 'start'), flag(120, 'flapping', 'start'), e(125, 0),
      // Nagios restarted in the downtime: it logs the start again.
      flag(130, 'downtime', 'start'), flag(140, 'flapping', 'end'), flag(150, 'downtime', 'end'), flag(160, 'downtime', 'end'),
    ], 'n', known);
    expect(rows.map((r) => [r.time, r.type, r.phase, r.state])).toEqual([
      [100, 'state', '', 2], [110, 'downtime', 'start', 2], [120, 'flapping', 'start', 2], [125, 'state', '', 0],
      [140, 'flapping', 'end', 0], [150, 'downtime', 'end', 0],
    ]);
    // Read again over the same stretch (a restart): nothing.
    expect(fromEngineLog([flag(110, 'downtime', 'start'), flag(150, 'downtime', 'end')], 'n', known)).toEqual([]);
  });

  it("records a downtime of an object the log gave no state of yet as no data; the object's first state then stands", () => {
    const flag = (time: number, phase: 'start' | 'end'): EngineLogEntry => ({ time, host: 'h', service: '', type: 'downtime', phase, output: phase });
    const known = new Map();
    // An end first: it began before anything is known, and says nothing.
    const rows = fromEngineLog([flag(90, 'end'), flag(100, 'start'), flag(110, 'end'),
      { ...e(120, 0, { snapshot: true }), service: '' }, flag(130, 'start')], 'n', known);
    expect(rows.map((r) => [r.time, r.type, r.phase, r.state])).toEqual([
      [100, 'downtime', 'start', NO_DATA], [110, 'downtime', 'end', NO_DATA],
      // A state written down at a rotation is the first state known: it is recorded.
      [120, 'state', '', 0], [130, 'downtime', 'start', 0],
    ]);
    expect(fromEngineLog([{ ...e(140, 0, { snapshot: true }), service: '' }], 'n', known)).toEqual([]);
  });

  it('lays the stretches nobody watched over the states as no data; a change the engine dated inside one stands', () => {
    const row = (time: number, state: number, service = 's') => ({ time, engine: 'n', host: 'h', service, state });
    const rows = [row(0, 0), row(0, 2, 't'), row(150, 1, 't')];
    expect(withGaps(rows, [{ engine: 'n', start: 100, end: 200 }, { engine: 'other', start: 0, end: 50 }])).toEqual([
      row(0, 0), row(100, NO_DATA), row(200, 0), row(0, 2, 't'), row(100, NO_DATA, 't'), row(150, 1, 't'),
    ]);
    // Without gaps: each object's entries in time order, one object after another.
    expect(withGaps([row(150, 1, 't'), row(0, 0), row(0, 2, 't')], [])).toEqual([row(0, 2, 't'), row(150, 1, 't'), row(0, 0)]);
  });
});
