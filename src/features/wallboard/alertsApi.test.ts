import { describe, expect, it } from 'vitest';
import type { AlertChanges } from '../../lib/apiTypes';
import { createProblemFeed } from './alertsApi';

const down = { host_name: 'db01', current_state: 1, output: 'down', last_state_change: 100 };
const disk = { host_name: 'web01', service_description: 'Disk', current_state: 2, output: 'full', last_state_change: 200 };

describe('the problem feed', () => {
  it('keeps the current problems from the whole list and then the changes, asking with the last cursor', async () => {
    const asked: Record<string, string>[] = [];
    const answers: AlertChanges[] = [
      { cursor: 'a1b2c3d4.7', problems: [down] },
      { cursor: 'a1b2c3d4.8', changes: [{ kind: 'problem', problem: disk }] },
      { cursor: 'a1b2c3d4.9', changes: [{ kind: 'cleared', host_name: 'db01' }] },
      // The server restarted: a whole list again.
      { cursor: 'ffffffff.0', problems: [down] },
    ];
    const load = createProblemFeed(async (params) => { asked.push(params); return answers.shift()!; });
    expect(await load()).toEqual([{ host: 'db01', state: 1, output: 'down', since: 100_000 }]);
    expect(await load()).toEqual([
      { host: 'db01', state: 1, output: 'down', since: 100_000 },
      { host: 'web01', service: 'Disk', state: 2, output: 'full', since: 200_000 },
    ]);
    expect((await load()).map((p) => p.host)).toEqual(['web01']);
    expect((await load()).map((p) => p.host)).toEqual(['db01']);
    expect(asked).toEqual([{}, { since: 'a1b2c3d4.7' }, { since: 'a1b2c3d4.8' }, { since: 'a1b2c3d4.9' }]);
  });

  it('keeps its list and cursor when a poll fails, so nothing is lost or re-announced', async () => {
    let fail = false;
    const asked: Record<string, string>[] = [];
    const load = createProblemFeed(async (params) => {
      asked.push(params);
      if (fail) throw new TypeError('Failed to fetch');
      return asked.length === 1 ? { cursor: 'a1b2c3d4.1', problems: [disk] } : { cursor: 'a1b2c3d4.1', changes: [] };
    });
    await load();
    fail = true;
    await expect(load()).rejects.toThrow('Failed to fetch');
    fail = false;
    expect((await load()).map((p) => p.service)).toEqual(['Disk']);
    expect(asked.at(-1)).toEqual({ since: 'a1b2c3d4.1' });
  });

  it('says when a whole list comes again after a break (not on the first answer), and the server\'s time in ms', async () => {
    const answers: AlertChanges[] = [
      { cursor: 'a1b2c3d4.7', now: 1000, problems: [down] },
      { cursor: 'a1b2c3d4.7', now: 1030, changes: [] },
      { cursor: 'ffffffff.0', now: 1100, problems: [down, disk] },
      // An older server without `now`.
      { cursor: 'ffffffff.0', changes: [] },
    ];
    const feed = createProblemFeed(async () => answers.shift()!);
    expect(await feed.read()).toMatchObject({ relisted: false, at: 1_000_000 });
    expect(await feed.read()).toMatchObject({ relisted: false, at: 1_030_000 });
    expect(await feed.read()).toMatchObject({ relisted: true, at: 1_100_000, problems: [{ host: 'db01' }, { host: 'web01' }] });
    const old = await feed.read();
    expect(old.relisted).toBe(false);
    expect(old.at).toBeUndefined();
  });
});

describe('the problem feed with several engines (issue 21)', () => {
  it('keeps the same object on two engines apart, with its engine, and clears only the one named', async () => {
    const berlin = { ...disk, engine: 'berlin' };
    const paris = { ...disk, engine: 'paris', last_state_change: 300 };
    const answers: AlertChanges[] = [
      { cursor: 'a1b2c3d4.1', problems: [berlin, paris] },
      { cursor: 'a1b2c3d4.2', changes: [{ kind: 'cleared', host_name: 'web01', service_description: 'Disk', engine: 'berlin' }] },
    ];
    const load = createProblemFeed(async () => answers.shift()!);
    expect(await load()).toEqual([
      { host: 'web01', service: 'Disk', state: 2, output: 'full', since: 200_000, engine: 'berlin' },
      { host: 'web01', service: 'Disk', state: 2, output: 'full', since: 300_000, engine: 'paris' },
    ]);
    expect(await load()).toEqual([{ host: 'web01', service: 'Disk', state: 2, output: 'full', since: 300_000, engine: 'paris' }]);
  });
});
