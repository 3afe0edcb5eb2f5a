import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResourceRegistry, useResource, type Resource } from './resource';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => { resolve = res; });
  return { promise, resolve };
}

function DataReader({ resource, onRender }: { resource: Resource<string>; onRender: () => void }) {
  const { data } = useResource(resource);
  onRender();
  return <span data-testid="value">{data ?? '…'}</span>;
}

function LoadingReader({ resource, onRender }: { resource: Resource<string>; onRender: () => void }) {
  const { loading } = useResource(resource);
  onRender();
  return <span data-testid="loading">{String(loading)}</span>;
}

describe('useResource (issue 19)', () => {
  it('starts watching in a task after the commit, and renders again only for the fields a component reads', async () => {
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    const resource = createResourceRegistry().createResource({ key: 'k', load });
    const dataRenders = vi.fn();
    const loadingRenders = vi.fn();
    render(<><DataReader resource={resource} onRender={dataRenders} /><LoadingReader resource={resource} onRender={loadingRenders} /></>);
    // Mounting alone starts nothing: the request starts in a task of its own.
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('loading').textContent).toBe('true'));
    await act(async () => { answer.resolve('v'); await answer.promise; });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('v'));
    await waitFor(() => expect(screen.getByTestId('loading').textContent).toBe('false'));
    // The data reader rendered for its mount and its value; the loading flips re-rendered only the loading reader.
    expect(dataRenders).toHaveBeenCalledTimes(2);
    expect(loadingRenders).toHaveBeenCalledTimes(3);
  });

  it('starts nothing for a component that is gone before its task came', () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve('v'));
      const resource = createResourceRegistry().createResource({ key: 'k', load });
      render(<DataReader resource={resource} onRender={() => undefined} />).unmount();
      vi.advanceTimersByTime(1000);
      expect(load).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
