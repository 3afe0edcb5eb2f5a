import type { HostStateCode, ServiceStateCode } from '../source.js';
import { sampleIndices } from './random.js';
import type { Ref, Simulation } from './simulation.js';

const AUTHORS = ['nagiosadmin', 'jsmith', 'mgarcia', 'opsteam'];
const ACK_TEXTS = [
  'Known issue, vendor ticket opened.', 'Investigating, see INC-4821.', 'Hardware replacement scheduled this week.',
  'Disk cleanup in progress.', 'Waiting on the upstream provider.', 'Fix deployed, waiting for the next check.',
];
const USER_COMMENTS = [
  'Rebooted after the kernel update.', 'Thresholds tuned at the request of the DBA team.', 'Part of the Q3 hardware refresh.',
  'Owner: platform team (ext. 4410).', 'Check moved to the new agent.', 'Decommission planned for next quarter.',
];

/** At least `min` when the population allows it, else a share of it. */
const quota = (population: number, share: number, min: number, minPopulation: number): number =>
  population >= minPopulation ? Math.max(min, Math.floor(population * share)) : 0;

/**
 * The fleet as an operator finds it: a few hosts down or unreachable, services in every state, some problems
 * acknowledged or in downtime, comments, and a few objects with checks or notifications switched off.
 */
export function seedScenario(sim: Simulation): void {
  const { rng, now } = sim;
  const ago = (maxSeconds: number): number => now - 300 - rng.int(maxSeconds);
  const backdate = (ref: Ref, time: number): void => sim.patch(ref, { last_state_change: time });

  // Index 0 is localhost, the monitoring server itself: it stays up.
  const others = sim.hosts.length - 1;
  const nDown = quota(others, 0.05, 1, 5);
  const nUnreachable = quota(others, 0.02, 1, 10);
  const badHosts = sampleIndices(rng, others, nDown + nUnreachable).map((i) => i + 1);
  badHosts.forEach((i, k) => {
    sim.setHostState(i, (k < nDown ? 1 : 2) as HostStateCode, { hard: true });
    const since = ago(6 * 3600);
    backdate({ kind: 'host', i }, since);
    for (let j = sim.fleet.serviceStart[i]!; j < sim.fleet.serviceStart[i + 1]!; j++) backdate({ kind: 'service', i: j }, since);
  });

  const upServices: number[] = [];
  sim.services.forEach((_s, j) => {
    if (sim.hosts[sim.fleet.serviceHost[j]!]!.current_state === 0) upServices.push(j);
  });
  const m = upServices.length;
  const counts: [ServiceStateCode, number][] = [[1, quota(m, 0.05, 1, 10)], [2, quota(m, 0.04, 1, 10)], [3, quota(m, 0.015, 1, 10)]];
  const picked = sampleIndices(rng, m, counts.reduce((a, [, c]) => a + c, 0)).map((k) => upServices[k]!);
  const hardProblems: number[] = [];
  let next = 0;
  for (const [state, count] of counts) {
    for (let k = 0; k < count; k++) {
      const j = picked[next++]!;
      const soft = rng.chance(0.15);
      sim.check({ kind: 'service', i: j }, state, { hard: !soft });
      if (!soft) {
        backdate({ kind: 'service', i: j }, ago(12 * 3600));
        hardProblems.push(j);
      }
    }
  }

  const ack = (ref: Ref): void => sim.acknowledge(ref, {
    author: rng.pick(AUTHORS), comment: rng.pick(ACK_TEXTS), sticky: rng.chance(0.5), persistent: rng.chance(0.5),
  });
  const hostAcks = badHosts.length >= 2 ? Math.max(1, Math.floor(badHosts.length / 3)) : 0;
  badHosts.slice(0, hostAcks).forEach((i) => ack({ kind: 'host', i }));
  const serviceAcks = quota(hardProblems.length, 0.3, 1, 2);
  hardProblems.slice(0, serviceAcks).forEach((i) => ack({ kind: 'service', i }));

  const window = (start: number, hours: number) => ({ start_time: start, end_time: start + hours * 3600, fixed: 1 as const, duration: hours * 3600 });
  const unackedDown = badHosts.slice(hostAcks);
  if (unackedDown.length >= 2) {
    sim.addDowntime({ kind: 'host', i: unackedDown[unackedDown.length - 1]! }, { author: 'nagiosadmin', comment: 'Hardware replacement', ...window(now - 1800, 4) });
  }
  if (others >= 10) {
    const healthy = 1 + rng.int(others);
    if (sim.hosts[healthy]!.current_state === 0) {
      sim.addDowntime({ kind: 'host', i: healthy }, { author: 'jsmith', comment: 'Patch window', ...window(now - 600, 2) });
    }
    sim.addDowntime({ kind: 'host', i: 1 + rng.int(others) }, { author: 'opsteam', comment: 'Planned maintenance', ...window(now + 86400, 2) });
  }
  const unackedServices = hardProblems.slice(serviceAcks);
  const serviceDowntimes = quota(unackedServices.length, 0.05, 1, 5);
  unackedServices.slice(0, serviceDowntimes).forEach((i) => {
    sim.addDowntime({ kind: 'service', i }, { author: rng.pick(AUTHORS), comment: 'Known maintenance', ...window(now - 900, 3) }, false);
  });
  if (m > 0) {
    sim.addDowntime({ kind: 'service', i: upServices[rng.int(m)]! }, {
      author: 'nagiosadmin', comment: 'Flexible window for the backup job', start_time: now - 600, end_time: now + 6 * 3600, fixed: 0, duration: 1800,
    });
  }

  sim.refreshDowntimes();

  const commentCount = Math.max(1, Math.round(sim.hosts.length / 15));
  for (let k = 0; k < commentCount; k++) {
    const ref: Ref = rng.chance(0.5) || sim.services.length === 0 ? { kind: 'host', i: rng.int(sim.hosts.length) } : { kind: 'service', i: rng.int(sim.services.length) };
    sim.addComment(ref, { author: rng.pick(AUTHORS), text: rng.pick(USER_COMMENTS), persistent: true, entryType: 1, time: now - rng.int(30 * 86400) });
  }

  if (hardProblems.length >= 4) sim.patch({ kind: 'service', i: hardProblems[hardProblems.length - 1]! }, { is_flapping: 1 });
  for (const i of sampleIndices(rng, others, quota(others, 0.02, 1, 10))) sim.patch({ kind: 'host', i: i + 1 }, { notifications_enabled: 0 });
  if (m >= 10) {
    for (const k of sampleIndices(rng, m, quota(m, 0.01, 1, 10))) sim.patch({ kind: 'service', i: upServices[k]! }, { notifications_enabled: 0 });
  }
}
