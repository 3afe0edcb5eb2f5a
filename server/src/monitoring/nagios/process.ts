import fs from 'node:fs/promises';

/** Whether a process with this pid exists (EPERM means it exists but belongs to another user). */
export function pidAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a lock file, or 0 when it is missing or unreadable. */
export async function readPidFile(file: string): Promise<number> {
  try {
    const n = Number((await fs.readFile(file, 'utf8')).trim());
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

let procAvailable: boolean | undefined;

/**
 * Guards against pid reuse: after Nagios stops, its old pid may belong to an unrelated process.
 * Where /proc is not available the pid is trusted.
 */
export async function isNagiosProcess(pid: number): Promise<boolean> {
  procAvailable ??= await fs.access('/proc/self/comm').then(() => true, () => false);
  if (!procAvailable) return true;
  try {
    return /nagios/i.test(await fs.readFile(`/proc/${pid}/comm`, 'utf8'));
  } catch {
    return false;
  }
}
