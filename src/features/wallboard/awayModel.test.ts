import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../connection/model';
import { AWAY_GAP_MS, AWAY_SHOW_MS, createAwayModel, type ProblemSummary } from './awayModel';

beforeEach(() => { vi.useFakeTimers(); vi.setSystemTime(1_800_000_000_000); });
afterEach(() => vi.useRealTimers());

function setup(stored: string | null = null, answer: () => Promise<ProblemSummary> = async () => ({ started: 3, ended: 2 })) {
  const state = signal<ConnectionState>('online');
  const lastContactAt = signal<number | undefined>(undefined);
  const saved: string[] = [];
  const summary = vi.fn(answer);
  const model = createAwayModel({
    connection: { state, lastContactAt }, summary,
    stored: { get: () => stored, set: (v) => { saved.push(v); } },
  });
  const stop = model.start();
  const contact = (at = Date.now()) => { lastContactAt.value = at; };
  return { model, state, contact, summary, saved, stop };
}

describe('"while you were away" (issue 37)', () => {
  it('says nothing while the server answers as usual, and keeps the time of the last good answer', () => {
    const s = setup();
    s.contact();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(10_000);
      s.contact();
    }
    expect(s.model.line.value).toBeNull();
    expect(s.summary).not.toHaveBeenCalled();
    expect(s.saved.at(-1)).toBe(String(Date.now()));
  });

  it('after the server was away, says from when to when, reading first, then how many problems started and ended', async () => {
    const s = setup();
    s.contact();
    const lastGood = Date.now();
    s.state.value = 'unreachable';
    vi.advanceTimersByTime(5 * 60_000);
    s.contact();
    // Answers while not online are not the end of the absence.
    expect(s.model.line.value).toBeNull();
    s.state.value = 'online';
    expect(s.model.line.value).toEqual({ from: lastGood, to: Date.now() });
    expect(s.summary).toHaveBeenCalledWith(lastGood);
    await vi.waitFor(() => expect(s.model.line.value?.summary).toEqual({ started: 3, ended: 2 }));
    vi.advanceTimersByTime(AWAY_SHOW_MS);
    expect(s.model.line.value).toBeNull();
  });

  it('after the wall itself was off, from the time it stored; a short gap is no absence', async () => {
    const before = Date.now() - 2 * 3600_000;
    const s = setup(String(before));
    s.contact();
    expect(s.model.line.value).toMatchObject({ from: before, to: Date.now() });
    const quiet = setup(String(Date.now() - AWAY_GAP_MS + 1000));
    quiet.contact();
    expect(quiet.model.line.value).toBeNull();
  });

  it('never shows a count it does not have: a failed read says so and is tried again', async () => {
    let fail = true;
    const s = setup(String(Date.now() - 3600_000), async () => {
      if (fail) throw new Error('503');
      return { started: 0, ended: 1 };
    });
    s.contact();
    await vi.waitFor(() => expect(s.model.line.value?.failed).toBe(true));
    expect(s.model.line.value?.summary).toBeUndefined();
    fail = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.model.line.value?.summary).toEqual({ started: 0, ended: 1 });
  });
});
