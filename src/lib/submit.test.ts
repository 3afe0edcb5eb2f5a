import { describe, expect, it, vi } from 'vitest';
import { createSubmit, type SubmitNotice } from './submit';

function setup(write: (n: number) => Promise<number>, failedNotice = true) {
  const notices: SubmitNotice[] = [];
  const submit = createSubmit({
    write,
    notify: (n) => notices.push(n),
    done: (value, n) => ({ variant: 'success', title: `saved ${n} as ${value}` }),
    failed: (error) => (failedNotice ? { variant: 'error', title: 'failed', description: String(error) } : undefined),
  });
  return { submit, notices };
}

describe('createSubmit', () => {
  it('is busy while the write runs, then says it is done', async () => {
    const { submit, notices } = setup(async (n) => n * 2);
    const run = submit.run(3);
    expect(submit.pending.value).toBe(true);
    expect(await run).toBe(true);
    expect(submit.pending.value).toBe(false);
    expect(notices).toEqual([{ variant: 'success', title: 'saved 3 as 6' }]);
  });

  it('reports a failure once and answers false, so the form keeps its input', async () => {
    const write = vi.fn(async () => { throw new Error('refused'); });
    const { submit, notices } = setup(write);
    expect(await submit.run(1)).toBe(false);
    expect(write).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([{ variant: 'error', title: 'failed', description: 'Error: refused' }]);
    expect(submit.pending.value).toBe(false);
  });

  it('raises no notice when the failure is shown another way', async () => {
    const { submit, notices } = setup(async () => { throw new Error('refused'); }, false);
    expect(await submit.run(1)).toBe(false);
    expect(notices).toEqual([]);
  });

  it('ignores a second submit while the first runs', async () => {
    let finish: (value: number) => void = () => undefined;
    const write = vi.fn(() => new Promise<number>((resolve) => { finish = resolve; }));
    const { submit } = setup(write);
    const first = submit.run(1);
    expect(await submit.run(1)).toBe(false);
    finish(2);
    expect(await first).toBe(true);
    expect(write).toHaveBeenCalledTimes(1);
  });
});
