import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoll } from './poll';
import { createResourceRegistry, RETRY_BASE_MS } from './resource';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(answers: Array<number | Error>, resources = createResourceRegistry()) {
  const seen: number[] = [];
  let asked = 0;
  const load = vi.fn(async () => {
    const answer = answers[Math.min(asked++, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const poll = createPoll({ resources, name: 'test.feed', load, onAnswer: (n) => seen.push(n), interval: 30_000 });
  return { poll, load, seen };
}

describe('createPoll', () => {
  it('asks at once and then every interval while started, handing over every answer once, in order', async () => {
    const { poll, load, seen } = setup([1, 1, 2]);
    const stop = poll.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual([1, 1, 2]);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('retries a failed question with backoff before waiting for the next turn', async () => {
    const { poll, load, seen } = setup([1, new Error('down'), 2]);
    poll.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen).toEqual([1]);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    expect(seen).toEqual([1, 2]);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('asks now on poll(), resolving once the answer is handled', async () => {
    const { poll, seen } = setup([5]);
    await poll.poll();
    expect(seen).toEqual([5]);
  });

  it('does not share answers with another poll of the same name', async () => {
    const resources = createResourceRegistry();
    const first = setup([1], resources);
    const second = setup([2], resources);
    first.poll.start();
    second.poll.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.seen).toEqual([1]);
    expect(second.seen).toEqual([2]);
  });
});
