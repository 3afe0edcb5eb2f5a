/**
 * The state history on a PostgreSQL cluster (issue 37): two Pharos processes read one real Nagios Core and record
 * into one database, one at a time. One is killed (SIGKILL, mid-whatever it was doing) and started again, which reads
 * nagios.log from where the history stands: no change is recorded twice and none is lost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../support/postgres.js';
import { startServer, ADMIN, type RunningServer } from '../e2e/server.js';
import { Client } from '../api/harness.js';
import { useEngine } from '../support/useEngine.js';
import { PASSIVE_SERVICE, startNagios } from './engine.js';

interface Entry { time: number; engine: string; host: string; service?: string; state: string; stateType: string; type: string; phase?: string; output: string }

const engine = useEngine('the Nagios engine', () => startNagios({ extraObjects: PASSIVE_SERVICE.config }));
let pg: PostgresCluster | undefined;
const processes: RunningServer[] = [];

beforeAll(async () => {
  pg = await startPostgres();
  const db = await pg.createDatabase('history');
  for (let i = 0; i < 2; i++) {
    processes.push(await startServer({ PHAROS_DATABASE_URL: db, PHAROS_NAGIOS_CFG: engine.cfgPath, PHAROS_ADMIN_PASSWORD: ADMIN.password }));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await pg?.stop();
}, 60_000);

const isPipe = () => { try { return fs.statSync(engine.commandFile).isFIFO(); } catch { return false; } };
const nagiosLog = () => fs.readFileSync(path.join(path.dirname(engine.cfgPath), 'nagios.log'), 'utf8');

/** A passive result through the command pipe; resolves once Nagios logged its alert. */
async function submit(state: number, word: string, output: string): Promise<void> {
  await fs.promises.writeFile(engine.commandFile, `[${Math.floor(Date.now() / 1000)}] PROCESS_SERVICE_CHECK_RESULT;${PASSIVE_SERVICE.host};${PASSIVE_SERVICE.description};${state};${output}\n`, { flag: 'a' });
  await expect.poll(nagiosLog, { timeout: 15_000, interval: 200 }).toContain(`SERVICE ALERT: ${PASSIVE_SERVICE.host};${PASSIVE_SERVICE.description};${word};HARD;1;${output}`);
}

describe('state history on a PostgreSQL cluster with a real Nagios Core (issue 37)', () => {
  it('records each change once, through a process killed and started again', { timeout: 150_000 }, async () => {
    await expect.poll(isPipe, { timeout: 15_000, interval: 100 }).toBe(true);
    const reader = async (p: RunningServer) => {
      const c = new Client(p.url);
      await c.login(ADMIN.username, ADMIN.password);
      return c;
    };
    const readers = await Promise.all(processes.map(reader));
    const since = Math.floor(Date.now() / 1000) - 3600;
    const payments = async (c: Client) => (await c.get<{ entries: Entry[] }>(`api/v2/history?since=${since}&limit=1000&host=${PASSIVE_SERVICE.host}&service=${PASSIVE_SERVICE.description}`)).body.entries.map((e) => e.output);
    const until = (c: Client, outputs: string[]) => expect.poll(() => payments(c), { timeout: 30_000 }).toEqual(outputs);

    await submit(0, 'OK', 'one');
    await until(readers[0]!, ['one']);
    await submit(2, 'CRITICAL', 'two');
    await until(readers[1]!, ['two', 'one']);

    await processes[0]!.kill();
    await submit(0, 'OK', 'three');
    await until(readers[1]!, ['three', 'two', 'one']);
    await submit(2, 'CRITICAL', 'four');
    await processes[0]!.start();
    readers[0] = await reader(processes[0]!);
    await until(readers[0], ['four', 'three', 'two', 'one']);
    await submit(0, 'OK', 'five');
    await until(readers[0], ['five', 'four', 'three', 'two', 'one']);
    expect(await payments(readers[1]!)).toEqual(['five', 'four', 'three', 'two', 'one']);

    // Every object's entries, from both processes and the log: none says twice in a row what the one before said.
    const all = (await readers[1]!.get<{ entries: Entry[] }>(`api/v2/history?since=${since}&limit=1000`)).body.entries.reverse();
    expect(all.length).toBeGreaterThan(5);
    const last = new Map<string, string>();
    for (const e of all) {
      const key = `${e.host};${e.service ?? ''};${e.type}`;
      const said = `${e.state};${e.stateType};${e.phase ?? ''}`;
      expect(last.get(key), `${key} at ${e.time}`).not.toBe(said);
      last.set(key, said);
    }
  });
});
