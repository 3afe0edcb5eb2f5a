import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { CLEAN, daemon, fakeSources, type FakeAnswer } from './fakeSources.test-utils';
import { createLoginNoticesModel, type LoginNoticesModel } from './model';

type Overrides = Parameters<typeof fakeSources>[0];

function setup(overrides: Overrides = {}, canSeeSystemStatus = true) {
  const fake = fakeSources(overrides);
  const saveShowSetting = vi.fn(async (_show: boolean) => ({}));
  const onClosed = vi.fn();
  const model = createLoginNoticesModel({ sources: fake.sources, saveShowSetting, canSeeSystemStatus, onClosed });
  const stop = model.start();
  return { ...fake, model, saveShowSetting, onClosed, stop };
}

/** Resolves once every condition call has answered (the model decides in the same tick). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

const ids = (model: LoginNoticesModel) => model.notices.value.map((n) => n.id);

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => { resolve = res; });
  return { promise, resolve };
}

describe('login notices model: when it opens', () => {
  it('opens with the unhandled host and service problem counts', async () => {
    const { model } = setup({ hostProblems: { recordcount: 2 }, serviceProblems: { recordcount: 33 } });
    await settle();
    expect(model.isOpen.value).toBe(true);
    expect(model.notices.value).toEqual([{ id: 'hostProblems', count: 2 }, { id: 'serviceProblems', count: 33 }]);
    expect(model.showAgain.value).toBe(true);
  });

  it('stays closed when no condition holds', async () => {
    const { model, calls } = setup();
    await settle();
    expect(calls).toEqual({ system: 1, update: 1, hostProblems: 1, serviceProblems: 1, ip: 1 });
    expect(model.isOpen.value).toBe(false);
    expect(model.notices.value).toEqual([]);
  });

  it('waits until every condition has answered before it opens', async () => {
    const ip = deferred<typeof CLEAN.ip>();
    const { model } = setup({ hostProblems: { recordcount: 1 }, ip: ip.promise as FakeAnswer<typeof CLEAN.ip> });
    await settle();
    expect(model.isOpen.value).toBe(false);
    ip.resolve({ ...CLEAN.ip, mismatch_found: true, resolved_ip: '192.0.2.10' });
    await settle();
    expect(model.isOpen.value).toBe(true);
    expect(ids(model)).toEqual(['hostProblems', 'ipMismatch']);
  });

  it('opens when the monitoring engine is not running or unknown, or the grapher is stopped', async () => {
    for (const codes of [[1, 0], [0, 1], [2, 0]]) {
      const { model, stop } = setup({ system: { ...CLEAN.system, daemons: { updated: 1, daemon: [daemon('nagioscore', codes[0]!), daemon('pnp', codes[1]!)] } } });
      await settle();
      expect(ids(model)).toEqual(['systemDegraded']);
      expect(model.isOpen.value).toBe(true);
      stop();
    }
  });

  it('takes a grapher that is not installed (code 2) as neutral, like the top bar: no "System Status Degraded!" for it', async () => {
    const { model } = setup({ system: { ...CLEAN.system, daemons: { updated: 1, daemon: [daemon('nagioscore', 0), daemon('pnp', 2)] } } });
    await settle();
    expect(model.notices.value).toEqual([]);
    expect(model.isOpen.value).toBe(false);
  });

  it('opens when one of several engines is not answering, as the top bar reads degraded then', async () => {
    const engine = (name: string, state: 'ok' | 'stale') => ({ name, kind: 'livestatus', address: '127.0.0.1:6558', state, updated: 1, age: 1, reason: null });
    const monitoring = { source: 'engines' as const, updated: 1, age: 1, problem: null, engines: [engine('berlin', 'ok'), engine('paris', 'stale')] };
    const { model } = setup({ system: { ...CLEAN.system, monitoring } });
    await settle();
    expect(ids(model)).toEqual(['systemDegraded']);
  });

  it('skips the system status for users who may not see it: it is never asked for', async () => {
    const { model, calls } = setup({ system: { ...CLEAN.system, daemons: { updated: 1, daemon: [daemon('nagioscore', 1)] } } }, false);
    await settle();
    expect(calls.system).toBe(0);
    expect(model.isOpen.value).toBe(false);
  });

  it('reports an available update unless updates are hidden', async () => {
    const available = { ...CLEAN.update, recordcount: 1, latest_version: '0.2.0' };
    const shown = setup({ update: available });
    await settle();
    expect(shown.model.notices.value).toEqual([{ id: 'updateAvailable', version: '0.2.0', updateUrl: 'https://updates.example.com/' }]);
    expect(shown.model.isOpen.value).toBe(true);
    const hidden = setup({ update: { ...available, hide_updates: true } });
    await settle();
    expect(hidden.model.isOpen.value).toBe(false);
  });

  it('lists a failed update check, which alone does not open the pop-up (it is not one of the conditions)', async () => {
    const failedOnly = setup({ update: { ...CLEAN.update, lastUpdateCheckSucceeded: false } });
    await settle();
    expect(ids(failedOnly.model)).toEqual(['updateFailed']);
    expect(failedOnly.model.isOpen.value).toBe(false);
    const withProblems = setup({ update: { ...CLEAN.update, lastUpdateCheckSucceeded: false }, hostProblems: { recordcount: 1 } });
    await settle();
    expect(withProblems.model.isOpen.value).toBe(true);
    expect(ids(withProblems.model)).toEqual(['hostProblems', 'updateFailed']);
  });

  it('reports an unresolvable Program URL, and an IP mismatch only when the URL resolved', async () => {
    const unresolved = setup({ ip: { ...CLEAN.ip, could_not_resolve: true, mismatch_found: true, internal_url: 'http://nowhere.invalid/', resolved_ip: '' } });
    await settle();
    expect(unresolved.model.notices.value).toEqual([{ id: 'unresolved', url: 'http://nowhere.invalid/' }]);
    expect(unresolved.model.isOpen.value).toBe(true);
    const mismatch = setup({ ip: { ...CLEAN.ip, mismatch_found: true, internal_url: 'http://192.0.2.10/nagiosxi/', resolved_ip: '192.0.2.10' } });
    await settle();
    expect(mismatch.model.notices.value).toEqual([{ id: 'ipMismatch', url: 'http://192.0.2.10/nagiosxi/', ip: '192.0.2.10' }]);
  });

  it('treats a failed condition call as not holding and still opens for the others', async () => {
    const { model } = setup({ ip: new ApiError(500, 'boom'), serviceProblems: { recordcount: 4 } });
    await settle();
    expect(model.isOpen.value).toBe(true);
    expect(ids(model)).toEqual(['serviceProblems']);
  });

  it('stays open when a condition clears while it is shown', async () => {
    const { model, sources } = setup({ hostProblems: { recordcount: 1 } });
    await settle();
    sources.hostProblems.set({ recordcount: 0 });
    expect(model.notices.value).toEqual([]);
    expect(model.isOpen.value).toBe(true);
  });
});

describe('login notices model: closing', () => {
  it('closes at once, saves the checkbox, refreshes the alert query, then reports that it is closed', async () => {
    const { model, saveShowSetting, onClosed, calls, answers } = setup({ hostProblems: { recordcount: 1 } });
    await settle();
    model.showAgain.value = false;
    answers.hostProblems = { recordcount: 0 };
    const closing = model.close();
    expect(model.isOpen.value).toBe(false);
    expect(await closing).toBe(true);
    expect(saveShowSetting).toHaveBeenCalledExactlyOnceWith(false);
    expect(calls).toEqual({ system: 2, update: 2, hostProblems: 2, serviceProblems: 2, ip: 2 });
    expect(onClosed).toHaveBeenCalledOnce();
    await settle();
    expect(model.isOpen.value).toBe(false);
  });

  it('saves 1 when the checkbox stays on, and only once however often it is closed', async () => {
    const { model, saveShowSetting } = setup({ hostProblems: { recordcount: 1 } });
    await settle();
    await Promise.all([model.close(), model.close()]);
    expect(saveShowSetting).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('still closes and refreshes when saving the setting fails', async () => {
    const { model, saveShowSetting, onClosed, calls } = setup({ hostProblems: { recordcount: 1 } });
    saveShowSetting.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await settle();
    expect(await model.close()).toBe(false);
    expect(model.isOpen.value).toBe(false);
    expect(calls.hostProblems).toBe(2);
    expect(onClosed).toHaveBeenCalledOnce();
  });
});
