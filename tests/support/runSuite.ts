import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readTimings } from './timings.js';

/**
 * `npm test`: every layer, some side by side, stopping after the first group with a failure (with its exit code), then
 * a summary of how long each step took, the whole against its budget, and the ten slowest test files (issue 39).
 */

const BUDGET_SECONDS = 20 * 60;
const SLOWEST = 10;
const root = path.resolve(import.meta.dirname, '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Step { name: string; command: string; args: string[] }

/** Steps that run one after another, stopping at the first that fails. */
type Lane = Step[];

const step = (name: string, command: string, args: string[]): Step => ({ name, command, args });
const npmRun = (name: string, script = name) => step(name, 'npm', ['run', '--silent', script]);

/**
 * The lanes of a group run side by side; a group starts when the one before it passed. Type checks, lint and the
 * build each keep one core busy, and on two cores take the time of the longest instead of the sum. Vitest and
 * Playwright each keep both cores busy, so they run one after the other: side by side (tried for issue 39) they took
 * as long as in turn, and tests timed out at a load of 12. Buffered output is printed when its step ends, so it is
 * never interleaved.
 */
const GROUPS: Lane[][] = [
  [[npmRun('typecheck')], [npmRun('lint')], [npmRun('build'), npmRun('compat', 'test:compat')]],
  [[step('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=./tests/support/vitestTimings.ts'])]],
  [[step('playwright', bin('playwright'), ['test', '--reporter=list,./tests/support/playwrightTimings.ts'])]],
];

interface Done { name: string; seconds: number; cpu: number | undefined; load: number; code: number }

/** The machine's load (one-minute average, this run's own processes included) every 10 s: how busy it was. */
const loadSamples: Array<{ at: number; load: number }> = [];
const sampleLoad = () => loadSamples.push({ at: performance.now(), load: os.loadavg()[0]! });
sampleLoad();
setInterval(sampleLoad, 10_000).unref();

function meanLoad(from: number, to: number): number {
  const during = loadSamples.filter((s) => s.at >= from && s.at <= to).map((s) => s.load);
  if (!during.length) during.push(os.loadavg()[0]!);
  return during.reduce((sum, load) => sum + load, 0) / during.length;
}

/**
 * CPU seconds of this process's children that have ended (Linux: /proc, in USER_HZ, always 100 there); undefined
 * elsewhere. A step's CPU time does not grow with other work on the machine, as its wall time does, so the two side by
 * side tell a slow step from a busy machine. The count grows as a child of this process is reaped, by that child's
 * time and its reaped children's, so read when a step's process exits it is that step's, even with another beside it.
 */
function childCpuSeconds(): number | undefined {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // Fields from the third on: cutime and cstime are the 16th and 17th.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
let cpuSeen = childCpuSeconds();

const timingsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-timings-'));

function run(step: Step, buffered: boolean): Promise<Done> {
  const started = performance.now();
  const child = spawn(step.command, step.args, {
    cwd: root,
    env: { ...process.env, PHAROS_TIMINGS_DIR: timingsDir },
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    let cpu: number | undefined;
    child.once('exit', () => {
      const cpuNow = childCpuSeconds();
      cpu = cpuNow === undefined || cpuSeen === undefined ? undefined : cpuNow - cpuSeen;
      cpuSeen = cpuNow;
    });
    const end = (code: number) => {
      const ended = performance.now();
      const seconds = (ended - started) / 1000;
      if (buffered) {
        process.stdout.write(`\n── ${step.name} (${seconds.toFixed(0)} s, exit ${code}) ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: step.name, seconds, cpu, load: meanLoad(started, ended), code });
    };
    child.once('error', (error) => { output.push(Buffer.from(`${error.message}\n`)); end(127); });
    child.once('close', (code, signal) => end(code ?? (signal ? 128 : 1)));
  });
}

const pad = (text: string, width: number) => text.padEnd(width);
const secs = (seconds: number) => `${seconds.toFixed(0).padStart(5)} s`;

function summary(done: Done[], wholeSeconds: number, complete: boolean): string {
  const cpu = (step: { cpu: number | undefined }) => (step.cpu === undefined ? '' : `${secs(step.cpu)} CPU`);
  const load = (step: { load: number }) => `load ${step.load.toFixed(1)}`;
  const lines = ['', `── Timing summary: wall time, CPU time of the step's processes, mean load with them (${os.cpus().length} cores) ──`,
    `  Side by side: ${GROUPS.map((g) => g.map((l) => l.map((s) => s.name).join(' → ')).join(' | ')).join('; then ')}`];
  for (const step of done) lines.push(`  ${pad(step.name, 12)}${secs(step.seconds)}  ${cpu(step)}  ${load(step)}${step.code ? `  (failed, exit ${step.code})` : ''}`);
  // A run that stopped early says nothing about the whole against its budget, unless it is over already.
  const verdict = wholeSeconds > BUDGET_SECONDS ? 'OVER' : complete ? 'ok' : 'not judged, the run stopped early';
  const allCpu = done.every((d) => d.cpu !== undefined) ? { cpu: done.reduce((sum, d) => sum + d.cpu!, 0) } : { cpu: undefined };
  const whole = { load: meanLoad(0, performance.now()) };
  lines.push(`  ${pad('whole', 12)}${secs(wholeSeconds)}  ${cpu(allCpu)}  ${load(whole)}  budget ${BUDGET_SECONDS / 60} min: ${verdict}`);
  const slowest = readTimings(timingsDir).sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
  if (slowest.length) {
    lines.push('', `  The ${slowest.length} slowest test files (a file's own time; each runner runs two at a time):`);
    for (const t of slowest) lines.push(`  ${secs(t.seconds)}  ${pad(t.layer, 10)} ${t.file}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A lane's steps in turn; the results of those that ran. `buffered`: beside other lanes, its output waits. */
async function runLane(lane: Lane, buffered: boolean): Promise<Done[]> {
  const results: Done[] = [];
  for (const next of lane) {
    const result = await run(next, buffered);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const started = performance.now();
const done: Done[] = [];
let failed: Done | undefined;
for (const group of GROUPS) {
  // Every lane of a group runs to its end even when another fails, so each says what it found.
  const results = (await Promise.all(group.map((lane) => runLane(lane, group.length > 1)))).flat();
  done.push(...results);
  failed = results.find((r) => r.code !== 0);
  if (failed) break;
}
process.stdout.write(summary(done, (performance.now() - started) / 1000, !failed));
fs.rmSync(timingsDir, { recursive: true, force: true });
process.exitCode = failed ? failed.code : 0;
