import type { MonitoringSource } from '../source.js';
import { emptySnapshot } from '../empty.js';

export function createNagiosSource(_cfgPath: string): MonitoringSource {
  const snap = emptySnapshot();
  return { kind: 'nagios', start: async () => {}, stop: async () => {}, snapshot: () => snap, submit: async () => {}, engineRunning: () => false };
}
