import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandWriter } from '../../server/src/monitoring/nagios/commandWriter.js';

let dir: string;
let writer: CommandWriter | null = null;
const readers: number[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-fifo-'));
});

afterEach(() => {
  writer?.close();
  writer = null;
  for (const fd of readers.splice(0)) fs.closeSync(fd);
  fs.rmSync(dir, { recursive: true, force: true });
});

function fifo(): string {
  const file = path.join(dir, 'nagios.cmd');
  execFileSync('mkfifo', [file]);
  return file;
}

/** Opens the read end like Nagios does; O_NONBLOCK so opening never waits for a writer. */
function openReader(file: string): number {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  readers.push(fd);
  return fd;
}

function readAll(fd: number): string {
  const buf = Buffer.alloc(65536);
  const n = fs.readSync(fd, buf);
  return buf.toString('utf8', 0, n);
}

describe('command FIFO writer', () => {
  it('writes straight to a FIFO that has a reader', async () => {
    const file = fifo();
    const fd = openReader(file);
    writer = new CommandWriter(file);
    expect(await writer.submit('[1] ENABLE_HOST_CHECK;alpha\n')).toBe('delivered');
    expect(readAll(fd)).toBe('[1] ENABLE_HOST_CHECK;alpha\n');
  });

  it('queues without blocking while nobody reads, then delivers in order once a reader appears', async () => {
    const file = fifo();
    writer = new CommandWriter(file, { firstRetryMs: 20, maxRetryMs: 50 });
    expect(await writer.submit('[1] A;x\n')).toBe('queued');
    expect(await writer.submit('[2] B;y\n')).toBe('queued');
    expect(writer.pending()).toBe(2);
    expect(writer.lastError).toMatch(/ENXIO/);

    const fd = openReader(file);
    await writer.drained();
    expect(writer.pending()).toBe(0);
    expect(readAll(fd)).toBe('[1] A;x\n[2] B;y\n');
  });

  it('queues instead of waiting when the reader stops draining a full pipe, and keeps every command whole', async () => {
    const file = fifo();
    const fd = openReader(file);
    writer = new CommandWriter(file, { firstRetryMs: 20, maxRetryMs: 50 });
    const lines = Array.from({ length: 25 }, (_, i) => `[${i}] ADD_HOST_COMMENT;alpha;0;a;${String(i).padStart(2, '0')}${'x'.repeat(3960)}\n`);
    const results = [];
    for (const l of lines) results.push(await writer.submit(l));
    expect(results.filter((r) => r === 'queued').length).toBeGreaterThan(0);
    expect(results[0]).toBe('delivered');

    let received = readAll(fd);
    await writer.drained();
    received += readAll(fd);
    expect(received).toBe(lines.join(''));
  });

  it('queues while the command file does not exist yet', async () => {
    const file = path.join(dir, 'nagios.cmd');
    writer = new CommandWriter(file, { firstRetryMs: 20, maxRetryMs: 50 });
    expect(await writer.submit('[1] A;x\n')).toBe('queued');
    expect(writer.lastError).toMatch(/ENOENT/);
    execFileSync('mkfifo', [file]);
    const fd = openReader(file);
    await writer.drained();
    expect(readAll(fd)).toBe('[1] A;x\n');
  });

  it('never writes into a regular file standing in for the FIFO', async () => {
    const file = path.join(dir, 'nagios.cmd');
    fs.writeFileSync(file, 'keep me\n');
    writer = new CommandWriter(file);
    expect(await writer.submit('[1] A;x\n')).toBe('queued');
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me\n');
  });

  it('refuses commands beyond its queue limit', async () => {
    writer = new CommandWriter(path.join(dir, 'missing.cmd'), { maxQueue: 2 });
    await writer.submit('[1] A\n');
    await writer.submit('[1] B\n');
    await expect(writer.submit('[1] C\n')).rejects.toThrow('Too many commands are waiting for the monitoring engine; try again later.');
  });
});
