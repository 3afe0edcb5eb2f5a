import type { MonitoringSource } from '../source.js';
import { emptySnapshot } from '../empty.js';

export interface DemoOptions { hosts: number; servicesPerHost: number; tickSeconds: number }

export function createDemoSource(_opts: DemoOptions): MonitoringSource {
  const snap = emptySnapshot();
  return { kind: 'demo', start: async () => {}, stop: async () => {}, snapshot: () => snap, submit: async () => {}, engineRunning: () => true };
}
