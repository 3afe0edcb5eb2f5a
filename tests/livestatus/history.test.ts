/**
 * The state history from a real Icinga 2 over Livestatus (issue 37). Its `log` table is its compat log (the compatlog
 * feature, enabled here), which holds the alerts at Icinga's own times: the passive service's OK, CRITICAL and OK
 * again are read from it, the first two from before Pharos started and the last from while it was stopped. The
 * timeline is the Nagios test's with 15 s instead of 45 s between changes: the log table gives the same alerts either
 * way, and the engine's clock has to move in real time. While Pharos is stopped, a downtime of the service starts and
 * is cancelled: Icinga 2 writes both to the compat log (`SERVICE DOWNTIME ALERT: …;STARTED` and `;CANCELLED`, class 1
 * in its log table) and Pharos reads them at Icinga's times. A downtime that runs out is written STOPPED, but only at
 * Icinga's next expiry round (once a minute), so the test cancels it; flapping lines come the same way and are not
 * made here (the parser's units read Icinga's words).
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LivestatusClient } from '../../server/src/monitoring/livestatus/client.js';
import { Client, startTestServer, type TestServer } from '../api/harness.js';
import { useEngine } from '../support/useEngine.js';
import { SERVICES, startIcinga } from './icinga.js';

interface Entry { time: number; engine: string; host: string; service?: string; state: string; stateType: string; output: string; type: string; phase?: string }
interface Avail { seconds: Record<string, number>; percent: Record<string, number> }

const STEP = 15;
const icinga = useEngine('the Icinga engine', () => startIcinga('object CompatLogger "compatlog" { }\n'));
let ts: TestServer | undefined;
let admin: Client;
const dataDirs: string[] = [];

afterAll(async () => {
  await ts?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

const seconds = () => Math.floor(Date.now() / 1000);
const { host, description } = SERVICES.passive;
const client = () => new LivestatusClient(icinga.address);

/** A passive result; resolves with the time Icinga logged its alert at. */
async function submit(state: number, word: string, output: string): Promise<number> {
  await client().command(`[${seconds()}] PROCESS_SERVICE_CHECK_RESULT;${host};${description};${state};${output}`);
  const alert = `SERVICE ALERT: ${host};${description};${word};HARD;1;${output}`;
  const logged = async () => (await client().query({ table: 'log', columns: ['time', 'message'], filters: [`time >= ${seconds() - 600}`, 'class = 1'] }))
    .find((r) => String(r[1]).endsWith(alert));
  await expect.poll(logged, { timeout: 15_000, interval: 200 }).toBeDefined();
  return Number((await logged())![0]);
}

/**
 * Resolves with Icinga's time of the first alert line from `from` on that holds `text`, once its log table has it. (Asked
 * from 10 minutes before: Icinga 2 reads only the log files begun after a query's `time >=`, logTable.ts.)
 */
async function loggedAlert(text: string, from: number): Promise<number> {
  const find = async () => (await client().query({ table: 'log', columns: ['time', 'message'], filters: [`time >= ${from - 600}`, 'class = 1'] }))
    .find((r) => Number(r[0]) >= from && String(r[1]).includes(text));
  await expect.poll(find, { timeout: 20_000, interval: 250, message: `log table: ${text}` }).toBeDefined();
  return Number((await find())![0]);
}

const clockAt = (t: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t * 1000 - Date.now())));

async function startPharos(dataDir?: string): Promise<void> {
  ts = await startTestServer({ livestatus: icinga.address }, dataDir);
  if (!dataDir) dataDirs.push(ts.dataDir);
  admin = new Client(ts.url);
  await admin.login();
}

const history = async (since: number, type = 'state') => (await admin.get<{ entries: Entry[] }>(`api/v2/history?since=${since}&host=${host}&service=${description}&type=${type}`)).body.entries;

describe('state history from a real Icinga 2 over Livestatus', () => {
  it("reads the log table for what happened before Pharos started and while it was stopped, at Icinga's times", async () => {
    const t0 = seconds();
    const ok1 = await submit(0, 'OK', 'PAY OK');
    await clockAt(t0 + STEP);
    const critical = await submit(2, 'CRITICAL', 'PAY CRITICAL');

    await startPharos();
    await expect.poll(async () => (await history(t0 - 60)).length, { timeout: 20_000 }).toBe(2);
    expect((await history(t0 - 60)).map((e) => [e.time, e.engine, e.state, e.stateType, e.output])).toEqual([
      [critical, 'livestatus', 'CRITICAL', 'hard', 'PAY CRITICAL'], [ok1, 'livestatus', 'OK', 'hard', 'PAY OK'],
    ]);
    const dataDir = ts!.dataDir;
    await ts!.close();
    ts = undefined;

    // A downtime from now on, cancelled once Icinga has started it.
    const from = seconds();
    await client().command(`[${from}] SCHEDULE_SVC_DOWNTIME;${host};${description};${from};${from + 600};1;0;600;pharos;maintenance`);
    const downFrom = await loggedAlert(`SERVICE DOWNTIME ALERT: ${host};${description};STARTED;`, from);
    const id = (await client().query({ table: 'downtimes', columns: ['id'], filters: [`host_name = ${host}`, `service_description = ${description}`] }))[0]?.[0];
    expect(id).toBeDefined();
    await client().command(`[${seconds()}] DEL_SVC_DOWNTIME;${String(id)}`);
    const downTo = await loggedAlert(`SERVICE DOWNTIME ALERT: ${host};${description};CANCELLED;`, from);
    await clockAt(t0 + 2 * STEP);
    const ok2 = await submit(0, 'OK', 'PAY OK again');
    await startPharos(dataDir);
    await expect.poll(async () => (await history(t0 - 60)).length, { timeout: 20_000 }).toBe(3);
    expect((await history(t0 - 60)).map((e) => [e.time, e.state, e.output])).toEqual([[ok2, 'OK', 'PAY OK again'], [critical, 'CRITICAL', 'PAY CRITICAL'], [ok1, 'OK', 'PAY OK']]);
    // The downtime at Icinga's times, in the state the service was then in.
    expect((await history(t0 - 60, 'downtime')).map((e) => [e.time, e.phase, e.state, e.output])).toEqual([
      [downTo, 'end', 'CRITICAL', 'Scheduled downtime for service has been cancelled.'],
      [downFrom, 'start', 'CRITICAL', 'Checkable has entered a period of scheduled downtime.'],
    ]);

    const until = ok2 + 5;
    await clockAt(until);
    const [avail] = (await admin.get<{ objects: Avail[] }>(`api/v2/availability?since=${ok1}&until=${until}&host=${host}&service=${description}`)).body.objects;
    expect(avail!.seconds).toEqual({ OK: until - ok1 - (ok2 - critical), WARNING: 0, CRITICAL: ok2 - critical, UNKNOWN: 0, NODATA: 0 });
    expect(avail!.percent.CRITICAL).toBeCloseTo((STEP / (until - ok1)) * 100, -0.7);

    // Every object's entries, snapshots' and log's together: none says twice in a row what the one before said.
    const all = (await admin.get<{ entries: (Entry & { phase?: string })[] }>(`api/v2/history?since=${t0 - 600}&limit=1000`)).body.entries.reverse();
    const last = new Map<string, string>();
    for (const e of all) {
      const key = `${e.host};${e.service ?? ''};${e.type}`;
      expect(last.get(key), `${key} at ${e.time}`).not.toBe(`${e.state};${e.stateType};${e.phase ?? ''}`);
      last.set(key, `${e.state};${e.stateType};${e.phase ?? ''}`);
    }
  }, 120_000);
});
