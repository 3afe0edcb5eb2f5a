import type { ProductUpdate, SystemStatus, Totals } from '../../lib/apiTypes';
import { createResourceRegistry, type Resource } from '../../lib/resource';
import type { IpCheck, LoginAlertSources } from './sources';

/** Test data: a server with nothing to report. */
export const CLEAN = {
  system: { daemons: { updated: 1, daemon: [daemon('nagioscore', 0), daemon('pnp', 0)] } } as SystemStatus,
  update: { update_url: 'https://updates.example.com/', recordcount: 0, hide_updates: false, lastUpdateCheckSucceeded: true, latest_version: '0.1.0' } as ProductUpdate,
  hostProblems: { recordcount: 0 } as Totals,
  serviceProblems: { recordcount: 0 } as Totals,
  ip: { could_not_resolve: false, mismatch_found: false, internal_url: 'http://127.0.0.1/nagiosxi/', resolved_ip: '127.0.0.1' } as IpCheck,
};

export function daemon(id: string, return_code: number): SystemStatus['daemons']['daemon'][number] {
  return { id, name: id, return_code, status: '', display_name: id, display_status: '', display_running: return_code === 0 };
}

type Answers = { [K in keyof LoginAlertSources]: LoginAlertSources[K] extends Resource<infer T> ? T : never };
/** An answer, an error to fail with, or a promise the test settles itself. */
export type FakeAnswer<T> = T | Error | Promise<T>;

let seq = 0;

async function answerOf<T>(answer: FakeAnswer<T>): Promise<T> {
  const value = await answer;
  if (value instanceof Error) throw value;
  return value;
}

/**
 * Condition sources whose loaders answer from `answers` (mutable, so a refresh can see new data), counting
 * their calls. Reads fail at once instead of retrying.
 */
export function fakeSources(overrides: Partial<{ [K in keyof Answers]: FakeAnswer<Answers[K]> }> = {}) {
  const answers: { [K in keyof Answers]: FakeAnswer<Answers[K]> } = { ...CLEAN, ...overrides };
  const calls: Record<keyof Answers, number> = { system: 0, update: 0, hostProblems: 0, serviceProblems: 0, ip: 0 };
  // A registry of their own: nothing a test leaves behind reaches the next one.
  const { createResource } = createResourceRegistry();
  const make = <K extends keyof Answers>(name: K) => createResource<Answers[K]>({
    key: `fake.${name}.${++seq}`,
    retries: 0,
    load: () => {
      calls[name] += 1;
      return answerOf<Answers[K]>(answers[name]);
    },
  });
  const sources: LoginAlertSources = {
    system: make('system'), update: make('update'), hostProblems: make('hostProblems'), serviceProblems: make('serviceProblems'), ip: make('ip'),
  };
  return { sources, answers, calls };
}
