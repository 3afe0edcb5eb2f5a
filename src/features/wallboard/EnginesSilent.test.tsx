import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAppContext, TestProviders } from '../../app/TestProviders.test-utils';
import type { EngineState } from '../../lib/apiTypes';
import { EnginesSilent } from './EnginesSilent';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const engine = (name: string, state: EngineState['state']): EngineState => ({ name, kind: 'demo', address: '', state, updated: 100, age: 5, reason: state === 'ok' ? null : 'down' });

/** The server's system status with these engines; every other call fails. */
function serve(engines: EngineState[]) {
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    if (new URL(input, 'http://app.test').pathname.endsWith('api/v2/status/system')) {
      const body = { monitoring: { source: 'engines', updated: 100, age: 5, problem: null, engines }, daemons: { updated: 0, daemon: [] } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response('{"message":"Not found."}', { status: 404 });
  }));
}

describe('wallboard strip: engines not answering (issue 21)', () => {
  it('says how many of the engines are not answering, and which, like the problems board', async () => {
    serve([engine('lab-a', 'ok'), engine('lab-b', 'failing'), engine('paris', 'stale')]);
    render(<TestProviders><EnginesSilent /></TestProviders>);
    expect((await screen.findByRole('status')).textContent).toBe('1 of 3 engines not answering: paris');
  });

  it('says nothing while every engine answers (a failing one still counts as answering)', async () => {
    serve([engine('lab-a', 'ok'), engine('paris', 'failing')]);
    const app = createTestAppContext();
    const { container } = render(<TestProviders app={app}><EnginesSilent /></TestProviders>);
    await vi.waitFor(() => expect(app.shell.systemStatus.data.value?.monitoring?.engines).toHaveLength(2));
    expect(container.innerHTML).toBe('');
  });
});
