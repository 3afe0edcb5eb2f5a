/**
 * The state history against a real Nagios Core 4 (issue 37): a passive service given a known timeline through the
 * command pipe (OK, CRITICAL 45 s later, OK 45 s after that). The first two happen before Pharos starts and the third
 * while it is stopped: Pharos reads them from nagios.log, at the engine's own times. The engine's clock has to move
 * for that, so this file waits real time (about 95 s): nothing else can make Nagios log a later time. Within those
 * waits, downtimes and flapping too are logged while nobody watches: a host's downtime before Pharos first starts (no
 * state of that host is in the log), and while it is stopped a downtime of the passive service and a second passive
 * service made to flap; Pharos reads their starts and ends from the log as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../api/harness.js';
import { useEngine } from '../support/useEngine.js';
import { define, HOSTS, PASSIVE_SERVICE, startNagios } from './engine.js';

interface Entry { time: number; engine: string; host: string; service?: string; state: string; stateType: string; output: string; type: string; phase?: string }
interface Avail { engine: string; host: string; service?: string; seconds: Record<string, number>; percent: Record<string, number> }

/** A passive service on web-01 made to flap: alternating results until Nagios says it flaps (its defaults: over 20 % change). */
const FLAPPY = 'Flappy';
const flappyConfig = define('service', {
  host_name: HOSTS.up, service_description: FLAPPY, check_command: 'check_ok', active_checks_enabled: 0, passive_checks_enabled: 1,
  check_freshness: 0, max_check_attempts: 1, check_interval: 1, retry_interval: 1, check_period: '24x7', notification_period: '24x7',
  contact_groups: 'admins', flap_detection_enabled: 1,
});

const engine = useEngine('the Nagios engine', () => startNagios({ extraObjects: PASSIVE_SERVICE.config + flappyConfig, settings: { enable_flap_detection: 1 } }));
let ts: TestServer | undefined;
let admin: Client;
const dataDirs: string[] = [];

afterAll(async () => {
  await ts?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

const seconds = () => Math.floor(Date.now() / 1000);
const nagiosLog = () => fs.readFileSync(path.join(path.dirname(engine.cfgPath), 'nagios.log'), 'utf8');

/** A passive result through the command pipe, stamped with its own time; resolves once Nagios logged the alert. */
async function submit(state: number, word: string, output: string): Promise<void> {
  const line = `[${seconds()}] PROCESS_SERVICE_CHECK_RESULT;${PASSIVE_SERVICE.host};${PASSIVE_SERVICE.description};${state};${output}\n`;
  await fs.promises.writeFile(engine.commandFile, line, { flag: 'a' });
  const alert = `SERVICE ALERT: ${PASSIVE_SERVICE.host};${PASSIVE_SERVICE.description};${word};HARD;1;${output}`;
  await expect.poll(nagiosLog, { timeout: 15_000, interval: 200 }).toContain(alert);
}

/** The engine's time of an alert, from its own log. */
const loggedAt = (output: string) => Number(/^\[(\d+)\] SERVICE ALERT: .*$/m.exec(nagiosLog().split('\n').filter((l) => l.endsWith(`;${output}`)).join('\n'))![1]);

/** An external command through the pipe, stamped with its own time. */
const command = (text: string) => fs.promises.writeFile(engine.commandFile, `[${seconds()}] ${text}\n`, { flag: 'a' });

/** Resolves with the engine's time of the first log line from `from` on that starts with `start`, once Nagios logged it. */
async function logged(start: string, from: number): Promise<number> {
  const find = () => nagiosLog().split('\n').map((l) => /^\[(\d+)\] (.*)$/.exec(l)).find((m) => m && Number(m[1]) >= from && m[2]!.startsWith(start));
  await expect.poll(() => find() !== undefined, { timeout: 15_000, interval: 200, message: `nagios.log: ${start}` }).toBe(true);
  return Number(find()![1]);
}

/** A fixed downtime from now for 2 s, through the pipe; resolves with the engine's times of its start and end. */
async function downtime(what: string, alert: string): Promise<[number, number]> {
  const from = seconds();
  await command(`SCHEDULE_${what};${from};${from + 2};1;0;2;pharos;maintenance`);
  return [await logged(`${alert};STARTED;`, from), await logged(`${alert};STOPPED;`, from)];
}

/** Waits until the wall clock (which Nagios stamps its log with) reaches `t`. */
const clockAt = (t: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t * 1000 - Date.now())));

async function startPharos(dataDir?: string): Promise<void> {
  ts = await startTestServer({ nagiosCfg: engine.cfgPath }, dataDir);
  if (!dataDir) dataDirs.push(ts.dataDir);
  admin = new Client(ts.url);
  await admin.login();
}

const history = async (since: number, query = '') => (await admin.get<{ entries: Entry[] }>(`api/v2/history?since=${since}&limit=1000${query}`)).body.entries;
const payments = `&host=${PASSIVE_SERVICE.host}&service=${PASSIVE_SERVICE.description}`;
const paymentStates = `${payments}&type=state`;
/** Time, phase, state and output of each entry. */
const said = (entries: Entry[]) => entries.map((e) => [e.time, e.phase, e.state, e.output]);

/** No object has two entries of one type in a row that say the same: nothing was recorded twice. */
function expectNothingTwice(entries: Entry[]): void {
  const last = new Map<string, string>();
  for (const e of [...entries].reverse()) {
    const key = `${e.host};${e.service ?? ''};${e.type}`;
    const said = `${e.state};${e.stateType};${e.phase ?? ''}`;
    expect(last.get(key), `${key} at ${e.time}`).not.toBe(said);
    last.set(key, said);
  }
}

describe('state history from a real Nagios Core', () => {
  it('reads what happened before Pharos started and while it was stopped from nagios.log, and keeps it over a restart', async () => {
    // Nagios makes its command pipe once it runs; writing before would make a plain file of that name.
    const isPipe = () => { try { return fs.statSync(engine.commandFile).isFIFO(); } catch { return false; } };
    await expect.poll(isPipe, { timeout: 15_000, interval: 100 }).toBe(true);
    const t0 = seconds();
    // web-01 is UP from its first check, so the log holds no state of it: its downtime comes before anything known.
    const hostDowntime = downtime(`HOST_DOWNTIME;${HOSTS.up}`, `HOST DOWNTIME ALERT: ${HOSTS.up}`);
    await submit(0, 'OK', 'PAY OK');
    const [hostDownFrom, hostDownTo] = await hostDowntime;
    await clockAt(t0 + 45);
    await submit(2, 'CRITICAL', 'PAY CRITICAL - declined');
    const [ok1, critical] = [loggedAt('PAY OK'), loggedAt('PAY CRITICAL - declined')];
    // Pharos reads the log up to 2 s before the engine's status data (the log runs ahead of status.dat); a change
    // logged later is dated by the status data, which may say another second. The test is about the log: it waits.
    await clockAt(critical + 3);

    // Pharos starts after both: they come from the engine's log, at its times, before anything Pharos saw itself.
    const started = seconds();
    await startPharos();
    const first = await expect.poll(() => history(t0 - 60, paymentStates), { timeout: 15_000 }).toHaveLength(2).then(() => history(t0 - 60, paymentStates));
    expect(first.map((e) => [e.time, e.engine, e.state, e.stateType, e.output])).toEqual([
      [critical, 'nagios', 'CRITICAL', 'hard', 'PAY CRITICAL - declined'],
      [ok1, 'nagios', 'OK', 'hard', 'PAY OK'],
    ]);
    expect(first[0]!.time).toBeLessThanOrEqual(started);
    // The host's downtime at the engine's times, its state then unknown to Pharos (no data); its state since from the snapshot.
    const web = async (type: string) => (await history(t0 - 60, `&host=${HOSTS.up}&type=${type}`)).filter((e) => e.service === undefined);
    expect(said(await web('downtime'))).toEqual([
      [hostDownTo, 'end', 'NODATA', 'Host has exited from a period of scheduled downtime'],
      [hostDownFrom, 'start', 'NODATA', 'Host has entered a period of scheduled downtime'],
    ]);
    expect((await web('state')).map((e) => e.state)).toEqual(['UP']);
    const dataDir = ts!.dataDir;
    await ts!.close();
    ts = undefined;

    // While Pharos is not running: a downtime of the payments service starts and ends, the other passive service
    // flaps until its flap detection is turned off, and payments returns to OK.
    const [downFrom, downTo] = await downtime(`SVC_DOWNTIME;${PASSIVE_SERVICE.host};${PASSIVE_SERVICE.description}`,
      `SERVICE DOWNTIME ALERT: ${PASSIVE_SERVICE.host};${PASSIVE_SERVICE.description}`);
    const flapsFrom = seconds();
    for (let i = 0; i < 8; i++) await command(`PROCESS_SERVICE_CHECK_RESULT;${HOSTS.up};${FLAPPY};${i % 2 ? 0 : 2};flip ${i}`);
    const flapStart = await logged(`SERVICE FLAPPING ALERT: ${HOSTS.up};${FLAPPY};STARTED;`, flapsFrom);
    await command(`DISABLE_SVC_FLAP_DETECTION;${HOSTS.up};${FLAPPY}`);
    const flapEnd = await logged(`SERVICE FLAPPING ALERT: ${HOSTS.up};${FLAPPY};DISABLED;`, flapsFrom);
    await clockAt(t0 + 90);
    await submit(0, 'OK', 'PAY OK again');
    const ok2 = loggedAt('PAY OK again');
    await clockAt(ok2 + 3);
    await startPharos(dataDir);
    await expect.poll(async () => (await history(t0 - 60, paymentStates)).length, { timeout: 15_000 }).toBe(3);
    expect((await history(t0 - 60, paymentStates)).map((e) => [e.time, e.state, e.output]))
      .toEqual([[ok2, 'OK', 'PAY OK again'], [critical, 'CRITICAL', 'PAY CRITICAL - declined'], [ok1, 'OK', 'PAY OK']]);
    // The downtime at the engine's times, in the state the service was in (CRITICAL); the flapping likewise.
    expect(said(await history(t0 - 60, `${payments}&type=downtime`))).toEqual([
      [downTo, 'end', 'CRITICAL', 'Service has exited from a period of scheduled downtime'],
      [downFrom, 'start', 'CRITICAL', 'Service has entered a period of scheduled downtime'],
    ]);
    const flapping = await history(t0 - 60, `&host=${HOSTS.up}&service=${FLAPPY}&type=flapping`);
    expect(flapping.map((e) => [e.time, e.phase, e.output])).toEqual([
      [flapEnd, 'end', 'Flap detection has been disabled'], [flapStart, 'start', expect.stringMatching(/^Service appears to have started flapping \(/)],
    ]);
    const entries = await history(t0 - 60, payments);
    expect(entries).toHaveLength(5);
    // The timeline as set: 45 s apart, give or take the engine's second.
    expect(Math.abs(critical - ok1 - 45)).toBeLessThanOrEqual(2);
    expect(Math.abs(ok2 - critical - 45)).toBeLessThanOrEqual(2);

    // Availability over [t0, ok2 + 10): OK, then CRITICAL for 45 s, then OK again.
    const until = ok2 + 10;
    await clockAt(until);
    const availability = async () => (await admin.get<{ objects: Avail[] }>(`api/v2/availability?since=${t0}&until=${until}${payments}`)).body.objects;
    const [avail] = await availability();
    const span = until - t0;
    expect(avail!.percent.CRITICAL).toBeCloseTo((45 / span) * 100, -0.5);
    expect(avail!.percent.OK).toBeCloseTo(((span - 45) / span) * 100, -0.5);
    expect(avail!.seconds.CRITICAL).toBe(ok2 - critical);
    expect(avail!.seconds.NODATA).toBe(ok1 - t0);

    const all = await history(t0 - 60);
    expectNothingTwice(all);
    expect(new Set(all.map((e) => e.engine))).toEqual(new Set(['nagios']));

    // Another restart: the same history and the same availability, nothing recorded again.
    ts = await ts!.restart();
    admin = new Client(ts.url);
    await admin.login();
    expect(await history(t0 - 60, payments)).toEqual(entries);
    expect(await availability()).toEqual([avail]);
    const again = await history(t0 - 60);
    expect(again.filter((e) => e.time <= until)).toEqual(all.filter((e) => e.time <= until));
    expectNothingTwice(again);
  }, 160_000);
});
